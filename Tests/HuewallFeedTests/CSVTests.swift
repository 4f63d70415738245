import Foundation
import HuewallCore
import HuewallFeed
import Testing

@Suite struct CSVTests {
  @Test func quotedFieldsAliasesBOMAndCRLF() throws {
    let result = try parse("products.csv")
    #expect(result.format == .csv)
    #expect(result.itemCount == 5)
    #expect(result.itemErrors.isEmpty)
    #expect(
      result.products.map(\.id) == ["LB-100-RED", "LB-100-TEAL", "LB-200", "LB-300", "LB-400"])
    #expect(
      result.products[0]
        == Product(
          id: "LB-100-RED",
          title: "Lumi Bottle, 750 ml",
          brand: "Lumi",
          vendorColor: "Red",
          link: url("https://lumi.example/bottle?c=red"),
          imageURLs: [
            url("https://cdn.lumi.example/bottle-red.jpg"),
            url("https://cdn.lumi.example/bottle-red-2.jpg"),
            url("https://res.cdn.lumi.example/image/upload/w_600,h_600/bottle-red-3.jpg"),
          ],
          price: "24.90 EUR",
          availability: "in_stock",
          itemGroupId: "LB-100"))
  }

  @Test func doubledQuotesAndAPriceThatHasItsCurrency() throws {
    let teal = try product("LB-100-TEAL", in: parse("products.csv"))
    #expect(teal.title == "Lumi Bottle \"Sport\" Edition")
    #expect(teal.price == "27.90 EUR")
    #expect(teal.imageURLs == [url("https://cdn.lumi.example/bottle-teal.jpg")])
    #expect(teal.availability == "out_of_stock")
  }

  @Test func lineBreaksAndCommasInsideQuotes() throws {
    let flask = try product("LB-200", in: parse("products.csv"))
    #expect(flask.title == "Lumi Flask\nLimited Edition")
    #expect(flask.vendorColor == "Black, matte")
    #expect(flask.price == "39.00 EUR")
    #expect(flask.itemGroupId == nil)
  }

  @Test func emptyCellsArePipeListsAndBlankLinesAreSkipped() throws {
    let result = try parse("products.csv")
    let straws = try product("LB-300", in: result)
    #expect(straws.brand == nil)
    #expect(straws.vendorColor == nil)
    #expect(straws.link == nil)
    #expect(straws.price == "9.50")
    #expect(
      straws.imageURLs == [
        url("https://cdn.lumi.example/straws.jpg"),
        url("https://cdn.lumi.example/straws-2.jpg"),
        url("https://cdn.lumi.example/straws-3.jpg"),
      ])
    let lid = try product("LB-400", in: result)
    #expect(
      lid
        == Product(
          id: "LB-400", title: "", brand: "Lumi", link: url("https://lumi.example/lid"),
          imageURLs: [url("https://cdn.lumi.example/lid.jpg")]))
  }

  @Test func itemErrorsCarryTheLineWhereTheRecordStarts() throws {
    // A row after a quoted line break and a blank line.
    let data = try fixtureData("products.csv")
    var bad = data
    bad.append(Data("\r\nLB-500,Broken,,,,javascript:alert(1),,,,,,".utf8))
    let result = try FeedParser().parse(bad, source: "products.csv")
    #expect(
      result.itemErrors == [
        FeedItemError(
          position: 6, line: 10, id: "LB-500",
          reason: .unsupportedScheme(.image, url: "javascript:alert(1)"))
      ])
  }

  @Test func brokenRowsAreSkippedAndTheRestIsRead() throws {
    let result = try parse("products-bad-items.csv")
    #expect(result.itemCount == 6)
    #expect(result.products.map(\.id) == ["LB-NOIMG", "LB-OK", "LB-FILE"])
    #expect(result.products[0].imageURLs.isEmpty)
    #expect(result.products[2].imageURLs == [url("file:///etc/passwd")])
    #expect(
      result.itemWarnings == [
        FeedItemWarning(position: 2, line: 3, id: "LB-NOIMG", reason: .noImage)
      ])
    #expect(
      result.itemErrors == [
        FeedItemError(position: 1, line: 2, id: nil, reason: .missingID),
        FeedItemError(
          position: 3, line: 4, id: "LB-JS",
          reason: .unsupportedScheme(.link, url: "javascript:void(0)")),
        FeedItemError(position: 5, line: 6, id: "LB-OK", reason: .duplicateID(firstPosition: 4)),
      ])
  }

  @Test func aFeedFromTheWebMayNotPointAtLocalFiles() throws {
    let parser = FeedParser(baseURL: url("https://lumi.example/feeds/products.csv"))
    let result = try parse("products-bad-items.csv", parser)
    #expect(result.products.map(\.id) == ["LB-NOIMG", "LB-OK"])
    #expect(
      result.itemErrors.last
        == FeedItemError(
          position: 6, line: 7, id: "LB-FILE",
          reason: .fileURLInRemoteFeed(.image, url: "file:///etc/passwd")))
  }

  @Test func semicolonsAndWindows1252() throws {
    let result = try parse("products-semicolon.csv")
    #expect(result.format == .csv)
    #expect(
      result.products == [
        Product(
          id: "LB-500", title: "Trinkflasche; 1 l", vendorColor: "Grün",
          imageURLs: [url("https://cdn.lumi.example/flasche.jpg")], price: "19,90 EUR")
      ])
  }

  @Test func relativeImagePathsResolveAgainstTheFeedFilesFolder() throws {
    let feed = try fixture("local/feed.csv")
    let folder = feed.deletingLastPathComponent()
    let result = try FeedParser(baseURL: feed).parse(Data(contentsOf: feed))
    #expect(result.itemErrors.isEmpty)
    #expect(
      result.products.map(\.imageURLs) == [
        [
          folder.appendingPathComponent("images/red-mug.jpg"),
          folder.appendingPathComponent("images/red-mug-2.jpg"),
          folder.appendingPathComponent("images/red-mug-3.jpg"),
        ],
        [folder.deletingLastPathComponent().appendingPathComponent("shared/blue-mug.jpg")],
        [url("file:///srv/catalogue/green-mug.jpg")],
        [url("https://cdn.example.org/yellow-mug.jpg")],
      ])
    #expect(result.products[0].imageURLs[0].isFileURL)
  }

  @Test func aFolderURLWorksAsBaseToo() throws {
    let feed = try fixture("local/feed.csv")
    let folder = URL(fileURLWithPath: feed.deletingLastPathComponent().path, isDirectory: true)
    let result = try FeedParser(baseURL: folder).parse(Data(contentsOf: feed), source: feed.path)
    #expect(
      result.products[0].mainImageURL?.path
        == folder.appendingPathComponent("images/red-mug.jpg").path)
  }

  @Test func relativePathsWithoutABaseAreItemErrors() throws {
    let feed = try fixture("local/feed.csv")
    let result = try FeedParser().parse(Data(contentsOf: feed), source: "feed.csv")
    #expect(result.products.map(\.id) == ["LOCAL-3", "LOCAL-4"])
    #expect(
      result.itemErrors.map(\.reason) == [
        .relativeURL(.image, value: "images/red-mug.jpg"),
        .relativeURL(.image, value: "../shared/blue-mug.jpg"),
      ])
  }
}
