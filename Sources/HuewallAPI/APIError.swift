import Foundation
import HTTPTypes
public import Hummingbird
import NIOCore

/// What `huewall api` answers a client instead of what it asked for, as
/// `{"error": {"code", "message"}}` with the status the code stands for.
public struct APIError: Error, HTTPResponseError, Sendable, Equatable {
  public var reason: Reason
  public var message: String

  /// Why the request is refused; the raw value is the wire code.
  public enum Reason: String, Sendable, CaseIterable {
    case badParameter = "bad-parameter"
    case unauthorized
    case notFound = "not-found"
    case methodNotAllowed = "method-not-allowed"
    case tokenExpired = "token-expired"
    case tooManyRequests = "too-many-requests"
    case unavailable
    case `internal`

    var status: HTTPResponse.Status {
      switch self {
      case .badParameter: .badRequest
      case .unauthorized: .unauthorized
      case .notFound: .notFound
      case .methodNotAllowed: .methodNotAllowed
      case .tokenExpired: .gone
      case .tooManyRequests: .tooManyRequests
      case .unavailable: .serviceUnavailable
      case .internal: .internalServerError
      }
    }
  }

  /// Seconds a client should wait, for ``Reason/tooManyRequests``.
  public var retryAfter: Int?

  public init(_ reason: Reason, _ message: String, retryAfter: Int? = nil) {
    self.reason = reason
    self.message = message
    self.retryAfter = retryAfter
  }

  /// A parameter the client sent that cannot be used, named.
  static func badParameter(_ name: String, _ problem: String) -> APIError {
    APIError(.badParameter, "\(name): \(problem)")
  }

  public var status: HTTPResponse.Status { reason.status }

  /// The JSON body, written by hand so that no encoder can fail.
  var body: String {
    "{\"error\":{\"code\":\(Self.quoted(reason.rawValue)),\"message\":\(Self.quoted(message))}}"
  }

  public func response(from request: Request, context: some RequestContext) throws -> Response {
    var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
    if let retryAfter { headers[.retryAfter] = String(retryAfter) }
    if reason == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
    return Response(
      status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
  }

  /// `text` as a JSON string.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
