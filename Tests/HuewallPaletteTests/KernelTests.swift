import Foundation
import HuewallColorWords
import HuewallCore
import HuewallPalette
import Testing

/// The reference's rules, pinned on images small enough to work out by hand.
@Suite struct KernelTests {
  // Bins at the default sample sizes, worked out from the HSV formulas: grey 128 has v 0.502
  // (bin 3 of 0.2); blue has h 4/6 (bin 67 of 0.01).
  let greyBin = HSVBin(hue: 0, saturation: 0, value: 3)
  let redBin = HSVBin(hue: 0, saturation: 5, value: 5)
  let blueBin = HSVBin(hue: 67, saturation: 5, value: 5)
  let unweighted = AnalysisParameters(saturationPriority: 0, granularity: 1)

  @Test func scansColumnsOuterSoEqualWeightsRankInColumnOrder() throws {
    // Column 0 holds grey then red, column 1 blue then grey. Red is seen before blue only
    // when x is the outer loop; row-major order would put blue first.
    let buffer = image(columns: [[.grey, .red], [.blue, .grey]])
    let analysis = try buffer.withView { try PaletteAnalyzer(parameters: unweighted).analyze($0) }
    #expect(analysis.colors.map(\.bin) == [greyBin, redBin, blueBin])
    #expect(analysis.colors.map(\.weight) == [2.0, 1.0, 1.0])
  }

  @Test func saturationPriorityOutweighsPixelCount() throws {
    // Three grey pixels weigh 3; two red ones weigh 2 × (1 + 4 × 1) = 10.
    let buffer = image(columns: [[.grey, .grey, .grey, .red, .red]])
    let analysis = try buffer.withView {
      try PaletteAnalyzer(parameters: AnalysisParameters(granularity: 1)).analyze($0)
    }
    #expect(analysis.colors.map(\.bin) == [redBin, greyBin])
    #expect(analysis.colors.map(\.weight) == [10.0, 3.0])
    let shares: [Double] = [10.0 / 13, 3.0 / 13]
    #expect(analysis.colors.map(\.share) == shares)
  }

  @Test func skipsPixelsMoreTransparentThanTheThreshold() throws {
    let buffer = image(columns: [
      [
        Pixel(red: 255, green: 0, blue: 0, alpha: 121),
        Pixel(red: 0, green: 0, blue: 255, alpha: 120),
      ]
    ])
    let analysis = try buffer.withView { try PaletteAnalyzer(parameters: unweighted).analyze($0) }
    #expect(analysis.samples == 2)
    #expect(analysis.skipped == 1)
    #expect(analysis.colors.map(\.bin) == [blueBin])
  }

  @Test func visitsEveryGranularityThPixelFromTheOrigin() throws {
    // 5 × 5 at granularity 2 visits x, y ∈ {0, 2, 4}: nine pixels, all red; the rest blue.
    var buffer = PixelBuffer(width: 5, height: 5, fill: .blue)
    for x in [0, 2, 4] { for y in [0, 2, 4] { buffer[x, y] = .red } }
    let parameters = AnalysisParameters(saturationPriority: 0, granularity: 2)
    let analysis = try buffer.withView { try PaletteAnalyzer(parameters: parameters).analyze($0) }
    #expect(analysis.samples == 9)
    #expect(analysis.colors.map(\.bin) == [redBin])
    #expect(analysis.colors[0].weight == 9.0)
  }

  @Test func reportsAtMostNumColorsAndQuantisedValues() throws {
    let buffer = image(columns: [[.grey, .red, .blue, .white]])
    let parameters = AnalysisParameters(numColors: 2, saturationPriority: 0, granularity: 1)
    let analysis = try buffer.withView { try PaletteAnalyzer(parameters: parameters).analyze($0) }
    #expect(analysis.colors.count == 2)
    // Grey 128: v = 128 / 255 = 0.502 → bin 3 of 0.2 → 0.6000000000000001 (3 × 0.2).
    #expect(analysis.colors[0].v == 3.0 * 0.2)
    #expect(analysis.colors[0].bin == HSVBin(hue: 0, saturation: 0, value: 3))
  }

  @Test func fullyTransparentImageHasNoColours() throws {
    let buffer = PixelBuffer(
      width: 3, height: 3, fill: Pixel(red: 0, green: 0, blue: 0, alpha: 127))
    let analysis = try buffer.withView { try PaletteAnalyzer(parameters: .reference).analyze($0) }
    #expect(analysis.colors.isEmpty)
    #expect(analysis.skipped == analysis.samples)
  }

  @Test func sparseBinsGiveTheSameRankingAsDenseOnes() throws {
    // 0.001-wide bins overflow the dense table; the ranking rules must not change.
    let buffer = image(columns: [[.grey, .red], [.blue, .grey]])
    let fine = AnalysisParameters(
      hueSampleSize: 0.001, svSampleSize: 0.001, saturationPriority: 0, granularity: 1)
    let analysis = try buffer.withView { try PaletteAnalyzer(parameters: fine).analyze($0) }
    #expect(
      analysis.colors.map(\.bin) == [
        HSVBin(hue: 0, saturation: 0, value: 502),  // 128 / 255 = 0.50196
        HSVBin(hue: 0, saturation: 1000, value: 1000),
        HSVBin(hue: 667, saturation: 1000, value: 1000),  // 4 / 6 = 0.66667
      ])
  }

  @Test(arguments: [
    (0.0, 0.0, 1.0, "#ffffff"), (0.0, 1.0, 1.0, "#ff0000"), (1.0, 1.0, 1.0, "#ff0000"),
    (1.0 / 3, 1.0, 1.0, "#00ff00"), (0.5, 1.0, 0.6, "#009999"), (2.0 / 3, 1.2, 1.0, "#0000ff"),
    (0.0, 0.0, 0.0, "#000000"),
  ])
  func hexIsTheBinCentre(h: Double, s: Double, v: Double, hex: String) {
    let color = DominantColor(
      bin: HSVBin(hue: 0, saturation: 0, value: 0), h: h, s: s, v: v, weight: 1, share: 1)
    #expect(color.hex == hex)
  }
}

@Suite struct ParameterValidationTests {
  @Test(arguments: [
    (AnalysisParameters(numColors: 0), "num-colors"),
    (AnalysisParameters(hueSampleSize: 0), "hue-sample-size"),
    (AnalysisParameters(hueSampleSize: 1.5), "hue-sample-size"),
    (AnalysisParameters(svSampleSize: -0.2), "sv-sample-size"),
    (AnalysisParameters(saturationPriority: -1), "saturation-priority"),
    (AnalysisParameters(granularity: 0), "granularity"),
    (AnalysisParameters(alphaThreshold: 128), "alpha-threshold"),
  ])
  func rejectsOutOfRangeValuesNamingTheParameter(parameters: AnalysisParameters, name: String) {
    #expect(throws: ParameterError.self) { try PaletteAnalyzer(parameters: parameters) }
    do {
      _ = try parameters.validated()
    } catch {
      #expect(error.parameter == name)
      #expect(error.description.contains("must be between"))
    }
  }

  @Test func missingKeysTakeTheirDefaults() throws {
    let json = #"{"numColors": 5, "granularity": 2}"#
    let decoded = try JSONDecoder().decode(AnalysisParameters.self, from: Data(json.utf8))
    #expect(decoded == AnalysisParameters(numColors: 5, granularity: 2))
  }
}
