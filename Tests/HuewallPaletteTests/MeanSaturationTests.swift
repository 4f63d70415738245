import HuewallColorWords
import HuewallCore
import HuewallPalette
import Testing

/// ``AnalysisParameters/meanSaturation``: a chromatic colour is filed by its samples' mean
/// saturation, not by its saturation bin's centre. (Reference off and product on:
/// `ProductPathTests.theReferenceLeavesEveryNewStepOff`; the key out of the reference's JSON:
/// `ParameterSetTests`' hand-written canonical JSON.)
@Suite struct MeanSaturationTests {
  func analyse(_ pixels: [Pixel], meanSaturation: Bool) throws -> DominantColor {
    var p = AnalysisParameters(
      granularity: 1, mergeDistance: 12, steps: [.neutralGreys, .shopperFamilies])
    p[.meanSaturation] = meanSaturation
    let buffer = image(columns: [pixels])
    return try #require(
      try buffer.withView { try PaletteAnalyzer(parameters: p).analyze($0) }.colors.first)
  }

  @Test func aHotPinkInTheBinAbovePinksBoundaryIsPink() throws {
    // #d93661: h 344°, s 0.75, v 0.85. Its saturation bin is 0.8, where the shopper
    // boundaries call a bluish red red; its samples say 0.75, a hot pink.
    let pink = Array(repeating: Pixel(red: 217, green: 54, blue: 97), count: 20)
    let off = try analyse(pink, meanSaturation: false)
    let on = try analyse(pink, meanSaturation: true)
    #expect(off.s == 0.8 && off.family == .red)
    #expect(on.family == .pink)
    #expect(abs((on.meanSaturation ?? 0) - 163.0 / 217) < 0.001)
    // The reported colour stays the bin's: only its family follows the samples.
    #expect(on.bin == off.bin && on.s == off.s && on.hex == off.hex)
  }

  @Test func aNeutralBinStaysNeutral() throws {
    // A warm white (s 0.04) is filed in the lowest saturation bin at hue 0; its samples'
    // faint tint must not make it a pink.
    let white = Array(repeating: Pixel(red: 240, green: 236, blue: 230), count: 20)
    let on = try analyse(white, meanSaturation: true)
    #expect(on.meanSaturation == nil)
    #expect(on.family == .white)
  }
}
