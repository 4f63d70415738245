import Foundation
import HuewallCore
import HuewallStore

/// `colors.json`: the catalogue in gradient order with each product's colours, for apps that
/// build the colour wall.
public struct ColorsDocument: Codable, Sendable, Equatable {
  public var generatedAt: Date
  public var parameters: ParametersSummary
  /// Products on the wall, in gradient order.
  public var products: [ExportedProduct]
  /// Products that are not on the wall (removed from the feed, or without an analysis).
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
    public var vendorColor: String?
    public var link: String?
    public var imageUrl: String?
    /// 1-based place on the wall.
    public var position: Int
    public var family: String?
    public var colors: [ExportedColor]
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
    /// "removed" (left the feed) or "not analysed" (no image, or its image failed).
    public var reason: String
  }
}

extension ColorsDocument {
  /// The document for one parameter set of the store's catalogue.
  public init(entries: [CatalogueEntry], parameterSet: ParameterSetRecord, generatedAt: Date) {
    var placed: [(GradientKey, CatalogueEntry, AnalysisRecord, StoredColor)] = []
    var unplaced: [UnplacedProduct] = []
    for entry in entries {
      let product = entry.product.product
      if entry.isRemoved {
        unplaced.append(UnplacedProduct(id: product.id, title: product.title, reason: "removed"))
      } else if let analysis = entry.analysis, let first = analysis.colors.first {
        placed.append(
          (GradientKey(h: first.h, s: first.s, v: first.v, id: product.id), entry, analysis, first))
      } else {
        unplaced.append(
          UnplacedProduct(id: product.id, title: product.title, reason: "not analysed"))
      }
    }
    placed.sort { $0.0 < $1.0 }
    self.generatedAt = generatedAt
    parameters = ParametersSummary(
      name: parameterSet.name, preset: parameterSet.preset, hash: parameterSet.hash,
      values: parameterSet.parameters)
    products = placed.enumerated().map { index, item in
      let (_, entry, analysis, _) = item
      let product = entry.product.product
      return ExportedProduct(
        id: product.id, title: product.title, brand: product.brand,
        vendorColor: product.vendorColor, link: product.link?.absoluteString,
        imageUrl: product.imageURLs.first?.absoluteString, position: index + 1,
        family: analysis.family,
        colors: analysis.colors.map {
          ExportedColor(h: $0.h, s: $0.s, v: $0.v, hex: $0.hex, share: $0.share, family: $0.family)
        })
    }
    self.unplaced = unplaced.sorted { $0.id < $1.id }
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
