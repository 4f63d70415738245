import Foundation
import HuewallAPI
import HuewallCore
import HuewallPalette
import HuewallPostgres
import HuewallStore
import HuewallTestSupport
import Testing

/// `huewall api` over a PostgreSQL catalogue on the tests' throwaway cluster (a Unix socket in
/// a temporary folder), two servers on 127.0.0.1 over the same database, as two processes
/// behind a load balancer would be.
@Suite("huewall api over PostgreSQL", .serialized)
struct PostgresAPITests {
  /// Stores `items` as the whole feed with their analyses, as one finished run `number`.
  static func sync(
    _ items: [TestCatalogue.Item], into catalog: PostgresCatalog, set: ParameterSetRecord,
    run number: Int
  ) async throws {
    let date = TestCatalogue.runDate(number)
    let run = try await catalog.startRun(kind: .run, parameterSetID: set.id, at: date)
    try await catalog.clearStagedProducts()
    try await catalog.stageProducts { staging in
      for (index, item) in items.enumerated() {
        _ = try staging.add(item.product, position: index + 1)
      }
    }
    try await catalog.syncStagedProducts(at: date)
    try await catalog.saveImages(items.map { $0.image(at: date) })
    try await catalog.saveAnalyses(items.map { $0.analysis(under: set, at: date) })
    try await catalog.finishRun(
      run, status: .succeeded, counts: RunCounts(productsSeen: items.count), message: nil,
      at: date.addingTimeInterval(60))
  }

  @Test("products, paging, changes and ETags over PostgreSQL, alike from two servers")
  func pagesAndChanges() async throws {
    let url = try await TestPostgres.freshDatabase()
    let catalog = try await PostgresCatalog(url: url)
    defer { try? catalog.close() }
    let other = try await PostgresCatalog(url: url)
    defer { try? other.close() }
    let set = try await catalog.parameterSet(
      for: AnalysisParameters(), preset: "product", name: nil, at: Date())
    var items = CatalogueAPITests.items(0..<1_000)
    try await Self.sync(items, into: catalog, set: set, run: 1)
    let first = try await TestServer(store: catalog, parameterSet: set)
    let second = try await TestServer(store: other, parameterSet: set)
    do {
      // Every id once, paging 300 at a time, the same pages from either server.
      var seen: [String] = []
      var cursor: String?
      var token: String?
      repeat {
        let page = try await first.client.listProducts(query: .init(cursor: cursor, limit: 300))
          .ok.body.json
        let same = try await second.client.listProducts(query: .init(cursor: cursor, limit: 300))
          .ok.body.json
        #expect(page == same)
        #expect(page.total == 1_000)
        token = token ?? page.syncToken
        seen += page.products.map(\.id)
        cursor = page.nextCursor
      } while cursor != nil
      #expect(seen.count == 1_000 && Set(seen).count == 1_000)

      // One version for both: the same strong ETag, and each revalidates the other's.
      let a = try await first.get("/v1/products?limit=48")
      let b = try await second.get("/v1/products?limit=48")
      #expect(a.status == 200 && b.status == 200)
      let etag = try #require(a.headers["etag"])
      #expect(b.headers["etag"] == etag)
      #expect(
        try await second.get("/v1/products?limit=48", headers: [("If-None-Match", etag)]).status
          == 304)

      // The next run: 10 recoloured, 5 removed, 7 added.
      let recoloured = Set((0..<10).map { String(format: "p%05d", $0 * 97) })
      let removed = Set((0..<5).map { String(format: "p%05d", 500 + $0 * 3) })
      for index in items.indices where recoloured.contains(items[index].id) {
        items[index].imageVersion = 2
        items[index].hue = (items[index].hue + 0.5).truncatingRemainder(dividingBy: 1)
      }
      items.removeAll { removed.contains($0.id) }
      let added = CatalogueAPITests.items(1_000..<1_007)
      items += added
      try await Self.sync(items, into: catalog, set: set, run: 2)

      var changed: [String: String] = [:]
      var gone: Set<String> = []
      var next: String?
      repeat {
        let page = try await second.client.listChanges(
          query: .init(since: try #require(token), cursor: next, limit: 8)
        ).ok.body.json
        for product in page.changed { changed[product.id] = product.colors.first?.hex }
        gone.formUnion(page.removed)
        next = page.nextCursor
      } while next != nil
      #expect(Set(changed.keys) == recoloured.union(added.map(\.id)))
      #expect(gone == removed)
      let hexes = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.hex) })
      for (id, hex) in changed { #expect(hex == hexes[id], "\(id)") }

      // The first server moves to the same new version.
      let c = try await first.get("/v1/products?limit=48")
      let d = try await second.get("/v1/products?limit=48")
      #expect(c.headers["etag"] != etag && c.headers["etag"] == d.headers["etag"])
      #expect(
        try await first.get("/v1/products?limit=48", headers: [("If-None-Match", etag)]).status
          == 200)
    } catch {
      try await first.stop()
      try await second.stop()
      throw error
    }
    try await first.stop()
    try await second.stop()
  }
}
