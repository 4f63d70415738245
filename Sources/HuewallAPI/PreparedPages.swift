import HTTPTypes
import HuewallRequests
import Hummingbird
import NIOCore

/// Answers the common `GET /v1/products` requests from the wall's products encoded once per
/// version (``EncodedProducts``), rather than through the generated code, which decodes the
/// query through its URI coder and encodes every product of every page again.
///
/// It answers only requests whose reading is plain: the documented parameters, each at most
/// once, in characters that need no unescaping, that ``ProductsRequest`` accepts; a 304 or a
/// page, with the headers and the bytes the generated code gives. Everything else (errors
/// included) goes on to the generated code. It sits inside the access check, the metrics and
/// the compression, which see its responses as any other.
struct PreparedPages<Context: RequestContext>: RouterMiddleware {
  let walls: WallReader
  /// The `Cache-Control` of catalogue responses.
  let cacheControl: String

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.method == .get, request.uri.path == "/v1/products",
      let products = PreparedPage.productsRequest(request.uri.query),
      let ifNoneMatch = PreparedPage.plainIfNoneMatch(request.headers),
      PreparedPage.acceptsJSON(request.headers)
    else {
      return try await next(request, context)
    }
    let wall = try await walls.current()
    if CatalogueHandlers.matches(ifNoneMatch, wall.etag) {
      return Response(status: .notModified, headers: [.eTag: wall.etag])
    }
    let page = products.page(of: wall)
    let body = PreparedPage.body(of: page, on: wall)
    return Response(
      status: .ok,
      headers: [
        .eTag: wall.etag, .cacheControl: cacheControl,
        .contentType: "application/json; charset=utf-8",
      ],
      body: ResponseBody(byteBuffer: body))
  }
}

/// How ``PreparedPages`` reads a request and writes a page.
enum PreparedPage {
  /// The parameters of `/v1/products` and the characters their values may have here: the
  /// unreserved ones, which the generated code reads as they are.
  static let parameterNames: Set<Substring> = [
    "family", "brand", "q", "hueMin", "hueMax", "cursor", "limit",
  ]

  /// `query` read as the generated code reads it, when it is plain (else nil): each name a
  /// parameter at most once, each value non-empty and unreserved, numbers in plain digits,
  /// and the parameters accepted.
  static func productsRequest(_ query: String?) -> ProductsRequest? {
    var values: [Substring: Substring] = [:]
    if let query {
      for item in query.split(separator: "&", omittingEmptySubsequences: false) {
        guard let equals = item.firstIndex(of: "=") else { return nil }
        let name = item[..<equals]
        let value = item[item.index(after: equals)...]
        guard parameterNames.contains(name), values[name] == nil, !value.isEmpty,
          value.utf8.allSatisfy(isUnreserved)
        else { return nil }
        values[name] = value
      }
    }
    func number(_ name: Substring) -> Double?? {
      guard let text = values[name] else { return .some(nil) }
      guard text.utf8.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: ".") }) else { return nil }
      return Double(text).map { .some($0) }
    }
    guard let hueMin = number("hueMin"), let hueMax = number("hueMax") else { return nil }
    var limit: Int?
    if let text = values["limit"] {
      guard text.utf8.count <= 9, text.utf8.allSatisfy(isDigit), let value = Int(text) else {
        return nil
      }
      limit = value
    }
    return try? ProductsRequest(
      family: values["family"].map(String.init), brand: values["brand"].map(String.init),
      q: values["q"].map(String.init), hueMin: hueMin, hueMax: hueMax,
      cursor: values["cursor"].map(String.init), limit: limit)
  }

  /// The request's `If-None-Match` as the generated code reads it (.some(nil) when there is
  /// none), or nil when it is not plain: more than one field, or escapes to undo.
  static func plainIfNoneMatch(_ headers: HTTPFields) -> String?? {
    let values = headers[values: .ifNoneMatch]
    guard let value = values.first else { return .some(nil) }
    guard values.count == 1, !value.utf8.contains(UInt8(ascii: "%")),
      !value.utf8.contains(UInt8(ascii: "+"))
    else { return nil }
    return .some(value)
  }

  /// Whether the request takes JSON as the generated code would check it: no `Accept`, or
  /// one that names it or any type.
  static func acceptsJSON(_ headers: HTTPFields) -> Bool {
    let values = headers[values: .accept]
    guard let value = values.first else { return true }
    return values.count == 1
      && (value == "*/*" || value == "application/json" || value == "application/*")
  }

  /// The page as the generated code writes a `ProductPage`: sorted keys, compact, no
  /// `nextCursor` on the last page. Cursors and tokens are base64url, which JSON writes as
  /// it is.
  static func body(of page: ProductsRequest.Page, on wall: ServedWall) -> ByteBuffer {
    var size = 96
    for position in page.positions { size += wall.encoded[position].count + 1 }
    var buffer = ByteBuffer()
    buffer.reserveCapacity(size)
    buffer.writeString("{")
    if let next = page.nextCursor {
      buffer.writeString("\"nextCursor\":\"\(next)\",")
    }
    buffer.writeString("\"products\":[")
    for (offset, position) in page.positions.enumerated() {
      if offset > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
      buffer.writeBytes(wall.encoded[position])
    }
    buffer.writeString(
      "],\"syncToken\":\"\(SyncToken(version: wall.version).encoded)\",\"total\":\(page.total),"
        + "\"version\":\(wall.version)}")
    return buffer
  }
}

private func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }

/// RFC 3986's unreserved characters: letters, digits, `-`, `.`, `_` and `~`.
private func isUnreserved(_ byte: UInt8) -> Bool {
  isDigit(byte) || (65...90).contains(byte) || (97...122).contains(byte)
    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    || byte == UInt8(ascii: "~")
}
