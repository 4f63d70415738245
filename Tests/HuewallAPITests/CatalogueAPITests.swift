import Crypto
import Foundation
import HuewallAPI
import HuewallColorWords
import HuewallStore
import NIOHTTP1
import Testing

/// `huewall api` against a real SQLite catalogue in a temporary folder, on a real server on
/// 127.0.0.1, read by the client generated from openapi.yaml and by plain requests.
@Suite("huewall api", .serialized)
struct CatalogueAPITests {
  /// Products p00000…: every tenth of brand Acme, every third a scarf, hues spread round the
  /// circle.
  static func items(_ range: Range<Int>, hues: [Double]? = nil) -> [TestCatalogue.Item] {
    range.map { i in
      TestCatalogue.Item(
        id: String(format: "p%05d", i), title: i % 3 == 0 ? "Wool scarf \(i)" : "Cotton shirt \(i)",
        brand: i % 10 == 0 ? "Acme" : "Other",
        hue: hues.map { $0[i % $0.count] } ?? Double(i % 997) / 997)
    }
  }

  /// Runs `body` with a server over `catalogue`, stopping it however `body` ends.
  func withServer(
    _ catalogue: TestCatalogue, settings: CatalogueServer.Settings = .init(),
    _ body: (TestServer) async throws -> Void
  ) async throws {
    let server = try await TestServer(catalogue: catalogue, settings: settings)
    do {
      try await body(server)
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }

  @Test("an app pages through 10,000 products, then applies exactly what the next run changed")
  func syncLoop() async throws {
    let catalogue = try TestCatalogue()
    let items = Self.items(0..<10_000)
    try catalogue.sync(items)
    try await withServer(catalogue) { server in
      try await AppSync.check(from: items, clients: [server.client]) { items, _ in
        try catalogue.sync(items)
      }
    }
  }

  @Test("a page never mixes two runs: clients page through while runs go on")
  func pagesWhileRunsWrite() async throws {
    let catalogue = try TestCatalogue()
    try catalogue.sync(RunPaging.items(count: 1_000, run: 0))
    try await withServer(catalogue) { server in
      try await RunPaging.check(
        count: 1_000, runs: 6, clients: [server.client], maxPages: 400, minPages: 40
      ) { items, _ in try catalogue.sync(items) }
    }
  }

  @Test("a response carries the version as a strong ETag; sent back unchanged it is 304")
  func revalidation() async throws {
    let catalogue = try TestCatalogue()
    try catalogue.sync(Self.items(0..<30))
    try await withServer(catalogue) { server in
      let first = try await server.get("/v1/products?limit=5")
      #expect(first.status == 200)
      let etag = try #require(first.headers["etag"])
      #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
      #expect(first.headers["cache-control"] == "public, max-age=60")
      let again = try await server.get("/v1/products?limit=5", headers: [("If-None-Match", etag)])
      #expect(again.status == 304)
      #expect(again.body.isEmpty)
      #expect(again.headers["etag"] == etag)
      for path in ["/v1/products/p00003", "/v1/families", "/v1/products?family=red"] {
        #expect(try await server.get(path, headers: [("If-None-Match", etag)]).status == 304)
      }

      // A person's decision is a new version.
      try catalogue.store.saveColorOverrides([
        ColorOverride(productID: "p00003", family: .pink, decidedAt: Date(), imageSHA256: nil)
      ])
      let changed = try await server.get("/v1/products/p00003", headers: [("If-None-Match", etag)])
      #expect(changed.status == 200)
      #expect(changed.headers["etag"] != etag)
      #expect(changed.body.contains("\"decidedBy\":\"override\""))
      #expect(changed.body.contains("\"family\":\"pink\""))
    }
  }

  @Test("a bad request is a JSON error naming what is wrong")
  func errors() async throws {
    let catalogue = try TestCatalogue()
    try catalogue.sync(Self.items(0..<10))
    try await withServer(catalogue) { server in
      func expectError(_ path: String, _ status: Int, _ code: String, naming name: String)
        async throws
      {
        let response = try await server.get(path)
        #expect(response.status == status, "\(path)")
        #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
        let object = try JSONSerialization.jsonObject(with: Data(response.body.utf8))
        let error = (object as? [String: Any])?["error"] as? [String: String]
        let message = error?["message"] ?? ""
        #expect(error?["code"] == code, "\(path): \(response.body)")
        #expect(message.contains(name), "\(path): \(response.body)")
      }
      try await expectError("/v1/products?limit=0", 400, "bad-parameter", naming: "limit")
      try await expectError("/v1/products?limit=501", 400, "bad-parameter", naming: "limit")
      try await expectError("/v1/products?limit=many", 400, "bad-parameter", naming: "limit")
      try await expectError("/v1/products?family=teal", 400, "bad-parameter", naming: "family")
      try await expectError("/v1/products?hueMin=400", 400, "bad-parameter", naming: "hueMin")
      try await expectError("/v1/products?cursor=%25%25", 400, "bad-parameter", naming: "cursor")
      try await expectError("/v1/products?cursor=cDEgMSAx", 400, "bad-parameter", naming: "cursor")
      try await expectError("/v1/products/no-such-id", 404, "not-found", naming: "no-such-id")
      try await expectError("/v1/changes", 400, "bad-parameter", naming: "since")
      try await expectError("/v1/changes?since=nonsense", 400, "bad-parameter", naming: "since")
      // "s1 999": a version this catalogue never had.
      try await expectError(
        "/v1/changes?since=czEgOTk5", 410, "token-expired", naming: "sync in full")
      try await expectError("/v2/anything", 404, "not-found", naming: "/v2/anything")
      try await expectError(
        "/v1/families?brand=" + String(repeating: "b", count: 201), 400, "bad-parameter",
        naming: "brand")
      let delete = try await server.get("/v1/families", method: .DELETE)
      #expect(delete.status == 405)
      #expect(delete.headers["allow"] == "GET")

      // A cursor from other filters is refused rather than misread.
      let page = try await server.client.listProducts(query: .init(limit: 2)).ok.body.json
      let cursor = try #require(page.nextCursor)
      try await expectError(
        "/v1/products?family=red&cursor=\(cursor)", 400, "bad-parameter", naming: "cursor")
    }
  }

  @Test("filters: family, brand, search and a hue range that wraps; families counted alike")
  func filters() async throws {
    let catalogue = try TestCatalogue()
    // Red (0°), green (120°) and blue (240°) in turn.
    try catalogue.sync(Self.items(0..<300, hues: [0, 1.0 / 3, 2.0 / 3]))
    try await withServer(catalogue) { server in
      let client = server.client
      func ids(_ query: Operations.ListProducts.Input.Query) async throws -> Set<String> {
        let page = try await client.listProducts(query: query).ok.body.json
        #expect(page.nextCursor == nil)
        return Set(page.products.map(\.id))
      }
      func expected(_ include: (Int) -> Bool) -> Set<String> {
        Set((0..<300).filter(include).map { String(format: "p%05d", $0) })
      }
      #expect(try await ids(.init(family: .red, limit: 500)) == expected { $0 % 3 == 0 })
      #expect(try await ids(.init(family: .green, limit: 500)) == expected { $0 % 3 == 1 })
      #expect(try await ids(.init(brand: "acme", limit: 500)) == expected { $0 % 10 == 0 })
      #expect(try await ids(.init(q: "WOOL scarf", limit: 500)) == expected { $0 % 3 == 0 })
      // A colour word of another language finds the family: "verde" is green.
      #expect(try await ids(.init(q: "verde", limit: 500)) == expected { $0 % 3 == 1 })
      #expect(
        try await ids(.init(hueMin: 100, hueMax: 140, limit: 500)) == expected { $0 % 3 == 1 })
      #expect(
        try await ids(.init(hueMin: 330, hueMax: 30, limit: 500)) == expected { $0 % 3 == 0 })
      #expect(
        try await ids(.init(family: .blue, brand: "Acme", limit: 500))
          == expected { $0 % 3 == 2 && $0 % 10 == 0 })

