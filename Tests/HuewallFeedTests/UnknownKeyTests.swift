import Foundation
import HuewallCore
import HuewallFeed
import Testing

/// A Huewall JSON product's key that Huewall does not read is named once, with the first item
/// that has it: a `family` added by hand must not silently do nothing.
@Suite struct UnknownKeyTests {
  @Test func eachUnknownKeyIsReportedOnceWithItsFirstItemAndHowManyHaveIt() throws {
    let feed = """
      {"products": [
        {"id": "A", "images": ["a.jpg"], "color": "RED"},
        {"id": "B", "images": ["b.jpg"], "family": "red", "colorOverride": "#ff0000"},
        {"id": "C", "images": ["c.jpg"], "family": "blue"},
        {"id": "D", "images": ["d.jpg"], "family": "green", "itemGroupId": "G"}
      ]}
      """
    let result = try FeedParser(baseURL: URL(string: "https://shop.example/feed.json"))
      .parse(Data(feed.utf8), source: "feed.json")
    #expect(result.products.map(\.id) == ["A", "B", "C", "D"])
    let warnings = result.itemWarnings.map(String.init(describing:))
    #expect(warnings.count == 2, "\(warnings)")
    let family = try #require(warnings.first { $0.contains("\"family\"") })
    #expect(family.contains("id \"B\""), "\(family)")
    #expect(family.contains("unknown key \"family\" is ignored (3 items have it)"), "\(family)")
    let override = try #require(warnings.first { $0.contains("\"colorOverride\"") })
    #expect(override.contains("id \"B\""))
    #expect(!override.contains("items have it"), "\(override)")
  }

  @Test func theFixturesExtraKeyIsNamed() throws {
    // huewall.json's second product carries "season", which Huewall does not read.
    let result = try parse("huewall.json")
    #expect(
      result.itemWarnings.map(String.init(describing:)).filter { $0.contains("unknown key") }
        .count == 1)
    #expect(result.itemWarnings.first.map { "\($0)" }?.contains("\"season\"") == true)
  }
}
