import Foundation
import HuewallColorWords
import HuewallCore
import HuewallStore
import Testing

@testable import HuewallExport

/// The wall's chromatic run is cut at the widest gap in hue under the `product` preset
/// (DESIGN §4), and is the original comparator's exactly under `reference`.
@Suite struct HueCutTests {
  /// Reds on both sides of hue 0, a blue, a green, a grey and a black.
  let seeds = [
    Seed(id: "red-99", colors: [color(0.99, 0.8, 0.8)]),
    Seed(id: "red-98", colors: [color(0.98, 0.8, 0.8)]),
    Seed(id: "red-01", colors: [color(0.01, 0.8, 0.8)]),
    Seed(id: "red-02", colors: [color(0.02, 0.8, 0.8)]),
    Seed(id: "blue", colors: [color(0.6, 0.8, 0.8)]),
    Seed(id: "green", colors: [color(0.33, 0.8, 0.8)]),
    Seed(id: "grey", colors: [color(0, 0, 0.6)]),
    Seed(id: "black", colors: [color(0, 0, 0.1)]),
  ]

  func wall(preset: String) async throws -> [String] {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let (store, set) = try makeStore(in: scratch, seeds: seeds, preset: preset)
    return try await WallCatalogue(store: store, parameterSet: set, synonyms: ColorSynonyms())
      .placed.map(\.product.id)
  }

  /// The seed's `compareByHSV` on first colours: if either v < 0.33, brighter first; else if
  /// either s < 0.125, more saturated first; else higher hue first (the id last, as the export
  /// breaks ties).
  static func compareByHSV(_ a: StoredColor, _ b: StoredColor) -> Bool {
    if (a.v < 0.33 || b.v < 0.33) && a.v != b.v { return a.v > b.v }
    if (a.s < 0.125 || b.s < 0.125) && a.s != b.s { return a.s > b.s }
    if a.h != b.h { return a.h > b.h }
    return a.v > b.v
  }

  @Test func redsStraddlingHueZeroAreOneRunUnderProduct() async throws {
    let order = try await wall(preset: "product")
    // Hand-worked: the widest gap is blue 0.6 → red 0.98; from there down: blue, green, then
    // the reds 0.02, 0.01, 0.99, 0.98 in one run; greys and darks after, as always.
    #expect(order == ["blue", "green", "red-02", "red-01", "red-99", "red-98", "grey", "black"])
    let reds = order.indices.filter { order[$0].hasPrefix("red") }
    #expect(reds == Array(reds[0]..<(reds[0] + 4)))
  }

  @Test func referenceKeepsTheSeedsOrderExactly() async throws {
    let order = try await wall(preset: "reference")
    let bySeed = seeds.sorted { Self.compareByHSV($0.colors[0], $1.colors[0]) }.map(\.product.id)
    #expect(order == bySeed)
    // The seed splits the reds: 0.99 and 0.98 first, 0.02 and 0.01 after the green.
    #expect(order == ["red-99", "red-98", "blue", "green", "red-02", "red-01", "grey", "black"])
  }

  @Test func aCatalogueWithoutColoursNearTheSeamKeepsTheComparatorsOrder() throws {
    // Widest gap across the seam: the cut changes nothing.
    let colours = [(0.7, 0.8, 0.8), (0.4, 0.8, 0.8), (0.2, 0.8, 0.8)]
    let cut = try #require(HueCut.widestGap(in: colours.map { (h: $0.0, s: $0.1, v: $0.2) }))
    let keys = colours.enumerated().map {
      GradientKey(h: $1.0, s: $1.1, v: $1.2, id: "\($0)", cut: cut)
    }
    let plain = colours.enumerated().map { GradientKey(h: $1.0, s: $1.1, v: $1.2, id: "\($0)") }
    #expect(
      keys.indices.sorted { keys[$0] < keys[$1] } == plain.indices.sorted { plain[$0] < plain[$1] })
  }

  @Test func greysAndDarksDoNotPlaceTheCut() {
    // One chromatic hue: nothing to cut.
    #expect(
      HueCut.widestGap(in: [
        (h: 0.5, s: 0.8, v: 0.8), (h: 0.9, s: 0.05, v: 0.8), (h: 0.1, s: 0.9, v: 0.1),
      ])
        == nil)
  }

  @Test func theLiveOrderIsTheExportsOrder() async throws {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let (store, set) = try makeStore(in: scratch, seeds: seeds, preset: "product")
    var entries: [ExportEntry] = []
    try await store.forEachExportEntry(parameterSetID: set.id) { entries.append($0) }
    let exported = try await WallCatalogue(
      store: store, parameterSet: set, synonyms: ColorSynonyms()
    )
    .placed.map(\.product.id)
    #expect(
      LivePage.order(entries: entries, preset: .product, synonyms: ColorSynonyms()) == exported)
    #expect(
      LivePage.order(entries: entries, preset: .reference, synonyms: ColorSynonyms())
        == (try await wall(preset: "reference")))
  }
}
