import Foundation
import HuewallCore
import HuewallDecode
import HuewallPalette

/// One image's size and dominant colours: what decode + palette produce together.
struct AnalysedImage: Sendable {
  var format: ImageFormat
  var width: Int
  var height: Int
  var palette: PaletteAnalysis
}

/// A file that could not be read at all.
struct FileReadError: Error, CustomStringConvertible {
  var path: String
  var underlying: String
  var description: String { "cannot read the file: \(underlying)" }
}

/// Why one image could not be analysed, in words for a report line (the file is named beside it).
struct ImageFailure: Error, CustomStringConvertible {
  var description: String
}

/// Reads, decodes and analyses the file at `path`.
func analyseFile(_ path: String, decoder: ImageDecoder, analyzer: PaletteAnalyzer)
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
func analyseImage(
  _ bytes: some ContiguousBytes, source: String, decoder: ImageDecoder, analyzer: PaletteAnalyzer
) throws(DecodeError) -> AnalysedImage {
  let image = try decoder.decode(bytes, source: source)
  let palette = image.withPixels { analyzer.analyze($0) }
  return AnalysedImage(
    format: image.format, width: image.width, height: image.height, palette: palette)
}

/// Reads a whole file, with the system's reason when it cannot.
func readFile(_ path: String) throws(FileReadError) -> Data {
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
