import Foundation
import HuewallCore
import HuewallFeed
import Testing

/// Field values that must not reach the store as they are: control characters (the store keeps
/// text as C strings, which a NUL cuts short), runaway lengths, bytes no encoding explains.
@Suite struct FieldSafetyTests {
  @Test(arguments: ["control-characters.json", "control-characters.csv"])
  func idsWithControlCharactersAreItemErrorsAndOtherFieldsLoseThem(file: String) throws {
    let result = try parse(file)
    // "A\0x" and "A\0y" would both be "A" in the store: neither is taken.
    #expect(
      result.products == [
        Product(
          id: "B-1",
          title: "Enamel Mug",
          brand: "Acme",
          vendorColor: file.hasSuffix(".json") ? "Red" : nil,
          imageURLs: [url("https://cdn.example/mug-b.jpg")],
          price: file.hasSuffix(".json") ? "9.50 EUR" : nil)
      ])
    var expected = [
      FeedItemError(
        position: 1, line: file.hasSuffix(".csv") ? 2 : nil, id: #"A\u{0000}x"#,
        reason: .controlCharacterInID(scalar: 0)),
      FeedItemError(
        position: 2, line: file.hasSuffix(".csv") ? 3 : nil, id: #"A\u{0000}y"#,
        reason: .controlCharacterInID(scalar: 0)),
    ]
    if file.hasSuffix(".json") {
      expected.append(
        FeedItemError(position: 4, id: #"C\u{0009}2"#, reason: .controlCharacterInID(scalar: 9)))
    }
    #expect(result.itemErrors == expected)
    #expect(
      "\(result.itemErrors.first.map(String.init(describing:)) ?? "")".hasSuffix(
        #"id "A\u{0000}x"): the id holds a control character (U+0000)"#))
  }

  @Test(arguments: ["long-fields.csv", "long-fields.json", "long-fields.rss.xml"])
  func aFieldOverTheLimitIsAnItemErrorNamingTheField(file: String) throws {
    let result = try parse(file, FeedParser(maxFieldBytes: 32))
    // The description is longer than the limit too, but nothing reads it.
    #expect(
      result.products == [
        Product(id: "OK-1", title: "Short title", imageURLs: [url("https://cdn.example/ok.jpg")])
      ])
    let lines: [Int?] =
      file.hasSuffix(".json") ? [nil, nil] : file.hasSuffix(".csv") ? [3, 4] : [11, 16]
    #expect(
      result.itemErrors == [
        FeedItemError(
          position: 2, line: lines[0], id: "LONG-2",
          reason: .fieldTooLong(field: "title", limit: 32)),
        FeedItemError(
          position: 3, line: lines[1], id: "LONG-3",
          reason: .fieldTooLong(field: "image", limit: 32)),
      ])
    #expect(
      "\(result.itemErrors.first.map(String.init(describing:)) ?? "")".hasSuffix(
        #"id "LONG-2"): title is longer than 32 bytes (feed.maxFieldBytes)"#))
  }

  @Test(arguments: [FeedFormat.huewallJSON, .merchantXML, .csv])
  func aHugeTitleIsRefusedWithTheDefaultLimitAndTheFeedGoesOn(format: FeedFormat) throws {
    let huge = String(repeating: "Ab ", count: 400_000)  // 1.2 MB
    let data: Data
    switch format {
    case .huewallJSON:
      data = Data(
        #"{"products": [{"id": "A", "title": "\#(huge)", "images": ["https://cdn.example/a.jpg"]}, {"id": "B", "images": ["https://cdn.example/b.jpg"]}]}"#
          .utf8)
    case .merchantXML:
      data = Data(
        #"<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>A</g:id><g:title>\#(huge)</g:title><g:image_link>https://cdn.example/a.jpg</g:image_link></item><item><g:id>B</g:id><g:image_link>https://cdn.example/b.jpg</g:image_link></item></channel></rss>"#
          .utf8)
    default:
      data = Data(
        "id,title,image_link\nA,\(huge),https://cdn.example/a.jpg\nB,,https://cdn.example/b.jpg\n"
          .utf8)
    }
    let result = try FeedParser(format: format).parse(data, source: "huge")
    #expect(result.products.map(\.id) == ["B"])
    #expect(result.itemErrors.map(\.reason) == [.fieldTooLong(field: "title", limit: 65_536)])
    #expect(result.itemErrors.map(\.id) == ["A"])
  }

  @Test func bytesUndefinedInWindows1252AreReplacedWithAWarning() throws {
    let result = try parse("undefined-windows-1252.csv")
    #expect(result.itemErrors.isEmpty)
    #expect(
      result.products == [
        Product(
          id: "CAF-1", title: "Café crème", brand: "Lumi",
          imageURLs: [url("https://cdn.lumi.example/cafe.jpg")]),
        Product(
          id: "ODD-2", title: "Odd \u{FFFD} byte", brand: "Lumi\u{FFFD}",
          imageURLs: [url("https://cdn.lumi.example/odd.jpg")]),
      ])
    #expect(
      result.itemWarnings == [
        FeedItemWarning(
          position: 2, line: 3, id: "ODD-2",
          reason: .replacedBytes(count: 2, items: 1, fields: ["title", "brand"]))
      ])
    #expect(
      "\(result.itemWarnings.first.map(String.init(describing:)) ?? "")"
        == #"item 2 (line 3, id "ODD-2"): 2 bytes neither UTF-8 nor Windows-1252 replaced with U+FFFD (title, brand) in 1 item, this the first; save the feed as UTF-8 to keep those characters"#
    )
    // Read in chunks of any size, the same.
    let chunked = try FeedParser().parse(
      FeedInput(try fixtureData("undefined-windows-1252.csv"), chunkSize: 3))
    #expect(chunked == result)
  }
}
