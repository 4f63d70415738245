import Foundation
import HuewallCore
import HuewallFeed
import Testing

@Suite struct MerchantXMLTests {
  @Test func rssItemsBecomeProductsWithEveryMappedField() throws {
    let result = try parse("merchant.rss.xml")
    #expect(result.format == .merchantXML)
    #expect(result.itemCount == 4)
    #expect(result.itemErrors.isEmpty)
    #expect(result.products.map(\.id) == ["NP-TR2-LAG", "NP-TR2-EMB", "NP-CAP-01", "NP-SOCK-3P"])

    let lagoon = result.products[0]
    #expect(
      lagoon
        == Product(
          id: "NP-TR2-LAG",
          title: "Trail Runner 2 – Lagoon",
          brand: "Northpeak",
          vendorColor: "Lagoon/Black",
          link: url("https://www.northpeak.example/products/trail-runner-2?colour=lagoon"),
          imageURLs: [
            url("https://cdn.northpeak.example/img/tr2-lagoon-side.jpg"),
            url("https://cdn.northpeak.example/img/tr2-lagoon-top.jpg"),
            url("https://cdn.northpeak.example/img/tr2-lagoon-sole.jpg"),
          ],
          price: "129.95 EUR",
          availability: "in_stock",
          itemGroupId: "NP-TR2",
          size: "42"))
  }

  @Test func plainRSSTitleAndLinkFillInAndCDATAIsText() throws {
    let ember = try product("NP-TR2-EMB", in: parse("merchant.rss.xml"))
    #expect(ember.title == "Trail Runner 2 – Ember & Ash")
    #expect(ember.link == url("https://www.northpeak.example/products/trail-runner-2?colour=ember"))
    #expect(ember.availability == "out_of_stock")
    #expect(ember.itemGroupId == "NP-TR2")
    #expect(
      ember.imageURLs == [
        url("https://cdn.northpeak.example/img/tr2-ember-side.jpg"),
        url("https://cdn.northpeak.example/img/tr2-ember-top.jpg"),
      ])
  }

  @Test func entitiesAreDecodedAndARepeatedImageIsKeptOnce() throws {
    let cap = try product("NP-CAP-01", in: parse("merchant.rss.xml"))
    #expect(cap.title == "Summit Cap & Visor")
    #expect(
      cap.imageURLs == [
        url("https://cdn.northpeak.example/img/summit-cap.jpg"),
        url("https://cdn.northpeak.example/img/summit-cap-back.jpg"),
      ])
    #expect(cap.availability == "preorder")
    #expect(cap.itemGroupId == nil)
  }

  @Test func nestedShippingPriceDoesNotReplaceThePrice() throws {
    let result = try parse("merchant.rss.xml")
    #expect(result.products[0].price == "129.95 EUR")
  }

  @Test func missingOptionalFieldsStayNil() throws {
    let socks = try product("NP-SOCK-3P", in: parse("merchant.rss.xml"))
    #expect(socks.brand == nil)
    #expect(socks.itemGroupId == nil)
    #expect(socks.vendorColor == "Black/Grey/White")
    #expect(socks.availability == "in stock")
    #expect(socks.title == "Merino Hiking Socks, 3 pairs")
  }

  @Test func atomEntriesReadLinkHrefAndPlainTitle() throws {
    let result = try parse("merchant.atom.xml")
    #expect(result.format == .merchantXML)
    #expect(result.itemErrors.isEmpty)
    #expect(
      result.products == [
        Product(
          id: "LH-VASE-TERRA",
          title: "Ripple Vase, Terracotta",
          brand: "Lumen Home",
          vendorColor: "Terracotta",
          link: url("https://lumenhome.example/p/ripple-vase?c=terracotta"),
          imageURLs: [
            url("https://img.lumenhome.example/ripple-vase-terracotta.jpg"),
            url("https://img.lumenhome.example/ripple-vase-terracotta-detail.jpg"),
          ],
          price: "39.00 GBP",
          availability: "in_stock",
          itemGroupId: "LH-VASE"),
        Product(
          id: "LH-VASE-SAGE",
          title: "Ripple Vase, Sage",
          brand: "Lumen Home",
          vendorColor: "Sage",
          link: url("https://lumenhome.example/p/ripple-vase?c=sage"),
          imageURLs: [url("https://img.lumenhome.example/ripple-vase-sage.jpg")],
          price: "39.00 GBP",
          availability: "backorder",
          itemGroupId: "LH-VASE"),
      ])
  }

  @Test func brokenItemsAreReportedWithPositionLineIdAndReason() throws {
    let result = try parse("merchant-bad-items.rss.xml")
    #expect(result.itemCount == 9)
    #expect(result.products.map(\.id) == ["NP-NOIMG", "NP-OK"])
    #expect(
      result.itemWarnings == [
        FeedItemWarning(position: 2, line: 12, id: "NP-NOIMG", reason: .noImage)
      ])
    #expect(
      result.itemErrors == [
        FeedItemError(position: 1, line: 7, id: nil, reason: .missingID),
        FeedItemError(
          position: 3, line: 17, id: "NP-JS",
          reason: .unsupportedScheme(.link, url: "javascript:alert(document.cookie)")),
        FeedItemError(position: 5, line: 29, id: "NP-OK", reason: .duplicateID(firstPosition: 4)),
        FeedItemError(
          position: 6, line: 34, id: "NP-DATA",
          reason: .unsupportedScheme(.image, url: "data:image/png;base64,iVBORw0KGgo=")),
        FeedItemError(position: 7, line: 39, id: nil, reason: .missingID),
        FeedItemError(
          position: 8, line: 44, id: "NP-REL",
          reason: .relativeURL(.image, value: "img/relative.jpg")),
        FeedItemError(
          position: 9, line: 49, id: "NP-FTP",
          reason: .unsupportedScheme(.image, url: "ftp://files.northpeak.example/ftp-2.jpg")),
      ])
  }

  @Test func aRelativeImageResolvesAgainstTheFeedURL() throws {
    let parser = FeedParser(baseURL: url("https://www.northpeak.example/feeds/google.xml"))
    let result = try parse("merchant-bad-items.rss.xml", parser)
    let relative = try product("NP-REL", in: result)
    #expect(relative.imageURLs == [url("https://www.northpeak.example/feeds/img/relative.jpg")])
  }

  @Test func itemErrorsReadAsSentences() throws {
    let result = try parse("merchant-bad-items.rss.xml")
    #expect(
      result.itemErrors.map(\.description).prefix(3) == [
        "item 1 (line 7): no id",
        "item 3 (line 17, id \"NP-JS\"): link URL \"javascript:alert(document.cookie)\" is not http, https or file",
        "item 5 (line 29, id \"NP-OK\"): duplicate id: item 4 already has it",
      ])
    #expect(
      result.itemWarnings.map(\.description) == [
        "item 2 (line 12, id \"NP-NOIMG\"): no image URL: kept without a photo, off the wall"
          + " until the feed gives it one"
      ])
  }
}

