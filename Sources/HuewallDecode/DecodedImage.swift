import CGD
import HuewallCore

/// A decoded truecolour image owned by libgd, freed when the last reference goes.
///
/// Pixels are lent through ``withPixels(_:)`` rather than copied: the colour kernel reads
/// libgd's rows in place, and the view cannot outlive the image.
public final class DecodedImage {
  let image: gdImagePtr
  public let format: ImageFormat
  /// libgd's recoverable warnings (e.g. extraneous bytes in a JPEG), for logs.
  public let warnings: [String]

  init(taking image: gdImagePtr, format: ImageFormat, warnings: [String]) {
    self.image = image
    self.format = format
    self.warnings = warnings
  }

  deinit { gdImageDestroy(image) }

  public var width: Int { Int(image.pointee.sx) }
  public var height: Int { Int(image.pointee.sy) }

  /// Lends the pixels in libgd's layout (see ``PixelView``); the view must not escape `body`.
  public func withPixels<R>(_ body: (PixelView) throws -> R) rethrows -> R {
    try withExtendedLifetime(self) {
      try body(PixelView(width: width, height: height, rows: UnsafePointer(image.pointee.tpixels)))
    }
  }
}
