import Foundation

/// The product fields a column of a CSV or TSV feed can fill, by the names `feed.columns` in
/// pipeline.json maps them with (`{"id": "Артикул", "image": "Изображения"}`).
public enum FeedColumn: String, Sendable, Codable, CaseIterable {
  case id, title, brand, color, size, link, image, additionalImages, price, currency
  case availability, itemGroupId

  /// The product field it fills, as item errors and warnings name it.
  var field: String {
    switch self {
    case .image, .additionalImages: "image"
    case .currency: "price"
    default: rawValue
    }
  }

  /// Whether a cell of the column may hold several URLs.
  var isList: Bool { self == .additionalImages }

  /// The keys `feed.columns` accepts, for messages and docs.
  public static var keyListing: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// The names shops give a colour or a size attribute (a WooCommerce `Attribute 1 name`, a
/// Magento attribute code, a Shopify option), in the languages shops export in.
enum AttributeWords {
  /// "Color", "pa_colour", "Farbe", "Цвет", "カラー", compared in ``normalize(_:)``'s form.
  static let color: Set<String> = [
    "color", "colour", "colors", "colours", "color_name", "colour_name", "colore", "cor",
    "farbe", "couleur", "kleur", "kolor", "färg", "farve", "farge", "väri", "renk", "barva",
    "szín", "culoare", "χρώμα", "цвет", "колір", "色", "カラー", "颜色", "顏色", "색상", "색",
    "لون", "צבע", "warna", "màu",
  ]

  /// "Size", "pa_talla", "Größe", "Размер", "サイズ".
  static let size: Set<String> = [
    "size", "sizes", "talla", "tallas", "taille", "größe", "groesse", "grösse", "taglia",
    "tamanho", "maat", "rozmiar", "storlek", "størrelse", "koko", "beden", "velikost", "méret",
    "mărime", "μέγεθος", "размер", "розмір", "サイズ", "尺码", "尺寸", "사이즈", "مقاس", "מידה",
    "ukuran", "kích_thước",
  ]

  static func isColor(_ name: String) -> Bool { color.contains(normalize(name)) }
  static func isSize(_ name: String) -> Bool { size.contains(normalize(name)) }

  /// Lowercased, trimmed, spaces as underscores, without WooCommerce's `pa_` prefix of a
  /// global attribute's slug.
  static func normalize(_ name: String) -> String {
    var name = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
      .replacingOccurrences(of: " ", with: "_")
    if name.hasPrefix("pa_") { name.removeFirst(3) }
    return name
  }
}
