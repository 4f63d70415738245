import Foundation
import HuewallColorWords
import Mustache

/// Two parameter sets side by side: both walls (the preview page's tiles), the products whose
/// first colour or family changed from one to the other, and how often each set agrees with
/// the vendor's colour. Written by `huewall export --compare A,B` and shown by `huewall serve`.
struct ComparePage {
  /// Thumbnail file names under `thumbs/`, by image hash.
  var thumbnails: [String: String]
  /// Where the live wall is, when the server shows the page; nil in an export.
  var backLink: String? = nil

  /// The page, and the products that changed (which the caller reports).
  func render(_ a: WallCatalogue, _ b: WallCatalogue, generatedAt: Date) async throws -> (
    html: String, changed: [Change]
  ) {
    let templates = try PreviewPage.templates()
    // Both walls start at one hue, so that a product's twin is at about the same height.
    var (a, b) = (a, b)
    if let cut = WallCatalogue.commonCut([a, b]) { (a, b) = (a.cut(at: cut), b.cut(at: cut)) }
    var colorClasses: Set<String> = []
    func side(_ catalogue: WallCatalogue) async throws -> Side {
      let tiles = catalogue.placed.map { product, sha in
        Tile(product, thumbnail: sha.flatMap { thumbnails[$0] })
      }
      for tile in tiles { colorClasses.formUnion(tile.colorClasses) }
      let vendor = catalogue.placed.filter { $0.product.vendorFamily != nil }
      let agreeing = vendor.count { !$0.product.disagreement }
      return Side(
        name: catalogue.parameters.name, preset: catalogue.parameters.preset,
        hash: catalogue.parameters.hash,
        tiles: try await PreviewPage.renderTiles(tiles, with: templates),
        accuracy: vendor.isEmpty
          ? "—"
          : String(
            format: "%.1f %% (%d of %d)", 100 * Double(agreeing) / Double(vendor.count), agreeing,
            vendor.count))
    }
    let sideA = try await side(a)
    let sideB = try await side(b)
    let changed = Self.changes(from: a, to: b)
    let unseen = Self.unseenChanges(from: a, to: b)
    for change in changed { colorClasses.formUnion([change.aColour, change.bColour]) }
    let style = PreviewPage.baseCSS + PreviewPage.generatedCSS(colorClasses: colorClasses)
    let (errorsScript, compareScript) = (PreviewPage.errorsJS, PreviewPage.compareJS)
    let csp = [
      "default-src 'none'",
      "img-src 'self' data:",
      "style-src \(PreviewPage.hashSource(style))",
      "script-src \(PreviewPage.hashSource(errorsScript)) \(PreviewPage.hashSource(compareScript))",
      "base-uri 'none'",
      "form-action 'none'",
    ].joined(separator: "; ")
    let vendorColours = a.placed.count { $0.product.vendorFamily != nil }
    let page = Page(
      csp: csp, style: style, errorsScript: errorsScript, compareScript: compareScript,
      a: sideA, b: sideB, generatedAt: generatedAt.formatted(.iso8601),
      generatedAtText: PreviewPage.displayDate(generatedAt),
      productCount: Set(a.placed.map(\.product.id) + b.placed.map(\.product.id)).count,
      changed: changed, unseen: unseen, vendorColourCount: vendorColours, backLink: backLink)
    guard let html = templates.render(page, withTemplate: "compare") else {
      throw ExportError.template("compare")
    }
    return (html, changed)
  }

  /// The smallest difference of first colour (CIEDE2000) the list of changes shows when the
  /// family stays: about where two colours side by side stop looking the same to a shopper;
  /// smaller shifts (#991f1f → #991f26, ΔE₀₀ ≈ 2.2) are left out and only counted.
  static let visibleDeltaE = 5.0

  /// The products on both walls whose family changed, then those whose first colour changed by
  /// at least ``visibleDeltaE``, largest change first (ties in `b`'s wall order).
  static func changes(from a: WallCatalogue, to b: WallCatalogue) -> [Change] {
    allChanges(from: a, to: b).filter { $0.familyChanged || $0.deltaE >= visibleDeltaE }
  }

