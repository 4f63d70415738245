import Foundation
public import HuewallColorWords
import HuewallCore

/// Colours back to a Shopify shop as metafields: a product CSV for Shopify's importer, and JSON
/// lines of `metafieldsSet` inputs for the Admin API (a bulk operation or one call a line).
///
/// Three metafields in the `custom` namespace, whose definitions are created once
/// (README, "Colours back to your shop"): ``colorKey`` (type `color`, the hex), ``familyKey``
/// and ``nameKey`` (type `single_line_text_field`). Huewall splits a Shopify product into one
/// product per colour (docs/FEEDS.md); the product-level metafields take its primary colourway
/// (the one whose first variant was created first), and the JSON lines also set every variant
/// of each colourway, since Shopify's product CSV has no variant metafields.
///
/// The CSV is written only for a catalogue read from the shop's own `products.json`, whose
/// handles and titles are the shop's: Shopify's importer needs `Title` to update a product and
/// writes it over the product's, so a title from elsewhere (a Merchant colourway's "Cloudline
/// Sneaker - Chalk White / 40") would rename it. The JSON lines name their owners by id and
/// change nothing else; they are split into parts below ``maxPartBytes``, the size a bulk
/// operation takes.
public enum ShopifyMetafields {
  public static let namespace = "custom"
  public static let colorKey = "huewall_color"
  public static let familyKey = "huewall_color_family"
  public static let nameKey = "huewall_color_name"
  /// The most a JSON lines file holds: below the 100 MB a bulk operation's upload takes.
  public static let maxPartBytes = 90_000_000

  /// The CSV header: Shopify matches rows by `Handle` and needs `Title` to update a product;
  /// metafield columns are `<definition name> (product.metafields.<namespace>.<key>)`.
  public static let header = [
    "Handle", "Title",
    "Colour (product.metafields.custom.\(colorKey))",
    "Colour family (product.metafields.custom.\(familyKey))",
    "Colour name (product.metafields.custom.\(nameKey))",
  ]

  /// One Shopify colourway's colour.
  public struct Entry: Sendable, Equatable {
    /// The Huewall product (colourway) it comes from.
    public var id: String
    public var handle: String?
    /// Shopify's product id, when known.
    public var productID: String?
    /// Shopify's ids of the colourway's variants, in the feed's order.
    public var variantIDs: [String]
    public var title: String
    public var hex: String
    public var family: ColorFamily
    public var name: String
  }

  /// What was written and left out.
  public struct Output: Sendable {
    /// The CSV; empty when not asked for (a catalogue not read from the shop's products.json).
    public var csv: String
    /// Whether the CSV was asked for.
    public var csvWritten: Bool = true
    /// The JSON lines, each ending in a line break.
    public var jsonLines: [String]
    /// Rows of the CSV: Shopify products.
    public var products: Int
    /// Shopify products and variants the JSON lines set.
    public var jsonProducts: Int = 0
    public var jsonVariants: Int = 0
    /// Products left out because their colour is not settled.
    public var unsure: [String]
    /// Colourways without a handle (no shop URL in the feed): in the JSON lines only.
    public var withoutHandle: [String]
    /// Products whose handle or title a spreadsheet would run as a formula, so that the CSV
    /// can write them neither exactly nor made inert (``SpreadsheetCell/exact(_:)``): left out
    /// of the CSV, in the JSON lines only.
    public var notInCSV: [String] = []
    /// Colourways with no Shopify id, which the JSON lines cannot name.
    public var withoutShopifyID: [String] = []
  }

  /// The CSV (when `csv`) and JSON lines for `products`. Shopify matches a row by its `Handle`
  /// and writes its `Title` over the product's, so both are written exactly or the row is left
  /// out (``SpreadsheetCell/exact(_:)``); the colour cells are made inert
  /// (``SpreadsheetCell/inert(_:)``).
  public static func render(
    _ products: [ColorsDocument.ExportedProduct], includeUnsure: Bool, csv writesCSV: Bool = true
  ) -> Output {
    var unsure: [String] = []
    var entries: [Entry] = []
    for product in products {
      guard includeUnsure || Confidence.isSettled(product) else {
        unsure.append(product.id)
        continue
      }
      guard let first = product.colors.first else { continue }
      let link = product.link.flatMap(URLComponents.init(string:))
      let channel = product.items.compactMap { channelIDs($0.id) }
      var variants = product.items.compactMap { shopifyID($0.id) ?? channelIDs($0.id)?.variant }
      if variants.isEmpty,
        let variant = shopifyID(link?.queryItems?.first { $0.name == "variant" }?.value)
      {
        variants = [variant]
      }
      entries.append(
        Entry(
          id: product.id,
          handle: link.flatMap(handle(of:)) ?? (writesCSV ? exportHandle(of: product) : nil),
          productID: shopifyID(product.itemGroupId) ?? channel.first?.product
            ?? shopifyID(product.id.split(separator: "-").first.map(String.init)),
          variantIDs: variants, title: product.title, hex: first.hex,
          family: product.family ?? first.family,
          name: first.shopName ?? first.name ?? first.family.rawValue))
    }
    // The primary colourway of each Shopify product: the smallest first-variant id, then id.
    var primary: [String: Entry] = [:]
    var order: [String] = []
    for entry in entries {
      let key = entry.handle ?? entry.productID.map { "id:" + $0 } ?? "own:" + entry.id
      if let current = primary[key] {
        if precedes(entry, current) { primary[key] = entry }
      } else {
        primary[key] = entry
        order.append(key)
      }
    }
    var csv = row(header)
    var lines: [String] = []
    var rows = 0
    var output = Output(csv: "", jsonLines: [], products: 0, unsure: unsure, withoutHandle: [])
    for key in order {
      let entry = primary[key]!
      if let handle = entry.handle, writesCSV {
        if let handle = SpreadsheetCell.exact(handle),
          let title = SpreadsheetCell.exact(entry.title)
        {
          csv += row(
            [handle, title]
              + [entry.hex, entry.family.rawValue, entry.name].map(SpreadsheetCell.inert))
          rows += 1
        } else {
          output.notInCSV.append(entry.id)
        }
      }
      if let productID = entry.productID {
        lines.append(jsonLine(owner: "gid://shopify/Product/\(productID)", entry))
        output.jsonProducts += 1
      }
    }
    for entry in entries {
      if entry.handle == nil { output.withoutHandle.append(entry.id) }
      if entry.productID == nil && entry.variantIDs.isEmpty {
        output.withoutShopifyID.append(entry.id)
      }
      for variantID in entry.variantIDs {
        lines.append(jsonLine(owner: "gid://shopify/ProductVariant/\(variantID)", entry))
        output.jsonVariants += 1
      }
    }
    output.csv = writesCSV ? csv : ""
    output.csvWritten = writesCSV
    output.jsonLines = lines
    output.products = rows
    return output
  }

