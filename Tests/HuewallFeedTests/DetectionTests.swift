import Foundation
import HuewallCore
import HuewallFeed
import Testing

@Suite struct DetectionTests {
  @Test(arguments: [
    ("huewall.json", FeedFormat.huewallJSON),
    ("shopify-page.json", .shopify),
    ("merchant.rss.xml", .merchantXML),
    ("merchant.atom.xml", .merchantXML),
    ("merchant.tsv", .merchantTSV),
    ("merchant-reordered.tsv", .merchantTSV),
    ("products.csv", .csv),
    ("products-semicolon.csv", .csv),
    ("local/feed.csv", .csv),
  ])
  func formatIsToldFromTheContent(file: String, format: FeedFormat) throws {
    #expect(FeedFormat.detect(try fixtureData(file)) == format)
    #expect(
      try parse(file, FeedParser(baseURL: URL(fileURLWithPath: "/srv/feed"))).format == format)
  }

  @Test func aHintDecidesBetweenTheDelimitedFormats() throws {
    let tabs = Data("sku\ttitle\timage\nA-1\tMug\thttps://cdn.example.org/a.jpg\n".utf8)
    #expect(FeedFormat.detect(tabs) == .csv)
    #expect(FeedFormat.detect(tabs, pathExtension: "tsv") == .merchantTSV)
    #expect(
      FeedFormat.detect(tabs, contentType: "text/tab-separated-values; charset=utf-8")
        == .merchantTSV)
    let merchant = try fixtureData("merchant.tsv")
    #expect(FeedFormat.detect(merchant, pathExtension: "csv") == .csv)
    // The hint never overrides JSON or XML content.
    #expect(
      FeedFormat.detect(try fixtureData("huewall.json"), pathExtension: "csv") == .huewallJSON)
    #expect(
      FeedFormat.detect(try fixtureData("merchant.rss.xml"), contentType: "text/csv")
        == .merchantXML)
  }

  @Test func aTabbedCSVWithAliasesIsReadAsCSV() throws {
    let tabs = Data("sku\tname\timage\nA-1\tMug\thttps://cdn.example.org/a.jpg\n".utf8)
    let result = try FeedParser().parse(tabs, source: "export.txt")
    #expect(result.format == .csv)
    #expect(result.products.map(\.id) == ["A-1"])
    #expect(result.products.map(\.title) == ["Mug"])
  }

  @Test func aConfiguredFormatOverridesDetection() throws {
    let error = try feedError("huewall.json", FeedParser(format: .csv))
    #expect(error?.format == .csv)
    #expect(
      missingColumn(in: error)
        == Missing(column: "id", accepted: ["id", "sku", "product_id", "item_id"]))
    // Huewall items read as Shopify products: image URLs where image objects belong.
    let shopify = try feedError("huewall.json", FeedParser(format: .shopify))
    #expect(shopify?.format == .shopify)
    guard case .noValidItems(let errors) = shopify?.reason else {
      Issue.record("expected every item to fail, got \(String(describing: shopify))")
      return
    }
    #expect(
      errors.map(\.reason) == [
        .malformed("images[0]: expected an object"), .malformed("images[0]: expected an object"),
        .malformed("images: expected an array"),
      ])
  }

  @Test func formatNamesAreTheConfigurationValues() {
    #expect(
      FeedFormat.allCases.map(\.rawValue) == [
        "json", "merchant-xml", "merchant-tsv", "shopify", "csv",
      ])
    #expect(FeedFormat(rawValue: "merchant-xml") == .merchantXML)
  }
}

@Suite struct WholeFeedErrorTests {
  @Test func emptyFeeds() {
    #expect(feedError(Data(), source: "a.csv")?.reason == .empty)
    #expect(feedError(Data(" \n\r\n\t".utf8))?.reason == .empty)
    #expect(feedError(Data([0xEF, 0xBB, 0xBF]))?.reason == .empty)
  }

  @Test func anHTMLPageIsNotAFeed() throws {
    let error = try feedError("error-page.html")
    #expect(error?.reason == .unrecognized(looksLike: "an HTML page"))
    #expect(
      error?.errorDescription
        == "error-page.html: not a product feed: the content looks like an HTML page")
  }

  @Test func truncatedJSON() throws {
    let error = try feedError("truncated.json")
    #expect(error?.reason == .invalidJSON(detail: "Unexpected end of file during JSON parse."))
    #expect(error?.format == nil)
  }

  @Test func jsonWithoutProducts() throws {
    #expect(
      try feedError("no-products.json")?.reason
        == .unexpectedStructure("the JSON object has no \"products\" array"))
    // A top-level array is the products themselves (a Shopify dump): these are no products.
    #expect(
      feedError(Data("[1, 2]".utf8))?.reason
        == .noValidItems(itemErrors: [
          FeedItemError(position: 1, reason: .malformed("not a JSON object")),
          FeedItemError(position: 2, reason: .malformed("not a JSON object")),
        ]))
    #expect(
      feedError(Data("{\"products\": {\"id\": 1}}".utf8))?.reason
        == .unexpectedStructure("\"products\" is not an array"))
    #expect(
      feedError(Data("{\"products\": null}".utf8))?.reason
        == .unexpectedStructure("\"products\" is not an array"))
    #expect(try feedError("empty-products.json")?.reason == .noItems)
  }

  @Test func truncatedXMLFailsAsAWholeEvenAfterGoodItems() throws {
    let error = try feedError("truncated.rss.xml")
    #expect(error?.format == .merchantXML)
    guard case .invalidXML(_, let line, _) = error?.reason else {
      Issue.record("expected invalid XML, got \(String(describing: error))")
      return
    }
    #expect(line == 12)
  }

  @Test func xmlWithAnotherRoot() throws {
    #expect(
      try feedError("wrong-root.xml")?.reason
        == .unexpectedStructure(
          "the XML root element is <urlset>; a Merchant feed is <rss> (RSS 2.0) or <feed> (Atom)"))
  }

  @Test func xmlWithoutItems() throws {
    #expect(try feedError("empty-channel.rss.xml")?.reason == .noItems)
  }

  @Test func csvWithoutItemsHeaderOrIdColumn() throws {
    #expect(try feedError("header-only.csv")?.reason == .noItems)
    #expect(
      try feedError("no-header.csv")?.reason
        == .unexpectedStructure("the first row holds URLs, not column names: no header row"))
    #expect(
      try missingColumn(in: feedError("no-id-column.csv"))
        == Missing(column: "id", accepted: ["id", "sku", "product_id", "item_id"]))
  }

  @Test func anUnclosedQuoteFailsTheFeed() throws {
    let error = try feedError("unterminated.csv")
    #expect(error?.reason == .unterminatedQuote(line: 2))
    #expect(
      error?.errorDescription
        == "unterminated.csv: CSV feed: the quoted field that starts on line 2 is never closed")
  }

  @Test func aFeedWhoseEveryItemIsBrokenFailsAsAWhole() {
    let data = Data(
      "id,title,image\n,No id,https://cdn.example.org/a.jpg\nB-1,Script,javascript:x\n".utf8)
    let error = feedError(data, source: "broken.csv")
    #expect(
      error?.reason
        == .noValidItems(itemErrors: [
          FeedItemError(position: 1, line: 2, reason: .missingID),
          FeedItemError(
            position: 2, line: 3, id: "B-1", reason: .unsupportedScheme(.image, url: "javascript:x")
          ),
        ]))
    #expect(
      error?.errorDescription
        == "broken.csv: CSV feed: all 2 items were rejected; the first: item 1 (line 2): no id")
  }
}
