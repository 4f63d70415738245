import Foundation
import HuewallCore
import HuewallPalette
import HuewallStore

/// How a person's decision (``ColorOverride``) becomes a product's colours in every export.
///
/// The decided colour goes first, so that everything that reads a product's first colour (the
/// gradient order, the tile's swatch, the Merchant and Shopify write-backs) follows the person
/// rather than the analysis; the analysis's other colours stay after it as evidence.
enum ColorDecision {
  /// `colors` (an analysis, heaviest first) with `override` applied:
  /// - with a hex: that colour first, in the decided family, taking the share of the analysis's
  ///   colours of that family (which it replaces), or the top colour's share when the analysis
  ///   found none of it;
  /// - without one: the analysis's colours of the decided family moved to the front, or, when
  ///   it found none, the family's swatch (``swatches``) first;
  /// - `multicolour`: the analysis's colours as they are.
  static func apply(_ override: ColorOverride, to colors: [StoredColor]) -> [StoredColor] {
    let family = override.family
    guard family != ColorFamily.multicolour.rawValue else { return colors }
    let same = colors.filter { $0.family == family }
    let others = colors.filter { $0.family != family }
    if let hex = override.hex, let decided = color(hex: hex, family: family) {
      var decided = decided
      let share = same.reduce(0) { $0 + $1.share }
      decided.share = share > 0 ? share : (colors.first?.share ?? 1)
      decided.weight = same.reduce(0) { $0 + $1.weight }
      return [decided] + others
    }
    if !same.isEmpty { return same + others }
    guard let swatch = swatches[family].flatMap({ color(hex: $0, family: family) }) else {
      return colors
    }
    var first = swatch
    first.share = colors.first?.share ?? 1
    return [first] + colors
  }

  /// A stored colour for `#rrggbb` in `family`: its h, s, v as the kernel computes them.
  static func color(hex: String, family: String) -> StoredColor? {
    guard let rgb = ColorNames.rgb(hex: hex) else { return nil }
    let hsv = referenceHSV(red: Int(rgb.r), green: Int(rgb.g), blue: Int(rgb.b))
    // A neutral colour has hue 0, as under the product preset's neutral greys.
    let h = hsv.s < 0.1 ? 0 : hsv.h
    return StoredColor(
      h: h, s: hsv.s, v: hsv.v, hex: hex.lowercased(), share: 0, weight: 0, family: family)
  }

  /// A typical colour of each family, for a decision that names a family the analysis did not
  /// find and gives no hex: each inside its family's region of ``ColorFamily``.
  static let swatches: [String: String] = [
    "black": "#1a1a1a", "white": "#fafafa", "grey": "#808080", "silver": "#c0c0c0",
    "beige": "#e3d3b0", "brown": "#7b4a2b", "red": "#c62828", "orange": "#ef6c00",
    "yellow": "#fdd835", "gold": "#c9a227", "green": "#2e7d32", "blue": "#1e6fd9",
    "navy": "#1b2a4a", "purple": "#6a1b9a", "pink": "#f06292",
  ]
}

extension ColorsDocument {
  /// The values of `decidedBy`.
  public enum DecidedBy {
    public static let analysis = "analysis"
    public static let override = "override"
  }

  /// A person's decision as the export shows it.
  public struct OverrideSummary: Codable, Sendable, Equatable {
    public var family: String
    public var hex: String?
    /// The CSS name of `hex`.
    public var name: String?
    public var note: String?
    public var decidedAt: Date
    /// False when the product's image changed since the decision: it is set aside and the
    /// analysis decides, until a person looks again.
    public var current: Bool

    enum CodingKeys: String, CodingKey { case family, hex, name, note, decidedAt, current }

    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(family, forKey: .family)
      try c.encode(hex, forKey: .hex)
      try c.encode(name, forKey: .name)
      try c.encode(note, forKey: .note)
      try c.encode(decidedAt, forKey: .decidedAt)
      try c.encode(current, forKey: .current)
    }

    /// As `colors.json` writes it, keys sorted.
    func write(to out: inout String) {
      out += "{\"current\": "
      out += current ? "true" : "false"
      out += ", \"decidedAt\": "
      JSONValue.appendQuoted(decidedAt.formatted(.iso8601), to: &out)
      out += ", \"family\": "
      JSONValue.appendQuoted(family, to: &out)
      out += ", \"hex\": "
      ColorsDocument.append(hex, to: &out)
      out += ", \"name\": "
      ColorsDocument.append(name, to: &out)
      out += ", \"note\": "
      ColorsDocument.append(note, to: &out)
      out += "}"
    }
  }
}

extension ColorsDocument.ExportedProduct {
  /// Gives every colour its CSS name and the shop's name of its family.
  mutating func name(with namer: ColorNamer, synonyms: ColorSynonyms) {
    for index in colors.indices {
      colors[index].name = namer.name(ofHex: colors[index].hex)
      colors[index].shopName = ColorFamily(rawValue: colors[index].family)
        .flatMap(synonyms.shopName(of:))
    }
  }

  /// Records `override`; `holds` says whether it decided the colours (the image is the one
  /// the person saw).
  mutating func decide(_ override: ColorOverride, holds: Bool, namer: ColorNamer) {
    decidedBy = holds ? ColorsDocument.DecidedBy.override : ColorsDocument.DecidedBy.analysis
    self.override = ColorsDocument.OverrideSummary(
      family: override.family, hex: override.hex,
      name: override.hex.flatMap(namer.name(ofHex:)), note: override.note,
      decidedAt: override.decidedAt, current: holds)
  }
}
