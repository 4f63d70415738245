import ArgumentParser
import Foundation
import HuewallCore
import Testing

@testable import HuewallCLI

/// The table of steps is the one declaration of each step: what cannot be derived from it
/// (stored properties, argument-parser's flags, the documentation) is checked against it.
@Suite("The table of analysis steps")
struct AnalysisStepTableTests {
  @Test("every Bool of the parameters and of the overrides is a step of the table")
  func everyPropertyIsAStep() {
    let parameters = Mirror(reflecting: AnalysisParameters()).children.filter {
      $0.value is Bool
    }
    let overrides = Mirror(reflecting: ParameterOverrides()).children.filter {
      type(of: $0.value) == Bool?.self
    }
    let keys = Set(AnalysisStep.all.map(\.key))
    #expect(keys.count == AnalysisStep.all.count)
    #expect(Set(parameters.compactMap(\.label)) == keys)
    #expect(Set(overrides.compactMap(\.label)) == keys)
  }

  @Test("each step's key paths reach the property of its key")
  func keyPathsMatchKeys() throws {
    for step in AnalysisStep.all {
      var parameters = AnalysisParameters()
      parameters[keyPath: step.parameter] = true
      let on = Mirror(reflecting: parameters).children.filter { $0.value as? Bool == true }
      #expect(on.map(\.label) == [step.key], "\(step.key)")
      var overrides = ParameterOverrides()
      overrides[keyPath: step.override] = false
      let given = Mirror(reflecting: overrides).children.filter {
        type(of: $0.value) == Bool?.self && ($0.value as? Bool?)! != nil
      }
      #expect(given.map(\.label) == [step.key], "\(step.key)")
    }
  }

  @Test("each step has its flag, on and off, with the table's help")
  func everyStepHasItsFlag() throws {
    let help = AnalysisOptions.helpMessage(columns: 10_000)
    for step in AnalysisStep.all {
      let on = try AnalysisOptions.parse(["--\(step.flag)"]).overrides
      let off = try AnalysisOptions.parse(["--no-\(step.flag)"]).overrides
      #expect(on[keyPath: step.override] == true, "--\(step.flag)")
      #expect(off[keyPath: step.override] == false, "--no-\(step.flag)")
      var others = off
      others[keyPath: step.override] = nil
      #expect(others == ParameterOverrides(), "--no-\(step.flag) sets only its own step")
      #expect(help.contains("--\(step.flag)/--no-\(step.flag)"), "\(step.flag)")
      #expect(help.contains(step.commandLineHelp), "\(step.flag)")
    }
  }

  @Test("the presets are read from the table, and stored parameters keep their keys")
  func presetsAndStorage() throws {
    let product = Preset.product.parameters
    for step in AnalysisStep.all {
      #expect(product[keyPath: step.parameter] == step.presets.contains(.product), "\(step.key)")
      #expect(Preset.reference.parameters[keyPath: step.parameter] == false, "\(step.key)")
    }
    #expect(product.mergeDistance == 12)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let reference = String(decoding: try encoder.encode(AnalysisParameters()), as: UTF8.self)
    #expect(
      reference
        == #"{"alphaThreshold":120,"backgroundSuppression":false,"darkPixelDamping":false,"#
        + #""granularity":4,"hueSampleSize":0.01,"hueWrap":false,"numColors":3,"#
        + #""saturationPriority":4,"svSampleSize":0.2}"#)
    let decoded = try JSONDecoder().decode(
      AnalysisParameters.self, from: try encoder.encode(product))
    #expect(decoded == product)
    let partial = try JSONDecoder().decode(
      AnalysisParameters.self, from: Data(#"{"litFamilies":true}"#.utf8))
    #expect(partial.litFamilies && !partial.hueWrap && partial.numColors == 3)
  }

  @Test("the README's table of the product preset and the configuration guide name every step")
  func documentationNamesEveryStep() throws {
    let readme = try String(
      contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let configuration = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/CONFIGURATION.md"), encoding: .utf8)
    for step in AnalysisStep.all {
      #expect(readme.contains("\n| \(step.name) |"), "README.md: no row for \(step.name)")
      #expect(configuration.contains(step.key), "docs/CONFIGURATION.md: no \(step.key)")
    }
  }
}