  /// How many products changed their first colour too little to see (below
  /// ``visibleDeltaE``) without changing family.
  static func unseenChanges(from a: WallCatalogue, to b: WallCatalogue) -> Int {
    allChanges(from: a, to: b).count { !$0.familyChanged && $0.deltaE < visibleDeltaE }
  }

  /// Every product on both walls whose first colour or family differs, ranked.
  static func allChanges(from a: WallCatalogue, to b: WallCatalogue) -> [Change] {
    let before = Dictionary(
      a.placed.map { ($0.product.id, $0.product) }, uniquingKeysWith: { first, _ in first })
    func lab(_ hex: String) -> Lab? {
      NamedColourTable.rgb(hex: hex).map { Lab(r: $0.r, g: $0.g, b: $0.b) }
    }
    let changes = b.placed.compactMap { placed -> Change? in
      let after = placed.product
      guard let old = before[after.id], let was = old.colors.first, let now = after.colors.first,
        was.hex != now.hex || old.family != after.family
      else { return nil }
      let deltaE = lab(was.hex).flatMap { x in lab(now.hex).map { Lab.deltaE2000(x, $0) } } ?? 0
      return Change(
        id: after.id, title: after.title, aHex: was.hex, aFamily: old.family?.rawValue ?? "",
        aColour: Tile.colorClass(was.hex), bHex: now.hex, bFamily: after.family?.rawValue ?? "",
        bColour: Tile.colorClass(now.hex),
        vendor: after.vendorColor.map { colour in
          after.vendorFamily.map { "\(colour) → \($0.rawValue)" } ?? colour
        } ?? "", familyChanged: old.family != after.family, deltaE: deltaE)
    }
    // A stable sort keeps `b`'s wall order among equals.
    return changes.enumerated().sorted { x, y in
      if x.element.familyChanged != y.element.familyChanged { return x.element.familyChanged }
      if x.element.deltaE != y.element.deltaE { return x.element.deltaE > y.element.deltaE }
      return x.offset < y.offset
    }.map(\.element)
  }

  struct Change: MustacheParent {
    var id, title, aHex, aFamily, aColour, bHex, bFamily, bColour, vendor: String
    /// The family differs, not only the colour.
    var familyChanged = false
    /// CIEDE2000 between the first colours.
    var deltaE = 0.0
    func child(named name: String) -> Any? {
      switch name {
      case "familyChanged": familyChanged
      case "difference": familyChanged ? "family" : "ΔE \(Int(deltaE.rounded()))"
      case "id": id
      case "title": title
      case "aHex": aHex
      case "aFamily": aFamily
      case "aColour": aColour
      case "bHex": bHex
      case "bFamily": bFamily
      case "bColour": bColour
      case "vendor": vendor
      default: nil
      }
    }
  }

  struct Side: MustacheParent {
    var name, preset, hash, tiles, accuracy: String
    func child(named key: String) -> Any? {
      switch key {
      case "name": name
      case "preset": preset
      case "hash": hash
      case "tiles": tiles
      case "accuracy": accuracy
      default: nil
      }
    }
  }

  struct Page: MustacheParent {
    var csp, style, errorsScript, compareScript: String
    var a, b: Side
    var generatedAt, generatedAtText: String
    var productCount: Int
    var changed: [Change]
    /// Changes too small to see, left out of `changed`.
    var unseen = 0
    var vendorColourCount: Int
    var backLink: String?

    func child(named name: String) -> Any? {
      switch name {
      case "csp": csp
      case "style": style
      case "errorsScript": errorsScript
      case "compareScript": compareScript
      case "a": a
      case "b": b
      case "generatedAt": generatedAt
      case "generatedAtText": generatedAtText
      case "productCount": productCount
      case "changedCount": changed.count
      case "hasChanges": !changed.isEmpty
      case "changed": changed
      case "unseenCount": unseen
      case "hasUnseen": unseen > 0
      case "visibleDeltaE": Int(ComparePage.visibleDeltaE)
      case "hasVendorColours": vendorColourCount > 0
      case "vendorColourCount": vendorColourCount
      case "backLink": backLink
      default: nil
      }
    }
  }
}
