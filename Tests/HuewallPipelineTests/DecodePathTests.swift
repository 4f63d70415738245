import Foundation
import HuewallCore
import HuewallDecode
import HuewallPalette
import HuewallPipeline
import Testing

/// Every command analyses through `analyseImage`, which decodes as ``DecodePlan`` says: a
/// JPEG reduced under the `product` preset, libgd's full decode under `reference`.
@Suite struct DecodePathTests {
  /// samples/01-red-sneaker.jpg: a 600 × 420 JPEG, decoded at 1/2 under the product preset.
  static let sneaker = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("samples/01-red-sneaker.jpg")

  func analysis(_ bytes: Data, plan: DecodePlan, analyzer: PaletteAnalyzer) throws
    -> PaletteAnalysis
  {
    let image = try ImageDecoder().decode(bytes, source: "sneaker", plan: plan)
    return image.withPixels { analyzer.analyze($0, reduction: image.reduction) }
  }

  @Test func theProductPresetAnalysesTheReducedDecode() throws {
    let bytes = try Data(contentsOf: Self.sneaker)
    let analyzer = try PaletteAnalyzer(parameters: Preset.product.parameters)
    let analysed = try analyseImage(
      bytes, source: "sneaker", decoder: ImageDecoder(), analyzer: analyzer)
    #expect(analysed.width == 600 && analysed.height == 420, "the image's own size")
    let reduced = try analysis(bytes, plan: DecodePlan(maxReduction: 2), analyzer: analyzer)
    let whole = try analysis(bytes, plan: .wholeImage, analyzer: analyzer)
    #expect(analysed.palette == reduced)
    #expect(analysed.palette != whole)
    // The same samples (the granularity's grid of the image), whichever decode.
    #expect(analysed.palette.samples == whole.samples)
  }

  @Test func theReferencePresetAnalysesLibgdsFullDecode() throws {
    let bytes = try Data(contentsOf: Self.sneaker)
    let analyzer = try PaletteAnalyzer(parameters: Preset.reference.parameters)
    let analysed = try analyseImage(
      bytes, source: "sneaker", decoder: ImageDecoder(), analyzer: analyzer)
    let whole = try analysis(bytes, plan: .wholeImage, analyzer: analyzer)
    let reduced = try analysis(bytes, plan: DecodePlan(maxReduction: 2), analyzer: analyzer)
    #expect(analysed.palette == whole)
    #expect(analysed.palette != reduced)
  }
}
