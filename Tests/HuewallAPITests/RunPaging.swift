import Foundation
import HuewallAPI
import Testing

/// Runs go on while apps page through `huewall api`, asked of either catalogue: every page
/// must hold the products of one run, and a version must be one run whichever server answers
/// it. The products of run `n` are titled "… of run n"; `clients` are taken in turn, as a load
/// balancer would send the requests; `sync` writes the run numbered as its second argument
/// (`runs` of them after run 0, which is stored already).
enum RunPaging {
  /// Run 0's products (and every run's, titled by its number).
  static func items(count: Int, run: Int) -> [TestCatalogue.Item] {
    CatalogueAPITests.items(0..<count).map { item in
      var item = item
      item.title = "Item \(item.id) of run \(run)"
      return item
    }
  }

  static func check(
    count: Int, runs: Int, clients: [Client], maxPages: Int, minPages: Int,
    sync: @escaping @Sendable ([TestCatalogue.Item], Int) async throws -> Void
  ) async throws {
    let writer = Task.detached {
      for number in 1...runs { try await sync(items(count: count, run: number), number) }
    }
    var runOfVersion: [Int: String] = [:]
    var pages = 0
    while pages < maxPages {
      var cursor: String?
      repeat {
        let page = try await clients[pages % clients.count].listProducts(
          query: .init(cursor: cursor, limit: 100)
        ).ok.body.json
        let runsOnPage = Set(
          page.products.map { $0.title.components(separatedBy: " of ").last ?? "" })
        #expect(
          runsOnPage.count == 1, "page of version \(page.version) mixes \(runsOnPage.sorted())")
        if let run = runsOnPage.first {
          #expect(
            runOfVersion[page.version, default: run] == run,
            "version \(page.version) is \(run) here and \(runOfVersion[page.version] ?? "") before")
          runOfVersion[page.version] = run
        }
        cursor = page.nextCursor
        pages += 1
      } while cursor != nil
      if pages > minPages, runOfVersion.count >= runs + 1 { break }
    }
    try await writer.value
    #expect(runOfVersion.count >= 2, "the pages saw \(runOfVersion.count) versions")
  }
}
