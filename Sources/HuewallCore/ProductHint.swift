/// What a feed says about a product besides its image, for the analysis to look where a person
/// would: the title (`"Women's skirt"`, `"2 slice toaster"`) and the feed's product type
/// (Merchant `product_type`, Shopify `product_type`), either of which may be missing.
public struct ProductHint: Sendable, Hashable {
  public var title: String?
  public var productType: String?

  public init(title: String? = nil, productType: String? = nil) {
    self.title = title
    self.productType = productType
  }

  /// No hint: the image alone.
  public static let none = ProductHint()

  /// Where the product is worn, from the first garment word of the type, then of the title;
  /// nil for anything that is not worn (a toaster, a mug) or not recognised.
  public var wornOn: BodyRegion? {
    words.lazy.compactMap { BodyRegion.garmentWords[$0] }.first
  }

  /// Whether the type or the title names a piece of jewellery or a watch: a thin piece of
  /// metal on a studio backdrop, whose light and whose backdrop's leftovers both look white.
  public var isJewellery: Bool {
    words.contains { Self.jewelleryWords.contains($0) }
  }

  /// The words of the type, then of the title, in lower case: runs of letters.
  private var words: [String] {
    [productType, title].compactMap { $0 }.flatMap {
      $0.lowercased().split { !$0.isLetter }.map(String.init)
    }
  }

  /// Jewellery and watch words in English, singular and plural.
  static let jewelleryWords: Set<String> = [
    "ring", "rings", "earring", "earrings", "necklace", "necklaces", "bracelet", "bracelets",
    "bangle", "bangles", "anklet", "anklets", "pendant", "pendants", "brooch", "brooches",
    "hoop", "hoops", "earcuff", "earcuffs", "watch", "watches", "jewellery", "jewelry",
  ]
}

extension ProductHint {
  /// The hint for an image that several products show: the title of the first of them by id,
  /// so that the analysis is the same on every run whatever order the feed lists them in.
  /// Nil when no product shows it, or when the first one's title is empty: the next product's
  /// title would describe another product. (The PostgreSQL queue states the same rule in SQL.)
  public static func ofFirst(_ products: some Sequence<(id: String, title: String)>)
    -> ProductHint?
  {
    guard let first = products.min(by: { $0.id < $1.id }), !first.title.isEmpty else {
      return nil
    }
    return ProductHint(title: first.title)
  }
}

/// The part of a person a garment covers.
public enum BodyRegion: String, Sendable, Hashable, CaseIterable {
  case head, upperBody, lowerBody, wholeBody, feet

  /// Garment words in English, singular and plural.
  static let garmentWords: [String: BodyRegion] = {
    let lists: [(BodyRegion, [String])] = [
      (.head, ["cap", "beanie", "hat", "headband", "balaclava"]),
      (
        .upperBody,
        [
          "top", "tee", "shirt", "tshirt", "blouse", "sweater", "pullover", "jumper", "hoodie",
          "sweatshirt", "jacket", "coat", "cardigan", "blazer", "vest", "bra", "polo", "tank",
          "camisole", "cami", "parka", "anorak", "tunic", "bodysuit", "gilet", "windbreaker",
        ]
      ),
      (
        .lowerBody,
        [
          "skirt", "trousers", "trouser", "pants", "jeans", "shorts", "leggings", "joggers",
          "chinos", "culottes",
        ]
      ),
      (.wholeBody, ["dress", "jumpsuit", "romper", "playsuit", "overalls", "gown"]),
      (
        .feet,
        ["shoe", "sneaker", "trainer", "plimsoll", "boot", "sandal", "loafer", "slipper", "heel"]
      ),
    ]
    var words: [String: BodyRegion] = [:]
    for (region, list) in lists {
      for word in list {
        words[word] = region
        words[word.hasSuffix("s") ? word + "es" : word + "s"] = region
      }
    }
    return words
  }()
}
