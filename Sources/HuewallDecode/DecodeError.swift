public import Foundation
public import HuewallCore

/// Why an image could not be decoded, with the file or URL it came from.
public struct DecodeError: Error, Sendable, Equatable {
  public enum Reason: Sendable, Equatable {
    /// The input has no bytes at all.
    case empty
    /// No supported image signature; `looksLike` says what it seems to be instead.
    case unrecognized(looksLike: String?)
    /// The signature matched but the header is cut short or malformed.
    case unreadableHeader(ImageFormat)
    /// The header claims more pixels than the configured limit; nothing was decoded.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// The data ends before the image does.
    case truncated(ImageFormat, detail: String)
    /// libgd refused the data; `detail` holds libgd's own messages.
    case corrupt(ImageFormat, detail: String)
    /// libgd could not encode a derived image (a thumbnail) in `format`.
    case encodingFailed(format: String, detail: String)
  }

  /// The file path or URL the bytes came from.
  public var source: String
  public var reason: Reason

  public init(source: String, reason: Reason) {
    self.source = source
    self.reason = reason
  }
}

extension DecodeError {
  /// Why `error` stopped an image, for a report line that names the image beside it: a decode
  /// error's reason, another error's own description.
  public static func reason(of error: any Error) -> String {
    if let error = error as? DecodeError { return "\(error.reason)" }
    return (error as? any LocalizedError)?.errorDescription ?? "\(error)"
  }
}

extension DecodeError.Reason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .empty:
      "the file is empty (0 bytes)"
    case .unrecognized(let looksLike?):
      "not an image: the bytes look like \(looksLike)"
    case .unrecognized(nil):
      "not a supported image (expected JPEG, PNG, GIF, WebP, BMP or AVIF)"
    case .unreadableHeader(let format):
      "\(format.displayName) header is cut short or malformed"
    case .tooLarge(let width, let height, let limit):
      "\(width)×\(height) pixels is over the limit of \(megapixels(limit)) megapixels"
    case .truncated(let format, let detail):
      "\(format.displayName) data ends early (\(detail))"
    case .corrupt(let format, let detail):
      "\(format.displayName) data is corrupt (\(detail))"
    case .encodingFailed(let format, let detail):
      "cannot encode a \(format) thumbnail (\(detail))"
    }
  }

  private func megapixels(_ pixels: Int) -> String {
    let value = Double(pixels) / 1_000_000
    return value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
  }
}

extension DecodeError: LocalizedError {
  public var errorDescription: String? { "\(source): \(reason)" }
}
