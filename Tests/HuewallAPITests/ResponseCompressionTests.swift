import AsyncHTTPClient
import Foundation
import HuewallAPI
import NIOCore
import NIOHTTP1
import Testing

/// gzip responses of `huewall api` over HTTP on 127.0.0.1, decompressed by Python's gzip
/// module (not by Huewall's code) and compared with the uncompressed response.
@Suite("huewall api: gzip", .serialized)
struct ResponseCompressionTests {
  /// A response's status, headers (names in lower case, repeated ones joined by ", ") and
  /// body bytes.
  struct Reply {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
  }

  static func get(_ server: TestServer, _ path: String, headers: [(String, String)] = [])
    async throws -> Reply
  {
    var request = HTTPClientRequest(url: server.baseURL.absoluteString + path)
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    let response = try await server.http.execute(request, timeout: .seconds(60))
    let body = try await response.body.collect(upTo: 64 << 20)
    var fields: [String: String] = [:]
    for (name, value) in response.headers {
      fields[name.lowercased(), default: ""] +=
        (fields[name.lowercased()] == nil ? "" : ", ")
        + value
    }
    return Reply(status: Int(response.status.code), headers: fields, body: Array(buffer: body))
  }

  /// `bytes` decompressed by Python's gzip module (which also checks the CRC and length).
  static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-gzip-\(UUID().uuidString).gz")
    try Data(bytes).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import gzip, sys; sys.stdout.buffer.write(gzip.decompress(open(sys.argv[1], 'rb').read()))",
      file.path,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: file.path])
    }
    return Array(data)
  }

  func withServer(_ body: (TestServer) async throws -> Void) async throws {
    let catalogue = try TestCatalogue()
    try catalogue.sync(CatalogueAPITests.items(0..<600))
    let server = try await TestServer(catalogue: catalogue)
    do {
      try await body(server)
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }

  @Test("a page asked for with gzip is the same JSON, compressed, under its own strong ETag")
  func compressedPage() async throws {
    try await withServer { server in
      let path = "/v1/products?limit=500"
      let plain = try await Self.get(server, path)
      let packed = try await Self.get(server, path, headers: [("Accept-Encoding", "gzip")])
      #expect(plain.status == 200 && packed.status == 200)
      #expect(plain.headers["content-encoding"] == nil)
      #expect(packed.headers["content-encoding"] == "gzip")
      #expect(plain.headers["etag"] == "\"w1\"")
      #expect(packed.headers["etag"] == "\"w1-gzip\"")
      for reply in [plain, packed] {
        #expect(reply.headers["vary"]?.contains("Accept-Encoding") == true)
        #expect(reply.headers["content-type"]?.hasPrefix("application/json") == true)
      }
      #expect(packed.headers["content-length"] == String(packed.body.count))
      #expect(Array(packed.body.prefix(2)) == [0x1f, 0x8b], "not gzip's magic number")
      #expect(packed.body.count * 4 < plain.body.count, "500 products compress well")
      let unpacked = try Self.gunzip(packed.body)
      #expect(unpacked == plain.body)
      // And it is the page: 500 products.
      let page = try JSONSerialization.jsonObject(with: Data(unpacked)) as? [String: Any]
      #expect((page?["products"] as? [Any])?.count == 500)
    }
  }

  @Test("Accept-Encoding is read with its q-values")
  func acceptEncoding() async throws {
    try await withServer { server in
      let cases: [(String?, Bool)] = [
        (nil, false), ("gzip", true), ("gzip, deflate, br", true), ("br", false),
        ("gzip;q=0", false), ("*", true), ("*;q=0", false), ("br, *;q=0.1", true),
        ("GZIP;Q=0.5", true), ("x-gzip", true), ("identity", false), ("gzip;q=0, *", false),
      ]
      for (accept, compressed) in cases {
        let reply = try await Self.get(
          server, "/v1/families", headers: accept.map { [("Accept-Encoding", $0)] } ?? [])
        #expect(reply.status == 200)
        #expect(
          (reply.headers["content-encoding"] == "gzip") == compressed,
          "Accept-Encoding: \(accept ?? "(none)")")
        if compressed {
          let plain = try await Self.get(server, "/v1/families")
          #expect(try Self.gunzip(reply.body) == plain.body)
        }
      }
    }
  }

  @Test("If-None-Match revalidates the representation the request selects, and no other")
  func revalidation() async throws {
    try await withServer { server in
      let path = "/v1/products?family=red&limit=48"
      func reply(_ ifNoneMatch: String, gzip: Bool) async throws -> Reply {
        var headers = [("If-None-Match", ifNoneMatch)]
        if gzip { headers.append(("Accept-Encoding", "gzip")) }
        return try await Self.get(server, path, headers: headers)
      }
      let gzip304 = try await reply("\"w1-gzip\"", gzip: true)
      #expect(gzip304.status == 304)
      #expect(gzip304.headers["etag"] == "\"w1-gzip\"")
      #expect(gzip304.headers["vary"]?.contains("Accept-Encoding") == true)
      #expect(gzip304.body.isEmpty)
      #expect(try await reply("W/\"w1-gzip\"", gzip: true).status == 304)
      #expect(try await reply("\"w0-gzip\", \"w1-gzip\"", gzip: true).status == 304)
      #expect(try await reply("*", gzip: true).status == 304)

      let plain304 = try await reply("\"w1\"", gzip: false)
      #expect(plain304.status == 304)
      #expect(plain304.headers["etag"] == "\"w1\"")

      // A tag of the other form is not the one this request would be sent.
      let identityTagWithGzip = try await reply("\"w1\"", gzip: true)
      #expect(identityTagWithGzip.status == 200)
      #expect(identityTagWithGzip.headers["etag"] == "\"w1-gzip\"")
      let gzipTagWithout = try await reply("\"w1-gzip\"", gzip: false)
      #expect(gzipTagWithout.status == 200)
      #expect(gzipTagWithout.headers["etag"] == "\"w1\"")
      #expect(gzipTagWithout.headers["content-encoding"] == nil)
    }
  }

  @Test("/openapi.yaml compressed is the document byte for byte")
  func compressedDocument() async throws {
    try await withServer { server in
      let reply = try await Self.get(
        server, "/openapi.yaml", headers: [("Accept-Encoding", "gzip")])
      #expect(reply.status == 200)
      #expect(reply.headers["content-encoding"] == "gzip")
      let document = try Data(contentsOf: repositoryRoot.appendingPathComponent("openapi.yaml"))
      #expect(try Self.gunzip(reply.body) == Array(document))
    }
  }
}
