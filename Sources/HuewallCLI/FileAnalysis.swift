import Foundation
public import HuewallCore
public import HuewallDecode
public import HuewallPalette
public import HuewallPipeline

#if canImport(Glibc)
  import Glibc
#endif

/// A file that could not be read at all.
struct FileReadError: Error, CustomStringConvertible {
  var path: String
  var underlying: String
  var description: String { "cannot read the file: \(underlying)" }
}

/// Why one image could not be analysed, in words for a report line (the file is named beside it).
public struct ImageFailure: Error, CustomStringConvertible {
  public var description: String
}

/// Reads, decodes and analyses the file at `path`: `huewall colors` and `huewall-lab evaluate`.
/// `hint` is what a feed would say of the product (`--title`, a label's title).
public func analyseFile(
  _ path: String, decoder: ImageDecoder, analyzer: PaletteAnalyzer, hint: ProductHint = .none
) -> Result<AnalysedImage, ImageFailure> {
  do {
    let bytes = try readFile(path)
    return .success(
      try analyseImage(bytes, source: path, decoder: decoder, analyzer: analyzer, hint: hint))
  } catch {
    return .failure(ImageFailure(description: DecodeError.reason(of: error)))
  }
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
