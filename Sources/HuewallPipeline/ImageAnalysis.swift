import Foundation
import HuewallCore
import HuewallDecode
import HuewallFetch
import HuewallPalette
import HuewallStore

/// One image's size and dominant colours: what decode + palette produce together.
public struct AnalysedImage: Sendable {
  public var format: ImageFormat
  public var width: Int
  public var height: Int
  public var palette: PaletteAnalysis
}

/// Decodes `bytes` and analyses them; the gd image is freed before this returns.
public func analyseImage(
  _ bytes: some ContiguousBytes, source: String, decoder: ImageDecoder, analyzer: PaletteAnalyzer
) throws(DecodeError) -> AnalysedImage {
  let image = try decoder.decode(bytes, source: source)
  let palette = image.withPixels { analyzer.analyze($0) }
  return AnalysedImage(
    format: image.format, width: image.width, height: image.height, palette: palette)
}

/// An analysis as the store keeps it.
extension AnalysisRecord {
  init(_ image: AnalysedImage, sha256: String, parameterSetID: Int64, at date: Date) {
    self.init(
      imageSHA256: sha256, parameterSetID: parameterSetID, width: image.width,
      height: image.height, colors: image.palette.colors.map(StoredColor.init),
      family: image.palette.family?.rawValue, samples: image.palette.samples,
      skipped: image.palette.skipped, background: image.palette.background, analysedAt: date)
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
      family: color.family.rawValue)
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
  /// Loads a cached image, decodes and analyses it; the decoded pixels are freed on return.
  static func analyse(
    sha256: String, cache: ImageCache, decoder: ImageDecoder, analyzer: PaletteAnalyzer,
    parameterSetID: Int64
  ) -> Result<AnalysisRecord, AnalysisFailure> {
    do {
      let bytes = try cache.load(sha256: sha256)
      #if DEBUG
        crashIfAskedTo(on: sha256)
      #endif
      let image = try analyseImage(bytes, source: sha256, decoder: decoder, analyzer: analyzer)
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
