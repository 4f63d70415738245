import Foundation
import HuewallPalette
import HuewallStore

/// Vendor colour codes ("BLK", "space-black", "Heather Grey") → colour families.
///
/// Codes are matched after ``normalise(_:)``: case, accents, spaces, dashes, underscores, dots
/// and apostrophes do not count, so `Space_Black`, `space-black` and `SPACE BLACK` are one code.
/// A code that is not in the table is tried part by part: the first part of `Navy/White`
/// (parts split at `/ , & +`) that names a family wins, and within a part the last word that
/// does (`Dark Forest Green` → green, `Heather Grey` → grey). A code with no known word has no
/// family.
///
/// The defaults are in ``defaults``, in this one place; `pipeline.json`'s `colorSynonyms` adds
/// codes or overrides them. Each default sits in the family that its usual colour falls in
/// under ``ColorFamily``'s HSV regions (cream is beige, ivory is white, teal is blue), so that a
/// vendor code and Huewall's analysis speak the same vocabulary.
public struct ColorSynonyms: Sendable, Equatable {
  /// Normalised code → family.
  public private(set) var table: [String: ColorFamily]
  /// The shop's own name of a family, from the codes `pipeline.json` adds (``shopName(of:)``).
  public private(set) var shopNames: [ColorFamily: String] = [:]

  /// The defaults plus `extra` (raw codes; they are normalised here and win over defaults).
  public init(extra: [String: ColorFamily] = [:]) {
    var table: [String: ColorFamily] = [:]
    for (family, codes) in Self.defaults {
      for code in codes { table[Self.normalise(code)] = family }
    }
    for (code, family) in extra {
      let key = Self.normalise(code)
      if !key.isEmpty { table[key] = family }
    }
    self.table = table
    for (family, codes) in Dictionary(grouping: extra.keys, by: { extra[$0]! }) {
      if let name = Self.preferredShopName(codes) { shopNames[family] = name }
    }
  }

  /// The shop's own name for colours of `family` (`"Sunshine"` when `colorSynonyms` maps
  /// `Sunshine` to yellow), or nil when the shop gave none.
  public func shopName(of family: ColorFamily) -> String? { shopNames[family] }

