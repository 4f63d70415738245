import Foundation
import Testing

@testable import HuewallAPI

/// The pages `huewall api` puts together from each product's JSON encoded once per wall
/// version against the pages the generated code encodes: two servers over one SQLite
/// catalogue on 127.0.0.1, one with prepared pages and one without, asked the same requests,
/// must answer the same status, headers and bytes.
@Suite("huewall api: prepared pages", .serialized)
struct PreparedPagesTests {
  /// Products whose text JSON escapes: quotes, backslashes, slashes (which the served
  /// encoder writes as `\/`), a control character, accents and emoji; every fourth of brand
  /// "Acme/Co", hues round the circle.
  static func items(_ range: Range<Int>) -> [TestCatalogue.Item] {
    let titles = [
      "Wool scarf", "Cotton \"shirt\"", "Back\\slash / half/half", "Tab\there", "Café crème",
      "Sneaker 👟", "a</b>", "\\/ both",
    ]
    return range.map { i in
      TestCatalogue.Item(
        id: i % 50 == 7 ? "id/with/slash-\(i)" : String(format: "q%04d", i),
        title: "\(titles[i % titles.count]) \(i)", brand: i % 4 == 0 ? "Acme/Co" : "Other",
        hue: Double(i % 97) / 97, saturation: i % 11 == 0 ? 0.05 : 0.8)
    }
  }

  /// The two servers over one catalogue, stopped however `body` ends.
  func withServers(
    _ catalogue: TestCatalogue,
    _ body: (_ prepared: TestServer, _ generated: TestServer)
      async throws -> Void
  ) async throws {
    let prepared = try await TestServer(catalogue: catalogue)
    let generated = try await TestServer(
      catalogue: catalogue, settings: .init(answersFromPreparedPages: false))
    do {
      try await body(prepared, generated)
    } catch {
      try await prepared.stop()
      try await generated.stop()
      throw error
    }
    try await prepared.stop()
    try await generated.stop()
  }

