/// Parameters set on top of a preset, from command-line flags or `pipeline.json`.
///
/// Every field is optional: what is not given keeps the preset's value.
public struct ParameterOverrides: Sendable, Hashable, Codable {
  public var numColors: Int?
  public var hueSampleSize: Double?
  public var svSampleSize: Double?
  public var saturationPriority: Double?
  public var granularity: Int?
  public var alphaThreshold: Int?
  public var mergeDistance: Double?
  /// The steps given, on or off; a step not here keeps the preset's setting.
  public var steps: [AnalysisStep: Bool]

  public init(
    numColors: Int? = nil, hueSampleSize: Double? = nil, svSampleSize: Double? = nil,
    saturationPriority: Double? = nil, granularity: Int? = nil, alphaThreshold: Int? = nil,
    mergeDistance: Double? = nil, steps: [AnalysisStep: Bool] = [:]
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

  /// The keys of the numbers; each step's key is its ``AnalysisStep/key``.
  public enum CodingKeys: String, CodingKey, CaseIterable {
    case numColors, hueSampleSize, svSampleSize, saturationPriority, granularity, alphaThreshold
    case mergeDistance
  }

  /// Every key an override may be given under: the numbers', then the steps'.
  public static var keys: [String] {
    CodingKeys.allCases.map(\.rawValue) + AnalysisStep.allCases.map(\.key)
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      numColors: try c.decodeIfPresent(Int.self, forKey: .numColors),
      hueSampleSize: try c.decodeIfPresent(Double.self, forKey: .hueSampleSize),
      svSampleSize: try c.decodeIfPresent(Double.self, forKey: .svSampleSize),
      saturationPriority: try c.decodeIfPresent(Double.self, forKey: .saturationPriority),
      granularity: try c.decodeIfPresent(Int.self, forKey: .granularity),
      alphaThreshold: try c.decodeIfPresent(Int.self, forKey: .alphaThreshold),
      mergeDistance: try c.decodeIfPresent(Double.self, forKey: .mergeDistance))
    let steps = try decoder.container(keyedBy: AnalysisParameters.StepKey.self)
    for step in AnalysisStep.allCases {
      self.steps[step] = try steps.decodeIfPresent(
        Bool.self, forKey: .init(stringValue: step.key))
    }
  }

  /// What was given, and nothing else.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(numColors, forKey: .numColors)
    try c.encodeIfPresent(hueSampleSize, forKey: .hueSampleSize)
    try c.encodeIfPresent(svSampleSize, forKey: .svSampleSize)
    try c.encodeIfPresent(saturationPriority, forKey: .saturationPriority)
    try c.encodeIfPresent(granularity, forKey: .granularity)
    try c.encodeIfPresent(alphaThreshold, forKey: .alphaThreshold)
    try c.encodeIfPresent(mergeDistance, forKey: .mergeDistance)
    var steps = encoder.container(keyedBy: AnalysisParameters.StepKey.self)
    for step in AnalysisStep.allCases {
      try steps.encodeIfPresent(self.steps[step], forKey: .init(stringValue: step.key))
    }
  }
}

extension Preset {
  /// The preset's parameters with `overrides` on top, validated.
  public func parameters(with overrides: ParameterOverrides) throws(ParameterError)
    -> AnalysisParameters
  {
    var p = parameters
    if let v = overrides.numColors { p.numColors = v }
    if let v = overrides.hueSampleSize { p.hueSampleSize = v }
    if let v = overrides.svSampleSize { p.svSampleSize = v }
    if let v = overrides.saturationPriority { p.saturationPriority = v }
    if let v = overrides.granularity { p.granularity = v }
    if let v = overrides.alphaThreshold { p.alphaThreshold = v }
    if let v = overrides.mergeDistance { p.mergeDistance = v }
    for (step, on) in overrides.steps { p[step] = on }
    return try p.validated()
  }
}
