import CZlib
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// Sends a response's body gzip-compressed when the request's `Accept-Encoding` allows it.
///
/// A compressed body is another representation of the resource, so it gets another strong
/// ETag (RFC 9110, 8.8.3: a strong validator differs between representations, "including
/// when the content coding differs"): `"w7"` becomes `"w7-gzip"`. `If-None-Match` is read the
/// same way: a client that accepts gzip holds the gzip form, so only `"w7-gzip"` (or `*`)
/// revalidates it and the 304 names `"w7-gzip"`; a client that does not accept gzip is
/// compared with `"w7"`. Every response says `Vary: Accept-Encoding`, so that a cache keeps
/// the two forms apart.
///
/// Every 200 of a text type is compressed when asked, whatever its size, so that which
/// representation a request selects (and so which ETag a 304 names) never depends on the
/// body. Bodies are at most a page of 500 products, so each is compressed whole.
struct ResponseCompression<Context: RequestContext>: RouterMiddleware {
  /// Appended to an ETag's text for the gzip representation.
  static var tagSuffix: String { "-gzip" }

  /// The compressed pages already sent, by ETag and request target.
  let compressed = CompressedBodies()

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let gzip = Self.acceptsGzip(request.headers[values: .acceptEncoding])
    var request = request
    if gzip, let ifNoneMatch = request.headers[.ifNoneMatch] {
      var head = request.head
      head.headerFields[.ifNoneMatch] = Self.identityTags(ofGzipTags: ifNoneMatch)
      request = Request(head: head, body: request.body)
    }
    var response = try await next(request, context)
    response.headers.append(HTTPField(name: .vary, value: "Accept-Encoding"))
    guard gzip else { return response }
    if response.status == .notModified {
      response.headers[.eTag] = response.headers[.eTag].map(Self.gzipTag)
      return response
    }
    guard response.status == .ok, response.headers[.contentEncoding] == nil,
      Self.isText(response.headers[.contentType])
    else {
      return response
    }
    // A page's bytes follow from its ETag (the wall version) and its target alone, so its
    // compressed form is made once.
    let key = CompressedBodies.key(path: request.uri.path, target: request.head.path, response)
    let compressed: ByteBuffer
    if let key, let kept = self.compressed.body(for: key) {
      compressed = kept
    } else {
      let collected = CollectedBody()
      try await response.body.write(collected.writer)
      compressed = try Gzip.compress(collected.buffer)
      if let key { self.compressed.keep(compressed, for: key) }
    }
    response.headers[.contentEncoding] = "gzip"
    response.headers[.contentLength] = nil
    response.headers[.eTag] = response.headers[.eTag].map(Self.gzipTag)
    response.body = ResponseBody(byteBuffer: compressed)
    return response
  }

  /// Whether `Accept-Encoding` lets gzip be sent: `gzip` (or `x-gzip`) with a q above 0, or
  /// `*` with one when gzip is not named.
  static func acceptsGzip(_ values: [String]) -> Bool {
    var gzip: Double?
    var any: Double?
    for item in values.joined(separator: ",").split(separator: ",") {
      let parts = item.split(separator: ";")
      guard let first = parts.first else { continue }
      let coding = first.trimmingCharacters(in: .whitespaces).lowercased()
      var quality = 1.0
      for parameter in parts.dropFirst() {
        let parameter = parameter.trimmingCharacters(in: .whitespaces).lowercased()
        if parameter.hasPrefix("q=") { quality = Double(parameter.dropFirst(2)) ?? 0 }
      }
      if coding == "gzip" || coding == "x-gzip" {
        gzip = max(gzip ?? 0, quality)
      } else if coding == "*" {
        any = quality
      }
    }
    return (gzip ?? any ?? 0) > 0
  }

  /// The gzip representation's ETag: `"w7"` → `"w7-gzip"`, `W/"w7"` → `W/"w7-gzip"`.
  static func gzipTag(_ tag: String) -> String {
    guard tag.hasSuffix("\""), tag.count >= 2 else { return tag }
    return tag.dropLast() + tagSuffix + "\""
  }

  /// An `If-None-Match` of a client that accepts gzip, as the handlers compare it: the gzip
  /// tags as the identity tags they stand for, `*` as it is; an identity tag names a form
  /// this request would not be sent, so it is left out (nil when none is left).
  static func identityTags(ofGzipTags ifNoneMatch: String) -> String? {
    let suffix = tagSuffix + "\""
    let tags = ifNoneMatch.split(separator: ",").compactMap { tag -> String? in
      let tag = tag.trimmingCharacters(in: .whitespaces)
      if tag == "*" { return tag }
      guard tag.hasSuffix(suffix) else { return nil }
      return tag.dropLast(suffix.count) + "\""
    }
    return tags.isEmpty ? nil : tags.joined(separator: ", ")
  }

  /// JSON, YAML and text are worth compressing.
  static func isText(_ contentType: String?) -> Bool {
    guard let type = contentType?.lowercased() else { return false }
    return type.hasPrefix("application/json") || type.hasPrefix("application/yaml")
      || type.hasPrefix("text/")
  }
}

