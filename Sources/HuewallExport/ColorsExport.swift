import Foundation
import HuewallCore
import HuewallPalette
import HuewallStore

/// `colors.json`: the catalogue in gradient order with each product's colours, for apps that
/// build the colour wall.
public struct ColorsDocument: Codable, Sendable, Equatable {
  public var generatedAt: Date
  public var parameters: ParametersSummary
  /// Products on the wall, in gradient order.
  public var products: [ExportedProduct]
  /// Products that are not on the wall (removed from the feed, or without an analysis),
  /// ordered by id.
  public var unplaced: [UnplacedProduct]

  public struct ParametersSummary: Codable, Sendable, Equatable {
    public var name: String
    public var preset: String
    public var hash: String
    public var values: AnalysisParameters
  }

  public struct ExportedProduct: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var brand: String?
    /// The vendor's own colour code, as the feed gives it.
    public var vendorColor: String?
    /// The family the vendor's code names (``ColorSynonyms``), if it names one.
    public var vendorFamily: String?
    public var link: String?
    public var imageUrl: String?
    /// 1-based place on the wall.
    public var position: Int
    /// The analysed product family (the heaviest colour's, or multicolour).
    public var family: String?
    /// The vendor's family contradicts the analysed one (``familiesDisagree(vendor:analysed:colorFamilies:)``).
    public var disagreement: Bool
    public var colors: [ExportedColor]

    enum CodingKeys: String, CodingKey {
      case id, title, brand, vendorColor, vendorFamily, link, imageUrl, position, family
      case disagreement, colors
    }

    /// Every key is written, a missing value as null, so that every product has the same
    /// shape.
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(id, forKey: .id)
      try c.encode(title, forKey: .title)
      try c.encode(brand, forKey: .brand)
      try c.encode(vendorColor, forKey: .vendorColor)
      try c.encode(vendorFamily, forKey: .vendorFamily)
      try c.encode(link, forKey: .link)
      try c.encode(imageUrl, forKey: .imageUrl)
      try c.encode(position, forKey: .position)
      try c.encode(family, forKey: .family)
      try c.encode(disagreement, forKey: .disagreement)
      try c.encode(colors, forKey: .colors)
    }
  }

  public struct ExportedColor: Codable, Sendable, Equatable {
    public var h: Double
    public var s: Double
    public var v: Double
    public var hex: String
    public var share: Double
    public var family: String
  }

  public struct UnplacedProduct: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var brand: String?
    /// "removed" (left the feed) or "not analysed" (no image, or its image failed).
    public var reason: String

    enum CodingKeys: String, CodingKey { case id, title, brand, reason }

    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(id, forKey: .id)
      try c.encode(title, forKey: .title)
      try c.encode(brand, forKey: .brand)
      try c.encode(reason, forKey: .reason)
    }
  }
}

/// The catalogue of one parameter set, sorted for the wall: what every export file is made of.
struct WallCatalogue {
  var parameters: ColorsDocument.ParametersSummary
  /// Products on the wall in gradient order, with the SHA-256 of their main image's bytes.
  var placed: [(product: ColorsDocument.ExportedProduct, imageSHA256: String?)]
  var unplaced: [ColorsDocument.UnplacedProduct]

  /// Sorts `entries` (read once, in any order) into the wall and the products left out of it.
  init(
    entries: some Sequence<CatalogueEntry>, parameterSet: ParameterSetRecord,
    synonyms: ColorSynonyms
  ) {
    var keyed: [(key: GradientKey, product: ColorsDocument.ExportedProduct, sha: String?)] = []
    var unplaced: [ColorsDocument.UnplacedProduct] = []
    for entry in entries {
      Self.sort(entry, synonyms: synonyms, into: &keyed, unplaced: &unplaced)
    }
    self.init(keyed: keyed, unplaced: unplaced, parameterSet: parameterSet)
  }

