public import HuewallCore

/// Which decoder reads an image, and at what scale: the one place that chooses, for every
/// command that decodes (`run`, `worker`, `colors`, `evaluate`, `serve`, the export's
/// thumbnails).
///
/// libgd decodes every format at full size; that decode defines the original algorithm's
/// results (the `reference` preset, bit-exact). A JPEG can also be decoded smaller by libjpeg
/// itself, inside its inverse DCT (1/2, 1/4 or 1/8 of each side), at a fraction of the cost: an
/// analysis that samples every 4th pixel of every 4th row reads every pixel of a 1/4-scale
/// decode instead, and a thumbnail needs no more pixels than it shows. Each reduced pixel is
/// the DCT's average of the block it stands for rather than one pixel of it.
///
/// | format | original algorithm (`reference`) | any product step on (`product`) | thumbnail |
/// | --- | --- | --- | --- |
/// | JPEG | libgd, full size | libjpeg at 1/r, r the largest of 8, 4, 2 dividing the granularity that keeps 200 px on the longer side | libjpeg at the smallest scale still at least the thumbnail's size |
/// | PNG, GIF, WebP, BMP, AVIF | libgd, full size | libgd, full size | libgd, full size |
public struct DecodePlan: Sendable, Hashable {
  /// The most a JPEG may be reduced along each side: 1, 2, 4 or 8.
  public var maxReduction: Int
  /// The longer side the decoded pixels must keep (a thumbnail's size); 0 for none.
  public var minLongerSide: Int

  /// - Parameters:
  ///   - maxReduction: rounded down to 1, 2, 4 or 8.
  ///   - minLongerSide: the longer side a reduced decode must keep.
  public init(maxReduction: Int, minLongerSide: Int = 0) {
    self.maxReduction = Self.reductions.first { $0 <= max(1, maxReduction) } ?? 1
    self.minLongerSide = max(0, minLongerSide)
  }

  /// The reductions libjpeg's DCT scaling offers that Huewall uses, largest first.
  static let reductions = [8, 4, 2, 1]

  /// Every pixel, through libgd: what the original algorithm and anything without a plan get.
  public static let wholeImage = DecodePlan(maxReduction: 1)

  /// What an analysis with `parameters` needs. The original algorithm (every product step off,
  /// whatever its numeric knobs) is defined on libgd's full decode and keeps it. With any
  /// product step on, a JPEG is decoded at the largest reduction that divides the granularity,
  /// so that sampling every pixel of the reduced image keeps the sampling density the
  /// granularity asks for: granularity 4 → 1/4, 2 → 1/2, 8 (or 16) → 1/8, 6 → 1/2, 3 → none;
  /// but never below ``analysisMinLongerSide`` on the longer side.
  public static func analysis(_ parameters: AnalysisParameters) -> DecodePlan {
    guard !parameters.isOriginalAlgorithm else { return .wholeImage }
    let granularity = max(1, parameters.granularity)
    return DecodePlan(
      maxReduction: reductions.first { granularity.isMultiple(of: $0) } ?? 1,
      minLongerSide: analysisMinLongerSide)
  }

  /// The fewest pixels a reduced decode keeps on its longer side for an analysis. A reduced
  /// sample is the average of the block it stands for, not one pixel of it; on a small image
  /// that block is a large part of the product's detail (a face beside a collar, a seam): at
  /// 1/4 the real set's 240 px fashion photos (103) had 3 fewer right by the rule, and a full
  /// decode of so few pixels costs little. A 1000 px photo still
  /// decodes at 1/4 (250 px), an 800 px one at 1/4 (200 px), a 600 px one at 1/2.
  public static let analysisMinLongerSide = 200

  /// What a thumbnail of at most `maxSide` pixels on its longer side needs.
  public static func thumbnail(maxSide: Int) -> DecodePlan {
    DecodePlan(maxReduction: 8, minLongerSide: maxSide)
  }

  /// Whether `image`, decoded for another plan, holds the pixels this plan needs: it was
  /// reduced no more than this plan would reduce it.
  public func isSatisfied(by image: DecodedImage) -> Bool {
    let header = ImageHeader(format: image.format, width: image.width, height: image.height)
    return image.reduction <= reduction(for: header)
  }

  /// Whether this plan and `other` decode an image with `header` into the same pixels: the
  /// same decoder at the same reduction (libjpeg at 1/1 gives libgd's pixels, but a cut JPEG
  /// may fare otherwise in each).
  public func decodesAlike(_ other: DecodePlan, _ header: ImageHeader) -> Bool {
    reduction(for: header) == other.reduction(for: header)
      && path(for: header) == other.path(for: header)
  }

  /// The decoder an image with `header` goes through under this plan.
  public func path(for header: ImageHeader) -> DecodePath {
    header.format == .jpeg && maxReduction > 1 ? .scaledJPEG : .libgd
  }

  /// The reduction an image with `header` is decoded at: 1 (full size) for every format but
  /// JPEG; for a JPEG the largest allowed one that keeps ``minLongerSide``. A plan that allows
  /// any reduction decodes every JPEG through libjpeg, at 1/1 too; the others go through libgd.
  public func reduction(for header: ImageHeader) -> Int {
    guard header.format == .jpeg else { return 1 }
    let longer = max(header.width, header.height)
    return Self.reductions.first { r in
      r <= maxReduction && (r == 1 || longer >= minLongerSide * r)
    } ?? 1
  }
}

/// The decoder an image went through.
public enum DecodePath: String, Sendable, Hashable, CaseIterable {
  /// libgd at full size.
  case libgd
  /// libjpeg, scaled in its DCT (``DecodedImage/reduction`` says by how much; 1 for a JPEG
  /// too small to reduce, with libgd's pixels).
  case scaledJPEG
}

extension AnalysisParameters {
  /// Whether these are the original algorithm's steps, every improvement of the `product`
  /// preset off, whatever the numeric knobs (colours, sample sizes, priority, granularity,
  /// alpha cut-off).
  public var isOriginalAlgorithm: Bool {
    self
      == AnalysisParameters(
        numColors: numColors, hueSampleSize: hueSampleSize, svSampleSize: svSampleSize,
        saturationPriority: saturationPriority, granularity: granularity,
        alphaThreshold: alphaThreshold)
  }
}