  /// The code that reads most like a name, when a shop maps several to one family: codes with
  /// a lowercase letter ("Midnight Oil") before all-capital codes ("BLK-M"), then the shortest,
  /// then in alphabetical order, so that the choice never depends on the file's key order.
  static func preferredShopName(_ codes: [String]) -> String? {
    let trimmed = codes.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !normalise($0).isEmpty }
    return trimmed.min { x, y in
      let (wx, wy) = (x.contains(where: \.isLowercase), y.contains(where: \.isLowercase))
      if wx != wy { return wx }
      if x.count != y.count { return x.count < y.count }
      return x < y
    }
  }

  /// The default synonyms, by family. Ambiguous abbreviations ("GR": green or grey?) are left
  /// out on purpose.
  public static let defaults: [ColorFamily: [String]] = [
    .black: [
      "black", "blk", "bk", "blck", "blak", "noir", "schwarz", "nero", "negro", "preto", "onyx",
      "jet", "jet black", "space black", "ebony", "obsidian", "pitch black", "true black",
      "deep black", "caviar", "raven", "licorice",
    ],
    .white: [
      "white", "wht", "wh", "wt", "whi", "blanc", "blanco", "bianco", "weiss", "weiß",
      "off-white", "offwhite", "ivory", "snow", "chalk", "optic white", "bright white",
      "pure white", "eggshell", "alabaster", "pearl", "porcelain", "natural white",
    ],
    .grey: [
      "grey", "gray", "gry", "gy", "gra", "grau", "gris", "grigio", "heather grey",
      "heather gray", "heather", "charcoal", "slate", "ash", "graphite", "smoke", "dove grey",
      "gunmetal", "anthracite", "pewter", "space grey", "space gray", "marl", "grey marl",
    ],
    .silver: [
      "silver", "slv", "sil", "slvr", "silber", "argent", "metallic silver", "chrome",
      "platinum", "steel", "stainless", "aluminium", "aluminum",
    ],
    .beige: [
      "beige", "bge", "bei", "tan", "sand", "khaki", "camel", "nude", "cream", "creme", "oatmeal",
      "ecru", "stone", "bone", "natural", "champagne", "biscuit", "latte", "wheat", "linen",
      "desert",
    ],
    .brown: [
      "brown", "brn", "brwn", "bro", "braun", "marron", "chocolate", "coffee", "mocha",
      "cognac", "tobacco", "chestnut", "espresso", "taupe", "walnut", "mahogany", "umber",
      "cocoa", "dark brown", "saddle",
    ],
    .red: [
      "red", "rd", "rot", "rouge", "rojo", "rosso", "crimson", "scarlet", "burgundy", "maroon",
      "wine", "cherry", "bordeaux", "ruby", "cardinal", "oxblood", "brick", "vermilion",
    ],
    .orange: [
      "orange", "org", "orng", "ora", "tangerine", "coral", "rust", "apricot", "pumpkin",
      "amber", "copper", "bronze", "terracotta", "papaya", "mandarin",
    ],
    .yellow: [
      "yellow", "ylw", "yel", "yl", "yw", "gelb", "jaune", "amarillo", "giallo", "lemon",
      "mustard", "canary", "butter", "sunflower", "lime yellow",
    ],
    .gold: ["gold", "gld", "golden", "gold metallic", "metallic gold", "brass", "antique gold"],
    .green: [
      "green", "grn", "gn", "grün", "gruen", "vert", "verde", "olive", "forest", "forest green",
      "mint", "sage", "lime", "emerald", "khaki green", "army", "army green", "bottle green",
      "moss", "pine", "jade", "kelly green", "hunter green",
    ],
    .blue: [
      "blue", "blu", "bl", "blau", "bleu", "azul", "royal", "royal blue", "cobalt", "sky",
      "sky blue", "light blue", "baby blue", "denim", "teal", "turquoise", "aqua", "cyan",
      "azure", "cerulean", "sapphire", "petrol", "ocean", "powder blue", "steel blue",
    ],
    .navy: [
      "navy", "nvy", "nav", "navy blue", "marine", "midnight", "midnight blue", "dark blue",
      "dark navy", "ink", "oxford blue", "dress blue",
    ],
    .purple: [
      "purple", "prp", "pur", "purp", "ppl", "lila", "violet", "lilac", "lavender", "plum",
      "mauve", "indigo", "aubergine", "eggplant", "grape", "amethyst", "orchid",
    ],
    .pink: [
      "pink", "pnk", "pk", "rosa", "rose", "fuchsia", "magenta", "blush", "hot pink",
      "baby pink", "salmon", "flamingo", "bubblegum", "raspberry", "peony",
    ],
    .multicolour: [
      "multi", "multicolour", "multicolor", "multi colour", "multi color", "mlt", "mul",
      "multicoloured", "multicolored", "assorted", "rainbow", "mixed", "various", "print",
      "pattern", "camo", "camouflage",
    ],
  ]

  /// The matching form of a code: lowercase, accents folded, and spaces, dashes,
  /// underscores, dots and apostrophes removed.
  public static func normalise(_ code: String) -> String {
    let folded = code.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    return String(
      String.UnicodeScalarView(
        folded.lowercased().unicodeScalars.filter { !Self.ignored.contains($0) }))
  }

  /// The family `vendorColor` names, if any (see the type's rules).
  public func family(of vendorColor: String) -> ColorFamily? {
    let whole = Self.normalise(vendorColor)
    guard !whole.isEmpty else { return nil }
    if let family = table[whole] { return family }
    let parts = vendorColor.split(whereSeparator: { "/,&+|;".contains($0) })
    for part in parts {
      if let family = table[Self.normalise(String(part))] { return family }
      let words = part.split(whereSeparator: { " -_.\t".contains($0) })
      for word in words.reversed() {
        if let family = table[Self.normalise(String(word))] { return family }
      }
    }
    return nil
  }

  private static let ignored: Set<Unicode.Scalar> = [
    " ", "-", "_", ".", "'", "\u{2019}", "\t", "\u{00A0}",
  ]
}

/// Whether a vendor's colour family contradicts the analysed one.
///
/// They agree when they are equal, or when the analysis says multicolour and the vendor's
/// family is one of the product's colours (a "Black" sneaker with red and blue panels). A
/// missing family on either side is no disagreement: there is nothing to compare.
public func familiesDisagree(
  vendor: ColorFamily?, analysed: ColorFamily?, colorFamilies: [ColorFamily]
) -> Bool {
  guard let vendor, let analysed, vendor != analysed else { return false }
  if analysed == .multicolour, colorFamilies.contains(vendor) { return false }
  return true
}

/// ``familiesDisagree(vendor:analysed:colorFamilies:)`` for colours as the store keeps them:
/// the export's tiles and the live page's stream apply the same rule.
public func familiesDisagree(vendor: ColorFamily?, family: String?, colors: [StoredColor]) -> Bool {
  familiesDisagree(
    vendor: vendor, analysed: family.flatMap(ColorFamily.init(rawValue:)),
    colorFamilies: colors.compactMap { ColorFamily(rawValue: $0.family) })
}
