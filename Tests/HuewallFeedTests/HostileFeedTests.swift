import Foundation
import HuewallCore
import Testing

@testable import HuewallFeed

/// Feeds written to hurt the reader (docs/RELIABILITY.md): each is answered with a clear error
/// naming the feed or the item, never a crash, a hang or a file read behind the user's back.
@Suite struct HostileFeedTests {
  let item =
    #"<item><g:id>A-1</g:id><title>Mug</title><g:image_link>https://cdn.example/a.jpg</g:image_link></item>"#

  func rss(_ doctype: String, items: String) -> Data {
    Data(
      """
      <?xml version="1.0"?>
      \(doctype)
      <rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>\(items)</channel></rss>
      """.utf8)
  }

  @Test func externalEntitiesAreNeverRead() throws {
    // An entity that names a local file: its text must not reach any product.
    let secret = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-secret-\(UUID().uuidString)")
    try "TOP-SECRET".write(to: secret, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: secret) }
    let feed = rss(
      #"<!DOCTYPE rss [<!ENTITY xxe SYSTEM "\#(secret.absoluteString)">]>"#,
      items:
        #"<item><g:id>A-1</g:id><title>&xxe;</title><g:image_link>https://cdn.example/a.jpg</g:image_link></item>"#
    )
    do {
      let result = try FeedParser().parse(feed, source: "xxe.xml")
      #expect(!result.products.contains { $0.title.contains("TOP-SECRET") })
    } catch {
      #expect(error.localizedDescription.contains("xxe.xml"))
    }
  }

  @Test func entityExpansionIsRefusedQuickly() throws {
    // The "billion laughs": ten levels of ten references each, 10^10 copies if expanded.
    var entities = #"<!ENTITY l0 "ha">"#
    for level in 1...10 {
      let refs = String(repeating: "&l\(level - 1);", count: 10)
      entities += #"<!ENTITY l\#(level) "\#(refs)">"#
    }
    let feed = rss(
      "<!DOCTYPE rss [\(entities)]>",
      items:
        #"<item><g:id>A-1</g:id><title>&l10;</title><g:image_link>https://cdn.example/a.jpg</g:image_link></item>"#
    )
    let start = ContinuousClock.now
    do {
      let result = try FeedParser().parse(feed, source: "laughs.xml")
      #expect(result.products.allSatisfy { $0.title.utf8.count < 1_000_000 })
    } catch {
      #expect(error.localizedDescription.contains("laughs.xml"))
    }
    #expect(ContinuousClock.now - start < .seconds(10))
  }

  @Test func deeplyNestedJSONIsAnErrorNotAStackOverflow() throws {
    let depth = 100_000
    let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    // Nested inside an item, and as the whole document.
    let inItem = Data(
      #"{"products": [{"id": "A", "images": ["https://cdn.example/a.jpg"], "x": \#(nested)}, {"id": "B", "images": ["https://cdn.example/b.jpg"]}]}"#
        .utf8)
    do {
      let result = try FeedParser().parse(inItem, source: "nested.json")
      #expect(result.products.map(\.id).contains("B"))
    } catch {
      #expect(error.localizedDescription.contains("nested.json"))
    }
    let whole = Data(nested.utf8)
    #expect(feedError(whole, source: "deep.json") != nil)
  }

  @Test(arguments: [FeedFormat.huewallJSON, .merchantXML, .csv])
  func invalidUTF8IsAnErrorOrReplaced(format: FeedFormat) throws {
    let bad: [UInt8] = [0xC3, 0x28, 0xFF, 0xFE, 0xED, 0xA0, 0x80]
    let data: Data
    switch format {
    case .huewallJSON:
      data =
        Data(#"{"products": [{"id": "A", "title": ""#.utf8) + Data(bad)
        + Data(#"", "images": ["https://cdn.example/a.jpg"]}]}"#.utf8)
    case .merchantXML:
      data =
        rss("", items: "<item><g:id>A</g:id><title>".appending("")) + Data(bad)
        + Data(
          "</title><g:image_link>https://cdn.example/a.jpg</g:image_link></item></channel></rss>"
            .utf8)
    default:
      data =
        Data("id,title,image_link\nA,".utf8) + Data(bad)
        + Data(",https://cdn.example/a.jpg\n".utf8)
    }
    do {
      let result = try FeedParser(format: format).parse(data, source: "bad-utf8")
      // Read: the text is whole Unicode, the bad bytes replaced or decoded as another charset.
      #expect(result.products.map(\.id) == ["A"])
    } catch {
      #expect(error.localizedDescription.contains("bad-utf8"))
    }
  }

  @Test(arguments: ["javascript:alert(1)", "data:image/png;base64,AAAA", "ftp://cdn.example/a.jpg"])
  func scriptAndDataURLsAreItemErrors(imageURL: String) throws {
    let feed = Data(
      #"{"products": [{"id": "A", "images": ["\#(imageURL)"]}, {"id": "B", "images": ["https://cdn.example/b.jpg"]}]}"#
        .utf8)
    let result = try FeedParser().parse(feed, source: "urls.json")
    #expect(result.products.map(\.id) == ["B"])
    #expect(result.itemErrors.count == 1)
    #expect(result.itemErrors.first?.id == "A")
    #expect("\(result.itemErrors.first!)".contains(imageURL.prefix(5)))
  }
}

/// Inputs the fuzzers found (Fuzz/, scripts/fuzz), kept as regression fixtures.
@Suite struct FuzzFindingTests {
  @Test func aDelimiterTieIsBrokenTheSameWayEveryTime() throws {
    // "id;image;a\tb\tc": two semicolons and two tabs. The tie once went whichever way a
    // dictionary iterated, so the same feed read differently whole and in chunks. Now the
    // earlier of comma, semicolon, tab wins: semicolons.
    let data = try fixtureData("fuzz/delimiter-tie.csv")
    let whole = try FeedParser(format: .csv).parse(data, source: "tie.csv")
    let chunked = try FeedParser(format: .csv).parse(
      FeedInput(data, chunkSize: 7), source: "tie.csv")
    #expect(whole == chunked)
    #expect(whole.products.map(\.id) == ["1"])
    #expect(
      whole.products.first?.imageURLs.map(\.absoluteString) == ["https://shop.example.com/1.jpg"])
  }
}

