public import HuewallColorWords

extension DominantColor {
  /// The colour family: ``colourFamily``, and silver only where the product shows metal
  /// (``ProductRegionFamily``): a matte light grey shirt is grey; on jewellery, the
  /// ``metal`` a light colour is taken for.
  public var family: ColorFamily {
    ProductRegionFamily.family(colourFamily, tones: neutralTones, jewelleryMetal: metal)
  }

  /// The family of the colour alone: the bin's box (``boxFamily``), named again from the
  /// samples' mean where the analysis measured it under the shopper boundaries
  /// (``MeanColourFamilies``): an olive skirt whose bin is grey has a green mean.
  public var colourFamily: ColorFamily {
    guard regions == .shopper, let meanRGB else { return boxFamily }
    return MeanColourFamilies.shipped.family(boxFamily, hue: h, mean: meanRGB)
  }

  /// The colour family of the bin's quantised saturation and value, or of its samples' mean
  /// saturation and its lit side's (or its neutral surface's) value when the analysis measured
  /// them.
  public var boxFamily: ColorFamily {
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

  /// The product's family: its heaviest colour's, or multicolour by
  /// ``ColorFamily/ofProduct(heaviest:shares:regions:)``.
  public var family: ColorFamily? {
    guard let first = colors.first else { return nil }
    return ColorFamily.ofProduct(
      heaviest: first.family, shares: familyShares, regions: first.regions)
  }
}
