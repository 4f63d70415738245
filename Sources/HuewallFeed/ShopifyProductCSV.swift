import Foundation

/// Shopify's own product CSV (admin, Products → Export), recognised by its `Handle`,
/// `Option1 Value` and `Image Src` columns.
///
/// A product is the rows of one `Handle`: its fields (title, vendor, option names, status) only
/// on its first row, a row per variant (`Option1 Value`…, `Variant SKU`, `Variant Price`,
/// `Variant Image`), and a row per further image (`Image Src`, `Image Position`) that may
/// share a variant's row or stand alone. Each variant is an item grouped by its handle, its
/// colour and size the values of the options named so (``AttributeWords``); a jewellery shop's
/// material option is the colour when its values are metal or colour words
/// (``MaterialWords``). A row with no variant of its own is an image of its product, not an
/// item; a product whose `Status` is not `active`, or whose `Published` is `false`, is left
/// out. A variant's id is its SKU where no other variant of the export has it, else
/// `<handle>/<option values>` (shops repeat one SKU over a product's sizes).
struct ShopifyProductCSV {
  var handle: Int
  var title: Int?
  var vendor: Int?
  var status: Int?
  var published: Int?
  /// `Option1 Name`…`Option3 Name` and their values, by option.
  var optionNames: [Int?]
  var optionValues: [Int?]
  var sku: Int?
  var price: Int?
  var variantImage: Int?
  var imageSource: Int?
  var imagePosition: Int?

  /// The export's columns, if the header is one: `Handle`, `Option1 Value` and `Image Src`.
  init?(header: [String]) {
    func index(_ name: String) -> Int? { header.firstIndex(of: name) }
    guard let handle = index("handle"), index("option1_value") != nil,
      let imageSource = index("image_src")
    else { return nil }
    self.handle = handle
    self.imageSource = imageSource
    title = index("title")
    vendor = index("vendor")
    status = index("status")
    published = index("published")
    optionNames = (1...3).map { index("option\($0)_name") }
    optionValues = (1...3).map { index("option\($0)_value") }
    sku = index("variant_sku")
    price = index("variant_price")
    variantImage = index("variant_image")
    imagePosition = index("image_position")
  }

  /// What the first pass learns of one product.
  struct Product {
    var title: String?
    var vendor: String?
    /// Whether the shop sells it: `Status` active (or absent) and `Published` not false.
    var isListed = true
    var optionNames: [String?] = [nil, nil, nil]
    /// Each option's values over the product's variants, for telling a material option.
    var optionValues: [[String]] = [[], [], []]
    /// The product's images by `Image Position` (then row order).
    var images: [(position: Int, row: Int, url: String)] = []
    /// Variants' own images, in row order.
    var variantImages: [String] = []
    /// The 0-based indices of the colour and size options, set when the first pass ends.
    var colorOption: Int?
    var sizeOption: Int?
    /// How many colours its variants have.
    var colorCount = 0
  }

  /// Everything the first pass learns: the products by handle, and how often each SKU occurs.
  struct Catalogue {
    var products: [String: Product] = [:]
    var skuCounts: [String: Int] = [:]
  }

  private func cell(_ index: Int?, _ fields: [String]) -> String? {
    guard let index, fields.indices.contains(index) else { return nil }
    return fields[index].nonEmptyTrimmed
  }

  /// The option values a row gives, `Default Title` (Shopify's value for a product without
  /// options) as none.
  private func values(_ fields: [String]) -> [String?] {
    optionValues.map { index in
      let value = cell(index, fields)
      return value == "Default Title" ? nil : value
    }
  }

  /// Whether a row describes a variant (has an option value, SKU or price) rather than only an
  /// image.
  func isVariant(_ fields: [String]) -> Bool {
    optionValues.contains { cell($0, fields) != nil } || cell(sku, fields) != nil
      || cell(price, fields) != nil
  }

  /// First pass: what a row says about its product.
  func collect(_ fields: [String], row: Int, into catalogue: inout Catalogue) {
    guard let handle = cell(handle, fields) else { return }
    var product = catalogue.products[handle] ?? Product()
    if product.title == nil { product.title = cell(title, fields) }
    if product.vendor == nil { product.vendor = cell(vendor, fields) }
    if let status = cell(status, fields)?.lowercased(), status != "active" {
      product.isListed = false
    }
    if cell(published, fields)?.lowercased() == "false" { product.isListed = false }
    for option in 0..<3 where product.optionNames[option] == nil {
      product.optionNames[option] = cell(optionNames[option], fields)
    }
    if let url = cell(imageSource, fields) {
      let position = cell(imagePosition, fields).flatMap { Int($0) } ?? Int.max
      product.images.append((position, row, url))
    }
    if isVariant(fields) {
      for (option, value) in values(fields).enumerated() {
        if let value, !product.optionValues[option].contains(value) {
          product.optionValues[option].append(value)
        }
      }
      if let image = cell(variantImage, fields), !product.variantImages.contains(image) {
        product.variantImages.append(image)
      }
      if let sku = cell(sku, fields) { catalogue.skuCounts[sku, default: 0] += 1 }
    }
    catalogue.products[handle] = product
  }

  /// After the first pass: each product's colour and size options, and its images in order.
  func finish(_ catalogue: inout Catalogue) {
    for (handle, var product) in catalogue.products {
      let names = product.optionNames
      var color = names.firstIndex { $0.map(AttributeWords.isColor) ?? false }
      if color == nil {
        color = names.indices.first { option in
          guard let name = names[option], MaterialWords.isMaterial(name),
            !product.optionValues[option].isEmpty
          else { return false }
          return product.optionValues[option].allSatisfy(MaterialWords.namesColourOrMetal)
        }
      }
      var size = names.indices.first { option in
        option != color && (names[option].map(AttributeWords.isSize) ?? false)
      }
      if size == nil {
        let others = names.indices.filter { $0 != color && names[$0] != nil }
        // The one other option, unless it is Shopify's `Title` or a material.
        if others.count == 1, let name = names[others[0]], name.lowercased() != "title",
          !MaterialWords.isMaterial(name)
        {
          size = others[0]
        }
      }
      product.colorOption = color
      product.sizeOption = size
      product.colorCount = color.map { Set(product.optionValues[$0]).count } ?? 0
      product.images.sort { ($0.position, $0.row) < ($1.position, $1.row) }
      catalogue.products[handle] = product
    }
  }

  /// Second pass: the item of a variant row; an image row, or a row of a product left out, is
  /// marked as no product of its own.
  func complete(_ item: inout RawItem, _ fields: [String], catalogue: Catalogue) {
    guard let handle = cell(handle, fields) else {
      item.malformed = "a row without a Handle"
      return
    }
    guard let product = catalogue.products[handle], product.isListed, isVariant(fields) else {
      item.isFoldedParent = true
      return
    }
    let options = values(fields)
    if let sku = cell(sku, fields), catalogue.skuCounts[sku] == 1 {
      item.id = sku
    } else {
      item.id = ([handle] + options.compactMap { $0 }).joined(separator: "/")
    }
    item.title = product.title
    item.brand = product.vendor
    item.itemGroupId = handle
    item.color = product.colorOption.flatMap { options[$0] }
    item.size = product.sizeOption.flatMap { options[$0] }
    item.price = cell(price, fields)
    item.link = nil
    var images: [String] = []
    if let own = cell(variantImage, fields) { images.append(own) }
    if product.colorCount <= 1 {
      // One colour: every image shows it.
      images += product.images.map(\.url)
    } else if images.isEmpty, let first = product.images.first?.url {
      images.append(first)
    }
    item.images = images
  }
}
