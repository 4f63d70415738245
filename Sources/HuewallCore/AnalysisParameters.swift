/// The knobs of the dominant-colour analysis. Defaults are the original algorithm's.
///
/// Decoding tolerates missing keys (each falls back to its default) so that a `pipeline.json`
/// names only what it changes; ``validated()`` rejects values the kernel cannot honour.
public struct AnalysisParameters: Sendable, Hashable, Codable {
  /// How many dominant colours to report.
  public var numColors: Int
  /// Width of a hue bin, in turns (0.01 = 100 hue bins).
  public var hueSampleSize: Double
  /// Width of a saturation bin and of a value bin (0.2 = 6 levels from 0 to 1).
  public var svSampleSize: Double
  /// Extra weight per unit of saturation: a pixel weighs `1 + saturationPriority * s`.
  public var saturationPriority: Double
  /// Visit every n-th column and every n-th row.
  public var granularity: Int
  /// Skip pixels whose libgd alpha (0 opaque … 127 transparent) is above this.
  public var alphaThreshold: Int

  // Improvements of the `product` preset; each is off in the original algorithm.

  /// Find a near-uniform studio backdrop from the image border and skip the border-connected
  /// region that matches it (soft shadows and gentle gradients included), like transparent
  /// pixels.
  public var backgroundSuppression: Bool
  /// Treat hue bin 1.0 as bin 0.0, so that reds are not split across the wrap-around.
  public var hueWrap: Bool
  /// Fade out the saturation bonus of very dark pixels and file the darkest as neutral: their
  /// hue and saturation are sensor and compression noise.
  public var darkPixelDamping: Bool
  /// File every colour whose saturation falls in the lowest bin at hue 0: a grey has no hue,
  /// so greys of one brightness are one colour, not one per tint of noise, and they report
  /// hue 0 (the gradient then lays equal greys out by brightness).
  public var neutralGreys: Bool
  /// With background suppression, let a tinted backdrop's shadows reach deeper (to 55 % of
  /// its brightness) when they keep its tint: a cast shadow on a warm backdrop is backdrop,
  /// a neutral product on it is not. On a dark (not black) backdrop, shadows may also be 16
  /// levels darker: there 85 % of its brightness is within its own gradient and noise.
  public var deepShadows: Bool
  /// Where the border is not one colour (a scene, not a studio shot), weight samples towards
  /// the centre and away from colours that crowd the border: the product is framed, the room
  /// around it is not.
  public var scenePrior: Bool
  /// Give little weight to connected regions of skin colour (face, arms, legs), unless one is
  /// as large as a product: a worn garment's colour, not the model's.
  public var skinSuppression: Bool
  /// Weight the rows where the product's title says it is worn (a skirt low, a cap high) on
  /// photos of a person; needs a ``ProductHint``. A white blouse on a white backdrop is mostly
  /// taken for backdrop, and without the title the jeans below it win.
  public var garmentPrior: Bool
  /// Merge bins whose mean colours lie within this CIELAB ΔE of a heavier bin before ranking
  /// (0: off): one surface split by a bin edge is one colour.
  public var mergeDistance: Double
  /// Report a dark colour's hue and saturation as the mean of its samples: dark-pixel damping
  /// files each dark sample as neutral, but a region's mean is not noise (navy stays navy).
  public var darkHues: Bool
  /// File each reported colour's family at the value its brightest tenth of samples reaches
  /// rather than at its bin's value: a surface is named by its lit side (a shaded white shirt
  /// is white, not silver; a dark-grey body is grey, not black).
  public var litFamilies: Bool
  /// Give samples taken for a person's skin no saturation priority: skin is saturated enough
  /// that its bonus outweighed a white or pale garment even at skin suppression's low weight.
  /// On a studio shot, one skin-toned region alone is no person (a tan boot keeps its bonus).
  public var skinWithoutPriority: Bool
  /// File families by boundaries checked against how people name product colours (neutral
  /// by chroma, black below v 0.25, white from v 0.85, hot pink, olive, burgundy, blue or
  /// purple by the XKCD survey's nearest named colour, pale yellow; a product is not
  /// multicolour while one family holds half of it) rather than the original ones.
  public var shopperFamilies: Bool
  /// On a tinted backdrop (with ``deepShadows``), a sample is backdrop only while it keeps at
  /// least half the backdrop's tint: a white product under the same warm light is less tinted
  /// than the backdrop, however close in brightness.
  public var backdropTint: Bool
  /// With background suppression, the backdrop's fill checks every pixel between two
  /// samples, not the samples alone: a product's outline thinner than the granularity stops
  /// it, so a white product as bright and warm as its backdrop is not taken for backdrop.
  public var thinOutlines: Bool
  /// File each chromatic colour's family at its samples' mean saturation rather than at its
  /// bin's: a saturation bin is 0.2 wide and family boundaries fall inside bins (a hot pink
  /// of s 0.75 in the 0.8 bin was red). The reported colour does not change.
  public var meanSaturation: Bool
  /// File a dark neutral colour black or grey by the product's neutral tones below silver,
  /// not by its own samples: value bins cut a dark surface at v 0.3, so a black cap's lit
  /// side and a dark-grey kettle's both read about 0.27, while the kettle's tones go on
  /// above the cut and the cap's do not.
  public var neutralSurface: Bool

