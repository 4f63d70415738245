import Foundation
import HuewallTestSupport
import Testing

/// A note with a NUL or longer than 2,000 characters is refused with nothing stored, and
/// `review` and `status` print the control characters of data escaped.
@Suite struct NoteSafetyTests {
  typealias Shop = SetColorCommandTests.Shop

  /// The number of current decisions in the catalogue, as `status --json` counts them.
  func decisions(_ shop: Shop) async throws -> Int? {
    let status = try await shop.huewall(["status", "--json"])
    let json = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
    return (json?["decisions"] as? [String: Any])?["override"] as? Int
  }

  @Test func aTooLongNoteFlagIsRefusedAndNothingStored() async throws {
    let shop = try Shop()
    defer { shop.remove() }
    #expect(try await shop.huewall(["run", "--feed-only"]).status == 0)
    let long = String(repeating: "x", count: 2_001)
    let result = try await shop.huewall([
      "set-color", "HW-001", "--family", "navy", "--note", long,
    ])
    #expect(result.status == 64, "\(result.stdout)")
    #expect(result.stderr.contains("product HW-001: the note has 2001 characters"))
    #expect(try await decisions(shop) == 0)

    let longest = try await shop.huewall([
      "set-color", "HW-001", "--family", "navy", "--note", String(long.dropFirst()),
    ])
    #expect(longest.status == 0, "\(longest.stderr)")
    #expect(try await decisions(shop) == 1)
  }

  @Test func aFileRefusesTheLinesWithANULOrATooLongNote() async throws {
    let shop = try Shop()
    defer { shop.remove() }
    #expect(try await shop.huewall(["run", "--feed-only"]).status == 0)
    let file = shop.folder.appendingPathComponent("overrides.csv")
    let long = String(repeating: "é", count: 2_001)
    try "id,family,note\nHW-001,navy,cut\0here\nHW-002,red,\(long)\nHW-003,blue,fine\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let result = try await shop.huewall(["set-color", "--from", file.path])
    #expect(result.status == 3, "\(result.stdout)")
    #expect(result.stderr.contains("line 2: product HW-001: the note holds a NUL"))
    #expect(result.stderr.contains("line 3: product HW-002: the note has 2001 characters"))
    #expect(result.stdout.contains("1 decisions recorded, 0 cleared, 2 lines refused"))
    #expect(try await decisions(shop) == 1)
  }

  @Test func reviewAndStatusPrintControlCharactersEscaped() async throws {
    let shop = try Shop()
    defer { shop.remove() }
    // A title with a line break (the feed reader itself drops an ESC from a title).
    var feed = try String(contentsOf: shop.feed, encoding: .utf8)
    feed = feed.replacingOccurrences(
      of: "\"title\": \"Sneaker\"", with: "\"title\": \"Sneaker\\nforged title\"")
    try feed.write(to: shop.feed, atomically: true, encoding: .utf8)
    #expect(try await shop.huewall(["run"]).status == 0)
    let note = "\u{1B}]0;owned\u{07}\nforged note"
    for id in ["HW-001", "HW-005"] {
      let set = try await shop.huewall(["set-color", id, "--family", "navy", "--note", note])
      #expect(set.status == 0, "\(set.stderr)")
      #expect(!set.stdout.contains("\u{1B}"))
    }
    // A new image for HW-005 sets its decision aside: review shows it, note and all.
    let image = shop.folder.appendingPathComponent("samples/05-blue-mug.jpg")
    try FileManager.default.removeItem(at: image)
    try FileManager.default.copyItem(
      at: shop.folder.appendingPathComponent("samples/22-pink-mug.jpg"), to: image)
    #expect(try await shop.huewall(["run"]).status == 0)

    let escapedNote = "\\u{1B}]0;owned\\u{7}\\nforged note"
    let review = try await shop.huewall(["review", "--limit", "0"])
    #expect(review.status == 0, "\(review.stderr)")
    #expect(review.stdout.contains("  HW-015  Sneaker\\nforged title (Loomhouse)"))
    #expect(review.stdout.contains("earlier decision: navy (\(escapedNote))"))
    let status = try await shop.huewall(["status", "--product", "HW-001"])
    #expect(status.status == 0, "\(status.stderr)")
    #expect(status.stdout.contains("decided navy (\(escapedNote))"))
    for output in [review.stdout, status.stdout] {
      #expect(!output.contains("\u{1B}"))
      #expect(!output.contains("\u{07}"))
      #expect(!output.split(separator: "\n").contains { $0.hasPrefix("forged") })
    }
    // JSON stays JSON: the note as it was given.
    let json = try await shop.huewall(["status", "--product", "HW-001", "--json"])
    #expect(json.stdout.contains(#""note":"\u001b]0;owned\u0007\nforged note""#), "\(json.stdout)")
  }
}
