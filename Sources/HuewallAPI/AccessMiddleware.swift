import Crypto
import Foundation
import HTTPTypes
import HuewallColorWords
import HuewallRequests
import Hummingbird
import Logging
import OpenAPIRuntime
import Synchronization

/// Who may call the API: with keys, every request but `/health` must carry one of them as
/// `Authorization: Bearer`; each key (or, without keys, everyone together) gets
/// `requestsPerMinute` requests, refilled evenly, and then 429 with `Retry-After`. A key is
/// compared by its SHA-256 and never logged.
struct AccessCheck<Context: RequestContext>: RouterMiddleware {
  let keyHashes: Set<String>
  let budget: RequestBudget?

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var client = "anyone"
    if !keyHashes.isEmpty && request.uri.path != "/health" {
      guard let authorization = request.headers[.authorization],
        authorization.lowercased().hasPrefix("bearer ")
      else {
        throw APIError(.unauthorized, "send a key as `Authorization: Bearer KEY`")
      }
      let key = authorization.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
      let hash = SHA256.hash(data: Data(key.utf8)).map { String(format: "%02x", $0) }.joined()
      guard keyHashes.contains(hash) else {
        throw APIError(.unauthorized, "the key is not one of api.keys")
      }
      client = hash
    }
    if let budget, let wait = budget.take(for: client) {
      throw APIError(
        .tooManyRequests,
        "more than \(budget.perMinute) requests a minute; wait \(wait) s", retryAfter: wait)
    }
    return try await next(request, context)
  }
}

/// A token bucket per client: `perMinute` requests at once at most, refilled at `perMinute`
/// a minute.
final class RequestBudget: Sendable {
  let perMinute: Int
  private let buckets = Mutex<[String: (tokens: Double, at: ContinuousClock.Instant)]>([:])

  init(perMinute: Int) { self.perMinute = perMinute }

  /// Takes one request from `client`'s budget: nil when there was one, else the seconds until
  /// there is.
  func take(for client: String, now: ContinuousClock.Instant = .now) -> Int? {
    let rate = Double(perMinute) / 60
    return buckets.withLock { buckets in
      var bucket = buckets[client] ?? (Double(perMinute), now)
      let elapsed = now - bucket.at
      let seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      bucket.tokens = min(Double(perMinute), bucket.tokens + seconds * rate)
      bucket.at = now
      defer { buckets[client] = bucket }
      guard bucket.tokens >= 1 else {
        return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up)))
      }
      bucket.tokens -= 1
      return nil
    }
  }
}

/// Lets the pages of `allowOrigins` call the API from a browser (CORS): answers their
/// preflight requests and marks responses, errors included, as readable by them.
struct OriginCheck<Context: RequestContext>: RouterMiddleware {
  let allowOrigins: [String]

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard let origin = request.headers[.origin],
      allowOrigins.contains("*") || allowOrigins.contains(origin)
    else {
      return try await next(request, context)
    }
    var response: Response
    if request.method == .options, request.headers[.accessControlRequestMethod] != nil {
      response = Response(status: .noContent)
      response.headers[.accessControlAllowMethods] = "GET, OPTIONS"
      response.headers[.accessControlAllowHeaders] = "Authorization, If-None-Match"
      response.headers[.accessControlMaxAge] = "600"
    } else {
      response = try await next(request, context)
    }
    response.headers[.accessControlAllowOrigin] = origin
    response.headers[.accessControlExposeHeaders] = "ETag, Retry-After"
    response.headers[.vary] = "Origin"
    return response
  }
}

