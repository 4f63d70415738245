public import HuewallCore

/// An image's format and pixel size, read from its header without decoding.
///
/// libgd has no size limit of its own: a 1.2 KB JPEG that claims 40000×40000 pixels makes it
/// allocate gigabytes. Reading the header first lets the decoder refuse such files at once.
public struct ImageHeader: Sendable, Hashable {
  public var format: ImageFormat
  public var width: Int
  public var height: Int

  public init(format: ImageFormat, width: Int, height: Int) {
    self.format = format
    self.width = width
    self.height = height
  }

  /// The longest side any reader accepts. Real images stay far below it (JPEG tops out at
  /// 65535, WebP at 16384); a header claiming more is refused as too large, whatever the
  /// pixel limit, so that no size read from a file reaches libgd's `int` arithmetic unchecked.
  public static let maxSide = 1 << 24

  /// Width × height, or `Int.max` when the product does not fit: a header's claim is never
  /// trusted to multiply safely.
  public var pixelCount: Int { Self.area(width, height) }

  /// `width × height`, saturating at `Int.max` instead of trapping.
  static func area(_ width: Int, _ height: Int) -> Int {
    let (product, overflow) = width.multipliedReportingOverflow(by: height)
    return overflow ? .max : product
  }

  /// Reads the header of `bytes`, which must start with `format`'s signature.
  ///
  /// - Returns: nil when the header is cut short or malformed.
  public static func read(_ bytes: UnsafeRawBufferPointer, format: ImageFormat) -> ImageHeader? {
    let reader = ByteReader(bytes: bytes)
    let size: (Int, Int)?
    switch format {
    case .jpeg: size = jpegSize(reader)
    case .png: size = pngSize(reader)
    case .gif: size = gifSize(reader)
    case .webp: size = webpSize(reader)
    case .bmp: size = bmpSize(reader)
    case .avif: size = avifBoxesFit(reader) ? avifSize(reader) : nil
    }
    guard let (width, height) = size, width > 0, height > 0 else { return nil }
    return ImageHeader(format: format, width: width, height: height)
  }

  /// The first start-of-frame marker (SOF0…SOF15 but DHT, JPG and DAC) holds the size.
  private static func jpegSize(_ r: ByteReader) -> (Int, Int)? {
    var offset = 2
    while let marker = r.u8(offset) {
      guard marker == 0xFF, let code = r.u8(offset + 1) else { return nil }
      if code == 0xFF {
        offset += 1  // fill byte
        continue
      }
      if code == 0x01 || (0xD0...0xD7).contains(code) {
        offset += 2  // markers without a length
        continue
      }
      guard let length = r.u16be(offset + 2), length >= 2 else { return nil }
      if (0xC0...0xCF).contains(code), ![0xC4, 0xC8, 0xCC].contains(code) {
        guard let height = r.u16be(offset + 5), let width = r.u16be(offset + 7) else { return nil }
        return (width, height)
      }
      if code == 0xDA || code == 0xD9 { return nil }  // scan or end before any frame
      offset += 2 + length
    }
    return nil
  }

  private static func pngSize(_ r: ByteReader) -> (Int, Int)? {
    guard r.ascii(12, 4) == "IHDR", let w = r.u32be(16), let h = r.u32be(20) else { return nil }
    return (w, h)
  }

  /// The logical screen, and the first image descriptor (libgd decodes the first frame, and a
  /// frame may claim more than the screen).
  private static func gifSize(_ r: ByteReader) -> (Int, Int)? {
    guard let width = r.u16le(6), let height = r.u16le(8), r.u8(10) != nil else { return nil }
    guard let descriptor = gifFirstImageDescriptor(r) else { return (width, height) }
    guard let w = r.u16le(descriptor + 5), let h = r.u16le(descriptor + 7) else { return nil }
    return (max(width, w), max(height, h))
  }

  /// Whether a GIF's data stops inside its first frame's image data. libgd decodes such a
  /// file without a word, showing what it read over a blank rest, where libjpeg and libpng
  /// report a truncated file.
  static func gifEndsInsideFirstFrame(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let r = ByteReader(bytes: bytes)
    guard let descriptor = gifFirstImageDescriptor(r), let flags = r.u8(descriptor + 9) else {
      return false
    }
    // The local colour table, then the LZW minimum code size, then sub-blocks up to a 0.
    var offset = descriptor + 10 + (flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0) + 1
    while let blockSize = r.u8(offset) {
      if blockSize == 0 { return false }
      offset += 1 + Int(blockSize)
    }
    return true
  }

