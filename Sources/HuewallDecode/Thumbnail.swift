import CGD
public import Foundation
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

  /// A smaller copy, encoded: each thumbnail pixel the average of the decoded pixels whose
  /// centres fall in its area (a box filter, so a large downscale does not alias), fitting `maxSide`
  /// pixels, never enlarged. `quality` is the encoder's 0…100. `source` labels errors.
  ///
  /// The reduction reads libgd's rows once, summing columns a row of thumbnail at a time:
  /// about 1 ms for a 1000 px photo, where libgd's `gdImageCopyResampled` took 16–22 ms
  /// (Benchmarks/thumbnail-cost.c). Transparent pixels weigh nothing in a WebP thumbnail's
  /// colours; for JPEG, which has no alpha, the image is laid on white.
  ///
  /// Every image libgd makes here is destroyed and every buffer it returns is freed with
  /// `gdFree` before this returns.
  public func thumbnail(
    maxSide: Int = 240, format: ThumbnailFormat = .jpeg, quality: Int = 80, source: String = ""
  ) throws(DecodeError) -> Data {
    func fail(_ detail: String) -> DecodeError {
      DecodeError(source: source, reason: .encodingFailed(format: format.rawValue, detail: detail))
    }
    // A decode reduced below the thumbnail's size (a plan made without the thumbnail) gives a
    // smaller thumbnail rather than an enlarged one.
    let size = thumbnailSize(maxSide: max(1, maxSide))
    let (targetWidth, targetHeight) = (
      min(size.width, decodedWidth), min(size.height, decodedHeight)
    )
    let quality = Int32(clamping: min(100, max(0, quality)))
    let result: Result<Data, DecodeError> = withExtendedLifetime(self) {
      let (data, messages) = GDMessages.collect { () -> Data? in
        guard let scaled = gdImageCreateTrueColor(Int32(targetWidth), Int32(targetHeight)) else {
          return nil
        }
        defer { gdImageDestroy(scaled) }
        gdImageAlphaBlending(scaled, 0)
        gdImageSaveAlpha(scaled, format == .webp ? 1 : 0)
        withPixels { pixels in
          Self.reduce(
            pixels, into: scaled.pointee.tpixels, width: targetWidth, height: targetHeight,
            onWhite: format == .jpeg)
        }
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

  /// Box-filters `pixels` into the `rows` of a smaller (or equal) truecolour image of
  /// `targetWidth` × `targetHeight` pixels in libgd's layout. Colours are weighted by
  /// opacity; `onWhite` composites the result on white and makes it opaque.
  private static func reduce(
    _ pixels: PixelView, into rows: UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>,
    width targetWidth: Int, height targetHeight: Int, onWhite: Bool
  ) {
    let (width, height) = (pixels.width, pixels.height)
    // Per source column, over the source rows of one thumbnail row: opacity-weighted red,
    // green and blue, and opacity (0…127), each in its own array so that the loop over a row
    // vectorises. 32 bits hold 132,000 rows of 255 × 127; a thumbnail row of more (an image
    // over 31 million pixels tall) averages its first rows only.
    let maxRows = Int(UInt32.max) / (255 * 127)
    let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: 4 * width)
    defer { sums.deallocate() }
    let (red, green, blue, opacity) = (sums, sums + width, sums + 2 * width, sums + 3 * width)
    let columnStart = (0...targetWidth).map { $0 * width / targetWidth }
    for targetY in 0..<targetHeight {
      sums.update(repeating: 0, count: 4 * width)
      let firstRow = targetY * height / targetHeight
      let endRow = min((targetY + 1) * height / targetHeight, firstRow + maxRows)
      for y in firstRow..<endRow {
        let row = UnsafeRawPointer(pixels.row(y)).assumingMemoryBound(to: UInt32.self)
        for x in 0..<width {
          let pixel = row[x]
          let weight = 127 &- (pixel >> 24 & 0x7F)
          red[x] &+= (pixel >> 16 & 0xFF) &* weight
          green[x] &+= (pixel >> 8 & 0xFF) &* weight
          blue[x] &+= (pixel & 0xFF) &* weight
          opacity[x] &+= weight
        }
      }
      let out = rows[targetY].unsafelyUnwrapped
      for targetX in 0..<targetWidth {
        var total = Sums()
        for x in columnStart[targetX]..<columnStart[targetX + 1] {
          total.red &+= Int(red[x])
          total.green &+= Int(green[x])
          total.blue &+= Int(blue[x])
          total.opacity &+= Int(opacity[x])
        }
        total.count = (columnStart[targetX + 1] - columnStart[targetX]) * (endRow - firstRow)
        out[targetX] = Int32(bitPattern: onWhite ? total.onWhite : total.average)
      }
    }
  }

  /// One thumbnail pixel's source pixels summed: colours weighted by opacity (0…127).
  private struct Sums {
    var red = 0
    var green = 0
    var blue = 0
    var opacity = 0
    var count = 0

    /// The opaque pixel laid on white, packed.
    var onWhite: UInt32 {
      let full = 127 * count
      let white = 255 * (full - opacity)  // what the transparent share lets through
      func channel(_ sum: Int) -> UInt32 { UInt32((sum + white + full / 2) / full) }
      return channel(red) << 16 | channel(green) << 8 | channel(blue)
    }

    /// The pixel with its average alpha, packed.
    var average: UInt32 {
      guard opacity > 0 else { return 127 << 24 }
      func channel(_ sum: Int) -> UInt32 { UInt32((sum + opacity / 2) / opacity) }
      let alpha = UInt32(127 - (opacity + count / 2) / count)
      return alpha << 24 | channel(red) << 16 | channel(green) << 8 | channel(blue)
    }
  }
}
