import Foundation
import HuewallCore
import HuewallFeed
import HuewallPipeline
import HuewallStore
import HuewallTestSupport
import Testing

/// A Shopify shop's `products.json`, paged 250 at a time, read by a real run over loopback.
@Suite struct ShopifyPagingTests {
  /// A page of `count` Shopify products numbered from `first`, each in one colour.
  static func page(first: Int, count: Int, image: URL) -> Data {
    let products = (first..<first + count).map { id in
      """
      {"id": \(id), "title": "Tee \(id)", "handle": "tee-\(id)", "vendor": "Loomhouse",
       "options": [{"name": "Color", "position": 1, "values": ["Ink"]}],
       "variants": [{"id": \(id * 10), "title": "Ink", "option1": "Ink", "price": "25.00",
                     "available": true}],
       "images": [{"src": "\(image.absoluteString)", "variant_ids": []}]}
      """
    }
    return Data(
      #"{"products": ["#.utf8 + Data(products.joined(separator: ",").utf8) + Data("]}".utf8))
  }

  /// A shop on a loopback server whose `products.json` answers each path in `pages` with
  /// that many products (numbered from `first`), all showing one image at `/tee.jpg`.
  static func shop(_ pages: [String: (first: Int, count: Int)]) async throws -> TestHTTPServer {
    let server = try await TestHTTPServer.start()
    let image = server.url("/tee.jpg")
    server.route("/tee.jpg", .ok(try TestCatalogue.sampleImages()[0], contentType: "image/jpeg"))
    for (path, products) in pages {
      server.route(
        path,
        .ok(
          page(first: products.first, count: products.count, image: image),
          contentType: "application/json"))
    }
    return server
  }

  @Test func everyPageIsReadUntilAShortOne() async throws {
    let server = try await Self.shop([
      "/products.json?limit=250&page=1": (1, 250),
      "/products.json?limit=250&page=2": (251, 7),
    ])
    var workspace = try Workspace(feed: server.url("/products.json"))
    defer { workspace.remove() }
    workspace.configuration.feed.format = .shopify

    let report = try await workspace.run()
    #expect(report.status == .succeeded)
    #expect(report.counts.productsAdded == 257)
    // One image URL shared by every product is fetched once.
    #expect(server.requests(for: "/tee.jpg").count == 1)
    #expect(server.requests.filter { $0.pathWithoutQuery == "/products.json" }.count == 2)
    let products = try workspace.store().products(includeRemoved: false)
    #expect(products.first?.product.vendorColor == "Ink")
    #expect(products.first?.product.brand == "Loomhouse")
    await server.shutdown()
  }

  @Test func aShopThatIgnoresThePageStopsAtTheFirstRepeatAndSaysSo() async throws {
    // A shop (or a caching proxy) that answers page 1 whatever `page=` says.
    let server = try await Self.shop([:])
    let first = Self.page(first: 1, count: 250, image: server.url("/tee.jpg"))
    server.route("/products.json", .ok(first, contentType: "application/json"))
    var workspace = try Workspace(feed: server.url("/products.json"))
    defer { workspace.remove() }
    workspace.configuration.feed.format = .shopify

    let report = try await workspace.run()
    #expect(server.requests.filter { $0.pathWithoutQuery == "/products.json" }.count == 2)
    #expect(report.counts.productsAdded == 250)
    let errors = try workspace.store().errors(runID: report.runID)
    let repeated = try #require(errors.first { $0.stage == "feed" })
    #expect(repeated.subject == server.url("/products.json?limit=250&page=2").absoluteString)
    #expect(repeated.message.contains("page 2 repeats the products of page 1"))
    #expect(report.counts.errors == 1)
    await server.shutdown()
  }

  @Test func aDetectedShopIsReadAtTheFullPageSize() async throws {
    // Asked without a limit, a shop serves 30 products a page.
    let server = try await Self.shop([
      "/products.json": (1, 30),
      "/products.json?limit=250&page=1": (1, 40),
    ])
    let workspace = try Workspace(feed: server.url("/products.json"))
    defer { workspace.remove() }
    let report = try await workspace.run()
    #expect(report.counts.productsAdded == 40)
    await server.shutdown()
  }
}
