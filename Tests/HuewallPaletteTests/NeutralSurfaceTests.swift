import HuewallColorWords
import HuewallCore
import HuewallPalette
import Testing

/// ``AnalysisParameters/neutralSurface``: a dark neutral colour is filed black or grey by the
/// product's neutral tones below silver, not by its own samples, which stop at the value bin's
/// edge. (Reference off and product on: `ProductPathTests.theReferenceLeavesEveryNewStepOff`.)
@Suite struct NeutralSurfaceTests {
  func analyse(_ column: [Pixel], neutralSurface: Bool) throws -> DominantColor {
    var p = AnalysisParameters(
      granularity: 1, mergeDistance: 12, steps: [.neutralGreys, .litFamilies, .shopperFamilies])
    p[.neutralSurface] = neutralSurface
    let buffer = image(columns: [column])
    return try #require(
      try buffer.withView { try PaletteAnalyzer(parameters: p).analyze($0) }.colors.first)
  }

  func grey(_ level: UInt8, _ count: Int) -> [Pixel] {
    Array(repeating: Pixel(red: level, green: level, blue: level), count: count)
  }

  @Test func aBlackCapWithAGreyLitSideIsBlack() throws {
    // Most of the cap is v 0.16; its lit side, three tenths of it, reaches v 0.28. All of it is
    // one bin (v 0.2), whose lit side alone would file it grey.
    let cap = grey(41, 14) + grey(71, 6)
    let off = try analyse(cap, neutralSurface: false)
    let on = try analyse(cap, neutralSurface: true)
    #expect(off.family == .grey)
    #expect(on.family == .black)
    #expect(abs((on.surfaceValue ?? 0) - 41.0 / 255) < 0.001)
    // The reported colour stays the bin's.
    #expect(on.bin == off.bin && on.hex == off.hex)
  }

  @Test func aSteelBodyWhoseDarkReflectionsWeighMostIsGrey() throws {
    // Dark reflections (v 0.16) are the heaviest bin, but the body goes on through v 0.42 and
    // 0.62: most of its tones are mid grey.
    let steel = grey(41, 9) + grey(107, 6) + grey(158, 5)
    let off = try analyse(steel, neutralSurface: false)
    let on = try analyse(steel, neutralSurface: true)
    #expect(off.v < 0.3 && off.family == .black)
    #expect(on.family == .grey)
    #expect(abs((on.surfaceValue ?? 0) - 107.0 / 255) < 0.001)
  }

  @Test func silverAndWhiteTonesAreNotPartOfADarkSurface() throws {
    // A black body beside white and silver parts (at and above v 0.7) stays black.
    let body = grey(41, 10) + grey(200, 5) + grey(250, 5)
    let on = try analyse(body, neutralSurface: true)
    #expect(on.family == .black)
    #expect(abs((on.surfaceValue ?? 0) - 41.0 / 255) < 0.001)
  }

  @Test func aDarkChromaticColourKeepsItsOwnLitSide() throws {
    // A navy of v 0.2 and chroma 0.12 is not neutral: the grey beside it does not file it.
    let navy = Array(repeating: Pixel(red: 20, green: 25, blue: 51), count: 12)
    let on = try analyse(navy + grey(140, 8), neutralSurface: true)
    #expect(on.surfaceValue == nil)
    #expect(on.family == .navy)
  }
}
