import Foundation
import HuewallColorWords
import HuewallCore
import HuewallPalette
import Testing

/// The repository root, found from this file's path, for `samples/`.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func fixture(_ name: String) throws -> URL {
  try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
}

/// The reference's bin key, `sprintf('[%f,%f,%f]', qh, qs, qv)`.
func referenceKey(_ color: DominantColor) -> String {
  String(format: "[%f,%f,%f]", color.h, color.s, color.v)
}

/// Builds a pixel buffer column by column, the order the kernel scans.
func image(columns: [[Pixel]]) -> PixelBuffer {
  var buffer = PixelBuffer(width: columns.count, height: columns[0].count)
  for (x, column) in columns.enumerated() {
    for (y, pixel) in column.enumerated() { buffer[x, y] = pixel }
  }
  return buffer
}

extension Pixel {
  static let red = Pixel(red: 255, green: 0, blue: 0)
  static let blue = Pixel(red: 0, green: 0, blue: 255)
  static let grey = Pixel(red: 128, green: 128, blue: 128)
  static let white = Pixel(red: 255, green: 255, blue: 255)
}

/// Whether two doubles agree but for their last bits: sums added in another order.
func nearlyEqual(_ a: Double?, _ b: Double?) -> Bool {
  guard let a, let b else { return a == nil && b == nil }
  return abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
}

/// Whether two analyses are the same but for the last bits of their sums: the same bins,
/// hexes and families in the same order, the same counts, and every weight, share and mean
/// within a billionth. A live wall's kept colours add their samples' weights per colour, a
/// run sample by sample.
func sameButForRounding(_ a: PaletteAnalysis, _ b: PaletteAnalysis) -> Bool {
  guard
    a.colors.count == b.colors.count, a.samples == b.samples, a.skipped == b.skipped,
    a.background == b.background, a.skin == b.skin, a.backdrop == b.backdrop,
    nearlyEqual(a.totalWeight, b.totalWeight), a.family == b.family,
    Set(a.familyShares.keys) == Set(b.familyShares.keys),
    a.familyShares.allSatisfy({ nearlyEqual($0.value, b.familyShares[$0.key]) })
  else { return false }
  return zip(a.colors, b.colors).allSatisfy { x, y in
    x.bin == y.bin && x.hex == y.hex && x.family == y.family && x.litValue == y.litValue
      && x.surfaceValue == y.surfaceValue && nearlyEqual(x.h, y.h) && nearlyEqual(x.s, y.s)
      && nearlyEqual(x.v, y.v) && nearlyEqual(x.weight, y.weight)
      && nearlyEqual(x.share, y.share) && nearlyEqual(x.meanSaturation, y.meanSaturation)
  }
}