  public init(
    numColors: Int = 3,
    hueSampleSize: Double = 0.01,
    svSampleSize: Double = 0.2,
    saturationPriority: Double = 4,
    granularity: Int = 4,
    alphaThreshold: Int = 120,
    backgroundSuppression: Bool = false,
    hueWrap: Bool = false,
    darkPixelDamping: Bool = false,
    neutralGreys: Bool = false,
    deepShadows: Bool = false,
    scenePrior: Bool = false,
    skinSuppression: Bool = false,
    garmentPrior: Bool = false,
    mergeDistance: Double = 0,
    darkHues: Bool = false,
    litFamilies: Bool = false,
    skinWithoutPriority: Bool = false,
    shopperFamilies: Bool = false,
    backdropTint: Bool = false,
    thinOutlines: Bool = false,
    meanSaturation: Bool = false,
    neutralSurface: Bool = false
  ) {
    self.numColors = numColors
    self.hueSampleSize = hueSampleSize
    self.svSampleSize = svSampleSize
    self.saturationPriority = saturationPriority
    self.granularity = granularity
    self.alphaThreshold = alphaThreshold
    self.backgroundSuppression = backgroundSuppression
    self.hueWrap = hueWrap
    self.darkPixelDamping = darkPixelDamping
    self.neutralGreys = neutralGreys
    self.deepShadows = deepShadows
    self.scenePrior = scenePrior
    self.skinSuppression = skinSuppression
    self.garmentPrior = garmentPrior
    self.mergeDistance = mergeDistance
    self.darkHues = darkHues
    self.litFamilies = litFamilies
    self.skinWithoutPriority = skinWithoutPriority
    self.shopperFamilies = shopperFamilies
    self.backdropTint = backdropTint
    self.thinOutlines = thinOutlines
    self.meanSaturation = meanSaturation
    self.neutralSurface = neutralSurface
  }

  /// The original algorithm's parameters.
  public static let reference = AnalysisParameters()

  /// Accepted ranges. Sample sizes below 0.001 would make bins narrower than the original's
  /// 6-decimal bin keys can tell apart.
  public static let sampleSizeRange = 0.001...1.0
  public static let numColorsRange = 1...1000
  public static let granularityRange = 1...10_000
  public static let saturationPriorityRange = 0.0...1000.0
  public static let alphaThresholdRange = 0...127
  public static let mergeDistanceRange = 0.0...100.0

  /// Returns `self` if every value is in range, otherwise an error naming the first bad one.
  public func validated() throws(ParameterError) -> AnalysisParameters {
    try Self.check("num-colors", numColors, in: Self.numColorsRange)
    try Self.check("hue-sample-size", hueSampleSize, in: Self.sampleSizeRange)
    try Self.check("sv-sample-size", svSampleSize, in: Self.sampleSizeRange)
    try Self.check("saturation-priority", saturationPriority, in: Self.saturationPriorityRange)
    try Self.check("granularity", granularity, in: Self.granularityRange)
    try Self.check("alpha-threshold", alphaThreshold, in: Self.alphaThresholdRange)
    try Self.check("merge-distance", mergeDistance, in: Self.mergeDistanceRange)
    return self
  }

