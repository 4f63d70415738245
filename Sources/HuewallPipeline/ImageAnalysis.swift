public import Foundation
import HuewallColorWords
public import HuewallCore
public import HuewallDecode
import HuewallExport
import HuewallFetch
public import HuewallPalette
public import HuewallStore

/// One image's size and dominant colours: what decode + palette produce together.
public struct AnalysedImage: Sendable {
  public var format: ImageFormat
  public var width: Int
  public var height: Int
  public var palette: PaletteAnalysis
}

/// Decodes `bytes` as the analysis's parameters need them (``DecodePlan/analysis(_:)``) and
/// analyses them; the decoded pixels are freed before this returns. `hint` is what the feed
/// says the product is, for the steps that look where a person would.
public func analyseImage(
  _ bytes: some ContiguousBytes, source: String, decoder: ImageDecoder, analyzer: PaletteAnalyzer,
  hint: ProductHint = .none
) throws(DecodeError) -> AnalysedImage {
  let image = try decoder.decode(
    bytes, source: source, plan: .analysis(analyzer.parameters))
  return AnalysedImage(image, analyzer: analyzer, hint: hint)
}

extension AnalysedImage {
  /// The analysis of a decoded image, at whatever scale it was decoded (the image's own size
  /// is reported).
  init(_ image: DecodedImage, analyzer: PaletteAnalyzer, hint: ProductHint = .none) {
    self.init(
      format: image.format, width: image.width, height: image.height,
      palette: image.withPixels { analyzer.analyze($0, reduction: image.reduction, hint: hint) })
  }
}

/// An analysis as the store keeps it.
extension AnalysisRecord {
  init(_ image: AnalysedImage, sha256: String, parameterSetID: Int64, at date: Date) {
    self.init(
      imageSHA256: sha256, parameterSetID: parameterSetID, width: image.width,
      height: image.height, colors: image.palette.colors.map(StoredColor.init),
      family: image.palette.family, samples: image.palette.samples,
      skipped: image.palette.skipped, background: image.palette.background,
      backdrop: image.palette.backdrop.stored,
      plainness: rounded(image.palette.plainness, places: 4), analysedAt: date)
  }
}

extension StoredColor {
  /// A kernel result as it is stored and printed: quantised values as the reference keys them
  /// (6 decimals), shares to 4. The pipeline and `huewall colors` both go through here.
  public init(_ color: DominantColor) {
    self.init(
      h: rounded(color.h, places: 6), s: rounded(color.s, places: 6),
      v: rounded(color.v, places: 6),
      hex: color.hex, share: rounded(color.share, places: 4), weight: color.weight,
      family: color.family, mean: color.meanHex)
  }
}

/// `x` rounded to `places` decimals, for output that people read.
func rounded(_ x: Double, places: Int) -> Double {
  let scale = pow(10, Double(places))
  return (x * scale).rounded() / scale
}

/// Why a cached image could not be analysed.
struct AnalysisFailure: Error {
  var message: String
}

enum ImageAnalysis {
  /// Loads a cached image, decodes and analyses it and, while the decoded image is alive, makes
  /// its thumbnail when `thumbnails` lacks it (so that no export decodes it again; a JPEG
  /// decoded smaller than the thumbnail for the analysis is decoded again at the thumbnail's
  /// scale); the decoded pixels are freed on return. A thumbnail that cannot be made is left to the
  /// export, which reports it. `hint` is the product's title (and type): the analysis is kept
  /// per content, so a content shared by several products is analysed with one of theirs.
  static func analyse(
    sha256: String, cache: ImageCache, decoder: ImageDecoder, analyzer: PaletteAnalyzer,
    thumbnails: ThumbnailCache?, parameterSetID: Int64, hint: ProductHint = .none
  ) -> Result<AnalysisRecord, AnalysisFailure> {
    do {
      let bytes = try cache.load(sha256: sha256)
      #if DEBUG
        crashIfAskedTo(on: sha256)
      #endif
      let decoded = try decoder.decode(
        bytes, source: sha256, plan: .analysis(analyzer.parameters))
      let image = AnalysedImage(decoded, analyzer: analyzer, hint: hint)
      if let thumbnails, !thumbnails.contains(sha256: sha256) {
        // The analysis's decode, when it holds the thumbnail's pixels (a whole decode, a 1000 px
        // JPEG at 1/4); otherwise a decode of its own, so that an analysis never depends on
        // whether a thumbnail was made with it.
        let plan = DecodePlan.thumbnail(maxSide: thumbnails.settings.maxSide)
        if plan.isSatisfied(by: decoded) {
          try? thumbnails.store(decoded, sha256: sha256)
        } else if let scaled = try? decoder.decode(bytes, source: sha256, plan: plan) {
          try? thumbnails.store(scaled, sha256: sha256)
        }
      }
      return .success(
        AnalysisRecord(image, sha256: sha256, parameterSetID: parameterSetID, at: Date()))
    } catch {
      return .failure(AnalysisFailure(message: DecodeError.reason(of: error)))
    }
  }
}

#if DEBUG
  extension ImageAnalysis {
    /// Tests stand in for a decoder crash: a debug build dies on the image whose hash is in
    /// `HUEWALL_TEST_CRASH_ON_IMAGE`, as a crash inside libgd would kill it.
    static func crashIfAskedTo(on sha256: String) {
      if ProcessInfo.processInfo.environment["HUEWALL_TEST_CRASH_ON_IMAGE"] == sha256 {
        fatalError("HUEWALL_TEST_CRASH_ON_IMAGE: stopping while decoding \(sha256)")
      }
    }
  }
#endif
