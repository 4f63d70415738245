import Foundation
import HuewallColorWords
import HuewallExport
import HuewallStore
import HuewallTestSupport
import Testing

/// Real shops' feeds, which list every size as an item, become one tile per colourway.
@Suite(
  .enabled(
    if: RealFeeds.folder != nil,
    "../shared/realfeeds is absent: the real feeds' colourways are skipped"))
struct RealFeedColourwayTests {
  /// The catalogue's products after `huewall run --feed-only` on the real feed `name`.
  func colourways(of name: String) async throws -> [StoredProduct] {
    let folder = try makeTemporaryFolder("huewall-real-feed")
    defer { try? FileManager.default.removeItem(at: folder) }
    let feed = try #require(RealFeeds.folder).appendingPathComponent(name).path
    let config = folder.appendingPathComponent("pipeline.json")
    try #"{"feed": {"source": "\#(feed)"}}"#.write(to: config, atomically: true, encoding: .utf8)
    let run = try await huewall(["run", "--config", config.path, "--feed-only"])
    #expect(run.status == 0, "\(run.stderr)")
    let store = try CatalogStore(
      path: folder.appendingPathComponent(".huewall/catalogue.sqlite").path)
    defer { try? store.close() }
    let runs = try store.recentRuns(limit: 1)
    let products = try store.products(includeRemoved: false)
    #expect(runs.first?.counts.productsSeen == products.count)
    #expect(runs.first?.counts.itemsSeen == products.map(\.product.items.count).reduce(0, +))
    return products
  }

  @Test func opispostIsEightyFourColourwaysWithTheirSizesAndSpanishColours() async throws {
    let products = try await colourways(of: "opispost_google_feed.xml")
    #expect(products.count == 84)
    #expect(products.map(\.product.items.count).reduce(0, +) == 486, "no item lost")
    let synonyms = ColorSynonyms()
    for stored in products {
      let product = stored.product
      // Every item keeps its size (the feed lists two photo sets of one colour twice).
      #expect(product.items.allSatisfy { $0.size != nil }, "\(product.id): every item has a size")
      let color = try #require(product.vendorColor, "\(product.id) has a colour")
      #expect(synonyms.family(of: color) != nil, "\(product.id): \(color) names a family")
    }
  }

  @Test func leccIsAtMostThirtyOneTiles() async throws {
    let products = try await colourways(of: "lecc_google_feed.tsv")
    #expect(products.count <= 31)
    #expect(products.map(\.product.items.count).reduce(0, +) == 160, "no item lost")
    // Three colours of one group that the shop shows with one photo are one tile.
    let photos = products.compactMap(\.product.mainImageURL)
    #expect(Set(photos).count == photos.count, "no photo twice on the wall")
  }
}
