import HuewallColorWords
import Testing

@testable import HuewallPalette

/// A packshot outranks an on-model or lifestyle shot of the same product.
@Suite struct PlainnessTests {
  func analysis(
    samples: Int = 1000, skipped: Int = 0, background: Int = 0, skin: Int = 0,
    backdrop: Backdrop
  ) -> PaletteAnalysis {
    let red = DominantColor(
      bin: HSVBin(hue: 0, saturation: 5, value: 5), h: 0, s: 1, v: 1, weight: 1, share: 1)
    var result = PaletteAnalysis(
      colors: [red], samples: samples, skipped: skipped, background: background,
      totalWeight: 1, familyShares: [.red: 1])
    result.skin = skin
    result.backdrop = backdrop
    return result
  }

  @Test func packshotBeatsModelShotAndScene() {
    let packshot = analysis(background: 600, backdrop: Backdrop(red: 250, green: 250, blue: 250))
    let cutOut = analysis(skipped: 700, backdrop: .transparent)
    let scene = analysis(backdrop: .scene)
    let modelShot = analysis(skin: 150, backdrop: .scene)
    #expect(packshot.plainness == 1)
    #expect(cutOut.plainness == 1)
    #expect(scene.plainness == 0.5)
    #expect(modelShot.plainness < scene.plainness)
    #expect(abs(modelShot.plainness - 0.5 * 0.7) < 1e-12)
  }

  @Test func aSmallProductCountsInProportion() {
    let small = analysis(background: 900, backdrop: Backdrop(red: 250, green: 250, blue: 250))
    #expect(abs(small.plainness - 0.5) < 1e-12)
  }

  @Test func nothingFoundIsNotPlain() {
    let empty = analysis(skipped: 1000, backdrop: .transparent)
    #expect(empty.plainness == 0)
  }
}