/// Turns every error into the API's JSON error response: the API's own errors as they are,
/// a request the contract cannot read as 400 naming what, anything else as 500 (logged).
struct ErrorResponses<Context: RequestContext>: RouterMiddleware {
  let logger: Logger

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch {
      return try Self.apiError(for: error, request: request, logger: logger)
        .response(from: request, context: context)
    }
  }

  static func apiError(for error: any Error, request: Request, logger: Logger) -> APIError {
    switch error {
    case let error as APIError:
      return error
    case let error as ServerError:
      if let error = error.underlyingError as? APIError { return error }
      if (400..<500).contains(error.httpStatus.code) {
        return APIError(.badParameter, "\(error.causeDescription) \(error.underlyingError)")
      }
      // Without an input, the generated code failed to read the request (a query such as
      // `?&`): the client's mistake, not the server's.
      if error.operationInput == nil {
        return APIError(.badParameter, "the request cannot be read: \(error.underlyingError)")
      }
    case let error as HTTPError where error.status == .notFound:
      return APIError(.notFound, "no such endpoint: \(request.uri.path.prefix(200))")
    case let error as HTTPError where (400..<500).contains(error.status.code):
      return APIError(.badParameter, error.body ?? "\(error.status)")
    default:
      break
    }
    logger.error(
      "request failed", metadata: ["path": "\(request.uri.path.prefix(200))", "error": "\(error)"])
    return APIError(.internal, "the request failed inside the server")
  }
}

/// Headers as HTTP writes them: the generated code percent-encodes the header values it sets
/// (`%22w1%22`), which no cache would match against `If-None-Match`.
struct HeaderText<Context: RequestContext>: RouterMiddleware {
  static var names: [HTTPField.Name] { [.eTag, .cacheControl] }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await next(request, context)
    for name in Self.names {
      if let value = response.headers[name], value.contains("%"),
        let text = value.removingPercentEncoding
      {
        response.headers[name] = text
      }
    }
    return response
  }
}

/// Refuses a query parameter outside what openapi.yaml allows with a message naming it,
/// before the generated code, whose own message cannot say which parameter it was: a numeric
/// one that is not a number, a family that is none, a text longer than the document allows.
struct QueryCheck<Context: RequestContext>: RouterMiddleware {
  /// The numeric parameters, and whether each is a whole number.
  static var numeric: [String: Bool] { ["limit": true, "hueMin": false, "hueMax": false] }
  /// The text parameters, and their longest length.
  static var texts: [String: Int] {
    ["brand": 200, "q": 200, "cursor": OpaqueText.maxLength, "since": 200]
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let query = request.uri.queryParameters
    for (name, isWhole) in Self.numeric {
      for value in query.getAll(name) {
        let text = String(value)
        let isNumber = isWhole ? Int(text) != nil : Double(text).map(\.isFinite) ?? false
        guard isNumber else {
          throw APIError.badParameter(
            name, "\"\(text.prefix(40))\" is not \(isWhole ? "a whole number" : "a number")")
        }
      }
    }
    for (name, longest) in Self.texts {
      // Counted as the document's maxLength counts: in code points, not in Characters (a
      // letter with ten combining marks is one Character).
      for value in query.getAll(name) where value.unicodeScalars.count > longest {
        throw APIError.badParameter(name, "longer than \(longest) characters")
      }
    }
    for value in query.getAll("family") where ColorFamily(rawValue: String(value)) == nil {
      throw APIError.badParameter(
        "family",
        "\"\(value.prefix(40))\" is not a colour family (one of "
          + ColorFamily.allCases.map(\.rawValue).joined(separator: ", ") + ")")
    }
    return try await next(request, context)
  }
}

/// Answers 405 with `Allow` to a method the document does not list for a path it does.
struct MethodCheck<Context: RequestContext>: RouterMiddleware {
  static var paths: Set<String> {
    ["/v1/products", "/v1/families", "/v1/changes", "/health", "/metrics", "/openapi.yaml"]
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let path = request.uri.path
    let known = Self.paths.contains(path) || path.hasPrefix("/v1/products/")
    guard known, request.method != .get, request.method != .head, request.method != .options
    else {
      return try await next(request, context)
    }
    var response = try APIError(.methodNotAllowed, "\(path.prefix(200)) answers GET only")
      .response(from: request, context: context)
    response.headers[.allow] = "GET"
    return response
  }
}
