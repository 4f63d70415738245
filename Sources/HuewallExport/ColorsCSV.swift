import Foundation
import HuewallColorWords
import HuewallCore

/// `colors.csv`: one row per product on the wall, in gradient order, for spreadsheets.
///
/// RFC 4180: a header row, CRLF line ends, and a field is quoted (with inner quotes doubled)
/// when it holds a comma, a quote, a CR or an LF. Columns: `position, id, title, brand,
/// vendorColor, vendorFamily, family, disagreement, link, imageUrl`, then for each of the top
/// colours `colorN_hex, colorN_share, colorN_family, colorN_h, colorN_s, colorN_v`. A missing
/// value is an empty field; `disagreement` is `true` or `false`. Appended after those, so that
/// the columns before keep their places: `decidedBy` (`analysis` or `override`), then for each
/// colour `colorN_name` (its CSS name) and `colorN_shopName` (the shop's name of its family),
/// then `confidence` (0…1), then `backdrop` (`#rrggbb`, `transparent`, `scene`, or empty when
/// unknown), then `image` (the URL of the image the colours come from) and `imageIndex` (its
/// place among the product's images, 0 for the main one), then `secondFamily` (the family
/// across the boundary the top colour lies near, empty for most products), then the feed items
/// the tile stands for: `items` (each item's id, its size in brackets where it has one, `; `
/// between them) and `itemColors` (the items whose own colour is not the tile's, as
/// `id: colour`, `; ` between them: one photo shown for several colours), as `colors.json`'s
/// `items` has them.
///
/// Every value goes through the CSV cell rule (``SpreadsheetCell/inert(_:)``): one that begins
/// with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe, the `id` too
/// (`colors.json` keeps every value exact).
public enum ColorsCSV {
  /// The CSV of `products`, with at least `colorColumns` colour groups (more when a product
  /// has more colours).
  public static func render(_ products: [ColorsDocument.ExportedProduct], colorColumns: Int)
    -> String
  {
    let colors = max(colorColumns, products.map(\.colors.count).max() ?? 0)
    var out = ""
    out.reserveCapacity(products.count * (120 + 60 * colors))
    var header = [
      "position", "id", "title", "brand", "vendorColor", "vendorFamily", "family",
      "disagreement", "link", "imageUrl",
    ]
    for n in stride(from: 1, through: colors, by: 1) {
      header += ["hex", "share", "family", "h", "s", "v"].map { "color\(n)_\($0)" }
    }
    header.append("decidedBy")
    for n in stride(from: 1, through: colors, by: 1) {
      header += ["name", "shopName"].map { "color\(n)_\($0)" }
    }
    header.append("confidence")
    header.append("backdrop")
    header += ["image", "imageIndex"]
    header.append("secondFamily")
    header += ["items", "itemColors"]
    appendRow(header, to: &out)
    var row: [String] = []
    row.reserveCapacity(header.count)
    for product in products {
      row.removeAll(keepingCapacity: true)
      row.append(String(product.position))
      row.append(product.id)
      row.append(product.title)
      row.append(product.brand ?? "")
      row.append(product.vendorColor ?? "")
      row.append(product.vendorFamily?.rawValue ?? "")
      row.append(product.family?.rawValue ?? "")
      row.append(product.disagreement ? "true" : "false")
      row.append(product.link ?? "")
      row.append(product.imageUrl ?? "")
      for index in 0..<colors {
        if index < product.colors.count {
          let color = product.colors[index]
          row.append(color.hex)
          row.append(number(color.share))
          row.append(color.family.rawValue)
          row.append(number(color.h))
          row.append(number(color.s))
          row.append(number(color.v))
        } else {
          row.append(contentsOf: repeatElement("", count: 6))
        }
      }
      row.append(product.decidedBy.rawValue)
      for index in 0..<colors {
        let color = index < product.colors.count ? product.colors[index] : nil
        row.append(color?.name ?? "")
        row.append(color?.shopName ?? "")
      }
      row.append(product.confidence.map(number) ?? "")
      row.append(product.backdrop ?? "")
      row.append(product.image ?? "")
      row.append(product.imageIndex.map(String.init) ?? "")
      row.append(product.secondFamily?.rawValue ?? "")
      row.append(
        product.items.map { item in item.size.map { "\(item.id) (\($0))" } ?? item.id }
          .joined(separator: "; "))
      row.append(
        product.items.compactMap { item in item.vendorColor.map { "\(item.id): \($0)" } }
          .joined(separator: "; "))
      appendRow(row, to: &out)
    }
    return out
  }

  /// One field as RFC 4180 wants it.
  public static func field(_ text: String) -> String {
    let needsQuotes = text.utf8.contains { (byte: UInt8) -> Bool in
      switch byte {
      case UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "\r"), UInt8(ascii: "\n"): true
      default: false
      }
    }
    guard needsQuotes else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// A number as JSON writes it: no trailing `.0`.
  static func number(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
    return String(x)
  }

  private static func appendRow(_ fields: [String], to out: inout String) {
    for (index, value) in fields.enumerated() {
      if index > 0 { out += "," }
      out += field(SpreadsheetCell.inert(value))
    }
    out += "\r\n"
  }
}
