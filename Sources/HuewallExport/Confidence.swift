import Foundation
import HuewallColorWords
import HuewallStore

/// How sure Huewall is of a product's colour, from what the analysis already knows, and which
/// products a person should look at (``ReviewQueue``).
///
/// The confidence (0…1) grows with the top colour's share of the product and with its margin
/// over the next colour of another family (a close second means the top one may be the wrong
/// pick), rises when the vendor's colour code names the same family and falls when it names
/// another, and falls when two or more large colours of different families make the product
/// multicolour. A person's decision that holds is certain (1).
public enum Confidence {
  /// Below this a product is unsure: it goes to review, and the write-back exports leave it
  /// out unless `--include-unsure`.
  public static let threshold = 0.6
  /// A colour at least this large counts towards the multicolour signal.
  public static let largeShare = 0.25

  /// The confidence of an exported product's colours.
  public static func of(_ product: ColorsDocument.ExportedProduct) -> Double {
    if product.decidedBy == ColorsDocument.DecidedBy.override { return 1 }
    guard let top = product.colors.first else { return 0 }
    let next = product.colors.dropFirst().first { $0.family != top.family }?.share ?? 0
    let margin = max(0, top.share - next)
    var confidence = 0.5 * min(1, top.share / 0.6) + 0.5 * min(1, margin / 0.4)
    if let vendor = product.vendorFamily {
      if product.disagreement {
        confidence *= 0.6
      } else if vendor == product.family || product.colors.contains(where: { $0.family == vendor })
      {
        confidence += (1 - confidence) * 0.3
      }
    }
    if isMulticolour(product) { confidence *= 0.8 }
    return (confidence * 100).rounded() / 100
  }

  /// Two or more large colours (``largeShare``) of different families, or the multicolour
  /// family.
  public static func isMulticolour(_ product: ColorsDocument.ExportedProduct) -> Bool {
    if product.family == ColorFamily.multicolour.rawValue { return true }
    var shares: [String: Double] = [:]
    for color in product.colors { shares[color.family, default: 0] += color.share }
    return shares.values.count { $0 >= largeShare } >= 2
  }

  /// Whether the product's colour is settled enough to write back to a shop: a person decided
  /// it, or the analysis is confident and the vendor does not contradict it.
  public static func isSettled(_ product: ColorsDocument.ExportedProduct) -> Bool {
    if product.decidedBy == ColorsDocument.DecidedBy.override { return true }
    return (product.confidence ?? 0) >= threshold && !product.disagreement
  }
}

/// The products a person should look at, most valuable first.
public struct ReviewItem: Sendable, Equatable {
  public enum Reason: String, Sendable, CaseIterable {
    /// A person decided, then the image changed: the decision is set aside.
    case imageChanged = "image changed since a person decided"
    /// The vendor's colour code names another family.
    case disagreement = "disagrees with the vendor's colour"
    case lowConfidence = "low confidence"
    case multicolour = "multicolour"

    /// The short key `--json` uses.
    public var key: String {
      switch self {
      case .imageChanged: "imageChanged"
      case .disagreement: "disagreement"
      case .lowConfidence: "lowConfidence"
      case .multicolour: "multicolour"
      }
    }
  }

  public var product: ColorsDocument.ExportedProduct
  public var reasons: [Reason]
  /// How much a look is worth, in tiers: a set-aside decision (a person's work is waiting),
  /// then a disagreement with the vendor (the shop shows a contradicting colour now), then low
  /// confidence (the lower the more), then multicolour; within a tier, the less sure first.
  public var priority: Double
}

/// ``ReviewItem``s of a parameter set's wall.
public enum ReviewQueue {
  /// The products of `products` that need a look, most valuable first (ties by id).
  public static func items(_ products: [ColorsDocument.ExportedProduct]) -> [ReviewItem] {
    var items: [ReviewItem] = []
    for product in products where product.decidedBy != ColorsDocument.DecidedBy.override {
      let confidence = product.confidence ?? Confidence.of(product)
      var reasons: [ReviewItem.Reason] = []
      var priority = 0.0
      if product.override?.current == false {
        reasons.append(.imageChanged)
        priority += 100
      }
      if product.disagreement {
        reasons.append(.disagreement)
        priority += 10
      }
      if confidence < Confidence.threshold {
        reasons.append(.lowConfidence)
        priority += 3 + (Confidence.threshold - confidence) * 2
      }
      if Confidence.isMulticolour(product) {
        reasons.append(.multicolour)
        priority += 1
      }
      guard !reasons.isEmpty else { continue }
      priority += 1 - confidence
      items.append(ReviewItem(product: product, reasons: reasons, priority: priority))
    }
    return items.sorted {
      $0.priority != $1.priority ? $0.priority > $1.priority : $0.product.id < $1.product.id
    }
  }

  /// The review queue of `parameterSet` in `store`.
  public static func items(
    store: any Catalogue, parameterSet: ParameterSetRecord, synonyms: ColorSynonyms,
    imagesPerProduct: Int = 1
  ) throws -> [ReviewItem] {
    let catalogue = try WallCatalogue(
      store: store, parameterSet: parameterSet, synonyms: synonyms,
      imagesPerProduct: imagesPerProduct)
    return items(catalogue.placed.map(\.product))
  }
}
