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

  /// Merge bins whose mean colours lie within this CIELAB ΔE of a heavier bin before ranking
  /// (0: off): one surface split by a bin edge is one colour.
  public var mergeDistance: Double
  /// The improvements of the `product` preset that are on; none is in the original algorithm.
  /// What each does: ``AnalysisStep``.
  public var steps: Set<AnalysisStep>

  public init(
    numColors: Int = 3,
    hueSampleSize: Double = 0.01,
    svSampleSize: Double = 0.2,
    saturationPriority: Double = 4,
    granularity: Int = 4,
    alphaThreshold: Int = 120,
    mergeDistance: Double = 0,
    steps: Set<AnalysisStep> = []
  ) {
    self.numColors = numColors
    self.hueSampleSize = hueSampleSize
    self.svSampleSize = svSampleSize
    self.saturationPriority = saturationPriority
    self.granularity = granularity
    self.alphaThreshold = alphaThreshold
    self.mergeDistance = mergeDistance
    self.steps = steps
  }

  /// Whether `step` is on.
  public subscript(step: AnalysisStep) -> Bool {
    get { steps.contains(step) }
    set {
      if newValue {
        steps.insert(step)
      } else {
        steps.remove(step)
      }
    }
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
    for step in AnalysisStep.allCases {
      self[step] =
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
    for step in AnalysisStep.allCases where step.alwaysStored || self[step] {
      try steps.encode(self[step], forKey: StepKey(stringValue: step.key))
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
      AnalysisParameters(
        mergeDistance: 12,
        steps: Set(AnalysisStep.allCases.filter { $0.presets.contains(.product) }))
    }
  }
}
