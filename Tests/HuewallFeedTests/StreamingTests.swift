import Foundation
import HuewallCore
import HuewallFeed
import Testing

/// Feeds read a chunk at a time: the result must not depend on where the chunks end.
@Suite struct StreamingTests {
  /// Every fixture, in chunks of 1, 2, 3, 5 and 7 bytes, from memory and from a file, reads as
  /// it does in one piece: the same products, item errors and counts, or the same error.
  @Test(arguments: [
    "huewall.json", "huewall-bad-items.json", "shopify-page.json", "shopify-bad-items.json",
    "truncated.json", "no-products.json", "empty-products.json", "products.csv",
    "products-bad-items.csv", "products-semicolon.csv", "merchant.tsv", "merchant-reordered.tsv",
    "header-only.csv", "no-header.csv", "no-id-column.csv", "unterminated.csv",
    "merchant.rss.xml", "merchant-bad-items.rss.xml", "merchant.atom.xml", "truncated.rss.xml",
  ])
  func chunkBoundariesDoNotMatter(name: String) throws {
    let data = try fixtureData(name)
    let whole = outcome { try FeedParser().parse(data, source: name) }
    for size in [1, 2, 3, 5, 7] {
      #expect(outcome { try streamed(FeedInput(data, chunkSize: size), source: name) } == whole)
    }
    let file = try fixture(name)
    #expect(
      outcome { try streamed(FeedInput(contentsOf: file, chunkSize: 3), source: name) } == whole)
  }

  @Test func byteOrderMarksAndCRLFAcrossChunks() throws {
    let csv =
      "\u{FEFF}id,title,image_link\r\nA1,\"Sand \"\"dune\"\"\r\ntote\",https://cdn.example/a.jpg\r\n"
    for size in [1, 2, 4] {
      let result = try streamed(FeedInput(Data(csv.utf8), chunkSize: size), source: "bom.csv")
      #expect(result.products.map(\.id) == ["A1"])
      #expect(result.products.first?.title == "Sand \"dune\"\ntote")
    }
  }

  @Test func windows1252FieldsAreReadAsSuch() throws {
    // "Crème" with è as Windows-1252 byte 0xE8, split from its neighbours by the chunks.
    var bytes = Array("id,title,image_link\nA1,Cr".utf8)
    bytes += [0xE8] + Array("me,https://cdn.example/a.jpg\n".utf8)
    let result = try streamed(FeedInput(Data(bytes), chunkSize: 1), source: "cp1252.csv")
    #expect(result.products.first?.title == "Crème")
  }

  /// A feed larger than a chunk, read from a file: every product once, in order, the bad and
  /// repeated items reported where they are.
  @Test func aLargeFeedFileIsReadProductByProduct() throws {
    let count = 3000
    var items: [String] = []
    for i in 1...count {
      let id = i == 2500 ? "P00010" : String(format: "P%05d", i)
      let images = i == 1234 ? "[]" : "[\"https://cdn.example/\(i).jpg\"]"
      items.append(#"{"id": "\#(id)", "title": "Product \#(i)", "images": \#(images)}"#)
    }
    let json =
      "{\"generated\": \"2026-11-22\",\n\"products\": [\n" + items.joined(separator: ",\n")
      + "\n]}\n"
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-large-\(UUID().uuidString).json")
    try Data(json.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(json.utf8.count > 3 * (1 << 16))

    var ids: [String] = []
    var seen: [String: Int] = [:]
    let summary = try FeedParser().parse(FeedInput(contentsOf: file), source: "large.json") {
      entry in
      if let first = seen[entry.product.id] { return first }
      seen[entry.product.id] = entry.position
      ids.append(entry.product.id)
      return nil
    }
    #expect(summary.format == .huewallJSON)
    #expect(summary.itemCount == count)
    #expect(summary.productCount == count - 1)
    #expect(ids.count == count - 1)
    #expect(ids.first == "P00001" && ids.last == "P03000")
    #expect(
      summary.itemErrors == [
        FeedItemError(position: 2500, id: "P00010", reason: .duplicateID(firstPosition: 10))
      ])
    #expect(
      summary.itemWarnings == [FeedItemWarning(position: 1234, id: "P01234", reason: .noImage)])
  }

  @Test func whatTheConsumerThrowsComesBackUnchanged() throws {
    struct Full: Error, Equatable {}
    let data = try fixtureData("huewall.json")
    var accepted = 0
    #expect(throws: Full()) {
      _ = try FeedParser().parse(FeedInput(data, chunkSize: 5)) { _ in
        accepted += 1
        if accepted == 2 { throw Full() }
        return nil
      }
    }
    #expect(accepted == 2)
  }

  // MARK: JSON structure

  @Test(arguments: [
    (#"{"products": [{"id": "a", "images": ["x.jpg"]}]} junk"#, "garbage at end on line 1"),
    (
      #"{"products": [{"id": "a", "images": ["x.jpg"]}] junk"#,
      "expected ',' or '}' after a value on line 1"
    ),
    (
      #"{"products": [{"id": "a", "images": ["x.jpg"]} {"id": "b"}]}"#,
      "expected ',' or ']' after an element of \"products\" on line 1"
    ),
    (#"{"products" [], "x": 1}"#, "expected ':' after a key on line 1"),
    (#"{"products": [], "x": 1,}"#, "expected a key in double quotes on line 1"),
  ])
  func brokenStructureIsInvalidJSON(json: String, detail: String) {
    #expect(feedError(Data(json.utf8))?.reason == .invalidJSON(detail: detail))
  }

  @Test func aBrokenValueIsInvalidJSONNamingWhereItStarts() throws {
    let json = "{\"meta\": {\"a\": tru},\n\"products\": [{\"id\": \"a\", \"images\": [\"x.jpg\"]}]}"
    guard case .invalidJSON(let detail) = feedError(Data(json.utf8))?.reason else {
      Issue.record("expected invalid JSON")
      return
    }
    #expect(detail.hasSuffix("in the value on line 1"))

    let element =
      "{\"products\": [\n{\"id\": \"a\", \"images\": [\"x.jpg\"]},\n{\"id\": \"b\",, }]}"
    guard case .invalidJSON(let elementDetail) = feedError(Data(element.utf8))?.reason else {
      Issue.record("expected invalid JSON")
      return
    }
    #expect(elementDetail.hasSuffix("in products[1], which starts on line 3"))
  }

  @Test func otherKeysMayHoldAnythingValid() throws {
    let json = #"""
      {"meta": {"note": "brackets ] } [ { and \"quotes\" in a string", "n": [1, 2.5e3, null]},
       "count": 2, "ok": true, "pro\u0064ucts": [
        {"id": 7, "images": "https://cdn.example/7.jpg"}, "not an object"], "tail": false}
      """#
    for size in [1, 64] {
      let result = try streamed(FeedInput(Data(json.utf8), chunkSize: size), source: "meta.json")
      #expect(result.products.map(\.id) == ["7"])
      #expect(
        result.itemErrors == [FeedItemError(position: 2, reason: .malformed("not a JSON object"))])
    }
  }

  @Test func productsMustBeAnArray() {
    #expect(
      feedError(Data(#"{"products": {"id": "a"}}"#.utf8))?.reason
        == .unexpectedStructure("\"products\" is not an array"))
    // A top-level array is the products themselves (a Shopify dump).
    #expect(
      feedError(Data(#"[{"title": "a"}]"#.utf8))?.reason
        == .noValidItems(itemErrors: [FeedItemError(position: 1, reason: .missingID)]))
  }

  // MARK: Helpers

  private func streamed(_ input: FeedInput, source: String) throws -> FeedParseResult {
    try FeedParser().parse(input, source: source)
  }

  private enum Outcome: Equatable {
    case parsed(FeedParseResult)
    case failed(FeedError)
  }

  private func outcome(_ read: () throws -> FeedParseResult) -> Outcome {
    do {
      return .parsed(try read())
    } catch let error as FeedError {
      return .failed(error)
    } catch {
      Issue.record("unexpected error \(error)")
      return .failed(FeedError(source: "", format: nil, reason: .empty))
    }
  }
}