  /// `lines` in files of at most `maxBytes` each (a line longer than that alone in its file),
  /// in order; one empty part when there are none.
  public static func parts(_ lines: [String], maxBytes: Int = maxPartBytes) -> [String] {
    var parts: [String] = []
    var current = ""
    var size = 0
    for line in lines {
      let bytes = line.utf8.count
      if size > 0, size + bytes > maxBytes {
        parts.append(current)
        current = ""
        size = 0
      }
      current += line
      size += bytes
    }
    parts.append(current)
    return parts
  }

  /// The file names of `count` parts: `shopify-metafields.jsonl` alone, else
  /// `shopify-metafields-1.jsonl`, `shopify-metafields-2.jsonl`, ….
  public static func partNames(_ count: Int) -> [String] {
    count <= 1
      ? ["shopify-metafields.jsonl"] : (1...count).map { "shopify-metafields-\($0).jsonl" }
  }

  /// Whether `name` is one of the JSON lines files (``partNames(_:)``) of any count.
  static func isPartName(_ name: String) -> Bool {
    if name == "shopify-metafields.jsonl" { return true }
    guard name.hasPrefix("shopify-metafields-"), name.hasSuffix(".jsonl") else { return false }
    let number = name.dropFirst("shopify-metafields-".count).dropLast(".jsonl".count)
    return !number.isEmpty && number.allSatisfy(\.isASCII) && Int(number) != nil
  }

  /// The product and variant ids in an id of Shopify's Google & YouTube channel,
  /// `shopify_<COUNTRY>_<product id>_<variant id>` (a Merchant feed of a Shopify shop).
  static func channelIDs(_ id: String) -> (product: String, variant: String)? {
    let parts = id.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 4, parts[0] == "shopify", !parts[1].isEmpty,
      let product = shopifyID(parts[2]), let variant = shopifyID(parts[3])
    else { return nil }
    return (product, variant)
  }

  private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
    switch (
      a.variantIDs.compactMap { UInt64($0) }.min(), b.variantIDs.compactMap { UInt64($0) }.min()
    ) {
    case (let x?, let y?) where x != y: x < y
    case (.some, nil): true
    case (nil, .some): false
    default: a.id < b.id
    }
  }

  /// The handle in a product link: the path segment after `products`.
  /// The handle of a product read from Shopify's product CSV export, which has no links: its
  /// group, the export's `Handle`. Nil for a group that is a Shopify id (a `products.json`
  /// read without the shop's address).
  static func exportHandle(of product: ColorsDocument.ExportedProduct) -> String? {
    guard product.link == nil, let group = product.itemGroupId, !group.isEmpty,
      shopifyID(group) == nil
    else { return nil }
    return group
  }

  static func handle(of link: URLComponents) -> String? {
    let parts = link.path.split(separator: "/")
    guard let index = parts.lastIndex(of: "products"), index + 1 < parts.count else {
      return nil
    }
    let handle = String(parts[index + 1])
    return handle.isEmpty ? nil : handle
  }

  /// `text` when it is a Shopify id (digits only).
  static func shopifyID(_ text: String?) -> String? {
    guard let text, !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
      return nil
    }
    return text
  }

  /// One `metafieldsSet` input: `{"metafields": [...]}` for `owner`.
  static func jsonLine(owner: String, _ entry: Entry) -> String {
    let fields: [(String, String, String)] = [
      (colorKey, "color", entry.hex), (familyKey, "single_line_text_field", entry.family.rawValue),
      (nameKey, "single_line_text_field", entry.name),
    ]
    let metafields = fields.map { key, type, value in
      JSONValue.object([
        ("ownerId", .string(owner)), ("namespace", .string(namespace)), ("key", .string(key)),
        ("type", .string(type)), ("value", .string(value)),
      ])
    }
    return JSONValue.object([("metafields", .array(metafields))]).serialized() + "\n"
  }

  /// One CSV row of cells already through the cell rule.
  private static func row(_ fields: [String]) -> String {
    fields.map(ColorsCSV.field).joined(separator: ",") + "\r\n"
  }
}
