public import Foundation
import NIOHTTP1

/// Why an image or a feed could not be fetched, with the URL it concerns and how many tries
/// were made, so that the run report can tell a dead link from a flaky server.
public struct FetchError: Error, Sendable, Equatable {
  public enum Reason: Sendable, Equatable {
    /// The server answered with this status (after redirects); 4xx are final, 5xx were retried.
    case httpStatus(Int)
    /// Connecting, or the whole request, took longer than the configured timeout.
    case timedOut
    /// The connection could not be opened or broke; the detail comes from the network layer.
    case connectionFailed(String)
    /// More redirects than ``FetchSettings/maxRedirects``.
    case tooManyRedirects
    /// A redirect led back to a URL already visited.
    case redirectLoop
    /// The body is larger than `limit` bytes; reading stopped there.
    case bodyTooLarge(limit: Int)
    /// The body is not an image Huewall decodes; `looksLike` says what it seems to be instead.
    case notAnImage(looksLike: String?)
    /// The answer or file has no bytes.
    case emptyBody
    /// The URL's scheme is not http, https or file.
    case unsupportedScheme(String)
    /// The URL cannot be requested (no host, malformed).
    case invalidURL
    /// A file URL that cannot be read; the detail says why.
    case fileUnreadable(String)
    /// The image cache on disk failed; the detail says how.
    case cache(String)
    /// The task was cancelled before the fetch finished.
    case cancelled
    /// The host is, or resolves to, an address in a private or special network; nothing was
    /// sent to it (``FetchSettings/allowPrivateNetworks``).
    case refusedAddress(AddressRefusal)
    /// A redirect to a scheme other than http and https (`file:`, `ftp:`), not followed;
    /// `location` is where it pointed.
    case redirectToScheme(String, location: String)
  }

  /// The URL (or, for a cache failure, the path) concerned.
  public var url: String
  public var reason: Reason
  /// Tries made: 1 when the first answer was final, ``FetchSettings/maxAttempts`` when every
  /// retry failed, 0 when nothing was requested.
  public var attempts: Int

  public init(url: String, reason: Reason, attempts: Int) {
    self.url = url
    self.reason = reason
    self.attempts = attempts
  }

  /// Whether trying again later might succeed: timeouts, broken connections and 5xx answers.
  public var isTransient: Bool { reason.isTransient }
}

extension FetchError.Reason {
  var isTransient: Bool {
    switch self {
    case .timedOut, .connectionFailed: true
    case .httpStatus(let status): (500...599).contains(status)
    default: false
    }
  }
}

extension FetchError.Reason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .httpStatus(let status):
      "the server answered \(status) \(HTTPResponseStatus(statusCode: status).reasonPhrase)"
    case .timedOut:
      "the server did not answer in time"
    case .connectionFailed(let detail):
      "the connection failed (\(detail))"
    case .tooManyRedirects:
      "too many redirects"
    case .redirectLoop:
      "the redirects go round in a loop"
    case .bodyTooLarge(let limit):
      "the body is larger than the limit of \(Self.bytes(limit))"
    case .notAnImage(let looksLike?):
      "not an image: the bytes look like \(looksLike)"
    case .notAnImage(nil):
      "not a supported image (expected JPEG, PNG, GIF, WebP, BMP or AVIF)"
    case .emptyBody:
      "the body is empty (0 bytes)"
    case .unsupportedScheme(let scheme):
      "the scheme \"\(scheme)\" is not supported (only http, https and file)"
    case .invalidURL:
      "not a valid URL"
    case .fileUnreadable(let detail):
      "the file cannot be read (\(detail))"
    case .cache(let detail):
      "the image cache failed (\(detail))"
    case .cancelled:
      "the download was cancelled"
    case .refusedAddress(let refusal):
      "\(refusal)"
    case .redirectToScheme(let scheme, let location):
      "redirect to \(scheme): refused (\(location)); only http and https redirects are followed"
    }
  }

  private static func bytes(_ count: Int) -> String {
    if count >= 1_000_000 && count % 100_000 == 0 {
      let value = Double(count) / 1_000_000
      return value == value.rounded() ? "\(Int(value)) MB" : String(format: "%.1f MB", value)
    }
    return "\(count) bytes"
  }
}

extension FetchError: LocalizedError {
  public var errorDescription: String? {
    attempts > 1 ? "\(url): \(reason) (after \(attempts) tries)" : "\(url): \(reason)"
  }
}

/// Why a host was not connected to: the address, the network it belongs to, and how it was
/// reached.
public struct AddressRefusal: Sendable, Equatable {
  /// The host as the URL names it (lowercase, without brackets).
  public var host: String
  /// The address refused, in its usual text form.
  public var address: String
  public var range: NetworkAddress.Range
  /// True when the address came from DNS rather than from the URL itself.
  public var resolved: Bool
  /// The URL a redirect led to, when the refusal was on a redirect hop.
  public var redirect: String?

  public init(
    host: String, address: String, range: NetworkAddress.Range, resolved: Bool,
    redirect: String? = nil
  ) {
    self.host = host
    self.address = address
    self.range = range
    self.resolved = resolved
    self.redirect = redirect
  }
}

extension AddressRefusal: CustomStringConvertible {
  /// "169.254.169.254 is a link-local address; set fetch.allowPrivateNetworks to fetch from
  /// private networks", with the host and the redirect when they add something.
  public var description: String {
    let hop = redirect.map { "redirect to \($0): " } ?? ""
    let what =
      if resolved {
        "\(host) resolves to \(address), \(range.phrase)"
      } else if host != address {
        "\(host) is \(address), \(range.phrase)"
      } else {
        "\(address) is \(range.phrase)"
      }
    let remedy =
      resolved
      ? "set fetch.allowPrivateNetworks, or list \(host) in fetch.allowedHosts, to fetch from private networks"
      : "set fetch.allowPrivateNetworks to fetch from private networks"
    return "\(hop)\(what); \(remedy)"
  }
}
