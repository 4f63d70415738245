import Foundation
public import HuewallColorWords
import HuewallCore

/// A Google Merchant Center supplemental feed that sets each product's `color`, as a TSV file
/// and in the RSS 2.0 form, keyed by `id` (the feed's id, which the primary feed uses too).
///
/// The values follow Merchant's rules for `color` (Merchant Center Help, "Color [color]"):
/// the primary colour first and up to two more, joined by `/`; at most 40 characters a
/// colour and 100 in all; colour names, never hex codes, numbers or single letters; no
/// placeholders such as "multicolor" or "various". Each product is one colourway and the feed
/// is keyed by item: every size of a colourway (``ColorsDocument/ExportedProduct/items``) gets
/// a row of its own with the colourway's colours, and the colourways of one `item_group_id`
/// each keep their own.
public enum MerchantSupplemental {
  public static let maxColors = 3
  public static let maxColorLength = 40
  public static let maxValueLength = 100
  /// A colour after the first is named only when it holds at least this share of the
  /// product: a trim or a leftover of the backdrop is not the product's colour.
  public static let secondaryShare = 0.2

  /// One line of the feed.
  public struct Item: Sendable, Equatable {
    public var id: String
    public var color: String
    public var itemGroupId: String?
    /// The Huewall product (colourway) the item belongs to.
    public var product: String = ""
  }

  /// What the feed leaves out, and why.
  public struct Skipped: Sendable, Equatable {
    /// Products whose colour is not settled (``Confidence/isSettled(_:)``).
    public var unsure: [String] = []
    /// Items whose feed colour is a name the shop shows (``isShownName(_:synonyms:)``): the
    /// landing page shows it, so it stays.
    public var namedByShop: [String] = []
    /// Products among those whose shown name the analysis contradicts: in `huewall review`.
    public var namedByShopDisagreeing: [String] = []
  }

  /// How the feed's ids and names are made.
  public struct Rules: Sendable, Equatable {
    /// Write every product's colour, also over a name the shop shows.
    public var replaceNames = false
    /// The id pattern of the shop's primary feed (``MerchantID``); nil: the feed's own ids.
    public var idTemplate: MerchantID?
    public init(replaceNames: Bool = false, idTemplate: MerchantID? = nil) {
      self.replaceNames = replaceNames
      self.idTemplate = idTemplate
    }
  }

  /// The feed's items for `products` (in their order), leaving out the unsettled ones unless
  /// `includeUnsure`.
  ///
  /// Google asks that `color` be the colour the product page shows, and disapproves products
  /// whose values differ; so, unless `rules.replaceNames`, an item is written only where the
  /// feed gives no colour or a code that is no name (`BLK`, `001`, `C-07`), and then with the
  /// shop's own name for the family (``colorNames(_:vendorNames:)``). An item whose shown
  /// name the analysis contradicts keeps its name and is in `huewall review` with both.
  public static func items(
    _ products: [ColorsDocument.ExportedProduct], includeUnsure: Bool,
    rules: Rules = Rules(), synonyms: ColorSynonyms = ColorSynonyms()
  ) -> (items: [Item], skipped: Skipped) {
    var items: [Item] = []
    var skipped = Skipped()
    let vendorNames = vendorNames(products, synonyms: synonyms)
    for product in products {
      // Each item by its own vendor colour (items of several colours that share one photo are
      // one tile), the tile's where it has none.
      let all = product.items.isEmpty ? [Product.Item(id: product.id)] : product.items
      let named = Set(
        all.filter { isShownName($0.vendorColor ?? product.vendorColor, synonyms: synonyms) }
          .map(\.id))
      if !rules.replaceNames, !named.isEmpty {
        skipped.namedByShop += all.map(\.id).filter(named.contains)
        if named.count == all.count {
          if product.disagreement, product.decidedBy != ColorsDocument.DecidedBy.override {
            skipped.namedByShopDisagreeing.append(product.id)
          }
          continue
        }
      }
      guard includeUnsure || Confidence.isSettled(product) else {
        skipped.unsure.append(product.id)
        continue
      }
      let names = colorNames(product, vendorNames: vendorNames)
      guard !names.isEmpty else { continue }
      let ids = all.map(\.id).filter { rules.replaceNames || !named.contains($0) }
      for id in ids {
        let merchantID =
          rules.idTemplate.map {
            $0.id(product: product.itemGroupId ?? product.id, variant: id)
          } ?? id
        items.append(
          Item(
            id: merchantID, color: names.joined(separator: "/"), itemGroupId: product.itemGroupId,
            product: product.id))
      }
    }
    return (items, skipped)
  }

