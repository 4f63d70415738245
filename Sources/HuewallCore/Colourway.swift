import Foundation

/// How a feed's sellable items become the colourways a person thinks in: one product in one
/// colour, whatever its sizes. A merchant's feed lists every size of every colour as an item of
/// its own; the wall, the analysis, the review queue and the counts work per colourway, and
/// the shop's files go back per item (``Product/items``).
///
/// Items are one colourway when they share a group (Merchant `item_group_id`, a WooCommerce
/// `Parent`, a Magento configurable parent) and a vendor colour; items that lack either are
/// one when they also show the same main image. A product a reader already folded (a Shopify
/// colourway with its variants) stays as it is.
public enum Colourway {
  /// The key that items of one colourway share. Case, accents and spacing of the group and the
  /// colour do not count ("Azul Marino" and "azul  marino" are one colourway).
  public static func key(of item: Product) -> String {
    if item.items.count > 1 || item.items.first?.id != item.id { return "p\u{1}" + item.id }
    let group = item.itemGroupId.map(folded) ?? ""
    if !group.isEmpty, let color = item.vendorColor.map(folded), !color.isEmpty {
      return "c\u{1}" + group + "\u{1}" + color
    }
    guard let image = item.mainImageURL?.absoluteString else { return "p\u{1}" + item.id }
    return "i\u{1}" + group + "\u{1}" + image
  }

  /// One product for the items of a colourway, in feed order: the first item's values, the
  /// title the items share (a Merchant title often ends with the size), the images of all
  /// items (the first item's first), and every item with its size.
  ///
  /// A colourway of one item keeps that item's id, so a feed without sizes keeps its ids. One of
  /// several items is named `<group>-<colour>` (as a Shopify colourway is named after its
  /// product and colour), or by its first item where it has no group and colour. A colourway
  /// that gains or loses its second size is therefore a new product: its analyses are kept
  /// (they belong to the images), a person's colour decision stays with the old id.
  public static func fold(_ items: [Product]) -> Product {
    precondition(!items.isEmpty, "a colourway has at least one item")
    guard items.count > 1 else { return items[0] }
    var product = items[0]
    if let group = product.itemGroupId?.trimmingCharacters(in: .whitespaces), !group.isEmpty,
      let color = product.vendorColor, !slug(color).isEmpty
    {
      product.id = group + "-" + slug(color)
    }
    product.title = sharedTitle(items.map(\.title))
    product.size = nil
    for item in items.dropFirst() {
      for url in item.imageURLs where !product.imageURLs.contains(url) {
        product.imageURLs.append(url)
      }
    }
    product.items = items.flatMap(\.items)
    return product
  }

  /// `text` in lower case without accents, its runs of spaces as one.
  static func folded(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// `text` as a lower-case identifier: letters and digits, runs of anything else as one `-`.
  public static func slug(_ text: String) -> String {
    var slug = ""
    var gap = false
    for character in text.folding(options: [.diacriticInsensitive], locale: nil).lowercased() {
      if character.isLetter || character.isNumber {
        if gap && !slug.isEmpty { slug += "-" }
        gap = false
        slug.append(character)
      } else {
        gap = true
      }
    }
    return slug
  }

  /// The start that every title shares, ended at a word and stripped of the separators that
  /// come before a size (" - ", " / ", ","): "Camiseta - Azul Real - S" and "… - M" share
  /// "Camiseta - Azul Real". The first title when they share less than half of it.
  static func sharedTitle(_ titles: [String]) -> String {
    guard var shared = titles.first.map(Array.init) else { return "" }
    for title in titles.dropFirst() {
      let other = Array(title)
      var count = 0
      while count < min(shared.count, other.count) && shared[count] == other[count] {
        count += 1
      }
      shared = Array(shared[..<count])
    }
    let first = titles[0]
    if shared.count == first.count { return first }
    // Back to the end of the last whole word.
    while let last = shared.last, last.isLetter || last.isNumber { shared.removeLast() }
    let trimmed = String(shared).trimmingCharacters(
      in: CharacterSet(charactersIn: " -–—/|,:(").union(.whitespaces))
    return trimmed.count * 2 >= first.count ? trimmed : first
  }
}
