import Foundation
import HuewallColorWords
import HuewallCore
import HuewallPalette
import Testing

/// ``AnalysisParameters/litFamilies``: a colour is filed by the value its lit side reaches,
/// not by its bin's value.
@Suite struct LitFamilyTests {
  func analyse(_ buffer: PixelBuffer, litFamilies: Bool) throws -> PaletteAnalysis {
    var p = AnalysisParameters(granularity: 1, mergeDistance: 12, steps: [.neutralGreys])
    p[.litFamilies] = litFamilies
    return try buffer.withView { try PaletteAnalyzer(parameters: p).analyze($0) }
  }

  /// A grey shaded smoothly from one level to another, five samples per level.
  func shading(_ levels: StrideThrough<Int>) -> PixelBuffer {
    let column = levels.flatMap { level in
      Array(repeating: Pixel(red: UInt8(level), green: UInt8(level), blue: UInt8(level)), count: 5)
    }
    return image(columns: [column])
  }

  @Test func aShadedWhiteIsWhiteNotSilver() throws {
    // v 0.80 to 0.96: most samples fall in the v 0.8 bin (silver), the lit side is white.
    let buffer = shading(stride(from: 205, through: 245, by: 2))
    let off = try #require(try analyse(buffer, litFamilies: false).colors.first)
    let on = try #require(try analyse(buffer, litFamilies: true).colors.first)
    #expect(off.family == .silver)
    #expect(on.family == .white)
    // The reported colour stays the bin's: only its family follows the lit side.
    #expect(on.bin == off.bin && on.v == off.v && on.s == off.s)
    #expect(off.litValue == nil)
    #expect(abs((on.litValue ?? 0) - 241.0 / 255) < 0.01)
  }

  @Test func aDarkGreyIsGreyNotBlack() throws {
    // v 0.22 to 0.38, most samples in the v 0.2 bin (black); its lit side is grey.
    let buffer = shading(stride(from: 56, through: 96, by: 2))
    let off = try #require(try analyse(buffer, litFamilies: false).colors.first)
    let on = try #require(try analyse(buffer, litFamilies: true).colors.first)
    #expect(off.family == .black)
    #expect(on.family == .grey)
  }

  @Test func aFlatSilverStaysSilver() throws {
    // #c8c8c8 throughout (v 0.78): nothing lit to tell it from silver.
    let buffer = image(columns: [
      Array(repeating: Pixel(red: 200, green: 200, blue: 200), count: 20)
    ])
    let on = try #require(try analyse(buffer, litFamilies: true).colors.first)
    #expect(on.family == .silver)
  }

  @Test func theReferenceLeavesItOffAndTheProductPresetOn() throws {
    #expect(!AnalysisParameters.reference[.litFamilies])
    #expect(Preset.product.parameters[.litFamilies])
    // Off, the key stays out of the JSON, so stored parameter sets keep their hash.
    let json = String(
      decoding: try JSONEncoder().encode(AnalysisParameters.reference), as: UTF8.self)
    #expect(!json.contains("litFamilies"))
    let product = try JSONEncoder().encode(Preset.product.parameters)
    let decoded = try JSONDecoder().decode(AnalysisParameters.self, from: product)
    #expect(decoded[.litFamilies])
  }
}
