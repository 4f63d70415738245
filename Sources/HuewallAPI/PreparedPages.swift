import Foundation
import HTTPTypes
import HuewallRequests
import HuewallStore
import Hummingbird
import NIOCore

/// Answers the common `GET /v1/products` and `GET /v1/changes` requests from the wall's
/// products encoded once per version (``EncodedProducts``), rather than through the generated
/// code, which decodes the query through its URI coder and encodes every product of every
/// page again.
///
/// It answers only requests whose reading is plain: the documented parameters, each at most
/// once, in characters that need no unescaping, that ``ProductsRequest`` or
/// ``ChangesRequest`` accepts; a 304 or a page, with the headers and the bytes the generated
/// code gives. Everything else (errors in the request included) goes on to the generated
/// code. It sits inside the access check, the metrics and the compression, which see its
/// responses as any other.
struct PreparedPages<Context: RequestContext>: RouterMiddleware {
  let walls: WallReader
  let store: any Catalogue
  /// The `Cache-Control` of catalogue responses.
  let cacheControl: String

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let path = request.uri.path
    guard path == "/v1/products" || path == "/v1/changes", request.method == .get,
      let ifNoneMatch = PreparedPage.plainIfNoneMatch(request.headers),
      PreparedPage.acceptsJSON(request.headers)
    else {
      return try await next(request, context)
    }
    switch path {
    case "/v1/products":
      guard let products = PreparedPage.productsRequest(request.uri.query) else { break }
      let wall = try await walls.current()
      if CatalogueHandlers.matches(ifNoneMatch, wall.etag) { return notModified(wall) }
      return page(PreparedPage.body(of: products.page(of: wall), on: wall), wall)
    case "/v1/changes":
      guard let changes = PreparedPage.changesRequest(request.uri.query) else { break }
      let wall = try await walls.current()
      if CatalogueHandlers.matches(ifNoneMatch, wall.etag) { return notModified(wall) }
      let body = try PreparedPage.body(
        of: try await changes.page(of: wall, store: store), on: wall)
      return page(body, wall)
    default:
      break
    }
    return try await next(request, context)
  }

  /// The 304 as the generated code writes it.
  func notModified(_ wall: ServedWall) -> Response {
    Response(status: .notModified, headers: [.eTag: wall.etag])
  }

  /// A 200 with `body`, headed as the generated code heads it.
  func page(_ body: ByteBuffer, _ wall: ServedWall) -> Response {
    Response(
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
  /// The parameters of `/v1/products`.
  static let productsParameters: Set<Substring> = [
    "family", "brand", "q", "hueMin", "hueMax", "cursor", "limit",
  ]
  /// The parameters of `/v1/changes`.
  static let changesParameters: Set<Substring> = ["since", "cursor", "limit"]

  /// The values of `query` by name when it is plain (else nil): each name one of `names` at
  /// most once, each value non-empty and of unreserved characters, which the generated code
  /// reads as they are.
  static func plainQuery(_ query: String?, names: Set<Substring>) -> [Substring: Substring]? {
    var values: [Substring: Substring] = [:]
    guard let query else { return values }
    for item in query.split(separator: "&", omittingEmptySubsequences: false) {
      guard let equals = item.firstIndex(of: "=") else { return nil }
      let name = item[..<equals]
      let value = item[item.index(after: equals)...]
      guard names.contains(name), values[name] == nil, !value.isEmpty,
        value.utf8.allSatisfy(isUnreserved)
      else { return nil }
      values[name] = value
    }
    return values
  }

  /// `limit` in plain digits: .some(nil) when absent, nil when not plain.
  static func plainLimit(_ values: [Substring: Substring]) -> Int?? {
    guard let text = values["limit"] else { return .some(nil) }
    guard text.utf8.count <= 9, text.utf8.allSatisfy(isDigit), let value = Int(text) else {
      return nil
    }
    return .some(value)
  }

  /// `query` read as the generated code reads a `/v1/products` query, when it is plain and
  /// accepted (else nil): numbers in plain digits.
  static func productsRequest(_ query: String?) -> ProductsRequest? {
    guard let values = plainQuery(query, names: productsParameters) else { return nil }
    func number(_ name: Substring) -> Double?? {
      guard let text = values[name] else { return .some(nil) }
      guard text.utf8.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: ".") }) else { return nil }
      return Double(text).map { .some($0) }
    }
    guard let hueMin = number("hueMin"), let hueMax = number("hueMax"),
      let limit = plainLimit(values)
    else { return nil }
    return try? ProductsRequest(
      family: values["family"].map(String.init), brand: values["brand"].map(String.init),
      q: values["q"].map(String.init), hueMin: hueMin, hueMax: hueMax,
      cursor: values["cursor"].map(String.init), limit: limit)
  }

  /// `query` read as the generated code reads a `/v1/changes` query, when it is plain and
  /// accepted (else nil).
  static func changesRequest(_ query: String?) -> ChangesRequest? {
    guard let values = plainQuery(query, names: changesParameters), let since = values["since"],
      let limit = plainLimit(values)
    else { return nil }
    return try? ChangesRequest(
      since: String(since), cursor: values["cursor"].map(String.init), limit: limit)
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
    var buffer = ByteBuffer()
    buffer.reserveCapacity(96 + products(page.positions, on: wall))
    buffer.writeString("{")
    if let next = page.nextCursor {
      buffer.writeString("\"nextCursor\":\"\(next)\",")
    }
    buffer.writeString("\"products\":")
    write(page.positions, on: wall, into: &buffer)
    buffer.writeString(
      ",\"syncToken\":\"\(wall.syncToken)\",\"total\":\(page.total),\"version\":\(wall.version)}")
    return buffer
  }

  /// The page as the generated code writes a `ChangesPage`: sorted keys, compact, the
  /// removed ids as its encoder writes them.
  static func body(of page: ChangesRequest.Page, on wall: ServedWall) throws -> ByteBuffer {
    let removed = page.removed.isEmpty ? Data("[]".utf8) : try JSONEncoder().encode(page.removed)
    var buffer = ByteBuffer()
    buffer.reserveCapacity(96 + removed.count + products(page.changed, on: wall))
    buffer.writeString("{\"changed\":")
    write(page.changed, on: wall, into: &buffer)
    if let next = page.nextCursor {
      buffer.writeString(",\"nextCursor\":\"\(next)\"")
    }
    buffer.writeString(",\"removed\":")
    buffer.writeBytes(removed)
    buffer.writeString(
      ",\"syncToken\":\"\(SyncToken(version: page.through).encoded)\",\"version\":\(page.through)}"
    )
    return buffer
  }

  /// The bytes of the products at `positions`, as a JSON array.
  static func products(_ positions: [Int], on wall: ServedWall) -> Int {
    positions.reduce(2) { $0 + wall.encoded[$1].count + 1 }
  }

  /// Writes the products at `positions` as a JSON array.
  static func write(_ positions: [Int], on wall: ServedWall, into buffer: inout ByteBuffer) {
    buffer.writeInteger(UInt8(ascii: "["))
    for (offset, position) in positions.enumerated() {
      if offset > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
      buffer.writeBytes(wall.encoded[position])
    }
    buffer.writeInteger(UInt8(ascii: "]"))
  }
}

private func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }

/// RFC 3986's unreserved characters: letters, digits, `-`, `.`, `_` and `~`.
private func isUnreserved(_ byte: UInt8) -> Bool {
  isDigit(byte) || (65...90).contains(byte) || (97...122).contains(byte)
    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    || byte == UInt8(ascii: "~")
}
