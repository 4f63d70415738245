import Foundation
import HuewallCore
import HuewallFeed
import Testing

@Suite struct HuewallJSONTests {
  @Test func productsWithEveryKey() throws {
    let result = try parse("huewall.json")
    #expect(result.format == .huewallJSON)
    #expect(result.itemCount == 3)
    #expect(result.itemErrors.isEmpty)
    #expect(
      result.products[0]
        == Product(
          id: "SW-1001-BLK",
          title: "Stride Low Sneaker",
          brand: "Stridewell",
          vendorColor: "BLK",
          link: url("https://stridewell.example/p/stride-low?color=blk"),
          imageURLs: [
            url("https://media.stridewell.example/stride-low-blk-1.jpg"),
            url("https://media.stridewell.example/stride-low-blk-2.jpg"),
          ],
          price: "59.99 USD",
          availability: "in_stock",
          itemGroupId: "SW-1001"))
  }

  @Test func unknownKeysAreIgnoredAndMissingOnesAreNil() throws {
    let result = try parse("huewall.json")
    #expect(
      result.products[1]
        == Product(
          id: "SW-1001-SPB",
          title: "Stride Low Sneaker",
          brand: "Stridewell",
          vendorColor: "space-black",
          link: nil,
          imageURLs: [url("https://media.stridewell.example/stride-low-spb-1.jpg")],
          price: "64.99 USD",
          availability: "out_of_stock",
          itemGroupId: "SW-1001"))
  }

  @Test func numbersForIdAndPriceAndASingleImageString() throws {
    let result = try parse("huewall.json")
    #expect(
      result.products[2]
        == Product(
          id: "20417",
          title: "Court Classic",
          imageURLs: [url("https://media.stridewell.example/court-classic.jpg")],
          price: "79.5"))
  }

  @Test func brokenItemsAreReportedByPosition() throws {
    let result = try parse("huewall-bad-items.json")
    #expect(result.itemCount == 9)
    #expect(result.products.map(\.id) == ["SW-NOIMG", "SW-OK", "SW-OK-2"])
    #expect(result.products[0].imageURLs.isEmpty)
    #expect(result.itemWarnings == [FeedItemWarning(position: 2, id: "SW-NOIMG", reason: .noImage)])
    #expect(
      result.itemErrors == [
        FeedItemError(position: 1, reason: .missingID),
        FeedItemError(
          position: 3, id: "SW-JS", reason: .unsupportedScheme(.image, url: "javascript:alert(1)")),
        FeedItemError(position: 5, id: "SW-OK", reason: .duplicateID(firstPosition: 4)),
        FeedItemError(position: 6, reason: .malformed("not a JSON object")),
        FeedItemError(position: 7, reason: .malformed("images[0]: expected a string")),
        FeedItemError(position: 8, id: "SW-BADLINK", reason: .invalidURL(.link, value: "https://")),
      ])
  }

  @Test func theDocumentedExampleParses() throws {
    // The example in docs/FEEDS.md, "Huewall JSON".
    let example = """
      {
        "products": [
          {
            "id": "SW-1001-BLK",
            "title": "Stride Low Sneaker",
            "brand": "Stridewell",
            "color": "BLK",
            "link": "https://stridewell.example/p/stride-low?color=blk",
            "images": [
              "https://media.stridewell.example/stride-low-blk-1.jpg",
              "https://media.stridewell.example/stride-low-blk-2.jpg"
            ],
            "price": "59.99 USD",
            "availability": "in_stock",
            "itemGroupId": "SW-1001"
          },
          {
            "id": "SW-1001-WHT",
            "title": "Stride Low Sneaker",
            "brand": "Stridewell",
            "color": "WHT",
            "images": ["images/stride-low-wht.jpg"],
            "itemGroupId": "SW-1001"
          }
        ]
      }
      """
    let parser = FeedParser(baseURL: URL(fileURLWithPath: "/srv/feeds/catalogue.json"))
    let result = try parser.parse(Data(example.utf8))
    #expect(result.format == .huewallJSON)
    #expect(result.products.map(\.id) == ["SW-1001-BLK", "SW-1001-WHT"])
    #expect(result.products[1].imageURLs == [url("file:///srv/feeds/images/stride-low-wht.jpg")])
  }
}

@Suite struct ProductTests {
  @Test func encodesToJSONAndBack() throws {
    let product = Product(
      id: "SW-1001-BLK", title: "Stride Low Sneaker", brand: "Stridewell", vendorColor: "BLK",
      link: url("https://stridewell.example/p/stride-low"),
      imageURLs: [url("https://media.stridewell.example/1.jpg"), url("file:///srv/img/2.jpg")],
      price: "59.99 USD", availability: "in_stock", itemGroupId: "SW-1001")
    let data = try JSONEncoder().encode(product)
    #expect(try JSONDecoder().decode(Product.self, from: data) == product)
    #expect(product.mainImageURL == url("https://media.stridewell.example/1.jpg"))
  }
}
