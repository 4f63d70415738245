import Foundation
import HuewallCore
import HuewallFeed
import HuewallTestSupport
import Testing

/// The real shops' feeds in `../shared/realfeeds` beside the repository (its README lists
/// them), read where they are and never copied in. Absent, the suite is skipped.
@Suite(
  .enabled(
    if: RealFeeds.folder != nil,
    "../shared/realfeeds is not beside the repository (set HUEWALL_REAL_FEEDS to its path)"))
struct SharedRealFeedTests {
  static let folder = RealFeeds.folder

  /// Reads `name` from the folder as a run would: from its file, format detected.
  func read(_ name: String) throws -> FeedParseResult {
    let file = try #require(Self.folder).appendingPathComponent(name)
    try #require(
      FileManager.default.fileExists(atPath: file.path), "\(name) is missing from the folder")
    return try FeedParser(baseURL: file).parse(FeedInput(contentsOf: file))
  }

  /// Every file, its format and its items as the README counts them: none lost.
  @Test(arguments: [
    ("opispost_google_feed.xml", FeedFormat.merchantXML, 486),
    ("lecc_google_feed.tsv", .merchantTSV, 160),
    ("marsupiu_merchant_feed.xml", .merchantXML, 14),
    ("majorworld_google_feed.xml", .merchantXML, 47),
    ("andre_products_raw.json", .shopify, 30),
    ("dounattorunen_facebook_feed.csv", .csv, 271),
    ("artur_wc_export_ru.csv", .csv, 9),
  ])
  func everyItemIsRead(file: String, format: FeedFormat, items: Int) throws {
    let result = try read(file)
    #expect(result.format == format)
    #expect(result.itemCount == items)
    #expect(result.itemErrors.isEmpty, "\(result.itemErrors.prefix(3))")
    let sellable = result.products.reduce(0) { $0 + $1.items.count }
    if format == .shopify {
      #expect(result.products.count == items)
      #expect(sellable >= items)
    } else {
      #expect(sellable == items)
    }
  }

  @Test func opispostsItemsCarryTheirGroupsSpanishColoursAndSizes() throws {
    let result = try read("opispost_google_feed.xml")
    #expect(result.products.count == 486)
    #expect(result.products.allSatisfy { $0.itemGroupId != nil })
    #expect(result.products.allSatisfy { $0.vendorColor != nil && $0.size != nil })
    let colourways = Set(result.products.map { [$0.itemGroupId!, $0.vendorColor!] })
    #expect(colourways.count == 84)
    let colours = Set(result.products.compactMap(\.vendorColor))
    #expect(colours.isSuperset(of: ["Beige Crudo", "Azul Real", "Gris Jaspeado"]))
    #expect(Set(result.products.compactMap(\.size)).isSuperset(of: ["S", "M", "L", "XL", "2XL"]))
  }

  @Test func artursWooCommerceExportWithRussianHeadersIsRead() throws {
    let result = try read("artur_wc_export_ru.csv")
    #expect(result.products.count == 9)
    let first = try product("40", in: result)
    #expect(first.title == "КОМБИНЕЗОН С ОSТДЕЛКОЙ ИЗ КРУЖЕВА")
    #expect(first.imageURLs.count == 5)
    #expect(first.price == "240")
  }

  @Test func andresShopifyVariantsAreItemsWithSizes() throws {
    let result = try read("andre_products_raw.json")
    #expect(result.products.allSatisfy { !$0.items.isEmpty })
    #expect(result.products.contains { $0.items.contains { $0.size != nil } })
  }
}