      let families = try await client.listFamilies(query: .init(brand: "Acme")).ok.body.json
      let counts = Dictionary(uniqueKeysWithValues: families.families.map { ($0.family, $0.count) })
      #expect(counts == ["red": 10, "green": 10, "blue": 10])
    }
  }

  @Test("keys, CORS and the per-key budget")
  func access() async throws {
    let catalogue = try TestCatalogue()
    try catalogue.sync(Self.items(0..<10))
    let key = "k3y-for-the-shop-app"
    let hash = SHA256.hash(data: Data(key.utf8)).map { String(format: "%02x", $0) }.joined()
    let settings = CatalogueServer.Settings(
      keyHashes: [hash], allowOrigins: ["https://shop.example"], requestsPerMinute: 3)
    try await withServer(catalogue, settings: settings) { server in
      #expect(try await server.get("/v1/families").status == 401)
      #expect(
        try await server.get("/v1/families", headers: [("Authorization", "Bearer not-it")]).status
          == 401)
      #expect(try await server.get("/health").status == 200)

      let preflight = try await server.get(
        "/v1/products",
        headers: [
          ("Origin", "https://shop.example"), ("Access-Control-Request-Method", "GET"),
          ("Access-Control-Request-Headers", "authorization"),
        ], method: .OPTIONS)
      #expect(preflight.status == 204)
      #expect(preflight.headers["access-control-allow-origin"] == "https://shop.example")
      #expect(preflight.headers["access-control-allow-headers"]?.contains("Authorization") == true)

      let authorised = [("Authorization", "Bearer \(key)"), ("Origin", "https://shop.example")]
      for _ in 0..<3 {
        let response = try await server.get("/v1/families", headers: authorised)
        #expect(response.status == 200)
        #expect(response.headers["access-control-allow-origin"] == "https://shop.example")
      }
      let spent = try await server.get("/v1/families", headers: authorised)
      #expect(spent.status == 429)
      #expect(spent.body.contains("too-many-requests"))
      #expect(Int(spent.headers["retry-after"] ?? "") ?? 0 >= 1)
      // Still readable by the page that asked.
      #expect(spent.headers["access-control-allow-origin"] == "https://shop.example")

      let elsewhere = try await server.get(
        "/v1/families",
        headers: [("Authorization", "Bearer \(key)"), ("Origin", "https://evil.example")])
      #expect(elsewhere.headers["access-control-allow-origin"] == nil)
    }
  }

  @Test("health, metrics and the document itself")
  func operations() async throws {
    let catalogue = try TestCatalogue()
    try catalogue.sync(Self.items(0..<3))
    try await withServer(catalogue) { server in
      let health = try await server.get("/health")
      #expect(health.status == 200)
      #expect(health.body.contains("\"status\":\"ok\""))
      #expect(try await server.get("/metrics").status == 200)
      let document = try await server.get("/openapi.yaml")
      #expect(document.status == 200)
      let file = try String(
        contentsOf: repositoryRoot.appendingPathComponent("openapi.yaml"), encoding: .utf8)
      #expect(document.body == file)
    }
  }
}

/// The committed generated code is that of the committed openapi.yaml: run
/// scripts/generate-openapi after changing the document.
@Suite struct GeneratedCodeTests {
  @Test("the generated files were made from openapi.yaml as it is")
  func current() throws {
    let document = try Data(contentsOf: repositoryRoot.appendingPathComponent("openapi.yaml"))
    let hash = SHA256.hash(data: document).map { String(format: "%02x", $0) }.joined()
    for path in [
      "Sources/HuewallAPI/Generated/Types.swift", "Sources/HuewallAPI/Generated/Server.swift",
      "Sources/HuewallAPI/Generated/OpenAPIDocument.swift",
      "Tests/HuewallAPITests/Generated/Client.swift",
    ] {
      let text = try String(
        contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
      #expect(
        text.prefix(400).contains("sha256 \(hash)"),
        "\(path) is older than openapi.yaml: run scripts/generate-openapi")
    }
  }
}
