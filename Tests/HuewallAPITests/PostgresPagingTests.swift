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
    try await Self.withTwoServers(first: RunPaging.items(count: 600, run: 0)) {
      writer, set, servers in
      try await RunPaging.check(
        count: 600, runs: 5, clients: servers.map(\.client), maxPages: 300, minPages: 30
      ) { items, run in
        try await PostgresAPITests.sync(items, into: writer, set: set, run: run + 1)
      }
    }
  }

  @Test("an app syncs 10,000 products through two servers, then applies exactly what changed")
  func syncLoop() async throws {
    let items = CatalogueAPITests.items(0..<10_000)
    try await Self.withTwoServers(first: items) { writer, set, servers in
      try await AppSync.check(from: items, clients: servers.map(\.client)) { items, run in
        try await PostgresAPITests.sync(items, into: writer, set: set, run: run)
      }
    }
  }

  /// A fresh database of the throwaway cluster holding `first` as run 1, a connection that
  /// writes the runs, and two `huewall api` servers over their own connections, stopped
  /// however `body` ends.
  static func withTwoServers(
    first: [TestCatalogue.Item],
    _ body: (PostgresCatalog, ParameterSetRecord, [TestServer]) async throws -> Void
  ) async throws {
    let url = try await TestPostgres.freshDatabase()
    let writer = try await PostgresCatalog(url: url)
    defer { try? writer.close() }
    let one = try await PostgresCatalog(url: url)
    defer { try? one.close() }
    let other = try await PostgresCatalog(url: url)
    defer { try? other.close() }
    let set = try await writer.parameterSet(
      for: AnalysisParameters(), preset: "product", name: nil, at: Date())
    try await PostgresAPITests.sync(first, into: writer, set: set, run: 1)
    let servers = [
      try await TestServer(store: one, parameterSet: set),
      try await TestServer(store: other, parameterSet: set),
    ]
    do {
      try await body(writer, set, servers)
    } catch {
      for server in servers { try await server.stop() }
      throw error
    }
    for server in servers { try await server.stop() }
  }
}
