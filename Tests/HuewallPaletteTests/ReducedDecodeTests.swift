import HuewallColorWords
import HuewallCore
import HuewallPalette
import Testing

/// An image decoded reduced (a JPEG scaled in its DCT, DecodePlan) holds the image's every
/// `reduction`-th pixel, more or less: the analysis samples it every `granularity /
/// reduction`-th pixel, and whatever is measured in the image's pixels keeps its meaning.
@Suite struct ReducedDecodeTests {
  /// Every `reduction`-th pixel of `buffer` in both directions: what a reduced decode would
  /// hold if each of its pixels were the first of its block rather than the block's average.
  func reduced(_ buffer: PixelBuffer, by reduction: Int) -> PixelBuffer {
    let width = (buffer.width + reduction - 1) / reduction
    let height = (buffer.height + reduction - 1) / reduction
    var out = PixelBuffer(width: width, height: height)
    for x in 0..<width {
      for y in 0..<height { out[x, y] = buffer[x * reduction, y * reduction] }
    }
    return out
  }

  /// A grey studio backdrop (240) with a soft shadow inside it that darkens in two steps of 15
  /// levels a sample (4 pixels) apart, away from the border, and a red product on the shadow.
  func productOnShadowedBackdrop() -> PixelBuffer {
    var buffer = PixelBuffer(width: 64, height: 64, fill: Pixel(red: 240, green: 240, blue: 240))
    for x in 8..<56 {
      for y in 20..<44 {
        let inner = (12..<52).contains(x) && (24..<40).contains(y)
        let level: UInt8 = inner ? 210 : 225
        buffer[x, y] = Pixel(red: level, green: level, blue: level)
      }
    }
    for x in 24..<40 { for y in 28..<36 { buffer[x, y] = Pixel(red: 200, green: 30, blue: 30) } }
    return buffer
  }

  var productWithoutThinOutlines: AnalysisParameters {
    var p = Preset.product.parameters
    p[.thinOutlines] = false
    return p
  }

  @Test(arguments: [2, 4])
  func aReducedImageGivesTheSamplesOfTheFullOne(reduction: Int) throws {
    let buffer = productOnShadowedBackdrop()
    let small = reduced(buffer, by: reduction)
    let full = buffer.withView { SampleGrid($0, step: 4) }
    let fromReduced = small.withView { SampleGrid($0, step: 4, reduction: reduction) }
    #expect(fromReduced.step == 4 && fromReduced.decodedStep == 4 / reduction)
    #expect(fromReduced.columns == full.columns && fromReduced.rows == full.rows)
    #expect(fromReduced.pixels == full.pixels)
    // Between two samples lie decodedStep − 1 decoded pixels, down and right of each.
    #expect(fromReduced.byteCount == 4 * 16 * 16 * (1 + 2 * (4 / reduction - 1)))
  }

  @Test(arguments: [2, 4])
  func theAnalysisOfAReducedImageIsTheFullImagesOne(reduction: Int) throws {
    // Thin outlines off: with them on, the full image's pixels between samples count too.
    let analyzer = try PaletteAnalyzer(parameters: productWithoutThinOutlines)
    let buffer = productOnShadowedBackdrop()
    let full = buffer.withView { analyzer.analyze($0) }
    let small = reduced(buffer, by: reduction).withView {
      analyzer.analyze($0, reduction: reduction)
    }
    #expect(small == full)
    // The red product's 4 × 2 samples are all that is left of the image.
    #expect(full.samples == 256 && full.samples - full.background == 8, "\(full)")
    #expect(full.colors.first?.family == .red)
  }

  @Test func theBackdropFillAllowsForTheImagesStepNotTheDecodedOne() throws {
    // Neighbouring samples 4 pixels apart may differ by up to 20 levels going darker; pixels
    // 1 apart by 11. The shadow's steps of 15 are backdrop at granularity 4 however the image
    // was decoded.
    let analyzer = try PaletteAnalyzer(parameters: productWithoutThinOutlines)
    let small = reduced(productOnShadowedBackdrop(), by: 4)
    let reducedAnalysis = small.withView { analyzer.analyze($0, reduction: 4) }
    #expect(reducedAnalysis.samples - reducedAnalysis.background == 8)
    // The same 16 × 16 pixels taken as an image of their own, sampled every pixel: there the
    // shadow is a product's edge.
    var everyPixel = productWithoutThinOutlines
    everyPixel.granularity = 1
    let asOwnImage = try small.withView { try PaletteAnalyzer(parameters: everyPixel).analyze($0) }
    #expect(asOwnImage.samples - asOwnImage.background > 8)
  }

  @Test func thinOutlinesReadTheDecodedPixelsBetweenSamples() throws {
    // At 1/2, one decoded pixel lies between two samples 4 image pixels apart: a 2-pixel
    // outline of the product is still one of them, and stops the fill as at full size.
    var buffer = PixelBuffer(width: 64, height: 64, fill: Pixel(red: 240, green: 236, blue: 230))
    // A product as light and warm as the backdrop, outlined in dark grey 2 pixels wide.
    for x in 14..<50 {
      for y in 14..<50 {
        let edge = x < 16 || x >= 48 || y < 16 || y >= 48
        buffer[x, y] =
          edge ? Pixel(red: 90, green: 90, blue: 90) : Pixel(red: 238, green: 234, blue: 228)
      }
    }
    var p = Preset.product.parameters
    p[.thinOutlines] = true
    let analyzer = try PaletteAnalyzer(parameters: p)
    let half = reduced(buffer, by: 2)
    let full = buffer.withView { analyzer.analyze($0) }
    let fromHalf = half.withView { analyzer.analyze($0, reduction: 2) }
    let kept = half.withView { SampleGrid($0, step: 4, reduction: 2) }
    #expect(fromHalf.background == full.background)
    #expect(analyzer.analyze(kept) == fromHalf)
    // Without the outline check the fill would take the body for backdrop.
    p[.thinOutlines] = false
    let without = try half.withView { try PaletteAnalyzer(parameters: p).analyze($0, reduction: 2) }
    #expect(without.background > fromHalf.background)
  }
}
