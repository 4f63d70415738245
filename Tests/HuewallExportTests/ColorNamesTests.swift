import Foundation
import HuewallPalette
import HuewallStore
import Testing

@testable import HuewallColorWords
@testable import HuewallExport

/// Colour names: the CSS list, CIELAB, CIEDE2000, and the shop's own names.
@Suite struct ColorNamesTests {
  /// Pairs from Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula: implementation
  /// notes, supplementary test data, and mathematical observations" (2005), table 1.
  @Test(arguments: [
    (Lab(l: 50, a: 2.6772, b: -79.7751), Lab(l: 50, a: 0, b: -82.7485), 2.0425),
    (Lab(l: 50, a: 3.1571, b: -77.2803), Lab(l: 50, a: 0, b: -82.7485), 2.8615),
    (Lab(l: 50, a: 2.8361, b: -74.0200), Lab(l: 50, a: 0, b: -82.7485), 3.4412),
    (Lab(l: 50, a: -1.3802, b: -84.2814), Lab(l: 50, a: 0, b: -82.7485), 1.0000),
    (Lab(l: 50, a: 0, b: 0), Lab(l: 50, a: -1, b: 2), 2.3669),
    (Lab(l: 50, a: 2.5, b: 0), Lab(l: 73, a: 25, b: -18), 27.1492),
    (Lab(l: 50, a: 2.5, b: 0), Lab(l: 61, a: -5, b: 29), 22.8977),
    (Lab(l: 50, a: 2.5, b: 0), Lab(l: 56, a: -27, b: -3), 31.9030),
    (Lab(l: 50, a: 2.5, b: 0), Lab(l: 58, a: 24, b: 15), 19.4535),
    (Lab(l: 60.2574, a: -34.0099, b: 36.2677), Lab(l: 60.4626, a: -34.1751, b: 39.4387), 1.2644),
  ])
  func ciede2000MatchesThePublishedData(x: Lab, y: Lab, expected: Double) {
    #expect(abs(Lab.deltaE2000(x, y) - expected) < 0.0001)
    #expect(abs(Lab.deltaE2000(y, x) - expected) < 0.0001, "symmetric")
  }

  @Test func srgbToLabMatchesKnownValues() {
    let white = Lab(r: 255, g: 255, b: 255)
    #expect(abs(white.l - 100) < 0.01 && abs(white.a) < 0.01 && abs(white.b) < 0.01)
    let red = Lab(r: 255, g: 0, b: 0)  // 53.24, 80.09, 67.20
    #expect(abs(red.l - 53.24) < 0.02 && abs(red.a - 80.09) < 0.02 && abs(red.b - 67.20) < 0.02)
    #expect(Lab(r: 0, g: 0, b: 0) == Lab(l: 0, a: 0, b: 0))
  }

  @Test func theListIsCSSColor4sWithOneNamePerColour() {
    #expect(NamedColourTable.cssTable.split(separator: "\n").count == 148)
    let names = NamedColourTable.css
    #expect(names.entries.count == 148 - NamedColourTable.cssAliases.count)
    let hexes = names.entries.map { "\($0.rgb.r),\($0.rgb.g),\($0.rgb.b)" }
    #expect(Set(hexes).count == hexes.count, "no colour is named twice")
    #expect(names.entries.contains { $0.keyword == "rebeccapurple" && $0.rgb == (102, 51, 153) })
  }

  @Test(arguments: [
    ("#ffffff", "White"), ("#000000", "Black"), ("#1b2a4a", "Midnight Blue"),
    ("#000080", "Navy"), ("#808080", "Grey"), ("#a9a9a9", "Dark Grey"), ("#ff0000", "Red"),
    ("#296acc", "Royal Blue"), ("#3d994c", "Sea Green"), ("#00ffff", "Aqua"),
    ("#FDD835", "Gold"),
  ])
  func namesTheNearestColour(hex: String, expected: String) {
    #expect(NamedColourTable.css.name(ofHex: hex) == expected)
  }

  @Test(arguments: ["", "#12345", "123456", "#12345g", "#1234567", "red"])
  func somethingThatIsNotAHexHasNoName(hex: String) {
    #expect(NamedColourTable.css.name(ofHex: hex) == nil)
  }

  @Test func theShopsNameIsTheOneThatReadsLikeAName() {
    let synonyms = ColorSynonyms(extra: [
      "BLK-M": .black, "Midnight Oil": .navy, "Sunshine": .yellow, "Sun": .yellow,
      "NV2": .navy,
    ])
    #expect(synonyms.shopName(of: .navy) == "Midnight Oil")
    #expect(synonyms.shopName(of: .yellow) == "Sun")
    #expect(synonyms.shopName(of: .black) == "BLK-M")
    #expect(synonyms.shopName(of: .red) == nil)
    #expect(ColorSynonyms().shopName(of: .navy) == nil, "the defaults are codes, not names")
  }

  @Test func everyExportedColourIsNamedAndTheShopsNameAdded() async throws {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let (store, set) = try makeStore(
      in: scratch,
      seeds: [
        Seed(
          id: "a",
          colors: [
            color(0.6, 0.8, 0.8, share: 0.6, hex: "#296acc"),
            color(0, 0, 1, share: 0.3, hex: "#ffffff"),
          ])
      ])
    let exporter = Exporter(store: store, synonyms: ColorSynonyms(extra: ["Ocean": .blue]))
    _ = try await exporter.export(parameterSet: set, to: scratch.url("out"))
    let document = try decode(scratch.url("out/colors.json"))
    let colors = try #require(document.products.first?.colors)
    #expect(colors.map(\.name) == ["Royal Blue", "White"])
    #expect(colors.map(\.shopName) == ["Ocean", nil])
    #expect(document.products.first?.decidedBy == .analysis)
    let csv = try String(contentsOf: scratch.url("out/colors.csv"), encoding: .utf8)
    let lines = csv.components(separatedBy: "\r\n")
    #expect(
      lines[0].hasSuffix(
        ",decidedBy,color1_name,color1_shopName,color2_name,color2_shopName,color3_name,color3_shopName,confidence,backdrop,image,imageIndex,secondFamily,items,itemColors"
      ))
    #expect(
      lines[1].hasSuffix(
        ",analysis,Royal Blue,Ocean,White,,,,0.7,,https://images.example/a.jpg,0,,a,"))
  }
}

func decode(_ file: URL) throws -> ColorsDocument {
  let decoder = JSONDecoder()
  decoder.dateDecodingStrategy = .iso8601
  return try decoder.decode(ColorsDocument.self, from: Data(contentsOf: file))
}
