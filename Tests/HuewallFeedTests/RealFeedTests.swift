import Foundation
import HuewallCore
import HuewallFeed
import Testing

/// Feeds as the platforms that make them document them (docs/FEEDS.md, "Real feeds"): Google's
/// Atom and RSS examples, Meta's TSV with comments, WooCommerce's and Magento's CSV exports, a
/// Shopify dump. Each is read without a configured format, as a user's first run would.
@Suite struct RealFeedTests {
  @Test func googlesAtomExampleTakesTheIDFromAtomsOwnID() throws {
    let result = try parse("google-atom-example.xml")
    #expect(result.format == .merchantXML)
    #expect(result.itemErrors.isEmpty)
    #expect(
      result.products == [
        Product(
          id: "2c",
          title: "Cable wool sweater",
          link: url("http://www.fernhill.example/item2c-info-page.html"),
          imageURLs: [url("http://www.fernhill.example/image2c.jpg")],
          price: "89"),
        // g:id wins over Atom's id.
        Product(
          id: "3d",
          title: "Ribbed wool scarf",
          brand: "Fernhill",
          vendorColor: "Oatmeal",
          link: url("http://www.fernhill.example/item3d-info-page.html"),
          imageURLs: [url("http://www.fernhill.example/image3d.jpg")],
          price: "35 EUR"),
      ])
  }

  @Test func googlesRSSExampleIsRead() throws {
    let result = try parse("google-rss-example.xml")
    #expect(result.format == .merchantXML)
    #expect(result.itemErrors.isEmpty)
    #expect(
      result.products == [
        Product(
          id: "LAMP_2041",
          title: "Tidewater Harbor Desk Lamp - Brass",
          brand: "Tidewater",
          link: url("http://www.tidewater.example/lighting/harbor-desk-lamp.html"),
          imageURLs: [url("http://images.tidewater.example/LAMP_2041.png")],
          price: "79.00 USD",
          availability: "in stock"),
        Product(
          id: "TSHIRT_MOSS_M",
          title: "Tidewater Organic Tee - Moss, Medium",
          brand: "Tidewater",
          vendorColor: "Moss",
          link: url("http://www.tidewater.example/clothing/organic-tee?colour=moss&size=m"),
          imageURLs: [
            url("http://images.tidewater.example/TSHIRT_MOSS.png"),
            url("http://images.tidewater.example/TSHIRT_MOSS_back.png"),
          ],
          price: "24.00 USD",
          availability: "out of stock",
          itemGroupId: "TSHIRT_ORGANIC",
          size: "M"),
      ])
  }

  @Test func metasTSVWithCommentLinesIsRead() throws {
    let result = try parse("meta-catalog.tsv")
    #expect(result.format == .merchantTSV)
    #expect(result.itemErrors.isEmpty)
    #expect(result.itemCount == 2)
    #expect(
      result.products == [
        Product(
          id: "WB_1",
          title: "Water Bowl In Teal",
          brand: "Harbour Pets",
          vendorColor: "Teal",
          link: url("http://www.harbourpets.example/bowls/wb-1.html"),
          imageURLs: [
            url("https://images.harbourpets.example/wb_1.jpg"),
            url("https://images.harbourpets.example/wb_1_side.jpg"),
            url("https://images.harbourpets.example/wb_1_top.jpg"),
          ],
          price: "12.99 GBP",
          availability: "in stock",
          itemGroupId: "WB_GROUP_1",
          size: "M"),
        Product(
          id: "WB_2",
          title: "Water Bowl In Sand",
          brand: "Harbour Pets",
          vendorColor: "Sand",
          link: url("http://www.harbourpets.example/bowls/wb-2.html"),
          imageURLs: [url("https://images.harbourpets.example/wb_2.jpg")],
          price: "12.99 GBP",
          availability: "out of stock",
          itemGroupId: "WB_GROUP_1",
          size: "M"),
      ])
    // With the format configured, the same.
    #expect(try parse("meta-catalog.tsv", FeedParser(format: .merchantTSV)) == result)
  }

  @Test func wooCommercesExportTakesRegularPriceAndInStockAndFoldsTheVariableParent() throws {
    let result = try parse("woocommerce-export.csv")
    #expect(result.format == .csv)
    #expect(result.itemErrors.isEmpty)
    #expect(result.itemCount == 4)
    let uploads = "https://woo.example/wp-content/uploads/2024/03/"
    #expect(
      result.products == [
        Product(
          id: "31", title: "Beanie", vendorColor: "Red",
          imageURLs: [url(uploads + "beanie-red.jpg")], price: "20", availability: "in_stock"),
        Product(
          id: "41", title: "Hoodie - Blue", vendorColor: "Blue",
          imageURLs: [url(uploads + "hoodie-blue.jpg")], price: "45", availability: "in_stock",
          itemGroupId: "40"),
        Product(
          id: "42", title: "Hoodie - Green", vendorColor: "Green",
          imageURLs: [url(uploads + "hoodie-green.jpg")], price: "45",
          availability: "out_of_stock", itemGroupId: "40"),
      ])
  }

  @Test func magentosExportTakesBaseImageAsTheMainImage() throws {
    let media = "https://magento.example/media/catalog/product/"
    let parser = FeedParser(
      baseURL: url("https://magento.example/export/catalog_product.csv"),
      imageBaseURL: url(media))
    let result = try parse("magento-export.csv", parser)
    #expect(result.format == .csv)
    #expect(result.itemErrors.isEmpty)
    #expect(result.itemCount == 3)
    #expect(
      result.products == [
        Product(
          id: "HX-TEE-BLK-M", title: "Helix Tee-M-Black", vendorColor: "Black",
          imageURLs: [
            url(media + "h/x/helix-tee-black-front.jpg"),
            url(media + "h/x/helix-tee-black-back.jpg"),
          ],
          price: "29.00", availability: "in_stock", itemGroupId: "HX-TEE", size: "M"),
        Product(
          id: "HX-TEE-WHT-M", title: "Helix Tee-M-White", vendorColor: "White",
          imageURLs: [
            url(media + "h/x/helix-tee-white-front.jpg"),
            url(media + "h/x/helix-tee-white-back.jpg"),
          ],
          price: "29.00", availability: "out_of_stock", itemGroupId: "HX-TEE", size: "M"),
      ])
  }

  @Test func aShopifyDumpThatIsATopLevelArrayIsRead() throws {
    let result = try parse(
      "shopify-products-array.json", FeedParser(shopURL: url("https://harbor.example")))
    #expect(result.format == .shopify)
    #expect(result.itemCount == 2)
    #expect(result.itemErrors.isEmpty)
    let cdn = "https://cdn.shopify.com/s/files/1/0612/3456/products/"
    #expect(
      result.products == [
        Product(
          id: "7001234500001-natural",
          title: "Harbor Canvas Tote",
          brand: "Harbor Goods",
          vendorColor: "Natural",
          link: url("https://harbor.example/products/harbor-canvas-tote?variant=42000000000001"),
          imageURLs: [url(cdn + "tote-natural.jpg?v=1709300000")],
          price: "38.00",
          availability: "in_stock",
          itemGroupId: "7001234500001",
          items: [.init(id: "42000000000001")]),
        Product(
          id: "7001234500001-navy",
          title: "Harbor Canvas Tote",
          brand: "Harbor Goods",
          vendorColor: "Navy",
          link: url("https://harbor.example/products/harbor-canvas-tote?variant=42000000000002"),
          imageURLs: [url(cdn + "tote-navy.jpg?v=1709300000")],
          price: "38.00",
          availability: "out_of_stock",
          itemGroupId: "7001234500001",
          items: [.init(id: "42000000000002")]),
        Product(
          id: "7001234500002",
          title: "Harbor Key Ring",
          brand: "Harbor Goods",
          link: url("https://harbor.example/products/harbor-key-ring"),
          imageURLs: [url(cdn + "key-ring.jpg?v=1709300000")],
          price: "9.00",
          availability: "in_stock",
          itemGroupId: "7001234500002",
          items: [.init(id: "42000000000010")]),
      ])
  }
}
