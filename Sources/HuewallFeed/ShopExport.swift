import Foundation

/// A shop system's own product export, recognised by its columns: its rows refer to each other,
/// and the items a shopper buys are read by following those references.
///
/// - WooCommerce (Products → Export): a `variable` product's `variation` rows name it in
///   `Parent` (`id:946` or its SKU). A variation without an image, title or brand of its own
///   shows its parent's; the parent is its group; the colour and size are the attributes whose
///   names mean colour and size (`Attribute 1 name` = `Color`, `Farbe`, `Цвет`…). A variable
///   product with variations is not an item of its own. Headers may be translated.
/// - Magento 2 (System → Export, Products): a `configurable` product lists its simples in
///   `configurable_variations` (`sku=MH01-XS-Black,size=XS,color=Black|…`). Each simple gets the
///   parent's sku as its group, the parent's images when it has none, and its colour and size
///   from that list or its own `additional_attributes` (`color=Black,size=XS`); the parent is not
///   an item of its own. Images are paths under the shop's media folder, which
///   `feed.imageBaseURL` names. Rows of another store view (`store_view_code`) translate an
///   item rather than add one.
/// - Shopify (Products → Export): rows grouped by `Handle` (``ShopifyProductCSV``).
enum ShopExport {
  case wooCommerce(WooCommerce)
  case magento(Magento)
  case shopify(ShopifyProductCSV)

  /// WooCommerce's column names in English and as WooCommerce translates them, normalised
  /// (``DelimitedFeed/normalize(_:)``).
  enum WooColumn: CaseIterable {
    case id, type, sku, name, images, parent, regularPrice, brands, inStock

    var names: Set<String> {
      switch self {
      case .id: ["id"]
      case .type: ["type", "тип", "typ", "tipo", "tipe", "種類", "タイプ", "类型"]
      case .sku:
        ["sku", "артикул", "ugs", "artikelnummer", "référence", "referencia", "riferimento"]
      case .name:
        ["name", "имя", "название", "nom", "nombre", "nome", "naam", "namn", "名前", "名称"]
      case .images:
        [
          "images", "изображения", "bilder", "imágenes", "immagini", "imagens", "afbeeldingen",
          "画像", "图片",
        ]
      case .parent:
        [
          "parent", "родительский", "родитель", "übergeordnetes_produkt", "übergeordnet",
          "padre", "genitore", "pai", "hoofdproduct",
        ]
      case .regularPrice:
        [
          "regular_price", "базовая_цена", "обычная_цена", "regulärer_preis", "tarif_régulier",
          "precio_normal", "prezzo_di_listino", "preço_normal", "reguliere_prijs", "通常価格",
        ]
      case .brands: ["brands", "бренды", "marken", "marques", "marcas", "marche", "merken"]
      case .inStock:
        ["in_stock?", "в_наличии?", "vorrätig?", "en_stock_?", "en_stock?", "¿en_inventario?"]
      }
    }
  }

  /// The header's export, if it is one: WooCommerce when it has type, SKU and images columns
  /// (in any language WooCommerce knows), Magento when it has `sku`, `product_type` and
  /// `base_image` or `additional_images`.
  init?(header: [String]) {
    func index(_ names: Set<String>) -> Int? { header.firstIndex(where: names.contains) }
    if let shopify = ShopifyProductCSV(header: header) {
      self = .shopify(shopify)
      return
    }
    if let sku = index(["sku"]), let type = index(["product_type"]),
      index(["base_image"]) != nil || index(["additional_images"]) != nil
    {
      self = .magento(
        Magento(
          sku: sku, type: type, attributes: index(["additional_attributes"]),
          variations: index(["configurable_variations"]), storeView: index(["store_view_code"]),
          inStock: index(["is_in_stock"])))
      return
    }
    var found: [WooColumn: Int] = [:]
    for column in WooColumn.allCases {
      if let at = index(column.names) { found[column] = at }
    }
    guard let type = found[.type], found[.sku] != nil, found[.images] != nil else { return nil }
    self = .wooCommerce(
      WooCommerce(
        found: found, type: type, attributes: WooCommerce.attributePairs(in: header)))
  }

