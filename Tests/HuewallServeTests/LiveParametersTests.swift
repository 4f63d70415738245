import Foundation
import HuewallCore
import Testing

@testable import HuewallServe

/// The live page's address sets every parameter `pipeline.json` knows.
@Suite struct LiveParametersTests {
  /// Each key with a value the product preset does not have.
  static let changed: [ParameterOverrides.CodingKeys: String] = [
    .numColors: "5", .hueSampleSize: "0.05", .svSampleSize: "0.25", .saturationPriority: "2",
    .granularity: "3", .alphaThreshold: "100", .backgroundSuppression: "false",
    .hueWrap: "false", .darkPixelDamping: "false", .neutralGreys: "false",
    .deepShadows: "false", .scenePrior: "false", .skinSuppression: "false",
    .garmentPrior: "false", .mergeDistance: "20", .darkHues: "false", .litFamilies: "false",
    .skinWithoutPriority: "false", .shopperFamilies: "false", .backdropTint: "false",
    .thinOutlines: "false", .meanSaturation: "false", .neutralSurface: "false",
  ]

  func encoded(_ parameters: AnalysisParameters) throws -> [String: String] {
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(parameters))
    return (object as? [String: Any] ?? [:]).mapValues { "\($0)" }
  }

  @Test func everyKeyOfTheAddressChangesItsParameter() throws {
    #expect(Set(Self.changed.keys) == Set(ParameterOverrides.CodingKeys.allCases))
    let product = try encoded(Preset.product.parameters)
    for (key, value) in Self.changed {
      let live = try LiveParameters(query: [(key.rawValue, value)])
      let changed = try encoded(live.parameters)
      #expect(changed != product, "\(key.rawValue)=\(value) changed nothing")
    }
  }

  @Test func aBadValueOfALaterKeyIsNamed() {
    #expect(throws: LiveParameters.Failure.self) {
      try LiveParameters(query: [("shopperFamilies", "yes")])
    }
  }
}
