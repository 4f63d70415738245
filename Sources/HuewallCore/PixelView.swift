/// A read-only view of a decoded truecolour image, valid only inside the closure that lends it.
///
/// Pixels use libgd's truecolour layout so that the colour kernel reads the decoder's memory
/// without a copy: `alpha << 24 | red << 16 | green << 8 | blue`, where alpha is 7-bit
/// (0 opaque … 127 transparent).
public struct PixelView {
  public let width: Int
  public let height: Int
  @usableFromInline let rows: UnsafePointer<UnsafeMutablePointer<Int32>?>

  /// - Parameter rows: `height` row pointers, each to `width` pixels (libgd's `tpixels`).
  public init(width: Int, height: Int, rows: UnsafePointer<UnsafeMutablePointer<Int32>?>) {
    self.width = width
    self.height = height
    self.rows = rows
  }

  /// The row `y`; rows are separate allocations in libgd, so callers walk a row at a time.
  @inlinable
  public func row(_ y: Int) -> UnsafePointer<Int32> {
    UnsafePointer(rows[y].unsafelyUnwrapped)
  }

  @inlinable
  public subscript(x: Int, y: Int) -> Pixel {
    Pixel(packed: UInt32(bitPattern: rows[y].unsafelyUnwrapped[x]))
  }
}

/// One pixel in libgd's truecolour layout.
public struct Pixel: Hashable, Sendable {
  public var packed: UInt32

  @inlinable public init(packed: UInt32) { self.packed = packed }

  /// - Parameter alpha: libgd's 7-bit alpha, 0 opaque … 127 transparent.
  @inlinable public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 0) {
    packed = UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
  }

  @inlinable public var alpha: Int { Int(packed >> 24 & 0xFF) }
  @inlinable public var red: Int { Int(packed >> 16 & 0xFF) }
  @inlinable public var green: Int { Int(packed >> 8 & 0xFF) }
  @inlinable public var blue: Int { Int(packed & 0xFF) }
}

/// An owned pixel buffer for images made in memory (tests, synthetic benchmarks).
public struct PixelBuffer: Sendable {
  public let width: Int
  public let height: Int
  public private(set) var pixels: [Pixel]

  public init(width: Int, height: Int, fill: Pixel = Pixel(red: 255, green: 255, blue: 255)) {
    precondition(width > 0 && height > 0, "a pixel buffer needs a positive size")
    self.width = width
    self.height = height
    self.pixels = Array(repeating: fill, count: width * height)
  }

  public subscript(x: Int, y: Int) -> Pixel {
    get { pixels[y * width + x] }
    set { pixels[y * width + x] = newValue }
  }

  /// Lends the buffer as a ``PixelView``; the view must not escape `body`.
  public func withView<R>(_ body: (PixelView) throws -> R) rethrows -> R {
    var packed = pixels.map { Int32(bitPattern: $0.packed) }
    return try packed.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      var rows = (0..<height).map { Optional(base + $0 * width) }
      return try rows.withUnsafeMutableBufferPointer { rowBuffer in
        try body(
          PixelView(width: width, height: height, rows: UnsafePointer(rowBuffer.baseAddress!)))
      }
    }
  }
}
