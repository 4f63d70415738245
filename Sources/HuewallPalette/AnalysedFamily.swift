// The words of colours live in their own module; every user of the kernel speaks them.
@_exported import HuewallColorWords

extension DominantColor {
  /// The colour family of the bin's quantised saturation and value, or of its samples' mean
  /// saturation and its lit side's (or its neutral surface's) value when the analysis measured
  /// them.
  public var family: ColorFamily {
    ColorFamily(h: h, s: filedSaturation, v: filedValue, regions: regions)
  }

  /// The saturation that files the family: the samples' mean where the analysis measured it.
  public var filedSaturation: Double { meanSaturation ?? s }

  /// The value that files the family: the neutral surface's or the lit side's where the
  /// analysis measured them.
  public var filedValue: Double { surfaceValue ?? litValue ?? v }
}

extension PaletteAnalysis {
  /// Families that each hold at least this share make a product multicolour when there are
  /// three or more of them.
  public static let multicolourShare = ColorFamily.multicolourShare

  /// The product's family: its heaviest colour's, or multicolour when three or more chromatic
  /// families each hold at least ``multicolourShare`` of the weight (and, by the shopper
  /// boundaries, no family holds half: a red dress's shading spreads over red, pink and
  /// purple, yet it is red; and navy counts as blue: the lit and shaded sides of one pair of
  /// jeans are not two colours).
  public var family: ColorFamily? {
    guard let first = colors.first else { return nil }
    let achromatic: Set<ColorFamily> = [.black, .white, .grey, .silver]
    var shares = familyShares
    if first.regions == .shopper, let navy = shares.removeValue(forKey: .navy) {
      shares[.blue, default: 0] += navy
    }
    let strongChromatic = shares.filter { family, share in
      share >= Self.multicolourShare && !achromatic.contains(family)
    }
    if first.regions == .shopper, (familyShares.values.max() ?? 0) >= 0.5 {
      return first.family
    }
    return strongChromatic.count >= 3 ? .multicolour : first.family
  }
}
