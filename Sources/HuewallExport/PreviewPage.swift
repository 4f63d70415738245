import Crypto
import Foundation
import HuewallColorWords
import HuewallCore
import Mustache

/// `index.html`: the preview page, rendered from the mustache templates in `Templates/`.
///
/// One file with inline CSS and JavaScript and no outside resource but the thumbnails beside
/// it, so it works from `file://` and offline. Every string from the feed goes through
/// ``HTMLText/escape(_:)``; links are kept only when they are http or https; the
/// Content-Security-Policy allows nothing but the page's own style and scripts (by their
/// SHA-256) and images from the page's folder.
struct PreviewPage {
  /// The file name of each product image's thumbnail in `thumbs/`, by the image's SHA-256.
  var thumbnails: [String: String]
  /// The tuning controls, when `huewall serve` shows the page; nil in an export.
  var live: LiveControls? = nil

  func render(_ catalogue: WallCatalogue, generatedAt: Date) async throws -> String {
    let templates = try Self.templates()
    var colorClasses: Set<String> = []
    var tiles: [Tile] = []
    tiles.reserveCapacity(catalogue.placed.count)
    var brandCounts: [String: Int] = [:]
    var familyCounts: [String: Int] = [:]
    var disagreements = 0
    // The products `huewall review` lists for this wall, flagged for the page's filter.
    // Each with its reasons, which the details show.
    let review = Dictionary(
      ReviewQueue.items(catalogue.placed.map(\.product)).map {
        ($0.product.id, $0.reasons.map(\.rawValue).joined(separator: "; "))
      }, uniquingKeysWith: { first, _ in first })
    let regions: ColorFamily.Regions =
      catalogue.parameters.values[.shopperFamilies] ? .shopper : .original
    for (product, sha) in catalogue.placed {
      var tile = Tile(product, thumbnail: sha.flatMap { thumbnails[$0] }, regions: regions)
      tile.reviewReasons = review[product.id]
      colorClasses.formUnion(tile.colorClasses)
      tiles.append(tile)
      brandCounts[product.brand ?? "", default: 0] += 1
      familyCounts[product.family?.rawValue ?? "", default: 0] += 1
      if product.disagreement { disagreements += 1 }
    }
    let style = Self.baseCSS + Self.generatedCSS(colorClasses: colorClasses)
    let errorsScript = Self.errorsJS
    let pageScript = Self.pageJS
    var scripts = [errorsScript, pageScript, Self.scrubJS]
    if live != nil { scripts.append(Self.tuningJS) }
    var policy = [
      "default-src 'none'",
      "img-src 'self' data:",
      "style-src \(Self.hashSource(style))",
      "script-src \(scripts.map(Self.hashSource).joined(separator: " "))",
      "base-uri 'none'",
      "form-action 'none'",
    ]
    // The live page asks its own server for analyses; an exported page asks nothing.
    if live != nil { policy.append("connect-src 'self'") }
    let csp = policy.joined(separator: "; ")
    let families = ColorFamily.allCases.compactMap { family in
      familyCounts[family.rawValue].map {
        Page.Family(
          name: family.rawValue, count: $0,
          words: ColorSynonyms.basicTerms(of: family).joined(separator: " "),
          learned: catalogue.calibration?.examples[family].map {
            "Some colours here are filed \(family.rawValue) because the vendor colours of "
              + "\($0) \($0 == 1 ? "product" : "products") in this shop call them so"
          })
      }
    }
    let brands = brandCounts.keys.sorted {
      ($0.isEmpty ? 1 : 0, $0.lowercased(), $0) < ($1.isEmpty ? 1 : 0, $1.lowercased(), $1)
    }.map { Page.Brand(value: $0, label: $0.isEmpty ? "(no brand)" : $0, count: brandCounts[$0]!) }
    let page = Page(
      csp: csp, style: style, errorsScript: errorsScript, pageScript: pageScript,
      setName: catalogue.parameters.name, preset: catalogue.parameters.preset,
      hash: catalogue.parameters.hash,
      generatedAt: generatedAt.formatted(.iso8601),
      generatedAtText: Self.displayDate(generatedAt),
      placedCount: tiles.count, unplacedCount: catalogue.unplaced.count,
      disagreementCount: disagreements, reviewCount: review.count,
      brandCount: brandCounts.keys.filter { !$0.isEmpty }.count,
      brands: brands, families: families, tiles: try await Self.renderTiles(tiles, with: templates),
      unplaced: catalogue.unplaced.map {
        Page.Unplaced(id: $0.id, title: $0.title, brand: $0.brand, reason: $0.reason)
      }, scrubScript: Self.scrubJS, live: live, tuningScript: live == nil ? "" : Self.tuningJS)
    guard let html = templates.render(page, withTemplate: "index") else {
      throw ExportError.template("index")
    }
    return html
  }