  /// Whether `vendorColor` is a colour name the shop shows ("Toasted Walnut", "Azul Marino",
  /// "Red"), not a code: a code holds a digit (`001`, `C-07`), fewer than two letters, is one
  /// the lexicon or `colorSynonyms` knows as a code (`BLK`, `NVY`), is an all-capital word of
  /// at most three letters that is no basic colour term, or is no valid Merchant colour.
  public static func isShownName(_ vendorColor: String?, synonyms: ColorSynonyms) -> Bool {
    guard let text = vendorColor?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty
    else { return false }
    if text.contains(where: \.isNumber) { return false }
    let letters = text.filter(\.isLetter)
    let ideographic = letters.unicodeScalars.contains { $0.properties.isIdeographic }
    guard letters.count >= 2 || ideographic else { return false }
    let reading = synonyms.reading(of: text)
    if let reading,
      reading.kind == .code
        || reading.kind == nil && !text.contains(" ")
          && text == text.uppercased() && letters.count <= 4
    {
      // A code of the lexicon, or an all-capital code of the shop's `colorSynonyms`.
      return false
    }
    if !text.contains(" "), letters.count <= 3, letters.allSatisfy(\.isUppercase),
      reading?.kind != .basic
    {
      return false
    }
    return ideographic || cleaned(text) != nil
  }

  /// The name this catalogue's vendors show most for each family: among the feed colours that
  /// are names of one colour (``isShownName(_:synonyms:)``, no `/`), by family, the most
  /// frequent (ties in alphabetical order).
  static func vendorNames(
    _ products: [ColorsDocument.ExportedProduct], synonyms: ColorSynonyms
  ) -> [ColorFamily: String] {
    var counts: [ColorFamily: [String: Int]] = [:]
    for product in products {
      guard let vendor = product.vendorColor, let family = product.vendorFamily,
        isShownName(vendor, synonyms: synonyms), let name = cleaned(vendor), !vendor.contains("/")
      else { continue }
      counts[family, default: [:]][name, default: 0] += 1
    }
    return counts.mapValues { names in
      names.min { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }!.key
    }
  }

