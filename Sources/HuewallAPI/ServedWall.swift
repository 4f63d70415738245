import Crypto
import Foundation
import HuewallCore
import HuewallExport
import HuewallPalette

/// One version of the wall as `huewall api` serves it: the products in gradient order, as the
/// client reads them, with what the filters compare made once. Immutable, so that a response
/// reads one version whatever a run writes meanwhile.
struct ServedWall: Sendable {
  /// The wall's version (``HuewallStore/WallVersion``), counted up each time it changed.
  var version: Int64
  /// The catalogue's fingerprint and parameter set it was read at.
  var fingerprint: String
  var parameterSetID: Int64
  var products: [Components.Schemas.Product]
  /// Where each product id is in `products`.
  var index: [String: Int]
  /// Each product's family ("" when it has none), brand and search text, folded
  /// (``fold(_:)``), and its main colour's hue in degrees when that colour is chromatic.
  var families: [String]
  var secondFamilies: [String]
  var brands: [String]
  var haystacks: [String]
  var hues: [Double?]
  /// The positions of the products of each family or second family, ascending.
  var byFamily: [String: [Int]]
  /// The families in the order the wall first shows them.
  var familyOrder: [String]

  /// The strong ETag of every response read from this version.
  var etag: String { "\"w\(version)\"" }

  init(
    version: Int64, fingerprint: String, parameterSetID: Int64,
    products: [Components.Schemas.Product]
  ) {
    self.version = version
    self.fingerprint = fingerprint
    self.parameterSetID = parameterSetID
    self.products = products
    index = Dictionary(products.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    families = products.map { $0.family ?? "" }
    secondFamilies = products.map { $0.secondFamily ?? "" }
    brands = products.map { fold($0.brand ?? "") }
    haystacks = products.map(Self.haystack(of:))
    hues = products.map { product in
      guard let main = product.colors.first, !Self.neutralFamilies.contains(main.family) else {
        return nil
      }
      return main.h * 360
    }
    var byFamily: [String: [Int]] = [:]
    var familyOrder: [String] = []
    for (position, family) in families.enumerated() where !family.isEmpty {
      if byFamily[family] == nil { familyOrder.append(family) }
      byFamily[family, default: []].append(position)
      let second = secondFamilies[position]
      if !second.isEmpty, second != family { byFamily[second, default: []].append(position) }
    }
    for family in byFamily.keys where !familyOrder.contains(family) {
      familyOrder.append(family)
    }
    self.byFamily = byFamily
    self.familyOrder = familyOrder
  }

  /// Families whose colours have no hue a person would name.
  static let neutralFamilies: Set<String> = [
    ColorFamily.black, .white, .grey, .silver,
  ].map(\.rawValue).reduce(into: []) { $0.insert($1) }

  /// What the page's search looks in: title, id, brand, vendor colour and its family, the
  /// colours' names, and the family's basic terms in every language of the lexicon.
  static func haystack(of product: Components.Schemas.Product) -> String {
    var parts = [product.title, product.id, product.brand ?? "", product.vendorColor ?? ""]
    parts.append(product.vendorFamily ?? "")
    parts += product.colors.compactMap(\.name)
    if let family = product.family {
      parts.append(family)
      if let known = ColorFamily(rawValue: family) {
        parts += ColorSynonyms.basicTerms(of: known)
      }
    }
    return fold(parts.joined(separator: "\n"))
  }

  /// The API's form of an exported product (`colors.json`'s, without its place on the wall,
  /// which every arrival would change).
  static func product(_ exported: ColorsDocument.ExportedProduct) -> Components.Schemas.Product {
    Components.Schemas.Product(
      id: exported.id, title: exported.title, brand: exported.brand, link: exported.link,
      imageUrl: exported.imageUrl, image: exported.image, family: exported.family,
      secondFamily: exported.secondFamily,
      colors: exported.colors.map { color in
        Components.Schemas.Color(
          hex: color.hex, share: color.share, family: color.family, name: color.name,
          shopName: color.shopName, h: color.h, s: color.s, v: color.v)
      },
      vendorColor: exported.vendorColor, vendorFamily: exported.vendorFamily,
      decidedBy: exported.decidedBy.rawValue, confidence: exported.confidence,
      items: exported.items.map { Components.Schemas.Item(id: $0.id, size: $0.size) })
  }

  /// What a product's digest is taken of: its JSON with sorted keys, so that any change a
  /// client would see changes it.
  static func digest(of product: Components.Schemas.Product, encoder: JSONEncoder) throws
    -> String
  {
    let data = try encoder.encode(product)
    return SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
  }

  static func digestEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}

/// Lower case, accents dropped, so that "cafe" finds "Café", as the page's search does.
func fold(_ text: String) -> String {
  text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
}
