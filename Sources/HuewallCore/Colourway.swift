import Foundation

/// How a feed's sellable items become the colourways a person thinks in: one product in one
/// colour, whatever its sizes. A merchant's feed lists every size of every colour as an item of
/// its own; the wall, the analysis, the review queue and the counts work per colourway, and
/// the shop's files go back per item (``Product/items``).
///
/// Within one group (Merchant `item_group_id`, a WooCommerce `Parent`, a Magento configurable
/// parent), items are one colourway when they have the same vendor colour, or when they show the
/// same main image (a shop that has one photo for three colours shows one tile, not three of
/// the same photo). Items without a group are one when they show the same main image and are
/// sizes of one product by their title and colour (an outfit photo of a shirt and trousers
/// stays two products). A product a reader already folded (a Shopify colourway with its
/// variants) stays as it is.
public enum Colourway {
  /// The key that items of one group share: the catalogue reads staged items in key order and
  /// folds each group's items at once (``colourways(_:)``), so that it holds one group at a
  /// time. Case, accents and spacing of the group do not count.
  public static func key(of item: Product) -> String {
    if item.items.count > 1 || item.items.first?.id != item.id { return "p\u{1}" + item.id }
    let group = item.itemGroupId.map(folded) ?? ""
    if !group.isEmpty { return "g\u{1}" + group }
    guard let image = item.mainImageURL?.absoluteString else { return "p\u{1}" + item.id }
    return "i\u{1}" + image
  }

  /// The colourways of the items of one key, in the order of their first items: items joined
  /// by a shared colour (case, accents and spacing aside) or a shared main image, each
  /// colourway folded by ``fold(_:)``; ids made unique within the group.
  public static func colourways(_ items: [Product]) -> [Product] {
    guard items.count > 1 else { return items }
    var parent = Array(items.indices)
    func root(_ index: Int) -> Int {
      var index = index
      while parent[index] != index {
        parent[index] = parent[parent[index]]
        index = parent[index]
      }
      return index
    }
    func join(_ a: Int, _ b: Int) {
      let (ra, rb) = (root(a), root(b))
      if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }
    // In a group every item is the same model; without one, a shared photo (an outfit, a
    // set) joins only items that are one product by their title and colour.
    let grouped = !(items[0].itemGroupId.map(folded) ?? "").isEmpty
    var byColor: [String: Int] = [:]
    // Per photo, one item of each product that shows it.
    var byImage: [URL: [Int]] = [:]
    for (index, item) in items.enumerated() {
      if grouped, let color = item.vendorColor.map(folded), !color.isEmpty {
        if let first = byColor[color] { join(first, index) } else { byColor[color] = index }
      }
      if let image = item.mainImageURL {
        var shown = byImage[image, default: []]
        if let match = shown.first(where: { grouped || sameProduct(items[$0], item) }) {
          join(match, index)
        } else if shown.count < maxProductsPerPhoto {
          shown.append(index)
          byImage[image] = shown
        }
      }
    }
    var members: [Int: [Product]] = [:]
    var order: [Int] = []
    for index in items.indices {
      let r = root(index)
      if members[r] == nil { order.append(r) }
      members[r, default: []].append(items[index])
    }
    var taken: Set<String> = []
    // The next suffix to try per id, so that many colours of one name cost one try each.
    var nextSuffix: [String: Int] = [:]
    return order.map { r in
      var product = fold(members[r]!)
      let id = product.id
      while !taken.insert(product.id).inserted {
        let suffix = nextSuffix[id, default: 2]
        nextSuffix[id] = suffix + 1
        product.id = "\(id)-\(suffix)"
      }
      return product
    }
  }

  /// How many products without a group one photo is compared against: past that (a placeholder
  /// image that thousands of products share), an item is a product of its own.
  static let maxProductsPerPhoto = 64

  /// The most images a product keeps, main image first: what a feed's reader keeps of one item
  /// (`FeedParser.maxImagesPerProduct`), and what a colourway keeps of its items' images.
  public static let maxImages = 50

