import Foundation
import HuewallCore
import Testing

@testable import HuewallStore

/// The canonical JSON and hash of a few parameter sets, as a SQLite catalogue stored them before
/// the steps became one table: a run against an existing catalogue finds its set again only while
/// these stay the same. The expected strings were printed by that code (9ca41ce: HuewallCore's
/// parameters with the store's `canonicalJSON(for:)` and `hash(ofCanonicalJSON:)`), never by the
/// code under test.
@Suite("Stored parameter hashes")
struct StoredParameterHashTests {
  /// A parameter set, as `pipeline.json` or the live page would give it.
  struct Case: Sendable, CustomStringConvertible {
    var description: String
    var parameters: @Sendable () throws -> AnalysisParameters
    var json: String
    var hash: String
  }

  static func decoded(_ json: String) -> @Sendable () throws -> AnalysisParameters {
    { try JSONDecoder().decode(AnalysisParameters.self, from: Data(json.utf8)) }
  }

  static let cases: [Case] = [
    Case(
      description: "reference", parameters: { .reference },
      json:
        #"{"alphaThreshold":120,"backgroundSuppression":false,"#
        + #""darkPixelDamping":false,"granularity":4,"hueSampleSize":0.01,"#
        + #""hueWrap":false,"numColors":3,"saturationPriority":4,"svSampleSize":0.2}"#,
      hash: "82d87eb46e10d1fe"),
    Case(
      description: "product", parameters: { Preset.product.parameters },
      json:
        #"{"alphaThreshold":120,"backdropTint":true,"backgroundSuppression":true,"#
        + #""darkHues":true,"darkPixelDamping":true,"deepShadows":true,"#
        + #""garmentPrior":true,"granularity":4,"hueSampleSize":0.01,"hueWrap":true,"#
        + #""litFamilies":true,"meanSaturation":true,"mergeDistance":12,"#
        + #""neutralGreys":true,"neutralSurface":true,"numColors":3,"#
        + #""saturationPriority":4,"scenePrior":true,"shopperFamilies":true,"#
        + #""skinSuppression":true,"skinWithoutPriority":true,"svSampleSize":0.2,"#
        + #""thinOutlines":true}"#,
      hash: "36441d808e0329d5"),
    Case(
      description: "product without hue wrap",
      parameters: { try Preset.product.parameters(with: decodedOverrides(#"{"hueWrap":false}"#)) },
      json:
        #"{"alphaThreshold":120,"backdropTint":true,"backgroundSuppression":true,"#
        + #""darkHues":true,"darkPixelDamping":true,"deepShadows":true,"#
        + #""garmentPrior":true,"granularity":4,"hueSampleSize":0.01,"#
        + #""hueWrap":false,"litFamilies":true,"meanSaturation":true,"#
        + #""mergeDistance":12,"neutralGreys":true,"neutralSurface":true,"#
        + #""numColors":3,"saturationPriority":4,"scenePrior":true,"#
        + #""shopperFamilies":true,"skinSuppression":true,"#
        + #""skinWithoutPriority":true,"svSampleSize":0.2,"thinOutlines":true}"#,
      hash: "a7fb4e93a8781bb6"),
    Case(
      description: "reference with lit families and a merge distance",
      parameters: decoded(#"{"litFamilies":true,"mergeDistance":12,"numColors":5}"#),
      json:
        #"{"alphaThreshold":120,"backgroundSuppression":false,"#
        + #""darkPixelDamping":false,"granularity":4,"hueSampleSize":0.01,"#
        + #""hueWrap":false,"litFamilies":true,"mergeDistance":12,"numColors":5,"#
        + #""saturationPriority":4,"svSampleSize":0.2}"#,
      hash: "c2704adfcbed64a9"),
    Case(
      description: "backdrop steps at granularity 2",
      parameters: decoded(
        #"{"backgroundSuppression":true,"deepShadows":true,"thinOutlines":true,"granularity":2}"#),
      json:
        #"{"alphaThreshold":120,"backgroundSuppression":true,"#
        + #""darkPixelDamping":false,"deepShadows":true,"granularity":2,"#
        + #""hueSampleSize":0.01,"hueWrap":false,"numColors":3,"#
        + #""saturationPriority":4,"svSampleSize":0.2,"thinOutlines":true}"#,
      hash: "8c3127b2aeeb0070"),
  ]

  static func decodedOverrides(_ json: String) throws -> ParameterOverrides {
    try JSONDecoder().decode(ParameterOverrides.self, from: Data(json.utf8))
  }

  @Test("each set is stored with the JSON and hash it had", arguments: cases)
  func storedHash(_ example: Case) async throws {
    try await withCatalogue(.sqlite) { store in
      let set = try await store.parameterSet(
        for: example.parameters(), preset: "product", name: nil, at: t0)
      #expect(set.parametersJSON == example.json)
      #expect(set.hash == example.hash)
    }
  }
}