extension MerchantXMLTests {
  @Test func internalEntitiesAreExpandedAndExternalOnesLeaveTheRestOfTheText() throws {
    let result = try parse("merchant-entities.rss.xml")
    #expect(result.itemErrors.isEmpty)
    #expect(
      result.products == [
        Product(
          id: "NP-TR3-ASH",
          title: "Northpeak Trail Runner 3 – Ash",
          brand: "Northpeak",
          imageURLs: [url("https://cdn.northpeak.example/img/tr3-ash.jpg")]),
        Product(
          id: "NP-CAP-MOSS",
          title: "Cap in Moss",
          brand: "Northpeak & Co",
          imageURLs: [url("https://cdn.northpeak.example/img/cap-moss.jpg")]),
      ])
    // The same read in chunks that split the references.
    let chunked = try FeedParser().parse(
      FeedInput(try fixtureData("merchant-entities.rss.xml"), chunkSize: 5))
    #expect(chunked.products == result.products)
  }

  @Test func entitiesThatReferToThemselvesAreInvalidXML() throws {
    let feed = Data(
      """
      <?xml version="1.0"?>
      <!DOCTYPE rss [<!ENTITY a "x&b;"><!ENTITY b "y&a;">]>
      <rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>A</g:id><g:title>&a;</g:title><g:image_link>https://cdn.example/a.jpg</g:image_link></item></channel></rss>
      """.utf8)
    let error = try #require(feedError(feed, source: "loop.xml"))
    guard case .invalidXML(let detail, let line, _) = error.reason else {
      Issue.record("expected invalid XML, got \(error.reason)")
      return
    }
    #expect(detail == "entities that refer to themselves or expand too much")
    #expect(line == 3)
  }
}

extension MerchantXMLTests {
  @Test func aDeclarationOfAPredefinedEntityLeavesItToTheParser() throws {
    // XML allows declaring amp as "&#38;#38;", which still means "&".
    let feed = Data(
      """
      <?xml version="1.0"?>
      <!DOCTYPE rss [<!ENTITY amp "&#38;#38;"><!ENTITY shop "Northpeak">]>
      <rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>A</g:id><g:title>&shop; &amp; Co</g:title><g:image_link>https://cdn.example/a.jpg</g:image_link></item></channel></rss>
      """.utf8)
    let result = try FeedParser().parse(feed, source: "amp.xml")
    #expect(result.products.map(\.title) == ["Northpeak & Co"])
  }
}
