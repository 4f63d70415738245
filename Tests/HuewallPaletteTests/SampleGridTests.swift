import Foundation
import HuewallCore
import HuewallDecode
import HuewallPalette
import Testing

/// A kept sample grid must give what the image gives: a live tuning page re-analyses from
/// grids, and its colours must be the ones `huewall colors` prints.
@Suite struct SampleGridTests {
  static var parameterSets: [(String, AnalysisParameters)] {
    get throws {
      try GoldenSet.names.map { ($0, try GoldenSet.parameters($0)) }
        + Preset.allCases.map { ($0.rawValue, $0.parameters) }
    }
  }

  @Test func everySampleAnalysesTheSameFromItsGridAsFromTheImage() throws {
    let samples = try FileManager.default.contentsOfDirectory(
      at: repositoryRoot.appendingPathComponent("samples"), includingPropertiesForKeys: nil
    ).filter { ImageFormat.sniff(Array((try? Data(contentsOf: $0)) ?? Data()).prefix(64)) != nil }
    #expect(samples.count >= 20)
    for (name, parameters) in try Self.parameterSets {
      let analyzer = try PaletteAnalyzer(parameters: parameters)
      for file in samples {
        let image = try ImageDecoder().decode(try Data(contentsOf: file), source: file.path)
        let (direct, grid) = image.withPixels {
          (analyzer.analyze($0), SampleGrid($0, step: parameters.granularity))
        }
        // The samples and, for each, the pixels down and right to the next ones.
        let gap = parameters.granularity - 1
        #expect(grid.byteCount == 4 * grid.columns * grid.rows * (1 + 2 * gap))
        #expect(analyzer.analyze(grid) == direct, "\(name): \(file.lastPathComponent)")
      }
    }
  }
}
