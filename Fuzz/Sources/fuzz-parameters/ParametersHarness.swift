// Analysis parameters as pipeline.json gives them: ParameterOverrides from JSON on top of each
// preset (and AnalysisParameters decoded whole), validated; every valid set then builds a
// PaletteAnalyzer and analyses a small fixed image, so that a value the validation lets
// through but the kernel cannot honour shows up here.
import Foundation
import HuewallCore
import HuewallPalette

/// 17×13 pixels: a hue sweep with saturation and value falling off, a white border (the
/// background suppression's backdrop), a few transparent and a few very dark pixels.
private let image: PixelBuffer = {
  var buffer = PixelBuffer(width: 17, height: 13)
  for y in 1..<12 {
    for x in 1..<16 {
      let t = Double(x - 1) / 14
      let r = UInt8(255 * max(0, 1 - 2 * t))
      let g = UInt8(255 * max(0, 1 - abs(2 * t - 1)))
      let b = UInt8(255 * max(0, 2 * t - 1))
      let fade = UInt8(255 - (y - 1) * 20)
      buffer[x, y] = Pixel(
        red: max(r, fade / 3), green: max(g, fade / 4), blue: max(b, fade / 5),
        alpha: (x + y) % 9 == 0 ? 127 : 0)
    }
  }
  buffer[8, 6] = Pixel(red: 2, green: 1, blue: 3)
  buffer[9, 6] = Pixel(red: 10, green: 0, blue: 0, alpha: 100)
  return buffer
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let json = Data(bytes: data, count: size)
  let decoder = JSONDecoder()
  var candidates: [AnalysisParameters] = []
  if let overrides = try? decoder.decode(ParameterOverrides.self, from: json) {
    for preset in Preset.allCases {
      if let parameters = try? preset.parameters(with: overrides) { candidates.append(parameters) }
    }
  }
  if let parameters = try? decoder.decode(AnalysisParameters.self, from: json),
    let valid = try? parameters.validated()
  {
    candidates.append(valid)
  }
  for parameters in candidates {
    guard let analyzer = try? PaletteAnalyzer(parameters: parameters) else {
      fatalError("validated parameters that PaletteAnalyzer refuses: \(parameters)")
    }
    let analysis = image.withView { analyzer.analyze($0) }
    guard analysis.colors.count <= parameters.numColors else {
      fatalError("more colours than asked for")
    }
    guard analysis.skipped + analysis.background <= analysis.samples else {
      fatalError("more pixels skipped than seen")
    }
  }
  return 0
}
