import Foundation
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