/// Compressed bodies of the responses that a wall version fixes (products and families), by
/// ETag and request target, up to ``maxBytes`` (then the kept ones are let go all at once).
final class CompressedBodies: Sendable {
  /// How many compressed bytes are kept at most.
  static var maxBytes: Int { 32 << 20 }

  private struct Kept {
    var bodies: [String: ByteBuffer] = [:]
    var bytes = 0
  }
  private let kept = Mutex(Kept())

  /// The key of `response` to a request for `path` (`target` with its query), or nil when
  /// its body is not fixed by its ETag and target: only the products' and the families'
  /// are (a changes page reads the catalogue as it is).
  static func key(path: String, target: String?, _ response: Response) -> String? {
    guard path == "/v1/products" || path == "/v1/families" || path.hasPrefix("/v1/products/"),
      let target, let etag = response.headers[.eTag]
    else { return nil }
    return etag + " " + target
  }

  func body(for key: String) -> ByteBuffer? {
    kept.withLock { $0.bodies[key] }
  }

  func keep(_ body: ByteBuffer, for key: String) {
    kept.withLock { kept in
      if kept.bytes + body.readableBytes > Self.maxBytes {
        kept = Kept()
      }
      if kept.bodies.updateValue(body, forKey: key) == nil { kept.bytes += body.readableBytes }
    }
  }
}

/// A response body's bytes, gathered through the writer a body is written to.
private final class CollectedBody: @unchecked Sendable {
  var buffer = ByteBuffer()

  var writer: some ResponseBodyWriter { Writer(into: self) }

  struct Writer: ResponseBodyWriter {
    let into: CollectedBody

    mutating func write(_ buffer: ByteBuffer) async throws {
      var buffer = buffer
      into.buffer.writeBuffer(&buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
  }
}

/// gzip (RFC 1952) through the system's zlib.
enum Gzip {
  /// A failure inside zlib, with its status code.
  struct Failure: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "zlib failed to compress (status \(status))" }
  }

  /// `input` as one gzip member, at zlib's default level.
  static func compress(_ input: ByteBuffer, level: Int32 = Z_DEFAULT_COMPRESSION) throws(Failure)
    -> ByteBuffer
  {
    var stream = z_stream()
    let start = huewall_deflate_init_gzip(&stream, level)
    guard start == Z_OK else { throw Failure(status: start) }
    defer { deflateEnd(&stream) }
    // deflateBound covers the gzip header and trailer: one call to deflate is enough.
    let bound = Int(deflateBound(&stream, uLong(input.readableBytes)))
    var output = ByteBuffer()
    var status: Int32 = Z_OK
    input.withUnsafeReadableBytes { source in
      stream.next_in = UnsafeMutablePointer(
        mutating: source.bindMemory(to: Bytef.self).baseAddress)
      stream.avail_in = uInt(source.count)
      output.writeWithUnsafeMutableBytes(minimumWritableBytes: bound) { target in
        stream.next_out = target.bindMemory(to: Bytef.self).baseAddress
        stream.avail_out = uInt(target.count)
        status = deflate(&stream, Z_FINISH)
        return target.count - Int(stream.avail_out)
      }
    }
    guard status == Z_STREAM_END else { throw Failure(status: status) }
    return output
  }
}
