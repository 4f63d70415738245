import Foundation
import HuewallCore
import Testing

@testable import HuewallFeed

/// Shopify's own product CSV (Products → Export), read without a mapping: a product's rows by
/// `Handle`, its variants as items, its image rows as images.
@Suite struct ShopifyProductCSVTests {
  @Test func variantsAreItemsGroupedByHandleWithTheirColourAndSize() throws {
    let result = try parse("shopify-export.csv")
    #expect(result.format == .csv)
    #expect(result.itemErrors.isEmpty, "\(result.itemErrors)")
    // 6 tee variants, the cap, the tote; the draft, archived and unpublished ones left out.
    #expect(result.products.count == 8)
    #expect(
      Set(result.products.compactMap(\.itemGroupId)) == ["harbour-tee", "wool-cap", "canvas-tote"])
    let tees = result.products.filter { $0.itemGroupId == "harbour-tee" }
    #expect(tees.map(\.vendorColor) == ["Navy", "Navy", "Navy", "Sand", "Sand", "Sand"])
    #expect(tees.map(\.size) == ["S", "M", "L", "S", "M", "L"])
    #expect(tees.allSatisfy { $0.title == "Harbour Tee" && $0.brand == "Northwind" })
    #expect(tees.allSatisfy { $0.price == "24.00" })
  }

  @Test func aSKURepeatedOverSizesGivesIdsByHandleAndOptions() throws {
    let result = try parse("shopify-export.csv")
    let ids = result.products.map(\.id)
    #expect(Set(ids).count == ids.count)
    #expect(ids.contains("harbour-tee/Navy/S"))
    #expect(ids.contains("harbour-tee/Sand/L"))
    // A SKU no other variant has is the id.
    #expect(ids.contains("WC-01"))
    #expect(ids.contains("CT-01"))
  }

  @Test func imagesComeFromVariantImageAndImageRowsInPositionOrder() throws {
    let result = try parse("shopify-export.csv")
    let files = "https://cdn.shopify.com/s/files/1/0000/0001/files/"
    // Two colours: a variant shows its own image first.
    let sand = try product("harbour-tee/Sand/M", in: result)
    #expect(sand.mainImageURL == url(files + "harbour-tee-sand.jpg"))
    let navy = try product("harbour-tee/Navy/L", in: result)
    #expect(navy.mainImageURL == url(files + "harbour-tee-navy.jpg"))
    // One colour: every image of the product, by Image Position.
    let cap = try product("WC-01", in: result)
    #expect(cap.vendorColor == "Schwarz")
    #expect(cap.imageURLs == [url(files + "wool-cap-front.jpg"), url(files + "wool-cap-side.jpg")])
    // No options: Shopify's "Default Title" is no size.
    let tote = try product("CT-01", in: result)
    #expect(tote.size == nil && tote.vendorColor == nil)
    #expect(tote.imageURLs == [url(files + "canvas-tote.jpg")])
  }

  @Test func draftsArchivedAndUnpublishedProductsAreLeftOut() throws {
    let result = try parse("shopify-export.csv")
    for group in ["draft-hoodie", "old-scarf", "hidden-sock"] {
      #expect(!result.products.contains { $0.itemGroupId == group }, "\(group)")
    }
    #expect(result.itemErrors.isEmpty)
  }

  @Test func aJewelleryShopsMaterialOfMetalsIsItsColourAndRingSizeItsSize() throws {
    let result = try parse("shopify-export-jewellery.csv")
    #expect(result.itemErrors.isEmpty, "\(result.itemErrors)")
    let rings = result.products.filter { $0.itemGroupId == "birthstone-ring-peridot" }
    #expect(rings.count == 5)
    #expect(
      rings.map(\.vendorColor) == [
        "Sterling Silver", "Sterling Silver", "18k Gold Plated", "18k Gold Plated", "Rose Gold",
      ])
    #expect(rings.map(\.size) == ["6", "7", "6", "7", "6"])
    #expect(rings.map(\.id).contains("birthstone-ring-peridot/Rose Gold/6"))
    let files = "https://cdn.shopify.com/s/files/1/0000/0001/files/"
    #expect(rings.last?.mainImageURL == url(files + "ring-peridot-rose.jpg"))
    // `Metal` and `Length`: the chain's colour and its one other option as its size.
    let chain = try product("CC-G-45", in: result)
    #expect(chain.vendorColor == "Gold" && chain.size == "45 cm")
    // A material of fabrics is neither colour nor size.
    let pouches = result.products.filter { $0.itemGroupId == "jewellery-pouch" }
    #expect(pouches.map(\.vendorColor) == [nil, nil])
    #expect(pouches.map(\.size) == [nil, nil])
    #expect(pouches.map(\.id) == ["JP-COT", "JP-LIN"])
  }

  @Test func colourwaysFoldAsForEveryFeed() throws {
    let result = try parse("shopify-export.csv")
    let tees = result.products.filter { $0.itemGroupId == "harbour-tee" }
    let colourways = Colourway.colourways(tees)
    #expect(colourways.map(\.vendorColor) == ["Navy", "Sand"])
    #expect(colourways.map(\.id) == ["harbour-tee-navy", "harbour-tee-sand"])
    #expect(colourways.map { $0.items.map(\.size) } == [["S", "M", "L"], ["S", "M", "L"]])
  }

  @Test func aRowWithoutAHandleIsAnErrorNamingItsLine() throws {
    var text = try String(contentsOf: fixture("shopify-export.csv"), encoding: .utf8)
    text += ",,,,,,,,,Red,,,XL,,,,,X-1,,,,,9.00,,,,,,,,,,,,,,,\n"
    let result = try FeedParser().parse(Data(text.utf8), source: "export.csv")
    #expect(result.products.count == 8)
    #expect(result.itemErrors.count == 1)
    #expect(result.itemErrors.first?.line == 16)
  }
}

