import Foundation
import HuewallAPI
import Testing

/// Paging by cursor over ids a cursor cannot hold whole, over HTTP on 127.0.0.1: ids of 300
/// characters that share their first 250, and ids that begin with a combining mark (which
/// joins the space before it in a cursor's text into one Character).
@Suite("huewall api: cursors of long and unusual ids", .serialized)
struct CursorTests {
  static let ids: [String] =
    (0..<9).map { String(repeating: "a", count: 250) + String(format: "%050d", $0) }
    + (0..<5).map { "\u{301}combining-\($0)" }
    + (0..<4).map { "short-\($0)" }
    + [String(repeating: "é", count: 400), String(repeating: "é", count: 401)]

  static func items(version: Int) -> [TestCatalogue.Item] {
    ids.enumerated().map { index, id in
      var item = TestCatalogue.Item(
        id: id, title: "Product \(index)", brand: nil, hue: Double(index) / 20)
      item.imageVersion = version
      return item
    }
  }

  /// The JSON object of a 200 response.
  static func json(_ server: TestServer, _ path: String) async throws -> [String: Any] {
    let reply = try await server.get(path)
    #expect(reply.status == 200, "\(path.prefix(120)): \(reply.body.prefix(300))")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any])
  }

  @Test("a text parameter is as long as its code points, as openapi.yaml's maxLength counts")
  func lengthInCodePoints() async throws {
    let catalogue = try TestCatalogue()
    try catalogue.sync(Self.items(version: 1))
    let server = try await TestServer(catalogue: catalogue)
    do {
      // 101 Characters of 2 code points each: 202 code points, over the 200 of `q`.
      let q = String(repeating: "e\u{301}", count: 101)
      let encoded = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? q
      let reply = try await server.get("/v1/products?q=\(encoded)")
      #expect(reply.status == 400)
      #expect(reply.body.contains("q: longer than 200"))
      let fits = String(repeating: "e\u{301}", count: 100)
      let fitting = fits.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? fits
      #expect(try await server.get("/v1/products?q=\(fitting)").status == 200)
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }

  @Test("/v1/products and /v1/changes page through every id once, two and three at a time")
  func pagingLongIDs() async throws {
    let catalogue = try TestCatalogue()
    try catalogue.sync(Self.items(version: 1))
    let server = try await TestServer(catalogue: catalogue)
    do {
      var token: String?
      for limit in [2, 3] {
        var given: [String] = []
        var cursor: String?
        for _ in 0...Self.ids.count {
          let page = try await Self.json(
            server, "/v1/products?limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? ""))
          token = page["syncToken"] as? String
          given += (page["products"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
          cursor = page["nextCursor"] as? String
          guard let cursor else { break }
          #expect(cursor.utf8.count <= 1024)
        }
        let missing = Self.ids.filter { id in !given.contains { $0.utf8.elementsEqual(id.utf8) } }
        #expect(given.count == Self.ids.count)
        #expect(missing.isEmpty, "missing: \(missing.map { $0.prefix(20) + "… (\($0.count))" })")
      }

      // The next run shows every product with a new image: /v1/changes gives each once, in
      // the catalogue's order.
      try catalogue.sync(Self.items(version: 2))
      let since = try #require(token)
      let inOrder = Self.ids.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
      for limit in [2, 3] {
        var changed: [String] = []
        var cursor: String?
        for _ in 0...Self.ids.count {
          let page = try await Self.json(
            server,
            "/v1/changes?since=\(since)&limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? ""))
          changed += (page["changed"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
          cursor = page["nextCursor"] as? String
          guard let cursor else { break }
          #expect(cursor.utf8.count <= 1024)
        }
        #expect(changed.count == Self.ids.count)
        #expect(
          changed.map { Array($0.utf8) } == inOrder,
          "given: \(changed.map { $0.prefix(20) + "… (\($0.count))" })")
      }
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }
}
