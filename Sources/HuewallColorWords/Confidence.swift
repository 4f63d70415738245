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
  /// A family at least this large counts towards a split (``isSplit(_:)``).
  public static let largeShare = 0.25

  /// The confidence of a product's colours.
  public static func of(_ product: ColorEvidence) -> Double {
    if product.decidedBy == .override { return 1 }
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

  /// Multicolour as the review sees it: filed multicolour (the one rule,
  /// ``ColorFamily/ofProduct(heaviest:shares:regions:)``), or split between two large colours
  /// (``isSplit(_:)``).
  public static func isMulticolour(_ product: ColorEvidence) -> Bool {
    product.family == .multicolour || isSplit(product)
  }

  /// Two or more families each holding at least ``largeShare``: no multicolour product by the
  /// family rule (a black-and-white shirt is filed black, a red-and-blue one red), yet two
  /// colours a shopper sees, so the family is less sure and a person may want to look.
  public static func isSplit(_ product: ColorEvidence) -> Bool {
    var shares: [ColorFamily?: Double] = [:]
    for color in product.colors { shares[color.family, default: 0] += color.share }
    return shares.values.count { $0 >= largeShare } >= 2
  }

  /// Whether the product's colour is settled enough to write back to a shop: a person decided
  /// it, or the analysis is confident and the vendor does not contradict it.
  public static func isSettled(_ product: ColorEvidence) -> Bool {
    if product.decidedBy == .override { return true }
    return (product.confidence ?? 0) >= threshold && !product.disagreement
  }
}

/// Who decided a product's colours: the analysis, or a person whose decision holds.
public enum DecidedBy: String, Codable, CaseIterable, Sendable {
  case analysis
  case override
}

/// What is known of one product's colours, as ``Confidence`` weighs it.
public struct ColorEvidence: Sendable, Equatable {
  /// One of the product's colours.
  public struct Colour: Sendable, Equatable {
    public var family: ColorFamily?
    public var share: Double

    public init(family: ColorFamily?, share: Double) {
      self.family = family
      self.share = share
    }
  }

  /// Heaviest first.
  public var colors: [Colour]
  /// The product's family (the heaviest colour's, multicolour, or a person's).
  public var family: ColorFamily?
  /// The family the vendor's colour names.
  public var vendorFamily: ColorFamily?
  /// The vendor's family contradicts the analysed one.
  public var disagreement: Bool
  public var decidedBy: DecidedBy
  /// The confidence already worked out, if it was.
  public var confidence: Double?

  public init(
    colors: [Colour], family: ColorFamily?, vendorFamily: ColorFamily?, disagreement: Bool,
    decidedBy: DecidedBy, confidence: Double? = nil
  ) {
    self.colors = colors
    self.family = family
    self.vendorFamily = vendorFamily
    self.disagreement = disagreement
    self.decidedBy = decidedBy
    self.confidence = confidence
  }
}
