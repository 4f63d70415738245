import Foundation
import HuewallCore
import HuewallPalette
import Testing

/// Every colour of the reference's bin table: the 28,720 colours where PHP's rounding differs
/// from plain rounding, then 20,000 random ones (`r g b qh qs qv` at the default sample sizes).
@Suite struct ReferenceBinTests {
  @Test func everyColourOfTheReferenceTableFallsInTheReferenceBin() throws {
    let table = try String(contentsOf: fixture("hsv-keys.tsv"), encoding: .utf8)
    let analyzer = try PaletteAnalyzer(parameters: .reference)
    var checked = 0
    var mismatches: [String] = []
    for line in table.split(separator: "\n") where !line.hasPrefix("#") {
      let f = line.split(separator: "\t").map { Int($0)! }
      let expected = HSVBin(hue: f[3], saturation: f[4], value: f[5])
      let actual = analyzer.bin(red: f[0], green: f[1], blue: f[2])
      if actual != expected, mismatches.count < 10 {
        mismatches.append("\(f[0..<3]) → \(actual), reference \(expected)")
      }
      checked += 1
    }
    #expect(checked == 48_720)
    #expect(mismatches.isEmpty, "\(mismatches)")
  }
}