extension FuzzFindingTests {
  @Test func anElementNameThatIsNotUTF8IsInvalidXMLNotACrash() throws {
    // The Merchant example with one byte of an element name replaced (<g:additio\xEEal_…>):
    // libxml2 passed the name on, and Foundation's XMLParser trapped on it.
    let error = try #require(try feedError("fuzz/merchant-name-not-utf8.xml"))
    #expect(error.localizedDescription.contains("merchant-name-not-utf8.xml"))
    guard case .invalidXML(let detail, let line, _) = error.reason else {
      Issue.record("expected invalid XML, got \(error.reason)")
      return
    }
    #expect(detail.contains("not UTF-8"))
    #expect(line == 13)
  }

  @Test func aDeclaredLatin1FeedIsNotCheckedAsUTF8() throws {
    let feed =
      Data(
        #"<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>A</g:id><title>Caf"#
          .utf8) + Data([0xE9])
      + Data(
        "</title><g:image_link>https://cdn.example/a.jpg</g:image_link></item></channel></rss>"
          .utf8)
    let result = try FeedParser(format: .merchantXML).parse(feed, source: "latin1.xml")
    #expect(result.products.first?.title == "Café")
  }

  @Test(arguments: [
    ("iso-8859-2", true), ("windows-1250", true), ("cp1252", true), ("latin1", true),
    ("cp125____f-8", false), ("windows-125", false), ("iso-8859-12", false),
    ("iso-8859-02", false), ("utf-8", false), ("cp65001", false),
  ])
  func onlyASingleByteEncodingSpeltExactlySkipsTheUTF8Check(name: String, singleByte: Bool) {
    #expect(MerchantXMLFeed.isSingleByte(name) == singleByte)
  }

