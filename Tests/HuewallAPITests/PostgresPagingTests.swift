import Foundation
import HuewallAPI
import HuewallCore
import HuewallPostgres
import HuewallStore
import HuewallTestSupport
import Testing

/// Paging and syncing over PostgreSQL: two `huewall api` servers on 127.0.0.1 over one database
/// of the tests' throwaway cluster, taken in turn as a load balancer would, and a third
/// connection writing runs.
@Suite("huewall api over PostgreSQL: paging through two servers", .serialized)
struct PostgresPagingTests {
  @Test("a page never mixes two runs, and a version is one run from either server")
  func pagesWhileRunsWrite() async throws {
    let url = try await TestPostgres.freshDatabase()
    let writer = try await PostgresCatalog(url: url)
    defer { try? writer.close() }
    let one = try await PostgresCatalog(url: url)
    defer { try? one.close() }
    let other = try await PostgresCatalog(url: url)
    defer { try? other.close() }
    let set = try await writer.parameterSet(
      for: AnalysisParameters(), preset: "product", name: nil, at: Date())
    func run(_ number: Int) -> [TestCatalogue.Item] {
      CatalogueAPITests.items(0..<600).map { item in
        var item = item
        item.title = "Item \(item.id) of run \(number)"
        return item
      }
    }
    try await PostgresAPITests.sync(run(0), into: writer, set: set, run: 1)
    let servers = [
      try await TestServer(store: one, parameterSet: set),
      try await TestServer(store: other, parameterSet: set),
    ]
    do {
      let runs = Task.detached {
        for number in 1...5 {
          try await PostgresAPITests.sync(run(number), into: writer, set: set, run: number + 1)
        }
      }
      var runOfVersion: [Int: String] = [:]
      var pages = 0
      while pages < 300 {
        var cursor: String?
        repeat {
          // Each page from the server whose turn it is, as a load balancer would send it.
          let server = servers[pages % 2]
          let page = try await server.client.listProducts(query: .init(cursor: cursor, limit: 100))
            .ok.body.json
          let runsOnPage = Set(
            page.products.map { $0.title.components(separatedBy: " of ").last ?? "" })
          #expect(runsOnPage.count == 1, "page of version \(page.version) mixes \(runsOnPage)")
          if let run = runsOnPage.first {
            #expect(
              runOfVersion[page.version, default: run] == run,
              "version \(page.version) is \(run) here and \(runOfVersion[page.version] ?? "") before"
            )
            runOfVersion[page.version] = run
          }
          cursor = page.nextCursor
          pages += 1
        } while cursor != nil
        if pages > 30, runOfVersion.count >= 6 { break }
      }
      try await runs.value
      #expect(runOfVersion.count >= 2, "the pages saw \(runOfVersion.count) versions")
    } catch {
      for server in servers { try await server.stop() }
      throw error
    }
    for server in servers { try await server.stop() }
  }

  @Test("an app syncs 10,000 products through two servers, then applies exactly what changed")
  func syncLoop() async throws {
    let url = try await TestPostgres.freshDatabase()
    let writer = try await PostgresCatalog(url: url)
    defer { try? writer.close() }
    let one = try await PostgresCatalog(url: url)
    defer { try? one.close() }
    let other = try await PostgresCatalog(url: url)
    defer { try? other.close() }
    let set = try await writer.parameterSet(
      for: AnalysisParameters(), preset: "product", name: nil, at: Date())
    var items = CatalogueAPITests.items(0..<10_000)
    try await PostgresAPITests.sync(items, into: writer, set: set, run: 1)
    let servers = [
      try await TestServer(store: one, parameterSet: set),
      try await TestServer(store: other, parameterSet: set),
    ]
    do {
      var turn = 0
      /// The next server, as a load balancer would take them in turn.
      func client() -> Client {
        turn += 1
        return servers[turn % 2].client
      }
      func wall() async throws -> (products: [String: Components.Schemas.Product], token: String) {
        var products: [String: Components.Schemas.Product] = [:]
        var cursor: String?
        var token: String?
        repeat {
          let page = try await client().listProducts(query: .init(cursor: cursor, limit: 500)).ok
            .body.json
          token = token ?? page.syncToken
          #expect(page.total == items.count)
          for product in page.products {
            #expect(
              products.updateValue(product, forKey: product.id) == nil, "twice: \(product.id)")
          }
          cursor = page.nextCursor
        } while cursor != nil
        return (products, try #require(token))
      }
      var (held, token) = try await wall()
      #expect(held.count == 10_000)

      // The next run: 100 products show a new image of another colour, 20 left the feed and
      // 30 arrived.
      let recoloured = Set(stride(from: 0, to: 10_000, by: 100).map { String(format: "p%05d", $0) })
      let removed = Set(stride(from: 50, to: 10_000, by: 500).map { String(format: "p%05d", $0) })
      for index in items.indices where recoloured.contains(items[index].id) {
        items[index].imageVersion = 2
        items[index].hue = (items[index].hue + 0.5).truncatingRemainder(dividingBy: 1)
      }
      items.removeAll { removed.contains($0.id) }
      let added = CatalogueAPITests.items(10_000..<10_030)
      items += added
      try await PostgresAPITests.sync(items, into: writer, set: set, run: 2)

      var changed: [String: Components.Schemas.Product] = [:]
      var gone: Set<String> = []
      var cursor: String?
      var nextToken = ""
      repeat {
        let page = try await client().listChanges(
          query: .init(since: token, cursor: cursor, limit: 64)
        ).ok.body.json
        for product in page.changed { changed[product.id] = product }
        gone.formUnion(page.removed)
        cursor = page.nextCursor
        nextToken = page.syncToken
      } while cursor != nil
      #expect(Set(changed.keys) == recoloured.union(added.map(\.id)))
      #expect(gone == removed)
      let hexes = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.hex) })
      for (id, product) in changed {
        #expect(product.colors.first?.hex == hexes[id], "\(id)")
      }
      for (id, product) in changed { held[id] = product }
      for id in gone { held[id] = nil }
      let (now, newToken) = try await wall()
      #expect(held == now)
      #expect(newToken == nextToken)
      for _ in 0..<2 {
        let after = try await client().listChanges(query: .init(since: nextToken)).ok.body.json
        #expect(after.changed.isEmpty && after.removed.isEmpty && after.nextCursor == nil)
      }
    } catch {
      for server in servers { try await server.stop() }
      throw error
    }
    for server in servers { try await server.stop() }
  }
}
