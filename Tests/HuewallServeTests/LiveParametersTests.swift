import Foundation
import HuewallCore
import Testing

@testable import HuewallServe

/// The live page's address sets every parameter `pipeline.json` knows.
@Suite struct LiveParametersTests {
  /// Each key with a value the product preset does not have.
  static let changed: [String: String] = {
    let numbers: [ParameterOverrides.CodingKeys: String] = [
      .numColors: "5", .hueSampleSize: "0.05", .svSampleSize: "0.25", .saturationPriority: "2",
      .granularity: "3", .alphaThreshold: "100", .mergeDistance: "20",
    ]
    // Every step is on in the product preset.
    let steps = AnalysisStep.allCases.map { ($0.key, "false") }
    return Dictionary(uniqueKeysWithValues: numbers.map { ($0.key.rawValue, $0.value) } + steps)
  }()

  func encoded(_ parameters: AnalysisParameters) throws -> [String: String] {
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(parameters))
    return (object as? [String: Any] ?? [:]).mapValues { "\($0)" }
  }

  @Test func everyKeyOfTheAddressChangesItsParameter() throws {
    #expect(Set(Self.changed.keys) == Set(ParameterOverrides.keys))
    let product = try encoded(Preset.product.parameters)
    for (key, value) in Self.changed {
      let live = try LiveParameters(query: [(key, value)])
      let changed = try encoded(live.parameters)
      #expect(changed != product, "\(key)=\(value) changed nothing")
    }
  }

  @Test func aBadValueOfALaterKeyIsNamed() {
    #expect(throws: LiveParameters.Failure.self) {
      try LiveParameters(query: [("shopperFamilies", "yes")])
    }
  }
}
