import HuewallColorWords
import HuewallCore
import HuewallPalette
import Testing

/// Each improvement of the `product` preset, pinned on an image where it changes the answer.
@Suite struct ProductPresetTests {
  /// The reference parameters at granularity 1 with one improvement switched.
  func parameters(_ change: (inout AnalysisParameters) -> Void) -> AnalysisParameters {
    var p = AnalysisParameters(granularity: 1)
    change(&p)
    return p
  }

  func top(_ buffer: PixelBuffer, _ parameters: AnalysisParameters) throws -> PaletteAnalysis {
    try buffer.withView { try PaletteAnalyzer(parameters: parameters).analyze($0) }
  }

  /// A 40 × 40 backdrop with an 8 × 8 square in the middle.
  func square(_ color: Pixel, on backdrop: Pixel) -> PixelBuffer {
    var buffer = PixelBuffer(width: 40, height: 40, fill: backdrop)
    for x in 16..<24 { for y in 16..<24 { buffer[x, y] = color } }
    return buffer
  }

  @Test func backgroundSuppressionFindsTheRedSquareOnWhite() throws {
    // 64 red pixels weigh 64 × 5 = 320; 1,536 white ones 1,536.
    let buffer = square(.red, on: .white)
    let off = try top(buffer, parameters { $0[.backgroundSuppression] = false })
    let on = try top(buffer, parameters { $0[.backgroundSuppression] = true })
    #expect(off.colors.first?.family == .white)
    #expect(on.colors.first?.family == .red)
    #expect(on.background == 1536)
    #expect(on.colors.count == 1)
  }

  @Test func backgroundSuppressionFollowsGradientsAndSoftShadows() throws {
    // A vertical gradient from white to light grey, a soft shadow (up to 10 % darker) under a grey
    // product: the product is all that is left.
    var buffer = PixelBuffer(width: 60, height: 60)
    for x in 0..<60 {
      for y in 0..<60 {
        let level = UInt8(255 - y * 30 / 59)
        buffer[x, y] = Pixel(red: level, green: level, blue: level)
      }
    }
    for x in 14..<46 {
      for (i, y) in (44..<52).enumerated() {
        let level = UInt8(255 - y * 30 / 59 - 24 + i * 3)
        buffer[x, y] = Pixel(red: level, green: level, blue: level)
      }
    }
    let grey = Pixel(red: 120, green: 120, blue: 120)
    for x in 20..<40 { for y in 20..<44 { buffer[x, y] = grey } }
    let on = try top(buffer, parameters { $0[.backgroundSuppression] = true })
    #expect(on.colors.map(\.family) == [.grey])
    #expect(on.samples - on.background == 20 * 24)
  }

  @Test func backgroundSuppressionStopsAtALightProductOnADarkerBackdrop() throws {
    // A white shirt on a light-grey backdrop is one small step lighter than the backdrop.
    let backdrop = Pixel(red: 232, green: 232, blue: 232)
    let on = try top(square(.white, on: backdrop), parameters { $0[.backgroundSuppression] = true })
    #expect(on.colors.map(\.family) == [.white])
    #expect(on.samples - on.background == 64)
  }

  @Test func backgroundSuppressionLeavesScenesAlone() throws {
    // A border of many different colours is not a studio backdrop.
    var buffer = PixelBuffer(width: 30, height: 30)
    for x in 0..<30 {
      for y in 0..<30 {
        buffer[x, y] = Pixel(red: UInt8(x * 8), green: UInt8(y * 8), blue: UInt8((x * y) % 256))
      }
    }
    let on = try top(buffer, parameters { $0[.backgroundSuppression] = true })
    let off = try top(buffer, parameters { $0[.backgroundSuppression] = false })
    #expect(on.background == 0)
    #expect(on.colors == off.colors)
  }

  @Test func backgroundSuppressionLeavesTransparentBackdropsToAlpha() throws {
    let clear = Pixel(red: 255, green: 255, blue: 255, alpha: 127)
    let on = try top(square(.blue, on: clear), parameters { $0[.backgroundSuppression] = true })
    #expect(on.background == 0)
    #expect(on.skipped == 1536)
    #expect(on.colors.map(\.family) == [.blue])
  }