  /// `'sha256-…'` of a script's or style's text, for the Content-Security-Policy.
  static func hashSource(_ text: String) -> String {
    "'sha256-\(Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString())'"
  }

  static func displayDate(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    return String(
      format: "%04d-%02d-%02d %02d:%02d UTC", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0,
      c.minute ?? 0)
  }

  /// One class per swatch colour (`x1f5c99`) and per share (`w1`…`w100`): the swatches need
  /// no style attributes, which the policy forbids.
  static func generatedCSS(colorClasses: Set<String>) -> String {
    var css = "\n"
    for hexClass in colorClasses.sorted() {
      css += ".\(hexClass){background:#\(hexClass.dropFirst())}"
    }
    css += "\n"
    for width in 1...100 { css += ".w\(width){flex-grow:\(width)}" }
    return css + "\n"
  }

  /// The family chips' colours (`.fam-navy`), one rule per family from the one swatch table
  /// (``ColorFamily/swatch``); multicolour's gradient is the page's own.
  static var familyCSS: String {
    ColorFamily.allCases.compactMap { family in
      family.swatch.map { ".fam-\(family.rawValue){background:\($0)}" }
    }.joined() + "\n"
  }

  // MARK: Resources

  static func resource(_ name: String) throws -> String {
    guard
      let url = Bundle.module.url(
        forResource: name, withExtension: nil, subdirectory: "Templates")
    else { throw ExportError.missingResource(name) }
    do {
      return try String(contentsOf: url, encoding: .utf8)
    } catch {
      throw ExportError.missingResource(name)
    }
  }

  /// The templates and the page's style and scripts, read once from the resources.
  struct Resources {
    var templates: MustacheLibrary
    var css, errorsJS, pageJS, scrubJS, tuningJS, compareJS: String
  }

  private static let loaded: Result<Resources, any Error> = Result {
    _ = HTMLText.registerContentType
    var library = MustacheLibrary()
    for name in ["index", "tile", "compare"] {
      let text = try resource("\(name).mustache")
      do {
        try library.register(text, named: name)
      } catch {
        throw ExportError.template("\(name).mustache: \(error)")
      }
    }
    return Resources(
      templates: library, css: try resource("page.css") + familyCSS,
      errorsJS: try resource("errors.js"),
      pageJS: try resource("page.js"), scrubJS: try resource("scrub.js"),
      tuningJS: try resource("tuning.js"),
      compareJS: try resource("compare.js"))
  }

  static func templates() throws -> MustacheLibrary { try loaded.get().templates }

  /// tile.mustache rendered for every tile: by ``TileRenderer`` when it can read the template,
  /// else by swift-mustache.
  static func renderTiles(_ tiles: [Tile], with templates: MustacheLibrary) async throws
    -> String
  {
    if let renderer = try fastTiles.get() { return await renderer.render(tiles) }
    return tiles.map { templates.render($0, withTemplate: "tile") ?? "" }.joined()
  }

  private static let fastTiles: Result<TileRenderer?, any Error> = Result {
    TileRenderer(template: try resource("tile.mustache"))
  }
  static var baseCSS: String { (try? loaded.get().css) ?? "" }
  static var errorsJS: String { (try? loaded.get().errorsJS) ?? "" }
  static var pageJS: String { (try? loaded.get().pageJS) ?? "" }
  static var scrubJS: String { (try? loaded.get().scrubJS) ?? "" }
  static var tuningJS: String { (try? loaded.get().tuningJS) ?? "" }
  static var compareJS: String { (try? loaded.get().compareJS) ?? "" }
}

/// Why the page could not be made (a broken installation, not bad data).
enum ExportError: Error, CustomStringConvertible, LocalizedError {
  case missingResource(String)
  case template(String)

