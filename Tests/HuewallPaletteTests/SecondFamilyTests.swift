import Testing

@testable import HuewallColorWords
@testable import HuewallPalette

/// The second family of a colour near a boundary, and none for one inside its family.
@Suite struct SecondFamilyTests {
  @Test func aRedJustShortOfTheOrangeLineIsAlsoOrange() {
    // The shopper boundaries draw red below 12° of hue; 11° is 1° from orange.
    let h = 11.0 / 360
    #expect(ColorFamily(h: h, s: 0.9, v: 1, shopper: .drawn) == .red)
    #expect(ColorFamily.second(of: .red, h: h, s: 0.9, v: 1) == .orange)
    #expect(ColorFamily.second(of: .red, h: h, s: 0.9, v: 1, reach: 0) == nil)
  }

  @Test func aColourInsideItsFamilyHasNoSecond() {
    #expect(ColorFamily.second(of: .blue, h: 220.0 / 360, s: 0.8, v: 0.8) == nil)
    #expect(ColorFamily.second(of: .red, h: 0, s: 0.9, v: 0.8) == nil)
  }

  @Test func aMulticolourProductHasNoSecond() {
    #expect(ColorFamily.second(of: .multicolour, h: 11.0 / 360, s: 0.9, v: 1) == nil)
  }

  @Test func aColourTheAnalysisFiledNeutralIsAlsoItsHue() {
    // A muted olive bin (s 0.2, v 0.6: chroma 0.12, over the neutral line at 0.1) whose
    // samples' mean saturation filed it grey.
    #expect(ColorFamily.second(of: .grey, h: 0.19, s: 0.2, v: 0.6) == .green)
  }

  @Test func aLightGreyThatShowsNoMetalIsNotAlsoSilver() {
    // #cccccc is silver by its colour; filed grey, its product showed no metal.
    #expect(ColorFamily(h: 0, s: 0, v: 0.8, shopper: .drawn) == .silver)
    #expect(ColorFamily.second(of: .grey, h: 0, s: 0, v: 0.8) == nil)
    // A silver stays a boundary of white.
    #expect(ColorFamily.second(of: .white, h: 0, s: 0, v: 0.8) == .silver)
  }

  @Test func theReachIsSmall() {
    #expect(ColorFamily.secondFamilyReach > 0 && ColorFamily.secondFamilyReach <= 5)
  }
}
