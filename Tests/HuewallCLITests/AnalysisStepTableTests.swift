import ArgumentParser
import Foundation
import HuewallCore
import HuewallTestSupport
import Testing

@testable import HuewallCLI

/// The table of steps is the one declaration of each step: what is not derived from it
/// (argument-parser's flags, the documentation) is checked against it.
@Suite("The table of analysis steps")
struct AnalysisStepTableTests {
  @Test("the parameters and the overrides hold steps only through the table")
  func everyPropertyIsAStep() {
    let parameters = Mirror(reflecting: AnalysisParameters()).children.filter {
      $0.value is Bool
    }
    let overrides = Mirror(reflecting: ParameterOverrides()).children.filter {
      type(of: $0.value) == Bool?.self
    }
    let keys = Set(AnalysisStep.allCases.map(\.key))
    #expect(keys.count == AnalysisStep.allCases.count)
    #expect(parameters.isEmpty && overrides.isEmpty)
  }

  @Test("each step is stored and given under its key")
  func stepsMatchKeys() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    for step in AnalysisStep.allCases {
      var parameters = AnalysisParameters()
      parameters[step] = true
      let on = try JSONSerialization.jsonObject(with: encoder.encode(parameters)) as? [String: Any]
      let stored = (on ?? [:]).filter { $0.value as? Bool == true }.map(\.key)
      #expect(stored == [step.key], "\(step.key)")
      let overrides = ParameterOverrides(steps: [step: false])
      let given = String(decoding: try encoder.encode(overrides), as: UTF8.self)
      #expect(given == #"{"\#(step.key)":false}"#, "\(step.key)")
      #expect(
        try JSONDecoder().decode(ParameterOverrides.self, from: Data(given.utf8)) == overrides)
    }
  }

  @Test("each step has its flag, on and off, with the table's help")
  func everyStepHasItsFlag() throws {
    let help = AnalysisOptions.helpMessage(columns: 10_000)
    // Each flag on its own line of the help, its help beside it or on the next line.
    let labels = help.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces).prefix { $0 != " " }
    }
    for step in AnalysisStep.allCases {
      let on = try AnalysisOptions.parse(["--\(step.flag)"]).overrides
      let off = try AnalysisOptions.parse(["--no-\(step.flag)"]).overrides
      #expect(on.steps[step] == true, "--\(step.flag)")
      #expect(off.steps[step] == false, "--no-\(step.flag)")
      var others = off
      others.steps[step] = nil
      #expect(others == ParameterOverrides(), "--no-\(step.flag) sets only its own step")
      #expect(labels.contains("--\(step.flag)"), "\(step.flag)")
      #expect(labels.contains("--no-\(step.flag)"), "\(step.flag)")
      #expect(help.contains(step.commandLineHelp), "\(step.flag)")
      // The last of the two wins.
      let last = try AnalysisOptions.parse(["--no-\(step.flag)", "--\(step.flag)"]).overrides
      #expect(last.steps[step] == true, "--no-\(step.flag) --\(step.flag)")
    }
  }

  @Test("the presets are read from the table, and stored parameters keep their keys")
  func presetsAndStorage() throws {
    let product = Preset.product.parameters
    for step in AnalysisStep.allCases {
      #expect(product[step] == step.presets.contains(.product), "\(step.key)")
      #expect(Preset.reference.parameters[step] == false, "\(step.key)")
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
    #expect(partial[.litFamilies] && !partial[.hueWrap] && partial.numColors == 3)
  }

  @Test("the README's table of the product preset and the configuration guide name every step")
  func documentationNamesEveryStep() throws {
    let readme = try String(
      contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let configuration = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/CONFIGURATION.md"), encoding: .utf8)
    for step in AnalysisStep.allCases {
      #expect(readme.contains("\n| \(step.name) |"), "README.md: no row for \(step.name)")
      #expect(configuration.contains(step.key), "docs/CONFIGURATION.md: no \(step.key)")
    }
  }

  /// The rows docs/CONFIGURATION.md shows between its `steps:` markers, from the table.
  static var documentedSteps: String {
    let rows = AnalysisStep.allCases.map {
      "| `\($0.key)` | \($0.stage.rawValue) | \($0.details) |"
    }
    return (["| key | stage | meaning |", "| --- | --- | --- |"] + rows).joined(separator: "\n")
  }

  @Test("docs/CONFIGURATION.md shows each step as the table says (scripts/update-docs)")
  func documentedStepsAreTheTables() throws {
    let url = repositoryRoot.appendingPathComponent("docs/CONFIGURATION.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    let (begin, end) = ("<!-- steps: begin -->\n", "\n<!-- steps: end -->")
    let start = try #require(text.range(of: begin), "no \(begin) in \(url.path)")
    let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
    let current = text[start.upperBound..<stop.lowerBound]
    guard current != Self.documentedSteps else { return }
    // What scripts/update-docs copies over the guide.
    let actual = FileManager.default.temporaryDirectory.appendingPathComponent(
      "huewall-docs-actual")
    try FileManager.default.createDirectory(at: actual, withIntermediateDirectories: true)
    try (text[..<start.upperBound] + Self.documentedSteps + text[stop.lowerBound...]).write(
      to: actual.appendingPathComponent("CONFIGURATION.md"), atomically: true, encoding: .utf8)
    Issue.record(
      "docs/CONFIGURATION.md: the steps' rows are not the table's; run scripts/update-docs")
  }
}
