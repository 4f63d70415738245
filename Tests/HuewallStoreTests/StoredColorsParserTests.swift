import Foundation
import HuewallColorWords
import Testing

@testable import HuewallStore

/// The `analyses.colors` column read back without a `JSONDecoder` per row: the fast reader
/// must know every key the store writes, or every row falls back to the slow one.
@Suite struct StoredColorsParserTests {
  static let withMean = """
    [{"family":"pink","h":0,"hex":"#ffcccc","mean":"#e8855c","s":0.2,"share":0.95,"v":1,"weight":812.5}]
    """
  static let withoutMean = """
    [{"family":"blue","h":0.62,"hex":"#3366ff","s":0.8,"share":0.5,"v":1,"weight":10}]
    """

  func fast(_ text: String) -> [StoredColor]? {
    var text = text
    return text.withUTF8 { StoredColorsParser.fastParse($0) }
  }

  @Test func theFastReaderReadsTheMean() throws {
    let colors = try #require(fast(Self.withMean))
    #expect(colors.count == 1)
    #expect(colors[0].mean == "#e8855c")
    #expect(colors[0].hex == "#ffcccc")
    #expect(colors[0].namingHex == "#e8855c")
    #expect(colors[0].family == .pink)
    #expect(colors[0].weight == 812.5)
  }

  @Test func aColourStoredWithoutAMeanIsNamedByItsBin() throws {
    let colors = try #require(fast(Self.withoutMean))
    #expect(colors[0].mean == nil)
    #expect(colors[0].namingHex == "#3366ff")
  }

  @Test func whatTheStoreWritesTheFastReaderReads() throws {
    let color = StoredColor(
      h: 0.05, s: 0.6, v: 0.9, hex: "#e6805c", share: 0.7, weight: 70, family: .orange,
      mean: "#e8855c")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: try encoder.encode([color]), as: UTF8.self)
    #expect(fast(text) == [color])
    #expect(StoredColorsParser.parse(text) == [color])
  }
}
