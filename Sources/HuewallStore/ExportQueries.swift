import GRDB
public import HuewallColorWords
public import HuewallCore

/// What an export reads of one product: its feed values and, among its first images (the
/// limit a run analyses), the one its colour is read from (``ImageCandidate/choose(_:)``) with
/// that content's analysis under one parameter set (only these columns, so that an export of a
/// large catalogue reads little).
public struct ExportEntry: Sendable, Hashable {
  public var id: String
  public var title: String
  public var brand: String?
  public var vendorColor: String?
  public var link: String?
  /// The main image's URL, as the feed gives it.
  public var imageURL: String?
  /// The product has left the feed.
  public var isRemoved: Bool
  /// The SHA-256 of the chosen image's bytes (the main image's while none is analysed); nil
  /// until it was fetched.
  public var imageSHA256: String?
  /// The analysis's colours, most dominant first; nil when the content has no analysis for
  /// the set.
  public var colors: [StoredColor]?
  /// The analysis's product-level family.
  public var family: ColorFamily?
  /// The feed's id shared by the colourways of one model (a Shopify product's id), for the
  /// write-back exports.
  public var itemGroupId: String?
  /// What the analysis took for the backdrop (`#rrggbb`, `transparent`, `scene`); nil when
  /// unknown, as for analyses made before the catalogue kept it.
  public var backdrop: String?
  /// The URL of the image the colours come from; nil when the product has no image.
  public var chosenImageURL: String?
  /// Its place among the product's images: 0 the main image, 1 the first additional one, …
  public var chosenImageIndex: Int?
  /// How plainly the chosen image shows the product; nil when unknown.
  public var plainness: Double?
  /// The contents of the product's images within the limit that were fetched, in order: a
  /// person's decision holds while the content it was made on is among them.
  public var imageSHA256s: [String]
  /// The feed items the product stands for (every size of a colourway).
  public var items: [Product.Item]

  public init(
    id: String, title: String, brand: String?, vendorColor: String?, link: String?,
    imageURL: String?, isRemoved: Bool, imageSHA256: String?, colors: [StoredColor]?,
    family: ColorFamily?, itemGroupId: String? = nil, backdrop: String? = nil,
    chosenImageURL: String? = nil, chosenImageIndex: Int? = nil, plainness: Double? = nil,
    imageSHA256s: [String]? = nil, items: [Product.Item]? = nil
  ) {
    self.id = id
    self.title = title
    self.brand = brand
    self.vendorColor = vendorColor
    self.link = link
    self.imageURL = imageURL
    self.isRemoved = isRemoved
    self.imageSHA256 = imageSHA256
    self.colors = colors
    self.family = family
    self.itemGroupId = itemGroupId
    self.backdrop = backdrop
    self.chosenImageURL = chosenImageURL ?? imageURL
    self.chosenImageIndex = chosenImageIndex ?? (imageURL == nil ? nil : 0)
    self.plainness = plainness
    self.imageSHA256s = imageSHA256s ?? [imageSHA256].compactMap { $0 }
    self.items = items ?? [Product.Item(id: id)]
  }
}

extension CatalogStore {
  /// Every product, removed ones included, ordered by id, one at a time from one read
  /// snapshot, with the analysis of its chosen image among its first `imagesPerProduct`.
  /// `body` runs inside the read: it must not call the store. An analysis whose colours
  /// cannot be read (a column edited by hand) is an
  /// ``StoreError/Reason/unreadableData(detail:)`` naming the product and the image.
  public func forEachExportEntry(
    parameterSetID: Int64, imagesPerProduct: Int, _ body: (ExportEntry) throws -> Void
  ) throws(StoreError) {
    try read { db in
      let rows = try Row.fetchCursor(
        db,
        sql: ExportEntry.query(
          parameterSet: "?", imagesPerProduct: imagesPerProduct, dialect: .sqlite),
        arguments: [parameterSetID])
      var assembler = ExportEntry.Assembler(parameterSetID: parameterSetID, location: path)
      while let row = try rows.next() {
        let next = ExportEntry.Row(row)
        if let entry = try assembler.add(next) { try body(entry) }
      }
      if let entry = try assembler.finish() { try body(entry) }
    }
  }
}

extension ExportEntry {
  /// The columns of ``query(parameterSet:imagesPerProduct:dialect:filter:)``, in the order
  /// it selects them: both catalogues read a row by these positions.
  public enum Column: Int, CaseIterable, Sendable {
    case id, title, brand, vendorColor, link, imageURL, isRemoved, sha256, colors, family
    case itemGroupId, backdrop, position, url, plainness, items

    /// The column's expression in the SELECT.
    var sql: String {
      switch self {
      case .id: "products.id"
      case .title: "products.title"
      case .brand: "products.brand"
      case .vendorColor: "products.vendor_color"
      case .link: "products.link"
      case .imageURL: "products.image_url"
      case .isRemoved: "products.removed_at IS NOT NULL"
      case .sha256: "images.sha256"
      case .colors: "analyses.colors"
      case .family: "analyses.family"
      case .itemGroupId: "products.item_group_id"
      case .backdrop: "analyses.backdrop"
      case .position: "products.position"
      case .url: "products.url"
      case .plainness: "analyses.plainness"
      case .items: "products.items"
      }
    }
  }

