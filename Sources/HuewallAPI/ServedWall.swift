import Crypto
import Foundation
import HuewallColorWords
import HuewallCore
import HuewallExport
import HuewallRequests
import Synchronization

/// One version of the wall as `huewall api` serves it: the products in gradient order, as the
/// client reads them, with what the filters compare and each product's JSON made once.
/// Immutable, so that a response reads one version whatever a run writes meanwhile.
final class ServedWall: Sendable {
  /// The wall's version (``HuewallStore/WallVersion``), counted up each time it changed.
  let version: Int64
  /// The catalogue's fingerprint and parameter set it was read at.
  let fingerprint: String
  let parameterSetID: Int64
  let products: [Components.Schemas.Product]
  /// Where each product id is in `products`.
  let index: [String: Int]
  /// Each product's family ("" when it has none), brand and search text, folded
  /// (``fold(_:)``), and its main colour's hue in degrees when that colour is chromatic.
  let families: [String]
  let secondFamilies: [String]
  let brands: [String]
  let haystacks: [String]
  /// Whether each haystack is ASCII without a carriage return: one byte a Character, so that
  /// an ASCII word is found in it byte by byte (``Filters``).
  let plainHaystacks: [Bool]
  let hues: [Double?]
  /// The positions of the products of each family or second family, ascending.
  let byFamily: [String: [Int]]
  /// The families in the order the wall first shows them.
  let familyOrder: [String]

  /// Each product's JSON as a response carries it.
  let encoded: EncodedProducts
  /// The products of the filters asked for lately (``Filters/select(from:)``), so that the
  /// pages of one search are not each a scan of the wall.
  let selections = Mutex(KeptSelections())

  /// The strong ETag of every response read from this version.
  let etag: String
  /// The sync token of this version, which every page carries.
  let syncToken: String

  init(
    version: Int64, fingerprint: String, parameterSetID: Int64,
    products: [Components.Schemas.Product], encoded: EncodedProducts
  ) {
    let families = products.map { $0.family ?? "" }
    let secondFamilies = products.map { $0.secondFamily ?? "" }
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
    self.version = version
    etag = "\"w\(version)\""
    syncToken = SyncToken(version: version).encoded
    self.encoded = encoded
    self.fingerprint = fingerprint
    self.parameterSetID = parameterSetID
    self.products = products
    index = Dictionary(products.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    self.families = families
    self.secondFamilies = secondFamilies
    brands = products.map { fold($0.brand ?? "") }
    let haystacks = products.map(Self.haystack(of:))
    self.haystacks = haystacks
    plainHaystacks = haystacks.map { haystack in
      haystack.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") }
    }
    hues = products.map { product in
      guard let main = product.colors.first, !Self.neutralFamilies.contains(main.family) else {
        return nil
      }
      return main.h * 360
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
      imageUrl: exported.imageUrl, image: exported.image, family: exported.family?.rawValue,
      secondFamily: exported.secondFamily?.rawValue,
      colors: exported.colors.map { color in
        Components.Schemas.Color(
          hex: color.hex, share: color.share, family: color.family.rawValue, name: color.name,
          shopName: color.shopName, h: color.h, s: color.s, v: color.v)
      },
      vendorColor: exported.vendorColor, vendorFamily: exported.vendorFamily?.rawValue,
      decidedBy: exported.decidedBy.rawValue, confidence: exported.confidence,
      items: exported.items.map { Components.Schemas.Item(id: $0.id, size: $0.size) })
  }

  /// The JSON a product's digest is taken of: sorted keys, so that any change a client would
  /// see changes it.
  static func digestEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// The SHA-256 of `json` in lower-case hex.
  static func digest(of json: Data) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var hex: [UInt8] = []
    hex.reserveCapacity(64)
    for byte in SHA256.hash(data: json) {
      hex.append(digits[Int(byte >> 4)])
      hex.append(digits[Int(byte & 15)])
    }
    return String(decoding: hex, as: UTF8.self)
  }
}

/// Selections kept, by filters, up to ``maxPositions`` positions in all (then the kept ones
/// are let go at once).
struct KeptSelections: Sendable {
  static var maxPositions: Int { 2_000_000 }
  var selections: [Filters: Selection] = [:]
  var positions = 0

  mutating func keep(_ selection: Selection, for filters: Filters) {
    if positions + selection.count > Self.maxPositions { self = KeptSelections() }
    if selections.updateValue(selection, forKey: filters) == nil { positions += selection.count }
  }
}

/// The products of a wall as JSON, each encoded once when the wall is read, so that a page is
/// its products' bytes put side by side. The bytes are what the generated code's encoder
/// writes (sorted keys, `/` escaped as `\/`), so that a page reads the same either way.
struct EncodedProducts: Sendable {
  /// Every product's JSON, one after the other, and where each one ends.
  private var bytes: [UInt8] = []
  private var ends: [Int] = []

  init() {}

  var count: Int { ends.count }

  /// Adds the next product from its digest form (``ServedWall/digestEncoder()``, slashes
  /// not escaped): the same text with each `/` written `\/`, as the served encoder writes
  /// it. A `/` byte is only ever one inside a string, and never part of a longer UTF-8
  /// sequence.
  mutating func append(digestForm json: Data) {
    for byte in json {
      if byte == UInt8(ascii: "/") { bytes.append(UInt8(ascii: "\\")) }
      bytes.append(byte)
    }
    ends.append(bytes.count)
  }

  /// The JSON of the product at `position`.
  subscript(position: Int) -> ArraySlice<UInt8> {
    bytes[(position == 0 ? 0 : ends[position - 1])..<ends[position]]
  }

  /// The bytes kept, for the memory they take.
  var byteCount: Int { bytes.count }
}

/// Lower case, accents dropped, so that "cafe" finds "Café", as the page's search does.
func fold(_ text: String) -> String {
  text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
}
