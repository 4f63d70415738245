import Foundation
import HuewallColorWords
import HuewallPalette

/// One CSV row per labelled image of what the analysis measured for its colours, for
/// refitting the family decision outside Huewall (`evaluate --features FILE`).
enum FamilyFeatures {
  /// The colours per row.
  static let colours = 3

  static var header: String {
    var columns = ["file", "source", "label", "rule", "family", "backdrop", "samples", "skin"]
    for i in 1...colours {
      columns += [
        "share", "h", "s", "v", "filedS", "filedV", "lit", "surface", "meanR", "meanG", "meanB",
        "cfamily",
      ].map { "c\(i)_\($0)" }
    }
    columns += ColorFamily.allCases.map { "share_\($0.rawValue)" }
    columns += (1...colours).map { "c\($0)_boxfamily" } + ["second"]
    return columns.joined(separator: ",")
  }

  static func row(_ item: LabelledImage, palette: PaletteAnalysis?) -> String {
    func number(_ x: Double?) -> String { x.map { String(format: "%.5f", $0) } ?? "" }
    var fields = [
      item.file, item.source ?? "", item.family, item.body == nil ? "0" : "1",
      palette?.family?.rawValue ?? "", palette.map { "\($0.backdrop)" } ?? "",
      palette.map { String($0.samples) } ?? "", palette.map { String($0.skin) } ?? "",
    ].map { $0.replacingOccurrences(of: ",", with: ";") }
    for i in 0..<colours {
      let c = palette.flatMap { i < $0.colors.count ? $0.colors[i] : nil }
      fields += [
        number(c?.share), number(c?.h), number(c?.s), number(c?.v), number(c?.filedSaturation),
        number(c?.filedValue), number(c?.litValue), number(c?.surfaceValue),
        number(c?.meanRGB?.x), number(c?.meanRGB?.y), number(c?.meanRGB?.z),
        c?.family.rawValue ?? "",
      ]
    }
    fields += ColorFamily.allCases.map { number(palette?.familyShares[$0] ?? 0) }
    // The bin's box family last, so that the columns before it keep their places.
    fields += (0..<colours).map { i in
      palette.flatMap { i < $0.colors.count ? $0.colors[i].boxFamily.rawValue : nil } ?? ""
    }
    // The second family as the export gives it, from the top colour as the catalogue stores it.
    let second = palette.flatMap { palette in
      palette.family.flatMap { family in
        palette.colors.first.flatMap { ColorFamily.second(of: family, h: $0.h, s: $0.s, v: $0.v) }
      }
    }
    fields.append(second?.rawValue ?? "")
    return fields.joined(separator: ",")
  }
}
