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

/// A file that could not be read at all.
public struct FileReadError: Error, CustomStringConvertible {
  public var path: String
  public var underlying: String
  public var description: String { "cannot read the file: \(underlying)" }
}

/// Why one image could not be analysed, in words for a report line (the file is named beside it).
public struct ImageFailure: Error, CustomStringConvertible {
  public var description: String
}

/// Reads, decodes and analyses the file at `path`.
public func analyseFile(_ path: String, decoder: ImageDecoder, analyzer: PaletteAnalyzer)
  -> Result<AnalysedImage, ImageFailure>
{
  do {
    let bytes = try readFile(path)
    return .success(try analyseImage(bytes, source: path, decoder: decoder, analyzer: analyzer))
  } catch let error as DecodeError {
    return .failure(ImageFailure(description: "\(error.reason)"))
  } catch {
    return .failure(ImageFailure(description: "\(error)"))
  }
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

/// Reads a whole file, with the system's reason when it cannot.
public func readFile(_ path: String) throws(FileReadError) -> Data {
  do {
    return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
  } catch let error as CocoaError {
    let reason: String =
      switch error.code {
      case .fileReadNoSuchFile: "no such file"
      case .fileReadNoPermission: "permission denied"
      default:
        (error.underlying as? POSIXError).map { String(cString: strerror($0.code.rawValue)) }
          ?? error.localizedDescription
      }
    throw FileReadError(path: path, underlying: reason)
  } catch {
    throw FileReadError(path: path, underlying: error.localizedDescription)
  }
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
  /// Quantised values as the reference keys them (6 decimals), shares to 4.
  init(_ color: DominantColor) {
    self.init(
      h: rounded(color.h, places: 6), s: rounded(color.s, places: 6),
      v: rounded(color.v, places: 6),
      hex: color.hex, share: rounded(color.share, places: 4), weight: color.weight,
      family: color.family.rawValue)
  }
}

/// `x` rounded to `places` decimals, for output that people read.
public func rounded(_ x: Double, places: Int) -> Double {
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
    } catch let error as DecodeError {
      return .failure(AnalysisFailure(message: "\(error.reason)"))
    } catch {
      return .failure(AnalysisFailure(message: error.localizedDescription))
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
