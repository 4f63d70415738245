/// What a feed says about a product besides its image, for the analysis to look where a person
/// would: the title (`"Women's skirt"`, `"2 slice toaster"`) and the feed's product type
/// (Merchant `product_type`, Shopify `product_type`), either of which may be missing.
public struct ProductHint: Sendable, Hashable {
  public let title: String?
  public let productType: String?
  /// Where the product is worn, from the first garment word of the type, then of the title, in
  /// any language of the colour lexicon or Russian (``ProductWordList``); nil for anything that
  /// is not worn (a toaster, a mug) or not recognised.
  public let wornOn: BodyRegion?
  /// Whether the type or the title names a piece of jewellery or a watch, in any of those
  /// languages: a thin piece of metal on a studio backdrop, whose light and whose backdrop's
  /// leftovers both look white.
  public let isJewellery: Bool

  /// Reads the words once: an analysis asks for the region and the jewellery several times.
  public init(title: String? = nil, productType: String? = nil) {
    self.title = title
    self.productType = productType
    // The type's words, then the title's, apart so that no phrase runs from one into the other.
    let texts = [productType, title].compactMap { $0 }.map(ProductWords.words(of:))
    wornOn = texts.lazy.compactMap(ProductWords.region(in:)).first
    isJewellery = texts.contains(where: ProductWords.namesJewellery)
  }

  /// No hint: the image alone.
  public static let none = ProductHint()
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
}
