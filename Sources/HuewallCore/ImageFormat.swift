/// The image formats Huewall decodes, recognised by their magic bytes (libgd only goes by
/// file name, and product feeds serve JPEGs named `.png` and error pages named `.jpg`).
public enum ImageFormat: String, Sendable, CaseIterable, Codable {
  case jpeg, png, gif, webp, bmp, avif

  /// The format whose signature starts `bytes`, or nil.
  public static func sniff(_ bytes: some RandomAccessCollection<UInt8>) -> ImageFormat? {
    let b = Array(bytes.prefix(32))
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      b.count >= offset + prefix.count && Array(b[offset..<offset + prefix.count]) == prefix
    }
    if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
    if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
    if starts(Array("BM".utf8)) && b.count >= 26 { return .bmp }
    if starts(Array("ftyp".utf8), at: 4) && isAVIFBrand(b) { return .avif }
    return nil
  }

  /// AVIF is an ISO-BMFF file whose major or a compatible brand is `avif` or `avis`.
  private static func isAVIFBrand(_ b: [UInt8]) -> Bool {
    let brands = [Array("avif".utf8), Array("avis".utf8)]
    var offset = 8
    while offset + 4 <= b.count {
      if offset != 12, brands.contains(Array(b[offset..<offset + 4])) { return true }
      offset += 4
    }
    return false
  }
}

/// What a file's bytes look like when they are not an image, for error messages.
public enum NonImageContent {
  /// A short description such as "an HTML page", or nil when nothing is recognised.
  public static func describe(_ bytes: some Collection<UInt8>) -> String? {
    let head = String(decoding: bytes.prefix(256), as: UTF8.self)
      .trimmingPrefix { $0.isWhitespace || $0 == "\u{FEFF}" }
      .lowercased()
    if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") { return "an HTML page" }
    if head.hasPrefix("<?xml") || head.hasPrefix("<svg") {
      return head.contains("<svg") ? "an SVG drawing (vector images are not supported)" : "XML"
    }
    if head.hasPrefix("{") || head.hasPrefix("[") { return "JSON" }
    let tiff: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]
    if tiff.contains(Array(bytes.prefix(4))) { return "a TIFF image (not supported)" }
    if Array(bytes.prefix(4)) == Array("%PDF".utf8) { return "a PDF document" }
    return nil
  }
}

extension ImageFormat {
  /// The name people use for the format, for messages.
  public var displayName: String {
    switch self {
    case .jpeg: "JPEG"
    case .png: "PNG"
    case .gif: "GIF"
    case .webp: "WebP"
    case .bmp: "BMP"
    case .avif: "AVIF"
    }
  }
}
