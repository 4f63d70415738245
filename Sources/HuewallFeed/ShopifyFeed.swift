public import Foundation
import HuewallCore

/// Shopify's public `products.json`: paging, and one Huewall product per colourway.
///
/// A shop serves its catalogue at `<shop>/products.json?limit=250&page=N` (also under a
/// collection: `<shop>/collections/<handle>/products.json`), at most 250 products a page.
/// The fetch stage asks for pages 1, 2, … until ``hasMorePages(after:)`` says stop, and reads
/// each page with ``FeedParser`` (format ``FeedFormat/shopify``, ``FeedParser/allowsEmpty`` for
/// the pages after the first).
public enum ShopifyFeed {
  /// The most products Shopify returns in one page.
  public static let pageSize = 250

  /// The option names that hold a product's colour, compared case-insensitively: the colour
  /// words of the languages shops use (`Color`, `Farbe`, `Couleur`, `Цвет`, `カラー`…).
  public static var colorOptionNames: Set<String> { AttributeWords.color }

  /// The URL of page `page` (1-based) of the catalogue at `base`.
  ///
  /// - Parameter base: the shop (`https://shop.example.com`), a collection
  ///   (`https://shop.example.com/collections/sneakers`), or a `products.json` URL itself;
  ///   its other query items are kept.
  public static func pageURL(base: URL, page: Int) -> URL {
    precondition(page >= 1, "Shopify pages start at 1")
    guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true) else {
      preconditionFailure("a URL always has components")
    }
    if !components.path.hasSuffix(".json") {
      components.path += components.path.hasSuffix("/") ? "products.json" : "/products.json"
    }
    var query = (components.queryItems ?? []).filter { $0.name != "limit" && $0.name != "page" }
    query.append(URLQueryItem(name: "limit", value: String(pageSize)))
    query.append(URLQueryItem(name: "page", value: String(page)))
    components.queryItems = query
    guard let url = components.url else { preconditionFailure("\(base) has no URL form") }
    return url
  }

  /// Whether the page after one with `itemCount` products may hold more: only a full page does.
  public static func hasMorePages(afterPageWith itemCount: Int) -> Bool {
    itemCount >= pageSize
  }

  /// Whether to fetch the page after `result`; counts Shopify products, not colourways.
  public static func hasMorePages(after result: FeedParseResult) -> Bool {
    hasMorePages(afterPageWith: result.itemCount)
  }

  /// Whether to fetch the page after the one `summary` describes (a page read a product at a
  /// time).
  public static func hasMorePages(after summary: FeedSummary) -> Bool {
    hasMorePages(afterPageWith: summary.itemCount)
  }

  /// The part of a product id that names a colour: lowercased letters and digits of any
  /// script, accents dropped, every other run of characters one hyphen.
  /// "Crème / Navy" → "creme-navy".
  static func slug(_ text: String) -> String {
    var slug = ""
    var gap = false
    for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
      let properties = scalar.properties
      if properties.generalCategory == .nonspacingMark { continue }
      if properties.isAlphabetic || properties.numericType != nil {
        if gap && !slug.isEmpty { slug += "-" }
        gap = false
        slug += properties.lowercaseMapping
      } else {
        gap = true
      }
    }
    return slug
  }
}

/// One product of a `products.json` page. Every field is optional so that one odd product is
/// reported as an item error instead of failing the page.
struct ShopifyProduct: Decodable {
  struct Option {
    var name: String?
    var position: Int?
    var values: [String]
  }

  struct Variant {
    var id: String?
    /// `option1`, `option2`, `option3`.
    var options: [String?]
    var price: String?
    var available: Bool?
    var featuredImage: Image?
  }

  struct Image {
    var src: String?
    var variantIDs: Set<String>
  }