  /// The product fields the export's own columns fill, over the generic names.
  var columns: [FeedColumn: Int] {
    switch self {
    case .wooCommerce(let woo):
      var columns: [FeedColumn: Int] = [:]
      columns[.id] = woo.found[.id] ?? woo.found[.sku]
      columns[.title] = woo.found[.name]
      columns[.additionalImages] = woo.found[.images]
      columns[.price] = woo.found[.regularPrice]
      columns[.brand] = woo.found[.brands]
      return columns
    case .magento(let magento):
      return [.id: magento.sku]
    case .shopify(let shopify):
      var columns: [FeedColumn: Int] = [.id: shopify.handle]
      columns[.image] = shopify.variantImage ?? shopify.imageSource
      columns[.title] = shopify.title
      columns[.brand] = shopify.vendor
      columns[.price] = shopify.price
      return columns
    }
  }

  /// What a first pass learns about parents.
  struct Family {
    /// The parents by id (WooCommerce) or sku (Magento).
    var parents: [String: Parent] = [:]
    /// WooCommerce: a variable product's id by its SKU, for a `Parent` that names a SKU.
    var idBySKU: [String: String] = [:]
    /// WooCommerce: the `Parent` values of variations as written; then the parents' ids.
    var referenced: Set<String> = []
    /// Magento: a simple's parent sku and its attributes there, by its sku.
    var children: [String: (parent: String, attributes: [(String, String)])] = [:]
    /// Magento: every sku of the default store view.
    var skus: Set<String> = []
    /// The parents that are folded into their variations, not items of their own.
    var folded: Set<String> = []
    /// Shopify: the products by handle.
    var shopify = ShopifyProductCSV.Catalogue()
    /// Shopify: the rows the first pass has read, for ordering a product's images.
    var rows = 0
  }

  /// A parent's values that its variations inherit.
  struct Parent {
    var title: String?
    var brand: String?
    var images: [String]
  }

  /// First pass: what `fields`, a data row, says about parents.
  func collect(_ fields: [String], columns: DelimitedFeed.Columns, into family: inout Family) {
    func cell(_ index: Int?) -> String? {
      guard let index, fields.indices.contains(index) else { return nil }
      return fields[index].nonEmptyTrimmed
    }
    let id = columns.value(.id, in: fields).nonEmptyTrimmed
    switch self {
    case .shopify(let shopify):
      family.rows += 1
      shopify.collect(fields, row: family.rows, into: &family.shopify)
    case .wooCommerce(let woo):
      // An empty `ID` cell: the row's SKU, as in ``complete(_:_:columns:family:)``.
      let id = id ?? cell(woo.found[.sku])
      let type = cell(woo.type)?.lowercased() ?? ""
      if type.contains("variation"), let parent = woo.parent(fields, columns: columns) {
        family.referenced.insert(parent)
      } else if type.contains("variable"), let id {
        family.parents[id] = parent(fields, columns: columns)
        if let sku = cell(woo.found[.sku]) { family.idBySKU[sku] = id }
      }
    case .magento(let magento):
      guard cell(magento.storeView) == nil, let sku = id else { return }
      family.skus.insert(sku)
      guard cell(magento.type)?.lowercased() == "configurable",
        let list = cell(magento.variations)
      else { return }
      var info = parent(fields, columns: columns)
      info.brand = Magento.brand(in: Magento.pairs(cell(magento.attributes) ?? ""))
      family.parents[sku] = info
      for variation in list.split(separator: "|") {
        let pairs = Magento.pairs(String(variation))
        guard let child = pairs.first(where: { $0.0 == "sku" })?.1.nonEmptyTrimmed else { continue }
        family.children[child] = (sku, pairs.filter { $0.0 != "sku" })
      }
    }
  }

