import Foundation
import HuewallCore
import Testing

@testable import HuewallFeed

/// What a feed controls is bounded: images per product, fields per CSV or TSV row, and a list
/// of relative images is read as a list.
@Suite struct FeedLimitTests {
  /// `count` image URLs of one product, `https://cdn.example/<i>.jpg`.
  static func images(_ count: Int) -> [String] {
    (0..<count).map { "https://cdn.example/\($0).jpg" }
  }

  @Test func aProductKeepsItsFirst50ImagesAndTheRestAreOneWarning() throws {
    // 60 distinct images with their first five repeated: 50 kept in order, 10 left out.
    let listed = Self.images(60) + Self.images(5)
    let feed: [String: Any] = [
      "products": [
        ["id": "MANY", "images": listed], ["id": "FEW", "images": Self.images(3)],
        ["id": "MORE", "images": Self.images(52)],
      ]
    ]
    let result = try FeedParser().parse(try JSONSerialization.data(withJSONObject: feed))
    let many = try product("MANY", in: result)
    #expect(many.imageURLs.map(\.absoluteString) == Self.images(50))
    #expect(try product("FEW", in: result).imageURLs.count == 3)
    #expect(try product("MORE", in: result).imageURLs.count == 50)
    #expect(result.itemWarnings.count == 1)
    let warning = try #require(result.itemWarnings.first)
    #expect(warning.id == "MANY")
    #expect(
      "\(warning)"
        == #"item 1 (id "MANY"): 12 images past the first 50 of an item left out in 2 items, this the first"#
    )
  }

  @Test func merchantAdditionalImagesAreCappedToo() throws {
    var xml = #"<rss xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>X</g:id>"#
    xml += "<g:image_link>https://cdn.example/main.jpg</g:image_link>"
    for url in Self.images(70) {
      xml += "<g:additional_image_link>\(url)</g:additional_image_link>"
    }
    xml += "</item></channel></rss>"
    let result = try FeedParser(format: .merchantXML).parse(Data(xml.utf8))
    let x = try product("X", in: result)
    #expect(x.imageURLs.count == 50)
    #expect(x.imageURLs.first?.absoluteString == "https://cdn.example/main.jpg")
    #expect(
      result.itemWarnings.map(\.description) == [
        #"item 1 (line 1, id "X"): 21 images past the first 50 of an item left out in 1 item, this the first"#
      ])
  }

  @Test func aColourwayKeepsAt50ImagesOfItsItems() {
    let items = (0..<30).map { i in
      Product(
        id: "T\(i)", vendorColor: "Navy",
        imageURLs: [
          URL(string: "https://cdn.example/\(i)-a.jpg")!,
          URL(string: "https://cdn.example/\(i)-b.jpg")!,
        ],
        itemGroupId: "TEE", size: "\(i)")
    }
    let folded = Colourway.fold(items)
    #expect(folded.imageURLs.count == 50)
    #expect(folded.imageURLs.first?.absoluteString == "https://cdn.example/0-a.jpg")
    #expect(folded.imageURLs.last?.absoluteString == "https://cdn.example/24-b.jpg")
    #expect(folded.items.count == 30, "every item stays listed")
  }

  @Test func aCSVLineWithTooManyFieldsIsAnItemErrorNamingTheLine() throws {
    var csv = "id,image_link\nA,https://cdn.example/a.jpg"
    csv += String(repeating: ",", count: 20_000) + "\n"
    // A line of nothing but commas is not a blank line.
    csv += String(repeating: ",", count: 50_000) + "\n"
    csv += "B,https://cdn.example/b.jpg\n"
    let result = try FeedParser(format: .csv).parse(Data(csv.utf8))
    #expect(result.products.map(\.id) == ["B"])
    #expect(result.itemErrors.map(\.line) == [2, 3])
    #expect(result.itemErrors.first?.id == nil)
    #expect(
      result.itemErrors.map(\.description) == [
        "item 1 (line 2): malformed item: line 2 has more than 10000 fields",
        "item 2 (line 3): malformed item: line 3 has more than 10000 fields",
      ])
  }

  @Test func aHeaderWithTooManyColumnsIsAFeedErrorNamingTheLine() throws {
    let tsv = "\n" + (0...10_000).map { "c\($0)" }.joined(separator: "\t") + "\tid\n"
    let error = feedError(Data(tsv.utf8), source: "wide.tsv", FeedParser(format: .merchantTSV))
    #expect(
      error?.reason == .unexpectedStructure("the header row (line 2) has more than 10000 columns"))
  }

  @Test func aRelativeImageListInAMappedImageColumnIsSplit() throws {
    let csv = "Artikel,Bilder\nA,a.jpg|img/b.jpg\nB,https://cdn.example/c.jpg|img/d.jpg\n"
    let parser = FeedParser(
      format: .csv, baseURL: URL(string: "https://shop.example/feeds/products.csv"),
      columns: [.id: "Artikel", .image: "Bilder"])
    let result = try parser.parse(Data(csv.utf8))
    #expect(result.itemErrors.isEmpty)
    #expect(
      try product("A", in: result).imageURLs.map(\.absoluteString) == [
        "https://shop.example/feeds/a.jpg", "https://shop.example/feeds/img/b.jpg",
      ])
    #expect(
      try product("B", in: result).imageURLs.map(\.absoluteString) == [
        "https://cdn.example/c.jpg", "https://shop.example/feeds/img/d.jpg",
      ])
  }

  @Test func configurablesThatListEachOtherAreItemErrorsNamingBothRows() throws {
    let csv = """
      sku,store_view_code,product_type,name,base_image,configurable_variations
      A,,configurable,Hoodie,https://cdn.example/a.jpg,"sku=B,color=Red|sku=S1,color=Blue"
      B,,configurable,Jacket,https://cdn.example/b.jpg,"sku=A,color=Red"
      S1,,simple,Hoodie-Blue,https://cdn.example/s1.jpg,
      B,de,configurable,Jacke,,
      C,,configurable,Cap,https://cdn.example/c.jpg,"sku=C1,color=Red"
      C1,,simple,Cap-Red,https://cdn.example/c1.jpg,

      """
    let result = try FeedParser(format: .csv).parse(Data(csv.utf8))
    #expect(result.products.map(\.id) == ["S1", "C1"])
    #expect(try product("S1", in: result).itemGroupId == "A")
    let problem =
      #"malformed item: configurable products "A" (line 2), "B" (line 3) list each other as"#
      + " variations; none of them is read"
    #expect(
      result.itemErrors.map(\.description) == [
        #"item 1 (line 2, id "A"): "# + problem, #"item 2 (line 3, id "B"): "# + problem,
      ])
  }
}
