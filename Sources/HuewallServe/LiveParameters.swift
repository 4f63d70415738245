public import HuewallCore

/// Parameters as the live page sends them in its address: `preset` and any parameter by its
/// `pipeline.json` name (`numColors=5&hueWrap=true`).
public struct LiveParameters: Sendable, Equatable {
  public var preset: Preset
  public var overrides: ParameterOverrides
  /// The preset with the overrides, validated.
  public var parameters: AnalysisParameters

  /// Keys of the address that are not parameters.
  static let otherKeys: Set<String> = ["first", "name", "a", "b", "product"]

  /// Why an address does not describe parameters, in words for the page.
  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// Reads `query` (name, value pairs, already percent-decoded).
  public init(query: [(String, String)]) throws(Failure) {
    var values: [String: String] = [:]
    for (key, value) in query { values[key] = value }
    let known = Set(ParameterOverrides.keys).union(["preset"])
    if let unknown = values.keys.sorted().first(where: {
      !known.contains($0) && !Self.otherKeys.contains($0)
    }) {
      throw Failure(description: "unknown parameter \"\(unknown)\"")
    }
    if let name = values["preset"] {
      guard let preset = Preset(rawValue: name) else {
        let names = Preset.allCases.map(\.rawValue).joined(separator: ", ")
        throw Failure(description: "unknown preset \"\(name)\" (known: \(names))")
      }
      self.preset = preset
    } else {
      preset = .standard
    }
    func value<T>(_ key: ParameterOverrides.CodingKeys, _ kind: String, _ read: (String) -> T?)
      throws(Failure) -> T?
    {
      guard let text = values[key.rawValue] else { return nil }
      guard let value = read(text) else {
        throw Failure(description: "\(key.rawValue) \"\(text)\" is not \(kind)")
      }
      return value
    }
    let bool: (String) -> Bool? = { ["true": true, "false": false][$0] }
    let number: (String) -> Double? = { Double($0).flatMap { $0.isFinite ? $0 : nil } }
    var overrides = ParameterOverrides(
      numColors: try value(.numColors, "a whole number", { Int($0) }),
      hueSampleSize: try value(.hueSampleSize, "a number", number),
      svSampleSize: try value(.svSampleSize, "a number", number),
      saturationPriority: try value(.saturationPriority, "a number", number),
      granularity: try value(.granularity, "a whole number", { Int($0) }),
      alphaThreshold: try value(.alphaThreshold, "a whole number", { Int($0) }),
      mergeDistance: try value(.mergeDistance, "a number", number))
    for step in AnalysisStep.allCases {
      guard let text = values[step.key] else { continue }
      guard let on = bool(text) else {
        throw Failure(description: "\(step.key) \"\(text)\" is not true or false")
      }
      overrides.steps[step] = on
    }
    self.overrides = overrides
    do {
      parameters = try preset.parameters(with: overrides)
    } catch {
      throw Failure(description: "\(error)")
    }
  }
}