  /// After the first pass: which parents are folded into their variations.
  func finish(_ family: inout Family) {
    switch self {
    case .shopify(let shopify):
      shopify.finish(&family.shopify)
    case .wooCommerce:
      family.referenced = Set(family.referenced.map { WooCommerce.parentID($0, family) })
      family.folded = family.referenced.intersection(family.parents.keys)
    case .magento:
      family.folded = Set(
        family.children.filter { family.skus.contains($0.key) }.map(\.value.parent))
    }
  }

  /// Second pass: the item of a row completed from its parent and attributes.
  func complete(
    _ item: inout RawItem, _ fields: [String], columns: DelimitedFeed.Columns, family: Family
  ) {
    func cell(_ index: Int?) -> String? {
      guard let index, fields.indices.contains(index) else { return nil }
      return fields[index].nonEmptyTrimmed
    }
    var id = item.id.nonEmptyTrimmed
    switch self {
    case .shopify(let shopify):
      shopify.complete(&item, fields, catalogue: family.shopify)
    case .wooCommerce(let woo):
      // A row whose `ID` cell is empty (an export made for another shop) is known by its SKU.
      if id == nil, let sku = cell(woo.found[.sku]) {
        item.id = sku
        id = sku
      }
      let type = cell(woo.type)?.lowercased() ?? ""
      if type.contains("variation") {
        if let raw = woo.parent(fields, columns: columns) {
          let parentID = WooCommerce.parentID(raw, family)
          item.itemGroupId = parentID
          if let parent = family.parents[parentID] { inherit(parent, into: &item) }
        }
      } else if type.contains("variable"), let id, family.folded.contains(id) {
        item.isFoldedParent = true
      }
      for (name, value) in woo.attributes {
        guard let name = cell(name), let value = cell(value) else { continue }
        if item.color == nil, AttributeWords.isColor(name) { item.color = value }
        if item.size == nil, AttributeWords.isSize(name) { item.size = value }
      }
      if item.availability.nonEmptyTrimmed == nil, let stock = cell(woo.found[.inStock]) {
        item.availability = WooCommerce.availability(stock)
      }
    case .magento(let magento):
      item.relativeImagesAreMedia = true
      item.images = item.images.filter { $0.nonEmptyTrimmed != "no_selection" }
      if cell(magento.storeView) != nil {
        item.isFoldedParent = true
        return
      }
      let type = cell(magento.type)?.lowercased()
      if type == "configurable", let id, family.folded.contains(id) {
        item.isFoldedParent = true
        return
      }
      var pairs = Magento.pairs(cell(magento.attributes) ?? "")
      if let id, let child = family.children[id], let parent = family.parents[child.parent] {
        item.itemGroupId = child.parent
        inherit(parent, into: &item)
        pairs = child.attributes + pairs
      }
      if item.color.nonEmptyTrimmed == nil {
        item.color = pairs.first { AttributeWords.isColor($0.0) }?.1
      }
      if item.size.nonEmptyTrimmed == nil {
        item.size = pairs.first { AttributeWords.isSize($0.0) }?.1
      }
      if item.brand.nonEmptyTrimmed == nil { item.brand = Magento.brand(in: pairs) }
      if item.availability.nonEmptyTrimmed == nil, let stock = cell(magento.inStock) {
        item.availability = stock == "1" ? "in_stock" : stock == "0" ? "out_of_stock" : nil
      }
    }
  }

  /// The title, brand and images a row lacks, from its parent.
  private func inherit(_ parent: Parent, into item: inout RawItem) {
    if item.title.nonEmptyTrimmed == nil { item.title = parent.title }
    if item.brand.nonEmptyTrimmed == nil { item.brand = parent.brand }
    if !item.images.contains(where: { $0.nonEmptyTrimmed != nil }) { item.images = parent.images }
  }

