public import HuewallColorWords
public import HuewallStore

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
  /// What each reason adds to ``ReviewItem/priority``: set by hand with the review queue
  /// (77b5525), each tier larger than all below it together (low confidence adds at most
  /// 3 + 2 × the threshold, every item at most 1 for being unsure), so the tiers never mix.
  enum Tier {
    static let imageChanged = 100.0
    static let disagreement = 10.0
    static let lowConfidence = 3.0
    static let multicolour = 1.0
  }

  /// The products of `products` that need a look, most valuable first (ties by id).
  public static func items(_ products: [ColorsDocument.ExportedProduct]) -> [ReviewItem] {
    var items: [ReviewItem] = []
    for product in products where product.decidedBy != .override {
      let confidence = product.confidence ?? Confidence.of(product)
      var reasons: [ReviewItem.Reason] = []
      var priority = 0.0
      if product.override?.current == false {
        reasons.append(.imageChanged)
        priority += Tier.imageChanged
      }
      if product.disagreement {
        reasons.append(.disagreement)
        priority += Tier.disagreement
      }
      if confidence < Confidence.threshold {
        reasons.append(.lowConfidence)
        priority += Tier.lowConfidence + (Confidence.threshold - confidence) * 2
      }
      if Confidence.isMulticolour(product) {
        reasons.append(.multicolour)
        priority += Tier.multicolour
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
  ) async throws -> [ReviewItem] {
    let catalogue = try await WallCatalogue(
      store: store, parameterSet: parameterSet, synonyms: synonyms,
      imagesPerProduct: imagesPerProduct)
    return items(catalogue.placed.map(\.product))
  }
}

extension ColorsDocument.ExportedProduct {
  /// The product's colours as ``Confidence`` weighs them.
  public var evidence: ColorEvidence {
    ColorEvidence(
      colors: colors.map { .init(family: $0.family, share: $0.share) }, family: family,
      vendorFamily: vendorFamily,
      disagreement: disagreement, decidedBy: decidedBy, confidence: confidence)
  }
}

extension Confidence {
  /// The confidence of an exported product's colours.
  public static func of(_ product: ColorsDocument.ExportedProduct) -> Double {
    of(product.evidence)
  }

  /// ``isMulticolour(_:)-(ColorEvidence)`` of an exported product.
  public static func isMulticolour(_ product: ColorsDocument.ExportedProduct) -> Bool {
    isMulticolour(product.evidence)
  }

  /// ``isSettled(_:)-(ColorEvidence)`` of an exported product.
  public static func isSettled(_ product: ColorsDocument.ExportedProduct) -> Bool {
    isSettled(product.evidence)
  }
}