/// What the write-back asks of a feed file: whether it is Shopify's own export, whose handles
/// and titles are the shop's.
@Suite struct ShopifyProductExportDetectionTests {
  @Test func theExportIsToldByItsHeader() throws {
    #expect(FeedFormat.isShopifyProductExport(try fixtureData("shopify-export.csv")))
    #expect(FeedFormat.isShopifyProductExport(try fixtureData("shopify-export-jewellery.csv")))
    for other in ["products.csv", "woocommerce-export.csv", "magento-export.csv", "merchant.tsv"] {
      #expect(!FeedFormat.isShopifyProductExport(try fixtureData(other)), "\(other)")
    }
    // A semicolon export with a byte-order mark, as a spreadsheet saves it.
    let saved = "\u{FEFF}Handle;Title;Option1 Name;Option1 Value;Variant SKU;Image Src\n"
    #expect(FeedFormat.isShopifyProductExport(Data(saved.utf8)))
  }
}

/// A title column Huewall does not know is said, not dropped without a word.
@Suite struct TitleColumnWarningTests {
  let feed = Data(
    ("id,Item title,image_link\n1,Standard tetra pelena,https://s.example/1.jpg\n"
      + "2,MINI tetra pelena,https://s.example/1.jpg\n").utf8)

  @Test func anUnknownTitleColumnIsAWarningNamingTheColumnsAndTheSetting() throws {
    let result = try FeedParser().parse(feed, source: "feed.csv")
    #expect(result.products.count == 2)
    #expect(result.itemWarnings.count == 1)
    let warning = try #require(result.itemWarnings.first)
    #expect(warning.reason == .noTitleColumn(found: ["id", "Item title", "image_link"]))
    #expect("\(warning)".contains("\"Item title\""))
    #expect("\(warning)".contains("feed.columns"))
  }

  @Test func mappedTheTitlesAreReadAndNothingIsSaid() throws {
    let result = try FeedParser(columns: [.title: "Item title"]).parse(feed, source: "feed.csv")
    #expect(result.itemWarnings.isEmpty)
    #expect(result.products.map(\.title) == ["Standard tetra pelena", "MINI tetra pelena"])
  }
}