  /// The product's colour names for Merchant, primary first: its first colour, then up to two
  /// more of other families that hold ``secondaryShare`` (a multicolour product's, the share
  /// that makes a family count towards multicolour), each named by the shop's own name
  /// for its family when that is a valid Merchant colour (`colorSynonyms`, else the name the
  /// catalogue's vendors show most for it, `vendorNames`), else by the family ("Navy"); the
  /// whole within ``maxValueLength``. A person's decision of one family is the product's one
  /// colour; a decision of multicolour keeps the analysis's colours.
  static func colorNames(
    _ product: ColorsDocument.ExportedProduct, vendorNames: [ColorFamily: String] = [:]
  ) -> [String] {
    var families: Set<ColorFamily> = []
    var names: [String] = []
    let decidedOne =
      product.decidedBy == ColorsDocument.DecidedBy.override
      && product.family != .multicolour
    // A multicolour product names the colours that made it multicolour.
    let multicolour = product.family == .multicolour
    for (index, color) in product.colors.enumerated() {
      guard names.count < (decidedOne ? 1 : maxColors) else { break }
      guard color.family != .multicolour,
        !families.contains(color.family),
        index == 0
          || color.share >= (multicolour ? ColorFamily.multicolourShare : secondaryShare)
      else { continue }
      let name =
        color.shopName.flatMap(cleaned) ?? vendorNames[color.family] ?? color.family.displayName
      guard !names.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
        continue
      }
      let length = names.reduce(0) { $0 + $1.count + 1 } + name.count
      guard length <= maxValueLength else { break }
      families.insert(color.family)
      names.append(name)
    }
    return names
  }

  /// `name` made a valid Merchant colour (no `/`, tabs or line breaks, spaces collapsed, at most
  /// ``maxColorLength`` characters cut at a word), or nil when it cannot be one: a code with no
  /// letters, a single letter, a hex code, a placeholder.
  static func cleaned(_ name: String) -> String? {
    var text = name.unicodeScalars.map {
      CharacterSet.controlCharacters.contains($0) || $0 == "/" ? " " : String($0)
    }.joined()
    text = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if text.count > maxColorLength {
      let cut = text.prefix(maxColorLength)
      text = cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? String(cut)
    }
    let letters = text.unicodeScalars.filter { CharacterSet.letters.contains($0) }.count
    guard letters >= 2, !text.contains("#"), !placeholders.contains(text.lowercased()) else {
      return nil
    }
    return text
  }

  /// A Merchant id pattern with `{country}`, `{product}` and `{variant}`: Shopify's Google &
  /// YouTube channel's ``shopify`` (`shopify_US_8012345678901_44123456789012`), or another
  /// channel app's.
  public struct MerchantID: Sendable, Equatable {
    public static let placeholders = ["{country}", "{product}", "{variant}"]
    /// The ids of Shopify's Google & YouTube channel, one per variant.
    public static let shopifyTemplate = "shopify_{country}_{product}_{variant}"
    public var template: String
    /// The Merchant Center feed's country, ISO 3166-1 (`US`).
    public var country: String?

    public init(template: String = shopifyTemplate, country: String?) {
      self.template = template
      self.country = country
    }

    /// Whether the pattern needs a country.
    public var needsCountry: Bool { template.contains("{country}") }

    /// The id of the item `variant` of the feed's product (group) `product`.
    public func id(product: String, variant: String) -> String {
      template.replacingOccurrences(of: "{country}", with: country ?? "")
        .replacingOccurrences(of: "{product}", with: product)
        .replacingOccurrences(of: "{variant}", with: variant)
    }
  }

  /// Values Merchant refuses as a colour.
  static let placeholders: Set<String> = [
    "multicolor", "multicolour", "multi", "multi color", "multi colour", "multi-color",
    "multi-colour", "various", "variety", "assorted", "mixed", "see image", "see picture",
    "n/a", "na", "none", "other", "print", "pattern",
  ]

  /// The TSV form: a header `id`, `color`, then one item a line (LF), tab-separated; values
  /// hold no tab or line break. Merchant matches `id` byte for byte, so an id is written
  /// exactly or its item is left out (`leftOut`, in the XML form only): an id with a tab or a
  /// line break, or one a spreadsheet reads as a formula (``SpreadsheetCell/startsFormula(_:)``):
  /// Merchant Center reads a supplemental feed from a Google Sheet too, where `+1-2` becomes
  /// -1 and matches nothing. The colour is made inert (``SpreadsheetCell/inert(_:)``).
  public static func tsv(_ items: [Item]) -> (text: String, leftOut: [String]) {
    var out = "id\tcolor\n"
    var leftOut: [String] = []
    for item in items {
      let id = item.id
      guard id == field(id), !SpreadsheetCell.startsFormula(id) else {
        leftOut.append(item.id)
        continue
      }
      out += id + "\t" + SpreadsheetCell.inert(field(item.color)) + "\n"
    }
    return (out, leftOut)
  }

  /// The RSS 2.0 form with Google's `g:` namespace; `link` is the shop's address, when known.
  public static func xml(_ items: [Item], title: String, link: String?) -> String {
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
      <channel>
      <title>\(escaped(title))</title>

      """
    if let link { out += "<link>\(escaped(link))</link>\n" }
    out += """
      <description>Product colours from Huewall</description>

      """
    for item in items {
      out +=
        "<item><g:id>\(escaped(item.id))</g:id><g:color>\(escaped(item.color))</g:color></item>\n"
    }
    out += "</channel>\n</rss>\n"
    return out
  }

  private static func field(_ text: String) -> String {
    text.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\r", with: " ")
      .replacingOccurrences(of: "\n", with: " ")
  }

  static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      // XML 1.0 allows no other control characters.
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: break
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