  @Test(arguments: [
    (#"<?xml version="1.0" encoding="windows-1250"?><rss/>"#, false),
    (#"<?xml version='1.0' encoding='ISO-8859-2' standalone='yes' ?><rss/>"#, false),
    (#"<?xml <![CDATA[~version="1.0" encoding="cp1252"?><rss/>"#, true),
    (#"<?xml encoding="cp1252" version="1.0"?><rss/>"#, true),
    (#"<?xml version="1.0" encoding="cp1252" x?><rss/>"#, true),
    (#"<?xml version="1.0"?><rss/>"#, true),
  ])
  func aDeclarationThatIsNotWellFormedIsReadAsUTF8(head: String, utf8: Bool) {
    #expect(MerchantXMLFeed.declaresUTF8(Data(head.utf8)) == utf8)
  }
}

extension FuzzFindingTests {
  @Test(arguments: [
    "merchant-declaration-unreadable.xml",  // encoding=T"UF-8"
    "merchant-encoding-unknown.xml",  // encoding="UTF,8"
    "merchant-mismatched-quotes.xml",  // encoding="ISO-8859-1'
    "merchant-utf16-declared.xml",  // encoding="UTF-16", but the bytes are not UTF-16
    "merchant-encoding-prefix-only.xml",  // <?xml <![CDATA[~version=… encoding="cp125___…F-8"
  ])
  func aDeclarationLibxml2CannotUseStillGetsTheUTF8Check(file: String) throws {
    // libxml2 reads each of these as UTF-8 whatever the declaration says, so the bytes that
    // are not UTF-8 (a Latin-1 é) must be refused before the parser hands them on.
    let error = try #require(try feedError("fuzz/" + file, FeedParser(format: .merchantXML)))
    #expect(error.localizedDescription.contains(file))
  }
}

extension FuzzFindingTests {
  @Test func aProcessingInstructionWithoutDataIsInvalidXMLNotACrash() throws {
    // What the fuzzer found: "<?xUTF____…?>" (a processing instruction with a target and no
    // data): Foundation's XMLParser took strlen of libxml2's NULL data.
    let found = try #require(
      try feedError(
        "fuzz/merchant-empty-processing-instruction.xml", FeedParser(format: .merchantXML)))
    #expect("\(found.reason)".contains("processing instruction without data"))
    // In a feed with good items, with and without a space before "?>", on line 2.
    for pi in ["<?huewall?>", "<?Huewall  ?>"] {
      let feed = Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\(pi)<channel><item><g:id>A</g:id><g:image_link>https://cdn.example/a.jpg</g:image_link></item></channel></rss>
        """.utf8)
      let error = try #require(feedError(feed, source: "pi.xml", FeedParser(format: .merchantXML)))
      guard case .invalidXML(_, let line, let column) = error.reason else {
        Issue.record("expected invalid XML, got \(error.reason)")
        continue
      }
      #expect(line == 2 && column == 60)
    }
    // The fuzzer again (CI smoke): "<?xml?>" is no declaration (that needs a space after
    // "xml"), so libxml2 reads it as an instruction without data, at the start of the
    // document as anywhere else.
    let xmlTarget = try #require(
      try feedError(
        "fuzz/merchant-xml-target-without-data.xml", FeedParser(format: .merchantXML)))
    #expect("\(xmlTarget.reason)".contains("processing instruction without data"))
    let item =
      #"<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>A</g:id><g:image_link>https://cdn.example/a.jpg</g:image_link></item></channel></rss>"#
    for document in [
      "<?xml?>\n" + item, "\u{FEFF}<?XML ?>" + item, "<?xml version=\"1.0\"?>\n<?xml?>" + item,
    ] {
      let error = feedError(Data(document.utf8), source: "pi.xml", FeedParser(format: .merchantXML))
      #expect(error.map { "\($0.reason)".contains("processing instruction without data") } == true)
    }
    // The declaration itself, after a byte-order mark or not, is no instruction.
    for declaration in [
      "<?xml version=\"1.0\"?>", "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
    ] {
      let products = try FeedParser(format: .merchantXML).parse(
        Data((declaration + item).utf8), source: "pi.xml"
      ).products
      #expect(products.count == 1)
    }
    // A processing instruction with data is read as before.
    let withData = Data(
      #"<?xml version="1.0"?><?xml-stylesheet href="a.xsl"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>A</g:id><g:image_link>https://cdn.example/a.jpg</g:image_link></item></channel></rss>"#
        .utf8)
    #expect(
      try FeedParser(format: .merchantXML).parse(withData, source: "pi.xml").products.count == 1)
  }
}
