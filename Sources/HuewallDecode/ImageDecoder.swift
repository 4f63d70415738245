import CGD
import CJPEGDecode
public import Foundation
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

/// Decodes image bytes into truecolour pixels: through libgd, or a JPEG scaled through libjpeg
/// where the ``DecodePlan`` allows it.
///
/// The format comes from the magic bytes, the size from the header before any pixel is
/// decoded, and every decoder failure becomes a ``DecodeError`` naming the source.
public struct ImageDecoder: Sendable {
  public var limits: DecodeLimits

  public init(limits: DecodeLimits = DecodeLimits()) {
    self.limits = limits
  }

  /// Decodes `bytes` as `plan` says (by default every pixel, through libgd); `source` (a path
  /// or URL) only labels errors.
  public func decode(
    _ bytes: some ContiguousBytes, source: String, plan: DecodePlan = .wholeImage
  ) throws(DecodeError) -> DecodedImage {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(DecodeError) in try decode(buffer, source: source, plan: plan) }
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

  private func decode(_ bytes: UnsafeRawBufferPointer, source: String, plan: DecodePlan)
    throws(DecodeError) -> DecodedImage
  {
    let header = try inspect(bytes, source: source)
    // A plan that may reduce a JPEG takes it through libjpeg even when it keeps every pixel:
    // the same pixels as libgd's (a test holds them to it), written straight into the
    // image's buffer instead of converted row by row.
    if plan.path(for: header) == .scaledJPEG {
      return try decodeScaledJPEG(
        bytes, header: header, reduction: plan.reduction(for: header), source: source)
    }
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

  /// A JPEG through libjpeg at 1/`reduction`, under libgd's rules: the same truncation policy,
  /// the same check of the decoded size against the header.
  private func decodeScaledJPEG(
    _ bytes: UnsafeRawBufferPointer, header: ImageHeader, reduction: Int, source: String
  ) throws(DecodeError) -> DecodedImage {
    func fail(_ reason: DecodeError.Reason) -> DecodeError {
      DecodeError(source: source, reason: reason)
    }
    let image = UnsafeMutablePointer<huewall_jpeg_image>.allocate(capacity: 1)
    let status = huewall_jpeg_decode(
      bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count, UInt32(reduction),
      UInt64(limits.maxPixels), image)
    let message = withUnsafeBytes(of: image.pointee.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    let (imageWidth, imageHeight) = (
      Int(image.pointee.image_width), Int(image.pointee.image_height)
    )
    guard status == HUEWALL_JPEG_OK else {
      huewall_jpeg_free(image)
      image.deallocate()
      switch status {
      case HUEWALL_JPEG_TOO_LARGE:
        throw fail(.tooLarge(width: imageWidth, height: imageHeight, limit: limits.maxPixels))
      case HUEWALL_JPEG_NO_MEMORY:
        throw fail(.corrupt(.jpeg, detail: message))
      default:
        throw fail(.corrupt(.jpeg, detail: message.isEmpty ? "libjpeg could not read it" : message))
      }
    }
    var warnings = image.pointee.warnings > 0 ? ["libjpeg: " + message] : []
    let prematureEnd = "Premature end of JPEG file"
    if image.pointee.premature_end != 0, !message.contains(prematureEnd) {
      warnings.append("libjpeg: " + prematureEnd)
    }
    let decoded = DecodedImage(taking: image, reduction: reduction, warnings: warnings)
    if image.pointee.premature_end != 0, !limits.allowTruncatedJPEG {
      throw fail(.truncated(.jpeg, detail: prematureEnd))
    }
    guard decoded.width == header.width, decoded.height == header.height else {
      throw fail(
        .corrupt(
          .jpeg,
          detail: "decoded \(decoded.width)×\(decoded.height), header said "
            + "\(header.width)×\(header.height)"))
    }
    return decoded
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
