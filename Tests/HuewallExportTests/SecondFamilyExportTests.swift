import Foundation
import HuewallColorWords
import HuewallCore
import HuewallPalette
import HuewallStore
import Testing

@testable import HuewallExport

/// The second family of a product whose top colour lies near a family boundary, in
/// `colors.json`, `colors.csv` and the page's tiles.
@Suite struct SecondFamilyExportTests {
  /// A coral whose top colour lies 1° short of the shopper boundaries' orange line (12°), and
  /// a blue well inside its family.
  var seeds: [Seed] {
    let coral = StoredColor(
      h: 11.0 / 360, s: 0.9, v: 1, hex: "#ff3d1a", share: 0.9, weight: 900, family: .red)
    let blue = StoredColor(
      h: 220.0 / 360, s: 0.8, v: 0.8, hex: "#2952cc", share: 0.9, weight: 900, family: .blue)
    return [Seed(id: "coral", colors: [coral]), Seed(id: "blue", colors: [blue])]
  }

  func export(shopperFamilies: Bool) async throws -> (
    json: [String: Any?], csv: String, html: String
  ) {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let (store, set) = try makeStore(
      in: scratch, seeds: seeds,
      parameters: AnalysisParameters(steps: shopperFamilies ? [.shopperFamilies] : []))
    let out = scratch.url("out")
    _ = try await Exporter(store: store).export(parameterSet: set, to: out)
    let object =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: out.appendingPathComponent("colors.json"))) as? [String: Any]
    let products = try #require(object?["products"] as? [[String: Any]])
    var second: [String: Any?] = [:]
    for product in products {
      let id = try #require(product["id"] as? String)
      second[id] = product["secondFamily"] as? String
    }
    let csv = try String(contentsOf: out.appendingPathComponent("colors.csv"), encoding: .utf8)
    let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    return (second, csv, html)
  }

  @Test func aColourNearABoundaryIsExportedUnderBothFamilies() async throws {
    let (second, csv, html) = try await export(shopperFamilies: true)
    #expect(second["coral"] as? String == "orange")
    #expect(second["blue"] as? String == nil)
    let rows = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(rows[0].hasSuffix(",secondFamily,items,itemColors"))
    #expect(rows.contains { $0.hasPrefix("1,coral,") || $0.hasPrefix("2,coral,") })
    // secondFamily, then the tile's one item, itself, of its own colour.
    #expect(rows.first { $0.contains(",coral,") }?.hasSuffix(",orange,coral,") == true)
    #expect(rows.first { $0.contains(",blue,") }?.hasSuffix(",,blue,") == true)
    #expect(html.contains("data-family=\"red\" data-f2=\"orange\""))
    #expect(!html.contains("data-f2=\"blue\""))
  }

  @Test func theOriginalBoundariesGiveNoSecondFamily() async throws {
    let (second, _, html) = try await export(shopperFamilies: false)
    #expect(second.values.allSatisfy { $0 == nil })
    #expect(!html.contains("data-f2="))
  }
}