  var id: String?
  var title: String?
  var handle: String?
  var vendor: String?
  var options: [Option]
  var variants: [Variant]
  var images: [Image]

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    id = try c.lenientString("id")
    title = try c.lenientString("title")
    handle = try c.lenientString("handle")
    vendor = try c.lenientString("vendor")
    options = try c.array(OptionBox.self, "options").map(\.option)
    variants = try c.array(VariantBox.self, "variants").map(\.variant)
    images = try c.array(ImageBox.self, "images").map(\.image)
  }

  /// The Huewall products: one per colour when the product has a colour option, else one. Each
  /// lists its variants as its items (the variant id, and the value of the size option, or of
  /// the one option other than colour).
  func items(position: Int, shopURL: URL?) -> [RawItem] {
    var base = RawItem(position: position)
    base.id = id
    base.title = title
    base.brand = vendor
    base.itemGroupId = id
    base.link = productLink(shopURL: shopURL, variant: nil)

    guard let id, let colorIndex = colorOptionIndex(), !variants.isEmpty else {
      base.images = images.compactMap(\.src)
      base.price = variants.first?.price
      base.availability = availability(of: variants)
      base.items = items(of: variants, colorIndex: nil)
      return [base]
    }

    // Variants grouped by colour, in the order the colours first appear.
    var groups: [(slug: String, variants: [Variant])] = []
    var groupBySlug: [String: Int] = [:]
    for variant in variants {
      let color = variant.options.indices.contains(colorIndex) ? variant.options[colorIndex] : nil
      let slug = ShopifyFeed.slug(color ?? "")
      if let index = groupBySlug[slug] {
        groups[index].variants.append(variant)
      } else {
        groupBySlug[slug] = groups.count
        groups.append((slug, [variant]))
      }
    }
    // The product images by the variants they are assigned to, each looked up once.
    var imagesByVariant: [String: [Int]] = [:]
    for (index, image) in images.enumerated() {
      for variantID in image.variantIDs { imagesByVariant[variantID, default: []].append(index) }
    }

    return groups.map { group in
      let first = group.variants[0]
      var item = base
      item.id = group.slug.isEmpty ? "\(id)-v\(first.id ?? "")" : "\(id)-\(group.slug)"
      item.color =
        group.variants.lazy.compactMap { variant in
          variant.options.indices.contains(colorIndex) ? variant.options[colorIndex] : nil
        }.first.nonEmptyTrimmed
      item.images = images(of: group.variants, imagesByVariant: imagesByVariant)
      if groups.count == 1 {
        // One colour: every image shows it, and the plainest one can be chosen.
        item.images += images.compactMap(\.src)
      }
      item.items = items(of: group.variants, colorIndex: colorIndex)
      item.price = first.price
      item.availability = availability(of: group.variants)
      item.link = productLink(shopURL: shopURL, variant: first.id)
      return item
    }
  }

  /// The feed items of `variants`: each variant's id and size.
  private func items(of variants: [Variant], colorIndex: Int?) -> [Product.Item]? {
    let sizeIndex = sizeOptionIndex(colorIndex: colorIndex)
    let items = variants.compactMap { variant -> Product.Item? in
      guard let id = variant.id.nonEmptyTrimmed else { return nil }
      let size = sizeIndex.flatMap { index in
        variant.options.indices.contains(index) ? variant.options[index].nonEmptyTrimmed : nil
      }
      // "Default Title": Shopify's value of the option of a product without options.
      return Product.Item(id: id, size: size == "Default Title" ? nil : size)
    }
    return items.isEmpty ? nil : items
  }

  /// The 0-based index of the option that holds a variant's size: the one named so (`Size`,
  /// `Talla`, `Größe`…), else the only option other than colour.
  private func sizeOptionIndex(colorIndex: Int?) -> Int? {
    var others: [Int] = []
    for (index, option) in options.enumerated() {
      let number = option.position ?? index + 1
      guard (1...3).contains(number), number - 1 != colorIndex else { continue }
      if let name = option.name, AttributeWords.isSize(name) { return number - 1 }
      others.append(number - 1)
    }
    return others.count == 1 ? others[0] : nil
  }

  /// The 0-based index into `option1…3` of the colour option, if the product has one.
  private func colorOptionIndex() -> Int? {
    for (index, option) in options.enumerated() {
      guard let name = option.name, AttributeWords.isColor(name) else { continue }
      let number = option.position ?? index + 1
      return (1...3).contains(number) ? number - 1 : nil
    }
    return nil
  }

  /// The images of a colourway: its variants' featured images, then the product images
  /// assigned to its variants; the product's first image when it has none of its own.
  /// `imagesByVariant` holds the indices of the product images assigned to each variant, so
  /// that a product of thousands of colours costs no more per colour than its own images.
  private func images(of group: [Variant], imagesByVariant: [String: [Int]]) -> [String] {
    var assigned = Set<Int>()
    for id in group.compactMap(\.id) { assigned.formUnion(imagesByVariant[id] ?? []) }
    var sources = group.compactMap(\.featuredImage?.src)
    sources += assigned.sorted().compactMap { images[$0].src }
    if sources.isEmpty, let first = images.first?.src {
      sources = [first]
    }
    return sources
  }

  /// `in_stock` when any of the variants is available, `out_of_stock` when none is.
  private func availability(of variants: [Variant]) -> String? {
    let flags = variants.compactMap(\.available)
    if flags.isEmpty { return nil }
    return flags.contains(true) ? "in_stock" : "out_of_stock"
  }

  /// `<shop>/products/<handle>`, with `?variant=<id>` to open the shop on that colour.
  private func productLink(shopURL: URL?, variant: String?) -> String? {
    guard let shopURL, let handle = handle.nonEmptyTrimmed,
      var components = URLComponents(url: shopURL, resolvingAgainstBaseURL: true)
    else { return nil }
    var path = components.path
    if path.hasSuffix("/") { path.removeLast() }
    components.path = path + "/products/" + handle
    components.query = nil
    components.fragment = nil
    if let variant = variant.nonEmptyTrimmed {
      components.queryItems = [URLQueryItem(name: "variant", value: variant)]
    }
    return components.url?.absoluteString
  }

  private struct OptionBox: Decodable {
    var option: Option
    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: AnyKey.self)
      option = Option(
        name: try c.lenientString("name"),
        position: try? c.decode(Int.self, forKey: "position"),
        values: try c.array(LenientString.self, "values").compactMap(\.value))
    }
  }

  private struct VariantBox: Decodable {
    var variant: Variant
    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: AnyKey.self)
      variant = Variant(
        id: try c.lenientString("id"),
        options: [
          try c.lenientString("option1"), try c.lenientString("option2"),
          try c.lenientString("option3"),
        ],
        price: try c.lenientString("price"),
        available: c.lenientBool("available"),
        featuredImage: try c.decodeIfPresent(ImageBox.self, forKey: "featured_image")?.image)
    }
  }

  private struct ImageBox: Decodable {
    var image: Image
    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: AnyKey.self)
      image = Image(
        src: try c.lenientString("src"),
        variantIDs: Set(try c.array(LenientString.self, "variant_ids").compactMap(\.value)))
    }
  }
}

/// A JSON string, number or boolean as a string; null as nil.
struct LenientString: Decodable {
  var value: String?

  init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if c.decodeNil() {
      value = nil
    } else if let string = try? c.decode(String.self) {
      value = string
    } else if let integer = try? c.decode(Int64.self) {
      value = String(integer)
    } else if let number = try? c.decode(Double.self) {
      value = String(number)
    } else {
      value = String(try c.decode(Bool.self))
    }
  }
}