  /// Both servers' replies to `path` with `headers`, which must be the same but for `Date`.
  @discardableResult
  func same(
    _ prepared: TestServer, _ generated: TestServer, _ path: String,
    headers: [(String, String)] = []
  ) async throws -> ResponseCompressionTests.Reply {
    var one = try await ResponseCompressionTests.get(prepared, path, headers: headers)
    var other = try await ResponseCompressionTests.get(generated, path, headers: headers)
    one.headers["date"] = nil
    other.headers["date"] = nil
    #expect(one.status == other.status, "\(path) \(headers)")
    #expect(one.headers == other.headers, "\(path) \(headers)")
    #expect(
      one.body == other.body,
      "\(path) \(headers): \(String(decoding: one.body, as: UTF8.self).prefix(300)) ≠ \(String(decoding: other.body, as: UTF8.self).prefix(300))"
    )
    return one
  }

  /// The cursors of every page of `query` (limit `limit`), from the generated server.
  func cursors(_ server: TestServer, _ query: String) async throws -> [String] {
    var cursors: [String] = []
    var cursor: String?
    repeat {
      let path = "/v1/products?" + query + (cursor.map { "&cursor=\($0)" } ?? "")
      let page = try await ResponseCompressionTests.get(server, path)
      #expect(page.status == 200, "\(path)")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(page.body)) as? [String: Any])
      cursor = json["nextCursor"] as? String
      if let cursor { cursors.append(cursor) }
    } while cursor != nil && cursors.count < 100
    return cursors
  }

  static let queries = [
    "", "family=green", "family=green&limit=48", "limit=500", "limit=1", "family=red&limit=7",
    "family=white", "brand=Acme%2FCo", "brand=Other&limit=9", "q=scarf", "q=cafe&limit=3",
    "q=shirt%20cotton", "q=shirt+cotton", "hueMin=10&hueMax=200", "hueMin=300&hueMax=20",
    "hueMin=10.5", "limit=0", "limit=501", "limit=abc", "limit=048", "family=mauve",
    "hueMin=400", "cursor=bm9wZQ", "cursor=%%%", "family=green&family=red", "limit=5&limit=6",
    "unknown=1", "family=green&", "family", "&", "Limit=3", "q=", "q=~.-_",
  ]

  static let headerSets: [[(String, String)]] = [
    [], [("Accept-Encoding", "gzip")], [("Accept", "application/json")],
    [("Accept", "text/html")], [("Accept", "*/*")],
    [("Accept", "application/json, text/plain;q=0.5")],
  ]

  @Test("every request gets the same status, headers and bytes, 304s, errors and gzip included")
  func sameAnswers() async throws {
    let catalogue = try TestCatalogue()
    try catalogue.sync(Self.items(0..<400))
    try await withServers(catalogue) { prepared, generated in
      let first = try await same(prepared, generated, "/v1/products?family=green&limit=48")
      #expect(first.status == 200)
      let etag = try #require(first.headers["etag"])
      for query in Self.queries {
        for headers in Self.headerSets {
          try await same(prepared, generated, "/v1/products?" + query, headers: headers)
        }
        for tag in [etag, "W/" + etag, "*", "\"w0\"", "\"x\", " + etag, etag + "-gzip"] {
          try await same(
            prepared, generated, "/v1/products?" + query, headers: [("If-None-Match", tag)])
          try await same(
            prepared, generated, "/v1/products?" + query,
            headers: [("If-None-Match", tag), ("Accept-Encoding", "gzip")])
        }
      }
      try await same(prepared, generated, "/v1/products")
      try await same(prepared, generated, "/v1/products/")

      // Every page of a few pagings, from the first version; then, once a run changed the
      // catalogue, the same cursors on the new version.
      var held: [String] = []
      for query in ["limit=7", "family=green&limit=5", "brand=Other&limit=50", "q=scarf&limit=4"] {
        let cursors = try await cursors(generated, query)
        #expect(!cursors.isEmpty, "\(query)")
        for cursor in cursors {
          let reply = try await same(prepared, generated, "/v1/products?\(query)&cursor=\(cursor)")
          #expect(reply.status == 200)
          held.append("/v1/products?\(query)&cursor=\(cursor)")
        }
        // A cursor made for other filters.
        try await same(prepared, generated, "/v1/products?family=blue&cursor=\(cursors[0])")
      }
      let firstPage = try #require(
        try JSONSerialization.jsonObject(with: Data(first.body)) as? [String: Any])
      let token = try #require(firstPage["syncToken"] as? String)
      var items = Self.items(0..<400)
      items.remove(at: 7)  // "id/with/slash-7", whose removal JSON writes with `\/`
      items.removeSubrange(10..<20)
      items[30].imageVersion = 2
      items[30].hue = 0.5
      items += Self.items(400..<410)
      try catalogue.sync(items)
      let after = try await same(prepared, generated, "/v1/products?family=green&limit=48")
      #expect(after.headers["etag"] != etag)
      for path in held {
        try await same(prepared, generated, path)
        try await same(prepared, generated, path, headers: [("Accept-Encoding", "gzip")])
      }

      // The changes since the first version, a page at a time, and what a changes request
      // gets wrong.
      for limit in [3, 7, 500] {
        var cursor: String?
        var pages = 0
        repeat {
          let path =
            "/v1/changes?since=\(token)&limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? "")
          let reply = try await same(prepared, generated, path)
          #expect(reply.status == 200, "\(path)")
          let json = try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any]
          cursor = json?["nextCursor"] as? String
          pages += 1
        } while cursor != nil && pages < 50
        #expect(pages > 1 || limit == 500)
      }
      let newEtag = try #require(after.headers["etag"])
      for query in [
        "since=\(token)", "since=czEgOTk", "since=bm9wZQ", "since=\(token)&cursor=bm9wZQ",
        "since=\(token)&limit=0", "since=\(token)&since=\(token)", "limit=3", "", "since=",
        "since=\(token)&limit=2&x=1",
      ] {
        for headers in [[], [("If-None-Match", newEtag)], [("Accept-Encoding", "gzip")]] {
          try await same(prepared, generated, "/v1/changes?" + query, headers: headers)
        }
      }
    }
  }

  @Test("a compressed page made once is sent again only for its version")
  func compressedOncePerVersion() async throws {
    let catalogue = try TestCatalogue()
    var items = Self.items(0..<120)
    try catalogue.sync(items)
    let server = try await TestServer(catalogue: catalogue)
    do {
      let path = "/v1/products?family=green&limit=48"
      let gzip = [("Accept-Encoding", "gzip")]
      for round in 0..<2 {
        let plain = try await ResponseCompressionTests.get(server, path)
        let first = try await ResponseCompressionTests.get(server, path, headers: gzip)
        let again = try await ResponseCompressionTests.get(server, path, headers: gzip)
        #expect(first.headers["etag"] == "\"w\(round + 1)-gzip\"")
        #expect(again.body == first.body)
        #expect(try ResponseCompressionTests.gunzip(again.body) == plain.body, "round \(round)")
        // The next run gives every green product a new title.
        for index in items.indices { items[index].title += " (new)" }
        try catalogue.sync(items)
      }
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }

  @Test("the search's byte-by-byte find agrees with String.contains on ASCII text")
  func bytewiseSearch() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("abcab\n -/1é".unicodeScalars).map(String.init)
    for _ in 0..<5_000 {
      let haystack = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }.joined()
      let words = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        (0..<Int.random(in: 1...4, using: &generator)).map { _ in
          String("abc1-/".randomElement(using: &generator)!)
        }.joined()
      }
      let expected = words.allSatisfy { haystack.contains($0) }
      if haystack.utf8.allSatisfy({ $0 < 0x80 }) {
        #expect(Filters.bytewiseContains(haystack, words) == expected, "\(haystack) \(words)")
      }
    }
  }

  @Test("the common requests are the ones read from prepared pages")
  func plainRequests() throws {
    for query in [
      nil, "family=green&limit=48", "limit=500", "brand=Acme&q=scarf", "hueMin=10&hueMax=200.5",
    ] {
      #expect(PreparedPage.productsRequest(query) != nil, "\(query ?? "none")")
    }
    for query in [
      "", "q=two%20words", "q=a+b", "limit=0", "limit=5&limit=6", "unknown=1", "family",
      "family=mauve", "hueMin=1e2", "cursor=bm9wZQ",
    ] {
      #expect(PreparedPage.productsRequest(query) == nil, "\(query)")
    }
    #expect(PreparedPage.changesRequest("since=czEgMQ&limit=500") != nil)
    for query in [nil, "since=czEgMQ&since=czEgMQ", "since=bm9wZQ", "since=czEgMQ&limit=0"] {
      #expect(PreparedPage.changesRequest(query) == nil, "\(query ?? "none")")
    }
  }
}

/// What the generated code cannot read is the client's mistake.
@Suite("huewall api: unreadable queries")
struct UnreadableQueryTests {
  @Test("a query the generated code cannot read is a 400, not a 500")
  func unreadableQuery() async throws {
    let catalogue = try TestCatalogue()
    try catalogue.sync(PreparedPagesTests.items(0..<5))
    let server = try await TestServer(catalogue: catalogue)
    do {
      for path in ["/v1/products?&", "/v1/products?family", "/v1/families?&", "/v1/changes?&"] {
        let reply = try await server.get(path)
        #expect(reply.status == 400, "\(path)")
        #expect(reply.body.contains("\"bad-parameter\""), "\(path): \(reply.body)")
      }
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }
}
