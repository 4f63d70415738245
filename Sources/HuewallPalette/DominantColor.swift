public import HuewallColorWords

/// A cell of the quantised HSV grid, as bin indices (h = hue × hueSampleSize, …).
public struct HSVBin: Sendable, Hashable, Codable {
  public var hue: Int
  public var saturation: Int
  public var value: Int

  public init(hue: Int, saturation: Int, value: Int) {
    self.hue = hue
    self.saturation = saturation
    self.value = value
  }
}

/// One dominant colour: a bin of the HSV grid and how much of the image it holds.
public struct DominantColor: Sendable, Hashable {
  public var bin: HSVBin
  /// Quantised hue, saturation and value, exactly as the reference computes them
  /// (`round(x / size) * size`, so 0.57 may read 0.5700000000000001).
  public var h: Double
  public var s: Double
  public var v: Double
  /// The bin's summed weight.
  public var weight: Double
  /// The bin's weight over the weight of every visited opaque pixel.
  public var share: Double
  /// The value the colour's brightest tenth of samples reaches, which files its family in
  /// place of `v` (``AnalysisParameters/litFamilies``); nil: `v` files it.
  public var litValue: Double?
  /// The saturation of the colour's samples' mean, which files its family in place of `s`
  /// (``AnalysisParameters/meanSaturation``); nil: `s` files it.
  public var meanSaturation: Double?
  /// For a dark neutral colour, the value of the product's neutral tones, which files its
  /// family in place of `litValue` and `v` (``AnalysisParameters/neutralSurface``).
  public var surfaceValue: Double?
  /// The weighted mean of the colour's samples as sRGB channels (0…255): the product's own
  /// colour, finer than the bin's centre, which names its family where the analysis measured
  /// it (``MeanColourFamilies``); nil on the reference path.
  public var meanRGB: SIMD3<Double>?
  /// For a light neutral colour, how the product's neutral tones spread, which tells metal
  /// (silver) from a matte light grey (``ProductRegionFamily``); nil: not measured (the
  /// reference path, a dark or chromatic colour).
  public var neutralTones: NeutralTones?
  /// On a product the feed names as jewellery or a watch, the metal (gold or silver) a light
  /// or beige colour of it is taken for (``ProductRegionFamily/jewelleryMetal(_:)``); nil
  /// elsewhere.
  public var metal: ColorFamily?
  /// The boundaries that file the colour's family (``AnalysisParameters/shopperFamilies``).
  public var regions: ColorFamily.Regions

  public init(
    bin: HSVBin, h: Double, s: Double, v: Double, weight: Double, share: Double,
    litValue: Double? = nil, meanSaturation: Double? = nil, surfaceValue: Double? = nil,
    meanRGB: SIMD3<Double>? = nil, neutralTones: NeutralTones? = nil, metal: ColorFamily? = nil,
    regions: ColorFamily.Regions = .original
  ) {
    self.bin = bin
    self.h = h
    self.s = s
    self.v = v
    self.weight = weight
    self.share = share
    self.litValue = litValue
    self.meanSaturation = meanSaturation
    self.surfaceValue = surfaceValue
    self.meanRGB = meanRGB
    self.neutralTones = neutralTones
    self.metal = metal
    self.regions = regions
  }

  /// The bin's centre as sRGB, `#rrggbb`; hue 1.0 wraps to 0, s and v are clamped to 1.
  public var hex: String {
    let (r, g, b) = rgb
    return Self.hex([r, g, b])
  }

  /// ``meanRGB`` as `#rrggbb`, each channel rounded: what a shop's vendor colours are learned
  /// on (``FamilyCalibration``); nil on the reference path.
  public var meanHex: String? {
    meanRGB.map { mean in
      Self.hex([mean.x, mean.y, mean.z].map { Int(min(max($0.rounded(), 0), 255)) })
    }
  }

  private static func hex(_ bytes: [Int]) -> String {
    "#"
      + bytes.map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
      }.joined()
  }

  /// The bin's centre as 0…255 channels.
  public var rgb: (red: Int, green: Int, blue: Int) { Self.rgb(h: h, s: s, v: v) }

  /// h (turns), s and v (0…1, clamped) as 0…255 channels.
  public static func rgb(h: Double, s: Double, v: Double) -> (red: Int, green: Int, blue: Int) {
    hsvToRGB(h: h, s: s, v: v)
  }
}

/// The result of analysing one image.
public struct PaletteAnalysis: Sendable, Hashable {
  /// The dominant colours, heaviest first (at most `numColors`).
  public var colors: [DominantColor]
  /// Pixels visited.
  public var samples: Int
  /// Visited pixels skipped as transparent.
  public var skipped: Int
  /// Visited pixels skipped as studio backdrop (background suppression).
  public var background: Int
  /// The summed weight of every visited opaque pixel.
  public var totalWeight: Double
  /// Each colour family's share of the total weight, over every bin (not only the top ones).
  public var familyShares: [ColorFamily: Double]
  /// What the image's backdrop is; none of its samples are in ``colors``.
  public var backdrop: Backdrop = .unknown
  /// Visited pixels taken for a person's skin (0 when skin suppression is off).
  public var skin: Int = 0
}
