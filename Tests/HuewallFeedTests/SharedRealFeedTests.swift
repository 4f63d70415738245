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

  /// A Shopify admin export (Products → Export) read with no mapping: a product's rows by
  /// `Handle`, its image-only rows as images, SKUs repeated over sizes as no error.
  @Test func bilalsShopifyProductExportIs48ProductsOf130Variants() throws {
    let result = try read("bilal_shopify_products_export.csv")
    #expect(result.itemErrors.isEmpty, "\(result.itemErrors.prefix(3))")
    #expect(result.itemCount == 194)
    #expect(result.products.count == 130)
    #expect(Set(result.products.compactMap(\.itemGroupId)).count == 48)
    #expect(Set(result.products.map(\.id)).count == 130)
    #expect(result.products.allSatisfy { !$0.title.isEmpty && !$0.imageURLs.isEmpty })
    let top = result.products.filter { $0.itemGroupId == "sophie-top-black" }
    #expect(top.map(\.vendorColor) == ["BLACK", "BLACK", "BLACK"])
    #expect(top.map(\.size) == ["S", "M", "L"])
    #expect(top.first?.title == "SOPHIE TOP")
    // German option names (`Farbe`, `Größe`) read as English ones.
    #expect(result.products.filter { $0.vendorColor == nil }.isEmpty)
    #expect(result.products.filter { $0.size == nil }.isEmpty)
  }

  /// A WooCommerce export whose `ID` cells are all empty and which lists no image at all:
  /// every row is a product known by its SKU, its size read from `Talle`, kept without a
  /// photo and named in a warning of its own, not refused with the whole feed.
  @Test func lukstoresRowsWithoutIDsOrImagesAreKeptAndEachNamed() throws {
    let result = try read("lukstore_wc_products.csv")
    #expect(result.itemCount == 69)
    #expect(result.itemErrors.isEmpty, "\(result.itemErrors.prefix(3))")
    #expect(result.products.count == 69)
    #expect(result.products.allSatisfy { $0.id.hasPrefix("LUK-") && $0.imageURLs.isEmpty })
    #expect(Set(result.products.map(\.id)).count == 69)
    #expect(result.products.filter { $0.size == nil }.isEmpty)
    #expect(result.products.first?.title == "Jordan 9 unc")
    #expect(result.products.first?.size == "10")
    #expect(result.itemWarnings.count == 69)
    #expect(result.itemWarnings.allSatisfy { $0.reason == .noImage })
    #expect(result.itemWarnings.map(\.id) == result.products.map(\.id))
    #expect(
      result.itemWarnings.first?.description
        == "item 1 (line 2, id \"LUK-JORDAN-JORDAN-9-U-10-001\"): no image URL: kept without a"
        + " photo, off the wall until the feed gives it one")
  }

  /// The Polish shop: every item kept, every colour as the feed names it (one photo shared by
  /// several colours of a group).
  @Test func italyshopsPolishColoursAreAllRead() throws {
    let result = try read("italyshop_feed_google.xml")
    #expect(result.itemErrors.isEmpty)
    #expect(result.products.count == 498)
    let colours = Set(result.products.compactMap(\.vendorColor))
    #expect(
      colours == [
        "Brązowy", "Czarny", "Karmel", "Taupe", "Bordowy", "Cappuccino", "Beżowy", "Oliwkowy",
        "Zielony", "Mleczny", "Szary", "Czerwony", "Biały", "Metalowy", "Złoty", "Niebieski",
        "Koniak", "Szmaragdowy", "Różowy", "Pudrowy", "Pomarańczowy", "Liliowy", "Cytrynowy",
      ])
    // Folded into tiles (items of a group that share a photo are one, whatever their
    // colours), every colour is still named: the tile's or its item's own.
    let byKey = Dictionary(grouping: result.products, by: Colourway.key(of:))
    let tiles = byKey.values.flatMap { Colourway.colourways($0) }
    #expect(tiles.count < result.products.count)
    let named = Set(
      tiles.flatMap { tile in [tile.vendorColor] + tile.items.map(\.vendorColor) }.compactMap {
        $0
      })
    #expect(named == colours)
    print(
      "italyshop: \(result.products.count) items, \(tiles.count) tiles, "
        + "\(tiles.count { Set($0.items.compactMap(\.vendorColor)).count > 0 }) with items of "
        + "another colour")
  }
}
