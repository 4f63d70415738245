import Foundation
import HuewallCore
import Testing

@testable import HuewallPostgres
@testable import HuewallStore

@Suite("Parameter sets")
struct ParameterSetTests {
  /// The reference parameters as canonical JSON, written out by hand.
  let referenceJSON =
    #"{"alphaThreshold":120,"backgroundSuppression":false,"darkPixelDamping":false,"#
    + #""granularity":4,"hueSampleSize":0.01,"hueWrap":false,"numColors":3,"#
    + #""saturationPriority":4,"svSampleSize":0.2}"#

  @Test("canonical JSON has sorted keys, every key, and ignores the input's key order")
  func canonicalJSON() throws {
    #expect(try ParameterSetRecord.canonicalJSON(for: .reference) == referenceJSON)
    let shuffled = #"{"svSampleSize":0.2,"numColors":3,"granularity":4,"hueSampleSize":0.01}"#
    let sparse = #"{"granularity":4}"#
    for text in [shuffled, sparse, referenceJSON] {
      let parameters = try JSONDecoder().decode(AnalysisParameters.self, from: Data(text.utf8))
      #expect(try ParameterSetRecord.canonicalJSON(for: parameters) == referenceJSON)
    }
  }

  @Test("the hash is FNV-1a 64 in 16 hex digits")
  func hash() {
    // Published FNV-1a 64 test vectors.
    #expect(ParameterSetRecord.hash(ofCanonicalJSON: "") == "cbf29ce484222325")
    #expect(ParameterSetRecord.hash(ofCanonicalJSON: "a") == "af63dc4c8601ec8c")
    #expect(ParameterSetRecord.hash(ofCanonicalJSON: "foobar") == "85944171f73967e8")
  }

  @Test(
    "the same parameters give the same set, other parameters a new one", arguments: Backend.allCases
  )
  func findOrCreate(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let reference = try await store.parameterSet(
        for: .reference, preset: "reference", name: nil, at: t0)
      #expect(reference.parametersJSON == referenceJSON)
      #expect(reference.hash == ParameterSetRecord.hash(ofCanonicalJSON: referenceJSON))
      #expect(reference.name == "reference-" + reference.hash.prefix(8))
      #expect(reference.isAutoNamed)
      #expect(reference.parameters == .reference)
      #expect(reference.preset == "reference")
      #expect(reference.createdAt == t0)

      let decoded = try JSONDecoder().decode(
        AnalysisParameters.self, from: Data(#"{"numColors":3,"granularity":4}"#.utf8))
      let again = try await store.parameterSet(for: decoded, preset: "product", name: nil, at: t1)
      #expect(again == reference)

      let coarse = AnalysisParameters(granularity: 8)
      let other = try await store.parameterSet(for: coarse, preset: "reference", name: nil, at: t1)
      #expect(other.id != reference.id)
      #expect(other.parameters == coarse)
      #expect(try await store.parameterSets().map(\.id) == [reference.id, other.id])
      #expect(try await store.strings("SELECT count(*) FROM parameter_sets") == ["2"])
    }
  }

  @Test("naming: new named sets, naming an unnamed set, and conflicts", arguments: Backend.allCases)
  func naming(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let product = Preset.product.parameters
      let named = try await store.parameterSet(
        for: product, preset: "product", name: "summer", at: t0)
      #expect(named.name == "summer")
      #expect(!named.isAutoNamed)
      #expect(try await store.parameterSet(named: "summer") == named)
      #expect(try await store.parameterSet(named: "winter") == nil)
      // The same parameters under the same name, or without a name: the same set.
      #expect(
        try await store.parameterSet(for: product, preset: "product", name: "summer") == named)
      #expect(try await store.parameterSet(for: product, preset: "product", name: nil) == named)

      // A set has one chosen name.
      let renaming = await #expect(throws: StoreError.self) {
        try await store.parameterSet(for: product, preset: "product", name: "winter")
      }
      #expect(renaming?.reason == .alreadyNamed(existing: "summer", requested: "winter"))

      // Another set cannot take a name in use.
      let taken = await #expect(throws: StoreError.self) {
        try await store.parameterSet(for: .reference, preset: "reference", name: "summer")
      }
      #expect(taken?.reason == .nameTaken("summer"))
      #expect(try await store.parameterSets().count == 1)

      // An automatically named set takes the first name it is given.
      let unnamed = try await store.parameterSet(for: .reference, preset: "reference", name: nil)
      #expect(unnamed.isAutoNamed)
      let renamed = try await store.parameterSet(for: .reference, preset: "reference", name: "ref")
      #expect(renamed.id == unnamed.id)
      #expect(renamed.name == "ref")
      #expect(!renamed.isAutoNamed)
      #expect(try await store.parameterSet(named: unnamed.name) == nil)
      #expect(try await store.parameterSet(named: "ref")?.id == unnamed.id)
      // … but not a name another set holds.
      let coarse = try await store.parameterSet(
        for: AnalysisParameters(granularity: 8), preset: "reference", name: nil)
      let stolen = await #expect(throws: StoreError.self) {
        try await store.parameterSet(for: coarse.parameters, preset: "reference", name: "ref")
      }
      #expect(stolen?.reason == .nameTaken("ref"))
      #expect(try await store.parameterSet(id: coarse.id)?.isAutoNamed == true)
    }
  }

  @Test("blank names and out-of-range parameters are refused", arguments: Backend.allCases)
  func refused(_ backend: Backend) async throws {
    try await withCatalogue(backend) { (store) throws in
      let blank = await #expect(throws: StoreError.self) {
        try await store.parameterSet(for: .reference, preset: "reference", name: "  ")
      }
      #expect(blank?.reason == .invalidName("  "))
      let invalid = await #expect(throws: StoreError.self) {
        try await store.parameterSet(
          for: AnalysisParameters(numColors: 0), preset: "custom", name: nil)
      }
      #expect(
        invalid?.reason == .invalidParameters(detail: "num-colors 0 must be between 1 and 1000"))
      #expect(try await store.parameterSets().isEmpty)
    }
  }
}
