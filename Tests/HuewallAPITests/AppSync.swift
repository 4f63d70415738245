import Foundation
import HuewallAPI
import Testing

/// What an app does against `huewall api`, asked of either catalogue: it pages through the
/// wall, a run recolours 100 products, removes 20 and adds 30, and the app applies
/// `/v1/changes` and must then hold what `/v1/products` gives. `clients` are taken in turn, as
/// a load balancer would send the requests; `sync` writes the run numbered as its second
/// argument.
enum AppSync {
  static func check(
    from first: [TestCatalogue.Item], clients: [Client],
    sync: ([TestCatalogue.Item], Int) async throws -> Void
  ) async throws {
    var items = first
    var turn = 0
    func client() -> Client {
      turn += 1
      return clients[turn % clients.count]
    }
    func wall() async throws -> (products: [String: Components.Schemas.Product], token: String) {
      var products: [String: Components.Schemas.Product] = [:]
      var cursor: String?
      var token: String?
      var pages = 0
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
        pages += 1
      } while cursor != nil
      #expect(pages == (items.count + 499) / 500)
      return (products, try #require(token))
    }
    var (held, token) = try await wall()
    #expect(held.count == 10_000)

    // The next run: 100 products show a new image of another colour, 20 left the feed and
    // 30 arrived.
    let recoloured = Set(stride(from: 0, to: 10_000, by: 100).map { String(format: "p%05d", $0) })
    let removed = Set(stride(from: 50, to: 10_000, by: 500).map { String(format: "p%05d", $0) })
    #expect(recoloured.count == 100 && removed.count == 20)
    for index in items.indices where recoloured.contains(items[index].id) {
      items[index].imageVersion = 2
      items[index].hue = (items[index].hue + 0.5).truncatingRemainder(dividingBy: 1)
    }
    items.removeAll { removed.contains($0.id) }
    let added = CatalogueAPITests.items(10_000..<10_030)
    items += added
    try await sync(items, 2)

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

    // Asked of each server, nothing has changed since.
    for _ in clients {
      let after = try await client().listChanges(query: .init(since: nextToken)).ok.body.json
      #expect(after.changed.isEmpty && after.removed.isEmpty && after.nextCursor == nil)
    }
  }
}
