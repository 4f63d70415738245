import Foundation
import HuewallPalette
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
      changed: changed, vendorColourCount: vendorColours, backLink: backLink)
    guard let html = templates.render(page, withTemplate: "compare") else {
      throw ExportError.template("compare")
    }
    return (html, changed)
  }

  /// The products on both walls whose first colour or family differs, in `b`'s wall order.
  static func changes(from a: WallCatalogue, to b: WallCatalogue) -> [Change] {
    let before = Dictionary(
      a.placed.map { ($0.product.id, $0.product) }, uniquingKeysWith: { first, _ in first })
    return b.placed.compactMap { placed in
      let after = placed.product
      guard let old = before[after.id], let was = old.colors.first, let now = after.colors.first,
        was.hex != now.hex || old.family != after.family
      else { return nil }
      return Change(
        id: after.id, title: after.title, aHex: was.hex, aFamily: old.family ?? "",
        aColour: Tile.colorClass(was.hex), bHex: now.hex, bFamily: after.family ?? "",
        bColour: Tile.colorClass(now.hex),
        vendor: after.vendorColor.map { colour in
          after.vendorFamily.map { "\(colour) → \($0)" } ?? colour
        } ?? "")
    }
  }

  struct Change: MustacheParent {
    var id, title, aHex, aFamily, aColour, bHex, bFamily, bColour, vendor: String
    func child(named name: String) -> Any? {
      switch name {
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
      case "hasVendorColours": vendorColourCount > 0
      case "vendorColourCount": vendorColourCount
      case "backLink": backLink
      default: nil
      }
    }
  }
}
