/// The shopping colour families a colour is filed under, modelled on the colour values of
/// Shopify's Standard Product Taxonomy.
public enum ColorFamily: String, Sendable, CaseIterable, Codable {
  case black, white, grey, silver, beige, brown, red, orange, yellow, gold, green, blue, navy,
    purple, pink
  /// A product whose top colours belong to several chromatic families; never a single colour's.
  case multicolour

  /// The family of a colour given as h (turns, 0…1), s and v (0…1).
  ///
  /// Every region is stated here and nowhere else; the rules are checked in order, so each
  /// line only has to separate what the lines above left. Degrees are h × 360.
  public init(h: Double, s: Double, v: Double) {
    let degrees = (h - h.rounded(.down)) * 360
    self =
      switch (degrees, s, v) {
      case (_, ..<0.5, ..<0.30), (_, _, ..<0.15): .black
      case (_, ..<0.15, 0.90...): .white
      case (_, ..<0.15, 0.70...): .silver
      case (_, ..<0.15, _): .grey
      case (20..<65, ..<0.45, 0.65...): .beige
      case (10..<45, _, ..<0.70): .brown
      case (..<12, ..<0.5, 0.75...), (345..., ..<0.5, 0.75...): .pink
      case (..<12, _, _), (345..., _, _): .red
      case (..<38, _, _): .orange
      case (..<55, _, ..<0.88): .gold
      case (..<68, _, _): .yellow
      case (..<165, _, _): .green
      case (200..<255, _, ..<0.50): .navy
      case (..<255, _, _): .blue
      case (..<290, _, _): .purple
      case (_, _, ..<0.55): .purple
      default: .pink
      }
  }
}

extension DominantColor {
  /// The colour family of the bin's quantised value, or of its lit side's value when the
  /// analysis measured it.
  public var family: ColorFamily { ColorFamily(h: h, s: s, v: litValue ?? v) }
}

extension PaletteAnalysis {
  /// Families that each hold at least this share make a product multicolour when there are
  /// three or more of them.
  public static let multicolourShare = 0.12

  /// The product's family: its heaviest colour's, or multicolour when three or more chromatic
  /// families each hold at least ``multicolourShare`` of the weight.
  public var family: ColorFamily? {
    guard let first = colors.first else { return nil }
    let achromatic: Set<ColorFamily> = [.black, .white, .grey, .silver]
    let strongChromatic = familyShares.filter { family, share in
      share >= Self.multicolourShare && !achromatic.contains(family)
    }
    return strongChromatic.count >= 3 ? .multicolour : first.family
  }
}
