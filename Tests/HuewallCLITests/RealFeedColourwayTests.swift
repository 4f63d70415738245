import Foundation
import HuewallColorWords
import HuewallCore
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

  /// A shop whose export lists no image at all (lukstore's WooCommerce CSV, `ID` cells empty
  /// too): the run goes on and succeeds, every product is kept, each is named in a warning of
  /// its own, and the export lists them beside the wall.
  @Test func lukstoresProductsWithoutAPhotoAreKeptEachNamedAndListedBesideTheWall() async throws {
    let folder = try makeTemporaryFolder("huewall-real-feed")
    defer { try? FileManager.default.removeItem(at: folder) }
    let feed = try #require(RealFeeds.folder).appendingPathComponent("lukstore_wc_products.csv")
    let out = folder.appendingPathComponent("out")
    let config = folder.appendingPathComponent("pipeline.json")
    try #"{"feed": {"source": "\#(feed.path)"}, "output": "\#(out.path)"}"#
      .write(to: config, atomically: true, encoding: .utf8)
    let run = try await huewall(["run", "--config", config.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("products 69 seen, 69 added"), "\(run.stdout)")
    #expect(run.stdout.contains("; 0 errors"), "\(run.stdout)")
    let named = run.stderr.split(separator: "\n").filter {
      $0.contains("no image URL: kept without a photo, off the wall until the feed gives it one")
    }
    #expect(named.count == 69)
    #expect(named.first?.contains("item 1 (line 2, id \"LUK-JORDAN-JORDAN-9-U-10-001\")") == true)

    let document = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: out.appendingPathComponent("colors.json")))
        as? [String: Any])
    let unplaced = try #require(document["unplaced"] as? [[String: Any]])
    #expect((document["products"] as? [Any])?.isEmpty == true)
    #expect(unplaced.count == 69)
    #expect(unplaced.allSatisfy { ($0["id"] as? String)?.hasPrefix("LUK-") == true })
    #expect(unplaced.allSatisfy { $0["reason"] as? String == "not analysed" })
  }
}
