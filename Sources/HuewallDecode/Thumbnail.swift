import CGD
import Foundation
import HuewallCore

/// The file format of a thumbnail.
public enum ThumbnailFormat: String, Sendable, Hashable, Codable, CaseIterable {
  /// WebP, lossy, with the image's transparency kept.
  case webp
  /// JPEG; transparent parts are laid on white, since JPEG has no alpha.
  case jpeg

  /// The file name extension, without the dot.
  public var fileExtension: String {
    switch self {
    case .webp: "webp"
    case .jpeg: "jpg"
    }
  }
}

extension DecodedImage {
  /// The size a thumbnail of at most `maxSide` pixels on its longer side gets: the aspect
  /// ratio is kept, nothing is enlarged, and no side is below one pixel.
  public func thumbnailSize(maxSide: Int) -> (width: Int, height: Int) {
    let longer = max(width, height)
    guard longer > maxSide, maxSide > 0 else { return (width, height) }
    let scale = Double(maxSide) / Double(longer)
    return (
      max(1, Int((Double(width) * scale).rounded())),
      max(1, Int((Double(height) * scale).rounded()))
    )
  }

  /// A smaller copy, encoded: scaled with libgd's resampling (an average over each target
  /// pixel's area, so a large downscale does not alias) to fit `maxSide` pixels, never
  /// enlarged. `quality` is the encoder's 0…100. `source` labels errors.
  ///
  /// An image more than twice the size is first reduced to twice the size by picking pixels
  /// (`gdImageCopyResized`), so that the resampling averages 2×2 pixels rather than every
  /// pixel of the original: a third of the cost for a 1000 px photo, and the same look at
  /// thumbnail size.
  ///
  /// Every image libgd makes here is destroyed and every buffer it returns is freed with
  /// `gdFree` before this returns.
  public func thumbnail(
    maxSide: Int = 240, format: ThumbnailFormat = .webp, quality: Int = 80, source: String = ""
  ) throws(DecodeError) -> Data {
    func fail(_ detail: String) -> DecodeError {
      DecodeError(source: source, reason: .encodingFailed(format: format.rawValue, detail: detail))
    }
    let (targetWidth, targetHeight) = thumbnailSize(maxSide: max(1, maxSide))
    let quality = Int32(clamping: min(100, max(0, quality)))
    let result: Result<Data, DecodeError> = withExtendedLifetime(self) {
      let (data, messages) = GDMessages.collect { () -> Data? in
        guard let scaled = gdImageCreateTrueColor(Int32(targetWidth), Int32(targetHeight)) else {
          return nil
        }
        defer { gdImageDestroy(scaled) }
        switch format {
        case .webp:
          // Copy alpha as it is rather than blending it onto the blank canvas.
          gdImageAlphaBlending(scaled, 0)
          gdImageSaveAlpha(scaled, 1)
        case .jpeg:
          gdImageAlphaBlending(scaled, 1)
          gdImageFilledRectangle(
            scaled, 0, 0, Int32(targetWidth - 1), Int32(targetHeight - 1), 0x00ff_ffff)
        }
        var source = image
        var (sourceWidth, sourceHeight) = (width, height)
        if width > 2 * targetWidth && height > 2 * targetHeight,
          let reduced = gdImageCreateTrueColor(Int32(2 * targetWidth), Int32(2 * targetHeight))
        {
          gdImageAlphaBlending(reduced, 0)
          gdImageCopyResized(
            reduced, image, 0, 0, 0, 0, Int32(2 * targetWidth), Int32(2 * targetHeight),
            Int32(width), Int32(height))
          (source, sourceWidth, sourceHeight) = (reduced, 2 * targetWidth, 2 * targetHeight)
        }
        defer { if source != image { gdImageDestroy(source) } }
        gdImageCopyResampled(
          scaled, source, 0, 0, 0, 0, Int32(targetWidth), Int32(targetHeight),
          Int32(sourceWidth), Int32(sourceHeight))
        var size: Int32 = 0
        let buffer: UnsafeMutableRawPointer? =
          switch format {
          case .webp: gdImageWebpPtrEx(scaled, &size, quality)
          case .jpeg: gdImageJpegPtr(scaled, &size, quality)
          }
        guard let buffer else { return nil }
        defer { gdFree(buffer) }
        guard size > 0 else { return nil }
        return Data(bytes: buffer, count: Int(size))
      }
      guard let data else {
        return .failure(
          fail(messages.isEmpty ? "libgd could not encode it" : messages.joined(separator: "; ")))
      }
      return .success(data)
    }
    return try result.get()
  }
}
