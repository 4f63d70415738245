import Foundation
import HuewallCore

/// Colours back to a Shopify shop as metafields: a product CSV for Shopify's importer, and JSON
/// lines of `metafieldsSet` inputs for the Admin API (a bulk operation or one call a line).
///
/// Three metafields in the `custom` namespace, whose definitions are created once
/// (README, "Colours back to your shop"): ``colorKey`` (type `color`, the hex), ``familyKey``
/// and ``nameKey`` (type `single_line_text_field`). Huewall splits a Shopify product into one
/// product per colour (docs/FEEDS.md); the product-level metafields take its primary colourway
/// (the one whose first variant was created first), and the JSON lines also set each
/// colourway's first variant, since Shopify's product CSV has no variant metafields.
public enum ShopifyMetafields {
  public static let namespace = "custom"
  public static let colorKey = "huewall_color"
  public static let familyKey = "huewall_color_family"
  public static let nameKey = "huewall_color_name"

  /// The CSV header: Shopify matches rows by `Handle` and needs `Title` to update a product;
  /// metafield columns are `<definition name> (product.metafields.<namespace>.<key>)`.
  public static let header = [
    "Handle", "Title",
    "Colour (product.metafields.custom.\(colorKey))",
    "Colour family (product.metafields.custom.\(familyKey))",
    "Colour name (product.metafields.custom.\(nameKey))",
  ]

  /// One Shopify product's or variant's colour.
  public struct Entry: Sendable, Equatable {
    /// The Huewall product (colourway) it comes from.
    public var id: String
    public var handle: String?
    /// Shopify's product id and the colourway's first variant id, when known.
    public var productID: String?
    public var variantID: String?
    public var title: String
    public var hex: String
    public var family: String
    public var name: String
  }

  /// What was written and left out.
  public struct Output: Sendable {
    public var csv: String
    public var jsonLines: String
    /// Rows of the CSV: Shopify products.
    public var products: Int
    /// Products left out because their colour is not settled.
    public var unsure: [String]
    /// Colourways without a handle (no shop URL in the feed): in the JSON lines only.
    public var withoutHandle: [String]
    /// Products whose handle or title a spreadsheet would run as a formula, so that the CSV
    /// can write them neither exactly nor made inert (``SpreadsheetCell/exact(_:)``): left out
    /// of the CSV, in the JSON lines only.
    public var notInCSV: [String] = []
  }

  /// The CSV and JSON lines for `products`. Shopify matches a row by its `Handle` and writes its
  /// `Title` over the product's, so both are written exactly or the row is left out
  /// (``SpreadsheetCell/exact(_:)``); the colour cells are made inert
  /// (``SpreadsheetCell/inert(_:)``).
  public static func render(
    _ products: [ColorsDocument.ExportedProduct], includeUnsure: Bool
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
      entries.append(
        Entry(
          id: product.id, handle: link.flatMap(handle(of:)),
          productID: shopifyID(product.itemGroupId)
            ?? shopifyID(
              product.id.split(separator: "-").first.map(String.init)),
          variantID: shopifyID(link?.queryItems?.first { $0.name == "variant" }?.value),
          title: product.title, hex: first.hex,
          family: product.family ?? first.family,
          name: first.shopName ?? first.name ?? first.family))
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
    var lines = ""
    var rows = 0
    var withoutHandle: [String] = []
    var notInCSV: [String] = []
    for key in order {
      let entry = primary[key]!
      if let handle = entry.handle {
        if let handle = SpreadsheetCell.exact(handle),
          let title = SpreadsheetCell.exact(entry.title)
        {
          csv += row(
            [handle, title] + [entry.hex, entry.family, entry.name].map(SpreadsheetCell.inert))
          rows += 1
        } else {
          notInCSV.append(entry.id)
        }
      }
      if let productID = entry.productID {
        lines += jsonLine(owner: "gid://shopify/Product/\(productID)", entry)
      }
    }
    for entry in entries {
      if entry.handle == nil { withoutHandle.append(entry.id) }
      if let variantID = entry.variantID {
        lines += jsonLine(owner: "gid://shopify/ProductVariant/\(variantID)", entry)
      }
    }
    return Output(
      csv: csv, jsonLines: lines, products: rows, unsure: unsure, withoutHandle: withoutHandle,
      notInCSV: notInCSV)
  }

  private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
    switch (a.variantID.flatMap { UInt64($0) }, b.variantID.flatMap { UInt64($0) }) {
    case (let x?, let y?) where x != y: x < y
    case (.some, nil): true
    case (nil, .some): false
    default: a.id < b.id
    }
  }

  /// The handle in a product link: the path segment after `products`.
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
      (colorKey, "color", entry.hex), (familyKey, "single_line_text_field", entry.family),
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
