import Foundation
import HuewallColorWords
import HuewallCore
import HuewallPalette
import Testing

/// ``MeanColourFamilies``: a colour's family named again from its samples' mean, where its bin's
/// box files it otherwise. The expected families are how people name these colours (the XKCD
/// survey's olive, mauve, navy, mustard, lemon), not what any code files them as.
@Suite struct MeanColourFamilyTests {
  let shipped = MeanColourFamilies.shipped

  func family(_ drawn: ColorFamily, _ red: Double, _ green: Double, _ blue: Double)
    -> ColorFamily
  {
    // A colour whose bin holds its mean: the bin's hue is the mean's.
    let hue = referenceHSV(red: Int(red), green: Int(green), blue: Int(blue)).h
    return shipped.family(drawn, hue: hue, mean: SIMD3(red, green, blue))
  }

  @Test func aGreyishOliveFiledGreyIsGreen() {
    // #707864: s 0.17 and v 0.47 in HSV, under the boxes' neutral chroma; in CIELAB chroma 12
    // at a hue angle of 125°, an olive.
    #expect(family(.grey, 112, 120, 100) == .green)
    // #6e704e (an olive drab, hue angle 110°) that a box filed brown.
    #expect(family(.brown, 110, 112, 78) == .green)
  }

  @Test func aTrueGreyStaysGreyAndAWarmGreyToo() {
    #expect(family(.grey, 128, 128, 128) == .grey)
    // #827e78: chroma 3.8, below what a person calls coloured.
    #expect(family(.grey, 130, 126, 120) == .grey)
    #expect(family(.white, 240, 240, 238) == .white)
    #expect(family(.black, 18, 18, 20) == .black)
  }

  @Test func aDarkNavyFiledBlackIsNavy() {
    // #161a30: L 10, chroma 16, hue angle 290°.
    #expect(family(.black, 22, 26, 48) == .navy)
  }

  @Test func aMauveFiledGreyOrPinkIsPurple() {
    // #8c698c: chroma 25, hue angle 326°.
    #expect(family(.grey, 140, 105, 140) == .purple)
    #expect(family(.pink, 140, 105, 140) == .purple)
  }

  @Test func anOrangeAndAnAmberStayOrange() {
    // #e66e1e and the survey's amber #feb308 (hue angles 55° and 80°): whatever a shop calls
    // its mustards, the mean does not move an orange.
    #expect(family(.orange, 230, 110, 30) == .orange)
    #expect(family(.orange, 254, 179, 8) == .orange)
  }

  @Test func aCreamFiledWhiteIsBeigeAndAMetallicGoldStaysGold() {
    // #eadcbc: L 88, chroma 17.5, hue angle 91°, nearest the survey's "beige" (ΔE₀₀ 5.7).
    #expect(family(.white, 234, 220, 188) == .beige)
    // #c7a428, the drawn set's gold: a material, which the mean does not rename.
    #expect(family(.gold, 199, 164, 40) == .gold)
  }

  @Test func anOffWhiteIsWhiteWhereverItsChromaFilesIt() {
    // #ece4d2 (L 91, chroma 9.8) and #f2eee0 (L 94, chroma 7.3): warm enough for the beige
    // move and the beige box, yet nearest the survey's "off white" (ΔE₀₀ 7.4 and 6.2) of its
    // whites and beiges. The cream beside them, #e8d8b4 (chroma 19.8), is nearest "beige".
    #expect(family(.white, 236, 228, 210) == .white)
    #expect(family(.grey, 236, 228, 210) == .white)
    #expect(family(.beige, 236, 228, 210) == .white)
    #expect(family(.beige, 242, 238, 224) == .white)
    #expect(family(.white, 232, 216, 180) == .beige)
    #expect(family(.beige, 232, 216, 180) == .beige)
  }

  @Test func inABandOfHueTheSurveysNameNearestTheMeanDecidesNotTheBinsCentre() {
    // A dress whose bin (hue 227°, s 0.55, v 0.49) has a centre (#37467b) as near the survey's
    // "twilight" as its "cobalt", and whose samples' mean, #323e6f, is nearest "marine blue".
    #expect(shipped.family(.purple, hue: 0.63, mean: SIMD3(50, 62, 111)) == .blue)
    // A top whose bin (259°) is a blue's and whose mean, #452389, is nearest "indigo".
    #expect(shipped.family(.blue, hue: 0.72, mean: SIMD3(69, 35, 137)) == .purple)
    // A hoodie whose bin's centre (#dfb9d6, hue 313°) is nearest "very light purple" and
    // whose mean, #d3afcb, is nearest "powder pink": pink, and the purple move (its mean's
    // hue angle is 332°) does not take it back.
    #expect(shipped.family(.purple, hue: 0.87, mean: SIMD3(211, 175, 203)) == .pink)
  }