  /// The offset of the first image descriptor, past the global colour table and any
  /// extensions; nil when the data ends or something else comes first.
  private static func gifFirstImageDescriptor(_ r: ByteReader) -> Int? {
    guard let flags = r.u8(10) else { return nil }
    var offset = 13 + (flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0)
    while let introducer = r.u8(offset) {
      switch introducer {
      case 0x21:  // extension: label, then sub-blocks
        offset += 2
        while let blockSize = r.u8(offset), blockSize != 0 { offset += 1 + Int(blockSize) }
        offset += 1
      case 0x2C:
        return offset
      default:
        return nil
      }
    }
    return nil
  }

  private static func webpSize(_ r: ByteReader) -> (Int, Int)? {
    switch r.ascii(12, 4) {
    case "VP8 ":
      // frame tag (3), start code 9d 01 2a, then 14-bit width and height
      guard r.u8(23) == 0x9D, r.u8(24) == 0x01, r.u8(25) == 0x2A,
        let w = r.u16le(26), let h = r.u16le(28)
      else { return nil }
      return (w & 0x3FFF, h & 0x3FFF)
    case "VP8L":
      guard r.u8(20) == 0x2F, let bits = r.u32le(21) else { return nil }
      return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
    case "VP8X":
      guard let w = r.u24le(24), let h = r.u24le(27) else { return nil }
      return (w + 1, h + 1)
    default:
      return nil
    }
  }

  private static func bmpSize(_ r: ByteReader) -> (Int, Int)? {
    guard let headerSize = r.u32le(14) else { return nil }
    if headerSize == 12 {
      guard let w = r.u16le(18), let h = r.u16le(20) else { return nil }
      return (w, h)
    }
    guard let w = r.u32le(18), let h = r.u32le(22) else { return nil }
    // Height is signed: negative means top-down rows.
    return (Int(Int32(truncatingIfNeeded: w)), abs(Int(Int32(truncatingIfNeeded: h))))
  }

  /// Whether every top-level box of an AVIF file ends within the file. libgd 2.3.3 allocates
  /// whatever size a box claims before reading it (and never frees it), so a 30-byte file
  /// claiming a 2 GiB box would cost 2 GiB: such a file is refused from its header.
  private static func avifBoxesFit(_ r: ByteReader) -> Bool {
    var offset = 0
    let count = r.bytes.count
    while count - offset >= 8 {
      guard var size = r.u32be(offset) else { return false }
      if size == 0 { return true }  // the last box runs to the end of the file
      if size == 1 {  // a 64-bit size follows the type
        guard let high = r.u32be(offset + 8), let low = r.u32be(offset + 12), high == 0 else {
          return false
        }
        size = low
      }
      guard size >= 8, size <= count - offset else { return false }
      offset += size
    }
    return true
  }

  /// The largest `ispe` (image spatial extents) property in the file's boxes.
  private static func avifSize(_ r: ByteReader) -> (Int, Int)? {
    var best: (Int, Int)?
    var offset = 0
    let limit = min(r.bytes.count, 1 << 20)
    while offset + 20 <= limit {
      if r.ascii(offset + 4, 4) == "ispe", let w = r.u32be(offset + 12),
        let h = r.u32be(offset + 16)
      {
        if area(w, h) > best.map({ area($0.0, $0.1) }) ?? -1 { best = (w, h) }
        offset += 20
      } else {
        offset += 1
      }
    }
    return best
  }
}

/// Bounds-checked big- and little-endian reads; every read past the end is nil.
struct ByteReader {
  let bytes: UnsafeRawBufferPointer

  func u8(_ at: Int) -> UInt8? {
    at >= 0 && at < bytes.count ? bytes[at] : nil
  }

  private func uint(_ at: Int, _ count: Int, bigEndian: Bool) -> Int? {
    guard at >= 0, count <= bytes.count, at <= bytes.count - count else { return nil }
    var value = 0
    for i in 0..<count {
      let byte = Int(bytes[at + (bigEndian ? i : count - 1 - i)])
      value = value << 8 | byte
    }
    return value
  }

  func u16be(_ at: Int) -> Int? { uint(at, 2, bigEndian: true) }
  func u32be(_ at: Int) -> Int? { uint(at, 4, bigEndian: true) }
  func u16le(_ at: Int) -> Int? { uint(at, 2, bigEndian: false) }
  func u24le(_ at: Int) -> Int? { uint(at, 3, bigEndian: false) }
  func u32le(_ at: Int) -> Int? { uint(at, 4, bigEndian: false) }

  func ascii(_ at: Int, _ count: Int) -> String? {
    guard at >= 0, count <= bytes.count, at <= bytes.count - count else { return nil }
    return String(decoding: bytes[at..<at + count], as: UTF8.self)
  }
}
