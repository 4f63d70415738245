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
    "لون", "צבע", "warna", "màu", "boja", "boje", "farba", "barwa", "szin", "culori",
    "renkler", "χρωμα", "χρώματα", "wybierz_kolor", "choose_color", "choose_colour",
    "select_color", "select_colour", "farbe_wählen", "colores", "couleurs", "farben",
  ]

  /// "Size", "pa_talla", "Größe", "Размер", "サイズ".
  static let size: Set<String> = [
    "size", "sizes", "talla", "tallas", "taille", "größe", "groesse", "grösse", "taglia",
    "tamanho", "maat", "rozmiar", "storlek", "størrelse", "koko", "beden", "velikost", "méret",
    "mărime", "μέγεθος", "размер", "розмір", "サイズ", "尺码", "尺寸", "사이즈", "مقاس", "מידה",
    "ukuran", "kích_thước", "talle", "talles", "veličina", "velicina", "veľkosť", "velkost",
    "rozměr", "velikosti", "beden_numarası", "numara", "mărimea", "marime", "νούμερο",
    "ring_size", "ringgröße", "taille_de_bague", "talla_de_anillo", "rozmiar_pierścionka",
    "choose_size", "select_size", "wybierz_rozmiar", "größe_wählen", "numeración", "número",
    "numero",
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

/// A jewellery shop's material option (`Material`, `Choose material`, `Metal`, `Materiał`):
/// the product's colour when its values are colour or metal words ("Sterling Silver", "18k
/// Gold", "Rose Gold"), and not when they are fabrics ("Cotton").
enum MaterialWords {
  /// Parts of an option name that say material, in the languages shops export in.
  static let nameStems = [
    "material", "materiał", "materijal", "materiál", "matériau", "materiale", "anyag",
    "malzeme", "υλικό", "metal", "métal", "metallo", "kov", "fém", "plating",
  ]

  /// Metal and colour words a material value names its colour by, lower case and without
  /// accents (the lexicon in HuewallExport files them under families; this only recognises).
  static let valueWords: Set<String> = [
    "gold", "golden", "silver", "sterling", "platinum", "titanium", "steel", "stainless",
    "brass", "bronze", "copper", "rhodium", "palladium", "vermeil", "rose", "white", "yellow",
    "black", "grey", "gray", "gunmetal", "chrome", "nickel", "pewter", "oro", "plata",
    "plateado", "dorado", "argento", "acero", "acciaio", "ouro", "prata", "silber", "edelstahl",
    "or", "argent", "acier", "goud", "zilver", "złoto", "złoty", "złote", "srebro", "srebrny",
    "srebrne", "zlato", "stribro", "striebro", "srebrna", "zlatna", "arany", "ezust", "aur",
    "argint", "altın", "altin", "gumus", "χρυσό", "χρυσο", "ασήμι", "ασημι", "rosegold",
    "weißgold", "gelbgold", "roségold", "18k", "14k", "9k", "925",
  ]

  static func isMaterial(_ name: String) -> Bool {
    let name = AttributeWords.normalize(name)
    return nameStems.contains { name.contains($0) }
  }

  /// Whether at least half the words of `value` are metal or colour words ("18k Gold Plated").
  static func namesColourOrMetal(_ value: String) -> Bool {
    let words = value.lowercased().folding(options: .diacriticInsensitive, locale: nil)
      .split { !($0.isLetter || $0.isNumber) }.map(String.init)
    let named = words.filter { valueWords.contains($0) || valueWords.contains(folded($0)) }
    return !named.isEmpty && named.count * 2 >= words.count
  }

  private static func folded(_ word: String) -> String {
    word.folding(options: .diacriticInsensitive, locale: nil)
  }
}