  @Test func hueWrapJoinsTheTwoHalvesOfRed() throws {
    // Red split between hue bins 1.00 (255, 0, 2) and 0.00 (255, 2, 0), 10 pixels each;
    // 15 blue pixels beat either half but not both.
    let below = Pixel(red: 255, green: 0, blue: 2)
    let above = Pixel(red: 255, green: 2, blue: 0)
    let column =
      Array(repeating: below, count: 10) + Array(repeating: above, count: 10)
      + Array(repeating: .blue, count: 15)
    let buffer = image(columns: [column])
    let off = try top(buffer, parameters { $0[.hueWrap] = false })
    let on = try top(buffer, parameters { $0[.hueWrap] = true })
    #expect(off.colors.map(\.bin.hue) == [67, 100, 0])
    #expect(on.colors.map(\.bin.hue) == [0, 67])
    #expect(on.colors[0].h == 0)
  }

  @Test func darkPixelDampingStopsNoisyBlacksOutweighingAProduct() throws {
    // Ten near-black pixels with a red cast (s 0.71) weigh 3.86 each without damping;
    // twenty mid-grey pixels weigh 1 each.
    let noisyBlack = Pixel(red: 35, green: 10, blue: 10)
    let grey = Pixel(red: 128, green: 128, blue: 128)
    let buffer = image(columns: [
      Array(repeating: noisyBlack, count: 10) + Array(repeating: grey, count: 20)
    ])
    let off = try top(buffer, parameters { $0[.darkPixelDamping] = false })
    let on = try top(buffer, parameters { $0[.darkPixelDamping] = true })
    #expect(off.colors.first?.bin == HSVBin(hue: 0, saturation: 4, value: 1))
    #expect(on.colors.first?.family == .grey)
    // Filed as neutral: hue and saturation 0, weight 1 each.
    #expect(on.colors.last?.bin == HSVBin(hue: 0, saturation: 0, value: 1))
    #expect(on.colors.last?.weight == 10)
  }

  @Test func neutralGreysMakeOneGreyPerBrightnessAtHue0() throws {
    // Hand-worked: three greys of v 0.8 with faint tints (s ≤ 0.06, saturation bin 0) at hues
    // 0.58, 0.08 and 0.33, eight pixels each, and a blue of six pixels (s 0.6, 6 × 3.4 = 20.4).
    // Off: three grey bins of 8 × (1 + 4 s) ≈ 9.3–9.9 each lose to the blue. On: one grey bin at
    // hue 0 of about 29 wins, and reports hue 0.
    let bluish = Pixel(red: 192, green: 197, blue: 204)
    let warm = Pixel(red: 204, green: 198, blue: 192)
    let greenish = Pixel(red: 196, green: 204, blue: 196)
    let blue = Pixel(red: 82, green: 140, blue: 204)
    let buffer = image(columns: [
      Array(repeating: bluish, count: 8) + Array(repeating: warm, count: 8)
        + Array(repeating: greenish, count: 8) + Array(repeating: blue, count: 6)
    ])
    let off = try top(buffer, parameters { $0[.neutralGreys] = false })
    let on = try top(buffer, parameters { $0[.neutralGreys] = true })
    #expect(off.colors.first?.family == .blue)
    #expect(Set(off.colors.dropFirst().map(\.bin.hue)).count == 2, "tints are apart")
    #expect(on.colors.first?.bin == HSVBin(hue: 0, saturation: 0, value: 4))
    #expect(on.colors.first?.h == 0)
    #expect(on.colors.count == 2)
  }

  @Test func productPresetSwitchesEveryImprovementOn() {
    let product = Preset.product.parameters
    #expect(product[.backgroundSuppression] && product[.hueWrap] && product[.darkPixelDamping])
    #expect(product[.neutralGreys])
    let reference = Preset.reference.parameters
    #expect(
      !reference[.backgroundSuppression] && !reference[.hueWrap] && !reference[.darkPixelDamping])
    #expect(!reference[.neutralGreys])
  }
}