  /// Reads the store's catalogue of the set one entry at a time.
  init(store: CatalogStore, parameterSet: ParameterSetRecord, synonyms: ColorSynonyms) throws {
    var keyed: [(key: GradientKey, product: ColorsDocument.ExportedProduct, sha: String?)] = []
    var unplaced: [ColorsDocument.UnplacedProduct] = []
    try store.forEachCatalogueEntry(parameterSetID: parameterSet.id) { entry in
      Self.sort(entry, synonyms: synonyms, into: &keyed, unplaced: &unplaced)
    }
    self.init(keyed: keyed, unplaced: unplaced, parameterSet: parameterSet)
  }

  private init(
    keyed: [(key: GradientKey, product: ColorsDocument.ExportedProduct, sha: String?)],
    unplaced: [ColorsDocument.UnplacedProduct], parameterSet: ParameterSetRecord
  ) {
    var keyed = keyed
    keyed.sort { $0.key < $1.key }
    parameters = ColorsDocument.ParametersSummary(
      name: parameterSet.name, preset: parameterSet.preset, hash: parameterSet.hash,
      values: parameterSet.parameters)
    placed = keyed.enumerated().map { index, item in
      var product = item.product
      product.position = index + 1
      return (product, item.sha)
    }
    self.unplaced = unplaced.sorted { $0.id < $1.id }
  }

  private static func sort(
    _ entry: CatalogueEntry, synonyms: ColorSynonyms,
    into keyed: inout [(key: GradientKey, product: ColorsDocument.ExportedProduct, sha: String?)],
    unplaced: inout [ColorsDocument.UnplacedProduct]
  ) {
    let product = entry.product.product
    guard !entry.isRemoved else {
      unplaced.append(
        .init(id: product.id, title: product.title, brand: product.brand, reason: "removed"))
      return
    }
    guard let analysis = entry.analysis, let first = analysis.colors.first else {
      unplaced.append(
        .init(id: product.id, title: product.title, brand: product.brand, reason: "not analysed"))
      return
    }
    let vendorFamily = product.vendorColor.flatMap(synonyms.family(of:))
    let disagreement = familiesDisagree(
      vendor: vendorFamily, analysed: analysis.family.flatMap(ColorFamily.init(rawValue:)),
      colorFamilies: analysis.colors.compactMap { ColorFamily(rawValue: $0.family) })
    let exported = ColorsDocument.ExportedProduct(
      id: product.id, title: product.title, brand: product.brand,
      vendorColor: product.vendorColor, vendorFamily: vendorFamily?.rawValue,
      link: product.link?.absoluteString, imageUrl: product.imageURLs.first?.absoluteString,
      position: 0, family: analysis.family, disagreement: disagreement,
      colors: analysis.colors.map {
        ColorsDocument.ExportedColor(
          h: $0.h, s: $0.s, v: $0.v, hex: $0.hex, share: $0.share, family: $0.family)
      })
    keyed.append(
      (
        GradientKey(h: first.h, s: first.s, v: first.v, id: product.id), exported,
        analysis.imageSHA256
      ))
  }
}

extension ColorsDocument {
  /// The document for one parameter set of the store's catalogue.
  public init(
    entries: [CatalogueEntry], parameterSet: ParameterSetRecord, generatedAt: Date,
    synonyms: ColorSynonyms = ColorSynonyms()
  ) {
    self.init(
      WallCatalogue(entries: entries, parameterSet: parameterSet, synonyms: synonyms),
      generatedAt: generatedAt)
  }

  init(_ catalogue: WallCatalogue, generatedAt: Date) {
    self.generatedAt = generatedAt
    parameters = catalogue.parameters
    products = catalogue.placed.map(\.product)
    unplaced = catalogue.unplaced
  }

  /// Stable JSON: sorted keys and ISO 8601 dates, so that two exports of the same data diff
  /// only where the data does.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return try encoder.encode(self)
  }
}
