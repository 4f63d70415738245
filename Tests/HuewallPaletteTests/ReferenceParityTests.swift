import Foundation
import HuewallCore
import HuewallDecode
import HuewallPalette
import Testing

/// One line of the reference oracle's output (the original PHP + GD implementation run on
/// `samples/`), committed as golden files by `scripts/make-golden`.
struct ReferenceLine: Decodable, CustomStringConvertible {
  var file: String
  var w: Int
  var h: Int
  var top: [String]
  var weights: [Double]
  var samples: Int
  var skipped: Int
  var tie: Bool

  var description: String { file }
}

enum GoldenSet {
  static let names = ["default", "fine", "coarse"]

  static func parameters(_ name: String) throws -> AnalysisParameters {
    let data = try Data(contentsOf: fixture("golden/parameters.json"))
    let all = try JSONDecoder().decode([String: AnalysisParameters].self, from: data)
    return try #require(all[name], "no parameters named \(name)")
  }

  static func lines(_ name: String) throws -> [ReferenceLine] {
    let text = try String(contentsOf: fixture("golden/\(name).jsonl"), encoding: .utf8)
    return try text.split(separator: "\n").map {
      try JSONDecoder().decode(ReferenceLine.self, from: Data($0.utf8))
    }
  }
}

@Suite struct ReferenceParityTests {
  @Test(arguments: GoldenSet.names)
  func everySampleGivesTheReferenceTopColoursInOrder(set: String) throws {
    let parameters = try GoldenSet.parameters(set)
    let analyzer = try PaletteAnalyzer(parameters: parameters)
    let lines = try GoldenSet.lines(set)
    #expect(lines.count >= 20, "the golden file should cover the samples")
    for reference in lines {
      let bytes = try Data(
        contentsOf: repositoryRoot.appendingPathComponent("samples/\(reference.file)"))
      let image = try ImageDecoder().decode(bytes, source: reference.file)
      let analysis = image.withPixels { analyzer.analyze($0) }
      #expect(image.width == reference.w && image.height == reference.h, "\(reference)")
      #expect(analysis.colors.map(referenceKey) == reference.top, "\(set): \(reference)")
      #expect(analysis.samples == reference.samples, "\(set): \(reference)")
      #expect(analysis.skipped == reference.skipped, "\(set): \(reference)")
      for (ours, theirs) in zip(analysis.colors.map(\.weight), reference.weights) {
        #expect(abs(ours - theirs) < 1e-6, "\(set): \(reference) weight \(ours) vs \(theirs)")
      }
    }
  }

  @Test func theGoldenSetsExerciseTies() throws {
    let ties = try GoldenSet.names.flatMap { try GoldenSet.lines($0) }.filter(\.tie)
    #expect(!ties.isEmpty, "some reference result should rank equal weights")
  }
}