  private static func check<T: Comparable>(
    _ name: String, _ value: T, in range: ClosedRange<T>
  ) throws(ParameterError) {
    guard range.contains(value) else {
      throw ParameterError(
        parameter: name, value: "\(value)",
        reason: "must be between \(range.lowerBound) and \(range.upperBound)")
    }
  }

  enum CodingKeys: String, CodingKey {
    case numColors, hueSampleSize, svSampleSize, saturationPriority, granularity, alphaThreshold
    case mergeDistance
  }

  /// A step's key (``AnalysisStep/key``).
  struct StepKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let d = AnalysisParameters()
    self.init(
      numColors: try c.decodeIfPresent(Int.self, forKey: .numColors) ?? d.numColors,
      hueSampleSize: try c.decodeIfPresent(Double.self, forKey: .hueSampleSize)
        ?? d.hueSampleSize,
      svSampleSize: try c.decodeIfPresent(Double.self, forKey: .svSampleSize) ?? d.svSampleSize,
      saturationPriority: try c.decodeIfPresent(Double.self, forKey: .saturationPriority)
        ?? d.saturationPriority,
      granularity: try c.decodeIfPresent(Int.self, forKey: .granularity) ?? d.granularity,
      alphaThreshold: try c.decodeIfPresent(Int.self, forKey: .alphaThreshold)
        ?? d.alphaThreshold,
      mergeDistance: try c.decodeIfPresent(Double.self, forKey: .mergeDistance)
        ?? d.mergeDistance)
    let steps = try decoder.container(keyedBy: StepKey.self)
    for step in AnalysisStep.all {
      self[keyPath: step.parameter] =
        try steps.decodeIfPresent(Bool.self, forKey: StepKey(stringValue: step.key)) ?? false
    }
  }

  /// Every number, and the steps from the first release; later steps only when they are on:
  /// a parameter set stored before them (with the same meaning, off) keeps its canonical
  /// JSON and hash. Merge distance likewise only when not 0.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(numColors, forKey: .numColors)
    try c.encode(hueSampleSize, forKey: .hueSampleSize)
    try c.encode(svSampleSize, forKey: .svSampleSize)
    try c.encode(saturationPriority, forKey: .saturationPriority)
    try c.encode(granularity, forKey: .granularity)
    try c.encode(alphaThreshold, forKey: .alphaThreshold)
    if mergeDistance != 0 { try c.encode(mergeDistance, forKey: .mergeDistance) }
    var steps = encoder.container(keyedBy: StepKey.self)
    for step in AnalysisStep.all where step.alwaysStored || self[keyPath: step.parameter] {
      try steps.encode(self[keyPath: step.parameter], forKey: StepKey(stringValue: step.key))
    }
  }
}

/// A parameter outside the range the analysis accepts.
public struct ParameterError: Error, Sendable, Equatable {
  public var parameter: String
  public var value: String
  public var reason: String

  public init(parameter: String, value: String, reason: String) {
    self.parameter = parameter
    self.value = value
    self.reason = reason
  }
}

extension ParameterError: CustomStringConvertible {
  public var description: String { "\(parameter) \(value) \(reason)" }
}

/// A named starting point for ``AnalysisParameters``.
public enum Preset: String, Sendable, CaseIterable, Codable {
  /// The original algorithm, bit-exact.
  case reference
  /// The original algorithm plus every improvement for product photographs.
  case product

  /// The preset a user gets without asking, on the command line and in `pipeline.json`.
  public static let standard = Preset.product

  public var parameters: AnalysisParameters {
    switch self {
    case .reference: .reference
    case .product:
      AnalysisStep.all.reduce(into: AnalysisParameters(mergeDistance: 12)) { p, step in
        if step.presets.contains(.product) { p[keyPath: step.parameter] = true }
      }
    }
  }
}
