import HuewallColorWords
import HuewallCore
import HuewallPalette
import Testing

/// The backdrop is reported apart from the product's colours, never among them.
@Suite struct BackdropTests {
  func analyse(_ buffer: PixelBuffer, _ preset: Preset = .product) throws -> PaletteAnalysis {
    var parameters = preset.parameters
    parameters.granularity = 1
    return try buffer.withView { try PaletteAnalyzer(parameters: parameters).analyze($0) }
  }

  /// A 40 × 40 backdrop with a 12 × 12 square in the middle.
  func square(_ color: Pixel, on backdrop: Pixel) -> PixelBuffer {
    var buffer = PixelBuffer(width: 40, height: 40, fill: backdrop)
    for x in 14..<26 { for y in 14..<26 { buffer[x, y] = color } }
    return buffer
  }

  @Test func aRedSquareOnLightGreyHasALightGreyBackdropAndRedColoursOnly() throws {
    let analysis = try analyse(square(.red, on: Pixel(red: 211, green: 211, blue: 211)))
    #expect(analysis.backdrop == .color(h: 0, s: 0, v: 0.827, hex: "#d3d3d3"))
    #expect(analysis.backdrop.stored == "#d3d3d3")
    #expect(analysis.colors.map(\.family) == [.red])
    #expect(analysis.colors.first?.share == 1)
  }

  @Test func aTintedBackdropKeepsItsHue() throws {
    let analysis = try analyse(square(.blue, on: Pixel(red: 240, green: 230, blue: 210)))
    guard case .color(let h, let s, let v, let hex) = analysis.backdrop else {
      Issue.record("no backdrop colour: \(analysis.backdrop)")
      return
    }
    #expect(hex == "#f0e6d2")
    #expect(abs(h - 40.0 / 360) < 0.001 && s == 0.125 && v == 0.941)
    #expect(analysis.colors.map(\.family) == [.blue])
  }

  @Test func aTransparentBorderIsTransparent() throws {
    let clear = Pixel(red: 255, green: 255, blue: 255, alpha: 127)
    let analysis = try analyse(square(.red, on: clear))
    #expect(analysis.backdrop == .transparent)
    #expect(analysis.backdrop.stored == "transparent")
    #expect(analysis.colors.map(\.family) == [.red])
  }

  @Test func aNoisySceneIsAScene() throws {
    var buffer = PixelBuffer(width: 30, height: 30)
    for x in 0..<30 {
      for y in 0..<30 {
        buffer[x, y] = Pixel(red: UInt8(x * 8), green: UInt8(y * 8), blue: UInt8((x * y) % 256))
      }
    }
    let analysis = try analyse(buffer)
    #expect(analysis.backdrop == .scene)
    #expect(analysis.backdrop.stored == "scene")
    #expect(analysis.background == 0)
  }

  /// A studio photo framed by a line one pixel wide, darker than the backdrop inside it (H&M's
  /// photos are), analysed at every pixel: the backdrop is the frame's inside, and the frame
  /// goes with it.
  @Test(arguments: [1, 2])
  func aFrameOnePixelWideIsNotTheBackdrop(granularity: Int) throws {
    let frame = Pixel(red: 243, green: 242, blue: 240)
    let inside = Pixel(red: 253, green: 252, blue: 250)
    var buffer = PixelBuffer(width: 60, height: 80, fill: inside)
    for x in 0..<60 { (buffer[x, 0], buffer[x, 79]) = (frame, frame) }
    for y in 0..<80 { (buffer[0, y], buffer[59, y]) = (frame, frame) }
    let black = Pixel(red: 30, green: 30, blue: 32)
    for x in 20..<40 { for y in 20..<60 { buffer[x, y] = black } }
    var parameters = Preset.product.parameters
    parameters.granularity = granularity
    let analysis = try buffer.withView { try PaletteAnalyzer(parameters: parameters).analyze($0) }
    #expect(analysis.backdrop.stored == "#fdfcfa")
    #expect(analysis.colors.map(\.family) == [.black])
  }

  @Test func theReferencePresetDoesNotLookForOne() throws {
    let buffer = square(.red, on: .white)
    let analysis = try analyse(buffer, .reference)
    #expect(analysis.backdrop == .unknown)
    #expect(analysis.backdrop.stored == nil)
    // Its colours are the original algorithm's: the white backdrop first.
    #expect(analysis.colors.first?.family == .white)
  }

  @Test func backgroundSuppressionAloneReportsTheBackdrop() throws {
    // Without the product path's steps the kernel reads the marked grid directly.
    var parameters = AnalysisParameters(granularity: 1)
    parameters[.backgroundSuppression] = true
    let analysis = try square(.red, on: .white).withView {
      try PaletteAnalyzer(parameters: parameters).analyze($0)
    }
    #expect(analysis.backdrop.stored == "#ffffff")
    #expect(analysis.colors.map(\.family) == [.red])
  }
}