  var description: String {
    switch self {
    case .missingResource(let name):
      "the template resource \(name) is missing (a huewall binary needs its Huewall_HuewallExport.resources folder beside it)"
    case .template(let detail): "the page template is broken: \(detail)"
    }
  }

  var errorDescription: String? { description }
}

// MARK: Template contexts (MustacheParent: looked up by name, without reflection)

struct Page: MustacheParent {
  struct Brand: MustacheParent {
    var value: String, label: String, count: Int
    func child(named name: String) -> Any? {
      switch name {
      case "value": value
      case "label": label
      case "count": count
      default: nil
      }
    }
  }
  struct Family: MustacheParent {
    var name: String, count: Int
    /// The family's basic terms in the lexicon's languages (`verde grün vert …`), which the
    /// search finds its tiles by.
    var words: String
    /// How many of the shop's products teach the family by their vendor colour
    /// (``FamilyCalibration``), as the chip's tooltip; nil when none do or learning is off.
    var learned: String?
    func child(named key: String) -> Any? {
      switch key {
      case "name": name
      case "count": count
      case "words": words
      case "learned": learned
      default: nil
      }
    }
  }
  struct Unplaced: MustacheParent {
    var id: String, title: String, brand: String?, reason: String
    func child(named name: String) -> Any? {
      switch name {
      case "id": id
      case "title": title
      case "brand": brand.flatMap { $0.isEmpty ? nil : $0 }
      case "reason": reason
      default: nil
      }
    }
  }

  var csp, style, errorsScript, pageScript: String
  var setName, preset, hash, generatedAt, generatedAtText: String
  var placedCount, unplacedCount, disagreementCount, reviewCount, brandCount: Int
  var brands: [Brand]
  var families: [Family]
  /// The tiles' markup, made from tile.mustache by ``PreviewPage/renderTiles(_:with:)``.
  var tiles: String
  var unplaced: [Unplaced]
  var scrubScript: String
  var live: LiveControls?
  var tuningScript: String

  func child(named name: String) -> Any? {
    switch name {
    case "csp": csp
    case "style": style
    case "errorsScript": errorsScript
    case "pageScript": pageScript
    case "setName": setName
    case "preset": preset
    case "hash": hash
    case "generatedAt": generatedAt
    case "generatedAtText": generatedAtText
    case "placedCount": placedCount
    case "hideEmpty": placedCount > 0
    case "unplacedCount": unplacedCount
    case "disagreementCount": disagreementCount
    case "reviewCount": reviewCount
    case "brandCount": brandCount
    case "brands": brands
    case "families": families
    case "tiles": tiles
    case "hasUnplaced": !unplaced.isEmpty
    case "unplaced": unplaced
    case "scrubScript": scrubScript
    case "live": live
    case "tuningScript": tuningScript
    default: nil
    }
  }
}

/// One product's tile.
struct Tile: MustacheParent {
  var id, title, brand: String
  var family: String
  /// The family across the boundary the top colour lies near: the filter and search find the
  /// tile under it too.
  var secondFamily: String?
  var vendorColor, vendorFamily, link: String?
  var disagreement: Bool
  /// Why `huewall review` would list it; nil when it would not.
  var reviewReasons: String? = nil
  /// A person's decision gave it its colours.
  var decided: Bool
  /// The decision named a family the photo holds nothing near: a stand-in colour shows.
  var standIn: Bool
  /// Per colour, `;`-separated, the family its hex alone is filed in where the analysis filed
  /// it otherwise (by the colour's pixels' mean saturation or lit side); nil when every
  /// colour's family is its hex's. The details say which step decided.
  var hexFamilies: String?
  var thumbnail: String?
  /// `hex share family h s v` per colour, `;`-separated: all our own values, for the details.
  var colors: String
  /// The classes of each swatch: colour and width.
  var swatches: [String]
  var colorClasses: [String]
  var vendorLine: String?
  /// The colours' names (`Dark Olive Green, Black`), for the search; nil when none has one.
  var colorNames: String?
  /// What the analysis took for the backdrop (`#rrggbb`, `transparent`, `scene`), for the
  /// details; nil when unknown.
  var backdrop: String?
  /// The feed items the tile stands for, for the details: their sizes (`S · M · L`), or their
  /// count where the feed gives no sizes; nil for a tile of one item without a size.
  var sizes: String?