  /// One product for the items of a colourway, in feed order: the first item's values, the
  /// title the items share (a Merchant title often ends with the size), the images of all
  /// items (the first item's first, at most `maxImages`), and every item with its size.
  ///
  /// A colourway of one item keeps that item's id, so a feed without sizes keeps its ids. One of
  /// several items is named `<group>-<colour>` (as a Shopify colourway is named after its
  /// product and colour), or by its first item where it has no group and colour. A colourway
  /// that gains or loses its second size is therefore a new product: its analyses are kept
  /// (they belong to the images), a person's colour decision stays with the old id.
  public static func fold(_ items: [Product], maxImages: Int = Colourway.maxImages) -> Product {
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
    product.imageURLs = Array(product.imageURLs.prefix(maxImages))
    var seen = Set(product.imageURLs)
    for item in items.dropFirst() where product.imageURLs.count < maxImages {
      for url in item.imageURLs where product.imageURLs.count < maxImages {
        if seen.insert(url).inserted { product.imageURLs.append(url) }
      }
    }
    // An item of another colour than the colourway's (one photo for several colours) keeps
    // its own.
    let colour = product.vendorColor.map(folded) ?? ""
    product.items = items.flatMap { item in
      guard let own = item.vendorColor, folded(own) != colour else { return item.items }
      return item.items.map { sellable in
        var sellable = sellable
        if sellable.vendorColor == nil { sellable.vendorColor = own }
        return sellable
      }
    }
    return product
  }

  /// Whether two items without a group are sizes of one product: titles that agree but for a
  /// size at their end ("Tee - S", "Tee - M"; not "Premium BUKLE - 140cm" and "STANDARD BUKLE -
  /// 140cm"), and no two different colours. An empty title says nothing, so it joins nothing.
  static func sameProduct(_ a: Product, _ b: Product) -> Bool {
    if let x = a.vendorColor.map(folded), let y = b.vendorColor.map(folded), !x.isEmpty,
      !y.isEmpty, x != y
    {
      return false
    }
    let (x, y) = (Array(a.title), Array(b.title))
    if x.allSatisfy(\.isWhitespace) || y.allSatisfy(\.isWhitespace) { return false }
    if x == y { return true }
    var shared = 0
    while shared < min(x.count, y.count) && x[shared] == y[shared] { shared += 1 }
    // Back to the start of the word the titles part in.
    func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber }
    let partsInWord = { (t: [Character]) in shared < t.count && isWord(t[shared]) }
    while shared > 0, isWord(x[shared - 1]), partsInWord(x) || partsInWord(y) { shared -= 1 }
    let head = String(x[..<shared]).trimmingCharacters(in: titleSeparators)
    guard !head.isEmpty else { return false }
    return isSize(String(x[shared...])) && isSize(String(y[shared...]))
  }

  /// The separators around a size at a title's end.
  static let titleSeparators = CharacterSet(charactersIn: " -–—/|,:()[]").union(.whitespaces)

  /// Whether the end of a title is a size, or nothing: a letter size (`S`, `XL`, `2XL`, `One
  /// Size`) or a short measure with a digit (`42`, `140cm`, `10.5`, `EU 40`, `32/34`).
  static func isSize(_ tail: String) -> Bool {
    let text = tail.trimmingCharacters(in: titleSeparators)
    if text.isEmpty { return true }
    let letters = text.uppercased().replacingOccurrences(of: " ", with: "")
    if letterSizes.contains(letters) { return true }
    if letters.count >= 3, letters.hasSuffix("XL"), letters.dropLast(2).allSatisfy(\.isNumber) {
      return true
    }
    let words = text.split(whereSeparator: { $0 == " " || $0 == "/" })
    return text.count <= 12 && text.contains(where: \.isNumber) && words.count <= 3
      && words.allSatisfy { $0.count <= 6 }
  }

  static let letterSizes: Set<String> = [
    "XXXS", "XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL", "XXXXL", "ONESIZE", "OS", "UNI",
    "S/M", "M/L", "L/XL", "XS/S",
  ]

  /// `text` in lower case without accents, its runs of spaces as one.
  public static func folded(_ text: String) -> String {
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
