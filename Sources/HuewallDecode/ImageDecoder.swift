import CGD
import Foundation
import HuewallCore

/// Limits that protect a batch run from hostile or broken images.
public struct DecodeLimits: Sendable, Hashable {
  /// Refuse images whose header claims more pixels than this (libgd has no limit of its own).
  public var maxPixels: Int
  /// Accept a JPEG that ends mid-scan (libgd fills the rest grey) instead of failing it.
  public var allowTruncatedJPEG: Bool

  public init(maxPixels: Int = 40_000_000, allowTruncatedJPEG: Bool = false) {
    self.maxPixels = maxPixels
    self.allowTruncatedJPEG = allowTruncatedJPEG
  }
}

/// Decodes image bytes through libgd into truecolour pixels.
///
/// The format comes from the magic bytes, the size from the header before any pixel is
/// decoded, and every libgd failure becomes a ``DecodeError`` naming the source.
public struct ImageDecoder: Sendable {
  public var limits: DecodeLimits

  public init(limits: DecodeLimits = DecodeLimits()) {
    self.limits = limits
  }

  /// Decodes `bytes`; `source` (a path or URL) only labels errors.
  public func decode(_ bytes: some ContiguousBytes, source: String) throws(DecodeError)
    -> DecodedImage
  {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(DecodeError) in try decode(buffer, source: source) }
    }
    return try result.get()
  }

  /// Reads just enough of `bytes` to say what they are and how large, or why not.
  public func inspect(_ bytes: UnsafeRawBufferPointer, source: String) throws(DecodeError)
    -> ImageHeader
  {
    func fail(_ reason: DecodeError.Reason) -> DecodeError {
      DecodeError(source: source, reason: reason)
    }
    guard !bytes.isEmpty else { throw fail(.empty) }
    guard let format = ImageFormat.sniff(bytes) else {
      throw fail(.unrecognized(looksLike: NonImageContent.describe(bytes)))
    }
    guard let header = ImageHeader.read(bytes, format: format) else {
      throw fail(.unreadableHeader(format))
    }
    guard header.width <= ImageHeader.maxSide, header.height <= ImageHeader.maxSide,
      header.pixelCount <= limits.maxPixels
    else {
      throw fail(.tooLarge(width: header.width, height: header.height, limit: limits.maxPixels))
    }
    return header
  }

  private func decode(_ bytes: UnsafeRawBufferPointer, source: String) throws(DecodeError)
    -> DecodedImage
  {
    let header = try inspect(bytes, source: source)
    let format = header.format
    func fail(_ reason: DecodeError.Reason) -> DecodeError {
      DecodeError(source: source, reason: reason)
    }
    guard let size = Int32(exactly: bytes.count) else {
      throw fail(.corrupt(format, detail: "over 2 GiB of data"))
    }
    // libgd only reads through the pointer, during the call.
    let data = UnsafeMutableRawPointer(mutating: bytes.baseAddress!)
    let (image, messages) = GDMessages.collect { Self.create(format, size: size, data: data) }
    // libgd reads a GIF cut inside its image data without a word, or fails without saying why.
    let gifCut = format == .gif && ImageHeader.gifEndsInsideFirstFrame(bytes)
    let gifCutDetail = "the data ends inside the first frame's image data"
    guard let image else {
      if gifCut { throw fail(.truncated(format, detail: gifCutDetail)) }
      let detail = messages.isEmpty ? "libgd could not read it" : messages.joined(separator: "; ")
      let ended = messages.contains(where: Self.saysDataEnded)
      throw fail(ended ? .truncated(format, detail: detail) : .corrupt(format, detail: detail))
    }
    let decoded = DecodedImage(taking: image, format: format, warnings: messages)
    if gifCut { throw fail(.truncated(format, detail: gifCutDetail)) }
    if format == .jpeg, !limits.allowTruncatedJPEG,
      let premature = messages.first(where: Self.saysDataEnded)
    {
      throw fail(.truncated(format, detail: Self.stripPrefix(premature)))
    }
    if image.pointee.trueColor == 0 {
      guard gdImagePaletteToTrueColor(image) == 1 else {
        throw fail(.corrupt(format, detail: "libgd could not convert the palette image"))
      }
    }
    guard decoded.width == header.width, decoded.height == header.height else {
      throw fail(
        .corrupt(
          format,
          detail: "decoded \(decoded.width)×\(decoded.height), header said "
            + "\(header.width)×\(header.height)"))
    }
    return decoded
  }

  private static func create(_ format: ImageFormat, size: Int32, data: UnsafeMutableRawPointer)
    -> gdImagePtr?
  {
    switch format {
    case .jpeg: gdImageCreateFromJpegPtrEx(size, data, 0)
    case .png: gdImageCreateFromPngPtr(size, data)
    case .gif: gdImageCreateFromGifPtr(size, data)
    case .webp: gdImageCreateFromWebpPtr(size, data)
    case .bmp: gdImageCreateFromBmpPtr(size, data)
    case .avif: gdImageCreateFromAvifPtr(size, data)
    }
  }

  /// libjpeg's "Premature end of JPEG file", libpng's read callback's "truncated data".
  private static func saysDataEnded(_ message: String) -> Bool {
    message.contains("Premature end") || message.localizedCaseInsensitiveContains("truncated")
  }

  /// "gd-jpeg, libjpeg: recoverable error: Premature end of JPEG file" → "Premature end of JPEG file".
  private static func stripPrefix(_ message: String) -> String {
    message.components(separatedBy: ": ").last ?? message
  }
}