  /// What both catalogues read for an export: one row per image of each product within
  /// `imagesPerProduct`, ordered by product id and image position, its columns those of
  /// ``Column`` in their order (the product's items as JSON text,
  /// ``ProductValues/itemsJSON(of:)``).
  /// `parameterSet` is the placeholder of the set's id in the dialect at hand, `filter` a
  /// condition on `products` (a page).
  public static func query(
    parameterSet: String, imagesPerProduct: Int, dialect: SQLDialect, filter: String = "1 = 1"
  ) -> String {
    """
    SELECT \(Column.allCases.map(\.sql).joined(separator: ", "))
    FROM \(ProductImages.table(limit: imagesPerProduct, dialect: dialect, filter: filter))
      AS products
    LEFT JOIN images ON images.url = products.url
    LEFT JOIN analyses
      ON analyses.image_sha256 = images.sha256 AND analyses.parameter_set_id = \(parameterSet)
    ORDER BY products.id, products.position
    """
  }

  /// One row of ``query(parameterSet:imagesPerProduct:dialect:filter:)``: the product's feed
  /// values (an entry without an image's analysis), one of its images, and that image's
  /// analysis when it has one.
  public struct Row: Sendable {
    public var product: ExportEntry
    public var candidate: ImageCandidate
    public var colorsJSON: String?
    public var family: String?
    public var backdrop: String?

    /// The image at `position` is analysed when it has colours.
    public init(
      product: ExportEntry, position: Int, url: String?, sha256: String?, plainness: Double?,
      colorsJSON: String?, family: String?, backdrop: String?
    ) {
      self.product = product
      candidate = ImageCandidate(
        position: position, url: url, sha256: sha256, isAnalysed: colorsJSON != nil,
        plainness: plainness)
      self.colorsJSON = colorsJSON
      self.family = family
      self.backdrop = backdrop
    }
  }

  /// Gathers a product's rows (consecutive, in position order) into its entry, with the
  /// chosen image's analysis; only that analysis's colours are parsed.
  public struct Assembler {
    let parameterSetID: Int64
    let location: String
    private var rows: [Row] = []

    public init(parameterSetID: Int64, location: String) {
      self.parameterSetID = parameterSetID
      self.location = location
    }

    /// Adds `row`; returns the previous product's entry when `row` is another product's.
    public mutating func add(_ row: Row) throws(StoreError) -> ExportEntry? {
      var finished: ExportEntry?
      if let first = rows.first, first.product.id != row.product.id { finished = try finish() }
      rows.append(row)
      return finished
    }

    /// The entry of the rows gathered so far, if any, and starts afresh.
    public mutating func finish() throws(StoreError) -> ExportEntry? {
      defer { rows.removeAll(keepingCapacity: true) }
      guard let first = rows.first else { return nil }
      let candidates = rows.map(\.candidate)
      let chosen = ImageCandidate.choose(candidates).map { rows[$0] } ?? first
      var entry = first.product
      entry.colors = try chosen.colorsJSON.map { json throws(StoreError) in
        try ExportEntry.colors(
          fromJSON: json, product: first.product.id, image: chosen.candidate.sha256,
          parameterSetID: parameterSetID, location: location)
      }
      entry.imageSHA256 = chosen.candidate.sha256
      entry.family = try chosen.family.map { name throws(StoreError) in
        try ColorFamily(
          stored: name,
          of:
            "the analysis of image \(chosen.candidate.sha256 ?? "?") (product \(first.product.id), "
            + "parameter set \(parameterSetID))", location: location)
      }
      entry.backdrop = chosen.backdrop
      if let url = chosen.candidate.url {
        entry.chosenImageURL = url
        entry.chosenImageIndex = chosen.candidate.position
      }
      entry.plainness = chosen.candidate.plainness
      entry.imageSHA256s = candidates.compactMap(\.sha256)
      return entry
    }
  }
  /// The colours of a stored analysis, or an ``StoreError/Reason/unreadableData(detail:)``
  /// naming the product and the image when the column is not a JSON array of colours.
  public static func colors(
    fromJSON json: String, product: String, image: String?, parameterSetID: Int64,
    location: String
  ) throws(StoreError) -> [StoredColor] {
    guard let colors = StoredColorsParser.parse(json) else {
      throw StoreError(
        path: location,
        reason: .unreadableData(
          detail: "the colours of image \(image ?? "?") (product \(product), parameter set "
            + "\(parameterSetID)) are not a JSON array of colours: \(json.prefix(80))"))
    }
    return colors
  }
}

extension ExportEntry.Row {
  /// A row of ``ExportEntry/query(parameterSet:imagesPerProduct:dialect:filter:)`` as the
  /// SQLite catalogue reads it.
  init(_ row: GRDB.Row) {
    typealias C = ExportEntry.Column
    self.init(
      product: ExportEntry(
        id: row[C.id.rawValue], title: row[C.title.rawValue], brand: row[C.brand.rawValue],
        vendorColor: row[C.vendorColor.rawValue], link: row[C.link.rawValue],
        imageURL: row[C.imageURL.rawValue], isRemoved: row[C.isRemoved.rawValue],
        imageSHA256: nil, colors: nil, family: nil,
        itemGroupId: row[C.itemGroupId.rawValue],
        items: ProductValues.items(fromJSON: row[C.items.rawValue])),
      position: row[C.position.rawValue], url: row[C.url.rawValue],
      sha256: row[C.sha256.rawValue], plainness: row[C.plainness.rawValue],
      colorsJSON: row[C.colors.rawValue], family: row[C.family.rawValue],
      backdrop: row[C.backdrop.rawValue])
  }
}
