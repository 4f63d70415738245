import CGD
import CJPEGDecode
public import HuewallCore

/// A decoded truecolour image, freed when the last reference goes: libgd's (every format, full
/// size) or libjpeg's scaled decode of a JPEG (``reduction`` above 1; see ``DecodePlan``).
///
/// Pixels are lent through ``withPixels(_:)`` rather than copied: the colour kernel reads the
/// decoder's rows in place, and the view cannot outlive the image.
public final class DecodedImage {
  private enum Storage {
    case gd(gdImagePtr)
    case jpeg(UnsafeMutablePointer<huewall_jpeg_image>)
  }

  private let storage: Storage
  public let format: ImageFormat
  /// The decoder's recoverable warnings (e.g. extraneous bytes in a JPEG), for logs.
  public let warnings: [String]
  /// The image's size in its own pixels, whatever the scale it was decoded at.
  public let width: Int
  public let height: Int
  /// How many of the image's pixels along each side one decoded pixel stands for: 1 for a
  /// full decode, 2, 4 or 8 for a JPEG decoded scaled. The decoded size is the image's size
  /// divided by it, rounded up.
  public let reduction: Int

  init(taking image: gdImagePtr, format: ImageFormat, warnings: [String]) {
    storage = .gd(image)
    self.format = format
    self.warnings = warnings
    width = Int(image.pointee.sx)
    height = Int(image.pointee.sy)
    reduction = 1
  }

  /// Takes the pixels of a successful ``huewall_jpeg_decode``; `image` is freed with them.
  init(
    taking image: UnsafeMutablePointer<huewall_jpeg_image>, reduction: Int, warnings: [String]
  ) {
    storage = .jpeg(image)
    format = .jpeg
    self.warnings = warnings
    width = Int(image.pointee.image_width)
    height = Int(image.pointee.image_height)
    self.reduction = reduction
  }

  deinit {
    switch storage {
    case .gd(let image): gdImageDestroy(image)
    case .jpeg(let image):
      huewall_jpeg_free(image)
      image.deallocate()
    }
  }

  /// The decoder this image went through.
  public var path: DecodePath {
    switch storage {
    case .gd: .libgd
    case .jpeg: .scaledJPEG
    }
  }

  /// The size of the decoded pixels (the image's size over ``reduction``, rounded up).
  public var decodedWidth: Int {
    switch storage {
    case .gd(let image): Int(image.pointee.sx)
    case .jpeg(let image): Int(image.pointee.width)
    }
  }

  public var decodedHeight: Int {
    switch storage {
    case .gd(let image): Int(image.pointee.sy)
    case .jpeg(let image): Int(image.pointee.height)
    }
  }

  /// Lends the decoded pixels in libgd's layout (see ``PixelView``), ``decodedWidth`` ×
  /// ``decodedHeight`` of them; the view must not escape `body`.
  public func withPixels<R>(_ body: (PixelView) throws -> R) rethrows -> R {
    let rows: UnsafePointer<UnsafeMutablePointer<Int32>?> =
      switch storage {
      case .gd(let image): UnsafePointer(image.pointee.tpixels)
      case .jpeg(let image): UnsafePointer(image.pointee.rows)
      }
    return try withExtendedLifetime(self) {
      try body(PixelView(width: decodedWidth, height: decodedHeight, rows: rows))
    }
  }
}