  init(
    _ product: ColorsDocument.ExportedProduct, thumbnail: String?,
    regions: ColorFamily.Regions = .shopper
  ) {
    id = product.id
    title = product.title
    brand = product.brand ?? ""
    family = product.family?.rawValue ?? ""
    secondFamily = product.secondFamily?.rawValue
    vendorColor = product.vendorColor.flatMap { $0.isEmpty ? nil : $0 }
    vendorFamily = product.vendorFamily?.rawValue
    link = product.link.flatMap(Self.webLink)
    disagreement = product.disagreement
    let decided = product.decidedBy == ColorsDocument.DecidedBy.override
    self.decided = decided
    standIn = decided && product.override?.standIn == true
    let byHex = product.colors.enumerated().map { index, color -> String in
      // A decided first colour is the person's: its family is theirs, not a step's.
      guard !(decided && index == 0),
        let family = FamilyRegions.family(ofHex: color.hex, regions: regions),
        family != color.family
      else { return "" }
      return family.rawValue
    }
    hexFamilies = byHex.allSatisfy(\.isEmpty) ? nil : byHex.joined(separator: ";")
    self.thumbnail = thumbnail
    var colors: [String] = []
    var swatches: [String] = []
    var classes: [String] = []
    for color in product.colors {
      let hexClass = Self.colorClass(color.hex)
      classes.append(hexClass)
      let width = min(100, max(1, Int((color.share * 100).rounded())))
      swatches.append("\(hexClass) w\(width)")
      colors.append(
        "#\(hexClass.dropFirst()) \(color.share) \(color.family.rawValue) \(color.h) \(color.s) \(color.v)"
      )
    }
    self.colors = colors.joined(separator: ";")
    var names: [String] = []
    for name in product.colors.compactMap(\.name) where !names.contains(name) { names.append(name) }
    colorNames = names.isEmpty ? nil : names.joined(separator: ", ")
    self.swatches = swatches
    colorClasses = classes
    var line: [String] = []
    if let brand = product.brand, !brand.isEmpty { line.append(brand) }
    if let vendorColor {
      line.append(vendorFamily.map { "\(vendorColor) → \($0)" } ?? vendorColor)
    }
    // The items' own colours, where the tile stands for several (one photo for them all).
    var others: [String] = []
    for color in product.items.compactMap(\.vendorColor)
    where color != vendorColor && !others.contains(color) {
      others.append(color)
    }
    if !others.isEmpty { line.append("also " + others.joined(separator: ", ")) }
    vendorLine = line.isEmpty ? nil : line.joined(separator: " · ")
    backdrop = product.backdrop
    let sizes = product.items.compactMap(\.size)
    if !sizes.isEmpty {
      self.sizes = sizes.joined(separator: " · ")
    } else if product.items.count > 1 {
      self.sizes = "\(product.items.count) items"
    }
  }

  /// `x` and six lowercase hex digits; anything else is drawn grey.
  static func colorClass(_ hex: String) -> String {
    let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
    let valid =
      digits.utf8.count == 6
      && digits.utf8.allSatisfy {
        (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0)
      }
    return valid ? "x" + digits.lowercased() : "x808080"
  }

  /// The link when it is an absolute http or https URL, else nil: the page never links to
  /// `javascript:`, `data:` or a relative path from the feed.
  static func webLink(_ text: String) -> String? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else { return nil }
    return text
  }

  func child(named name: String) -> Any? {
    switch name {
    case "id": id
    case "title": title
    case "brand": brand
    case "family": family
    case "secondFamily": secondFamily
    case "familyClass": family.isEmpty ? "none" : family
    case "familyLabel": family.isEmpty ? "no family" : family
    case "vendorColor": vendorColor
    case "vendorFamily": vendorFamily
    case "link": link
    case "disagreement": disagreement
    case "review": reviewReasons
    case "decided": decided
    case "standIn": standIn
    case "hexFamilies": hexFamilies
    case "thumb": thumbnail
    case "placeholder": colorClasses.first ?? "x808080"
    case "colors": colors
    case "swatches": swatches
    case "vendorLine": vendorLine
    case "colorNames": colorNames
    case "backdrop": backdrop
    case "sizes": sizes
    default: nil
    }
  }
}
