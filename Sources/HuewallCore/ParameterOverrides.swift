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
  public var backgroundSuppression: Bool?
  public var hueWrap: Bool?
  public var darkPixelDamping: Bool?
  public var neutralGreys: Bool?
  public var deepShadows: Bool?
  public var scenePrior: Bool?
  public var skinSuppression: Bool?
  public var garmentPrior: Bool?
  public var mergeDistance: Double?
  public var darkHues: Bool?
  public var litFamilies: Bool?
  public var skinWithoutPriority: Bool?
  public var shopperFamilies: Bool?
  public var backdropTint: Bool?
  public var thinOutlines: Bool?
  public var meanSaturation: Bool?
  public var neutralSurface: Bool?

  public init(
    numColors: Int? = nil, hueSampleSize: Double? = nil, svSampleSize: Double? = nil,
    saturationPriority: Double? = nil, granularity: Int? = nil, alphaThreshold: Int? = nil,
    backgroundSuppression: Bool? = nil, hueWrap: Bool? = nil, darkPixelDamping: Bool? = nil,
    neutralGreys: Bool? = nil, deepShadows: Bool? = nil, scenePrior: Bool? = nil,
    skinSuppression: Bool? = nil, garmentPrior: Bool? = nil, mergeDistance: Double? = nil,
    darkHues: Bool? = nil, litFamilies: Bool? = nil, skinWithoutPriority: Bool? = nil,
    shopperFamilies: Bool? = nil, backdropTint: Bool? = nil, thinOutlines: Bool? = nil,
    meanSaturation: Bool? = nil, neutralSurface: Bool? = nil
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

  public enum CodingKeys: String, CodingKey, CaseIterable {
    case numColors, hueSampleSize, svSampleSize, saturationPriority, granularity, alphaThreshold
    case backgroundSuppression, hueWrap, darkPixelDamping, neutralGreys
    case deepShadows, scenePrior, skinSuppression, garmentPrior, mergeDistance, darkHues
    case litFamilies, skinWithoutPriority, shopperFamilies, backdropTint, thinOutlines
    case meanSaturation, neutralSurface
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
    for step in AnalysisStep.all {
      if let v = overrides[keyPath: step.override] { p[keyPath: step.parameter] = v }
    }
    return try p.validated()
  }
}