  private func parent(_ fields: [String], columns: DelimitedFeed.Columns) -> Parent {
    var images = columns.value(.image, in: fields).map(DelimitedFeed.splitImageCell) ?? []
    images += columns.values(.additionalImages, in: fields).flatMap(DelimitedFeed.splitURLList)
    return Parent(
      title: columns.value(.title, in: fields).nonEmptyTrimmed,
      brand: columns.value(.brand, in: fields).nonEmptyTrimmed,
      images: images.filter { $0.nonEmptyTrimmed != nil && $0 != "no_selection" })
  }

  struct WooCommerce {
    var found: [WooColumn: Int]
    var type: Int
    /// `Attribute N name` and `Attribute N value(s)`, by N.
    var attributes: [(name: Int, value: Int)]

    /// The columns of attribute N's name and value: headers that hold a number, a word for
    /// attribute, and a word for name or for value (`Attribute 1 name`, `Attribut 1 Wert(e)`,
    /// `Название атрибута 1`).
    static func attributePairs(in header: [String]) -> [(name: Int, value: Int)] {
      let attribute = ["attribut", "atribut", "атрибут", "attribuut", "属性"]
      let nameWords = ["name", "nom", "nombre", "nome", "naam", "назван", "имя", "名"]
      let valueWords = ["value", "valeur", "valor", "wert", "waarde", "значени", "値", "值"]
      var names: [Int: Int] = [:]
      var values: [Int: Int] = [:]
      for (index, column) in header.enumerated()
      where attribute.contains(where: column.contains) {
        guard let number = Int(column.filter(\.isASCIIDigitCharacter)) else { continue }
        if valueWords.contains(where: column.contains) {
          values[number] = values[number] ?? index
        } else if nameWords.contains(where: column.contains) {
          names[number] = names[number] ?? index
        }
      }
      return names.keys.sorted().compactMap { number in
        values[number].map { (names[number]!, $0) }
      }
    }

    /// A variation's `Parent` as written; the column `feed.columns` names as `itemGroupId`
    /// where the header's is not one WooCommerce's names.
    func parent(_ fields: [String], columns: DelimitedFeed.Columns) -> String? {
      let index = found[.parent]
      if let index, fields.indices.contains(index) { return fields[index].nonEmptyTrimmed }
      return columns.value(.itemGroupId, in: fields).nonEmptyTrimmed
    }

    /// `id:946` → `946`; a SKU → the id of the product that has it, when the export has it.
    static func parentID(_ raw: String, _ family: Family) -> String {
      let trimmed = raw.trimmingCharacters(in: .whitespaces)
      if trimmed.lowercased().hasPrefix("id:") {
        return String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces)
      }
      return family.idBySKU[trimmed] ?? trimmed
    }

    /// `In stock?`: 1, 0 or `backorder`, in Merchant Center's words.
    static func availability(_ value: String) -> String? {
      switch value.lowercased() {
      case "1": "in_stock"
      case "0": "out_of_stock"
      case "backorder", "onbackorder": "backorder"
      default: nil
      }
    }
  }

  struct Magento {
    var sku: Int
    var type: Int
    var attributes: Int?
    var variations: Int?
    var storeView: Int?
    var inStock: Int?

    /// `color=Black,size=XS` as pairs; a comma inside a value (a piece without `=`) stays in
    /// it.
    static func pairs(_ text: String) -> [(String, String)] {
      var pairs: [(String, String)] = []
      for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
        if let equals = piece.firstIndex(of: "=") {
          pairs.append(
            (
              piece[..<equals].trimmingCharacters(in: .whitespaces).lowercased(),
              String(piece[piece.index(after: equals)...])
            ))
        } else if !pairs.isEmpty {
          pairs[pairs.count - 1].1 += "," + piece
        }
      }
      return pairs.map { ($0.0, $0.1.trimmingCharacters(in: .whitespaces)) }
    }

    /// The `brand` or `manufacturer` attribute.
    static func brand(in pairs: [(String, String)]) -> String? {
      pairs.first { $0.0 == "brand" || $0.0 == "manufacturer" }?.1.nonEmptyTrimmed
    }
  }
}

extension Character {
  fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