  @Test func outsideEveryBandTheMovesDecide() {
    #expect(ColorFamily.named(.grey, hue: 0.63, rgb: (50, 62, 111)) == nil)
    #expect(ColorFamily.named(.orange, hue: 0.08, rgb: (230, 110, 30)) == nil)
    #expect(ColorFamily.named(.purple, hue: 0.63, rgb: (50, 62, 111)) == .blue)
  }

  @Test func aPastelYellowFiledBeigeIsYellowAndASandStaysBeige() {
    // #f2dc99: L 88, chroma 36, hue angle 93°, the survey's pastel and butter yellows.
    #expect(family(.beige, 242, 220, 153) == .yellow)
    // #f5cf3a (L 84, chroma 74): a sunflower yellow whose bin's box is gold.
    #expect(family(.gold, 245, 207, 58) == .yellow)
    // #e8d9b5 (chroma 20) and #e6cfa0 (chroma 26), the survey's beige and sand.
    #expect(family(.beige, 232, 217, 181) == .beige)
    #expect(family(.beige, 230, 207, 160) == .beige)
    // #d9a520, a mustard gold of lightness 71: darker than the survey's yellows begin.
    #expect(family(.gold, 217, 165, 32) == .gold)
  }

  @Test func aLemonFiledGreenIsYellowAndAMintStaysGreen() {
    // #f0e678: L 90, hue angle 101°; #aae1be: hue angle 155°.
    #expect(family(.green, 240, 230, 120) == .yellow)
    #expect(family(.green, 170, 225, 190) == .green)
  }

  @Test func aVividBlueAndARedAreLeftToTheirBoxes() {
    #expect(family(.blue, 40, 80, 200) == .blue)
    // #0000ff and #000080 lie at a hue angle of 306°, among the mauves.
    #expect(family(.blue, 0, 0, 255) == .blue)
    #expect(family(.navy, 0, 0, 128) == .navy)
    #expect(family(.red, 200, 30, 40) == .red)
    #expect(family(.multicolour, 110, 112, 78) == .multicolour)
  }

  /// On the product path the analysis names its colour from the mean, and the colour itself
  /// (its bin, hex and share) stays what the reference reports.
  @Test func theProductPathNamesAGreyishOliveProductGreenAndKeepsItsBin() throws {
    let olive = Pixel(red: 112, green: 120, blue: 100)
    let backdrop = Pixel(red: 250, green: 250, blue: 250)
    let size = 60
    let columns = (0..<size).map { x in
      (0..<size).map { y in (15..<45).contains(x) && (10..<50).contains(y) ? olive : backdrop }
    }
    var parameters = Preset.product.parameters
    parameters.granularity = 1
    let analysis = try image(columns: columns).withView {
      try PaletteAnalyzer(parameters: parameters).analyze($0)
    }
    let top = try #require(analysis.colors.first)
    #expect(top.boxFamily == .grey, "#707864's box is a grey")
    #expect(top.family == .green)
    #expect(analysis.family == .green)
    let mean = try #require(top.meanRGB)
    #expect(abs(mean.x - 112) < 0.5 && abs(mean.y - 120) < 0.5 && abs(mean.z - 100) < 0.5)
    // The colour reported is the bin's centre, as without the mean.
    #expect((top.s, top.v) == (0.2, 0.4) || (top.s, top.v) == (0.2, 0.6))
  }

  /// Without the shopper boundaries (the reference) the mean names nothing.
  @Test func theReferenceFilesByTheBoxAlone() {
    let colour = DominantColor(
      bin: HSVBin(hue: 0, saturation: 1, value: 2), h: 0.18, s: 0.2, v: 0.4, weight: 1,
      share: 1, meanRGB: SIMD3(110, 112, 78), regions: .original)
    #expect(colour.family == colour.boxFamily)
  }
}
