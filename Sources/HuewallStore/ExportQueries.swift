import GRDB

/// What an export reads of one product: its feed values, its main image's hash and that
/// content's analysis under one parameter set (only these columns, so that an export of a
/// large catalogue reads little).
public struct ExportEntry: Sendable, Hashable {
  public var id: String
  public var title: String
  public var brand: String?
  public var vendorColor: String?
  public var link: String?
  public var imageURL: String?
  /// The product has left the feed.
  public var isRemoved: Bool
  /// The SHA-256 of the main image's bytes; nil until it was fetched.
  public var imageSHA256: String?
  /// The analysis's colours, most dominant first; nil when the content has no analysis for
  /// the set.
  public var colors: [StoredColor]?
  /// The analysis's product-level family.
  public var family: String?
  /// The feed's id shared by the colourways of one model (a Shopify product's id), for the
  /// write-back exports.
  public var itemGroupId: String?
  /// What the analysis took for the backdrop (`#rrggbb`, `transparent`, `scene`); nil when
  /// unknown, as for analyses made before the catalogue kept it.
  public var backdrop: String?

  public init(
    id: String, title: String, brand: String?, vendorColor: String?, link: String?,
    imageURL: String?, isRemoved: Bool, imageSHA256: String?, colors: [StoredColor]?,
    family: String?, itemGroupId: String? = nil, backdrop: String? = nil
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
  }
}

extension CatalogStore {
  /// Every product, removed ones included, ordered by id, one at a time from one read
  /// snapshot. `body` runs inside the read: it must not call the store. An analysis whose
  /// colours cannot be read (a column edited by hand) is an ``StoreError/Reason/unreadableData(detail:)``
  /// naming the product and the image.
  public func forEachExportEntry(
    parameterSetID: Int64, _ body: (ExportEntry) throws -> Void
  ) throws(StoreError) {
    try read { db in
      let rows = try Row.fetchCursor(
        db, sql: "\(ExportEntry.query(parameterSet: "?")) ORDER BY products.id",
        arguments: [parameterSetID])
      while let row = try rows.next() {
        let colors = try (row[8] as String?).map { json throws(StoreError) in
          try ExportEntry.colors(
            fromJSON: json, product: row[0], image: row[7], parameterSetID: parameterSetID,
            location: path)
        }
        try body(
          ExportEntry(
            id: row[0], title: row[1], brand: row[2], vendorColor: row[3], link: row[4],
            imageURL: row[5], isRemoved: row[6], imageSHA256: row[7], colors: colors,
            family: row[9], itemGroupId: row[10], backdrop: row[11]))
      }
    }
  }
}

extension ExportEntry {
  /// What both catalogues read for an export, columns in the order of the properties:
  /// `parameterSet` is the placeholder of the set's id in the dialect at hand.
  public static func query(parameterSet: String) -> String {
    """
    SELECT products.id, products.title, products.brand, products.vendor_color,
           products.link, products.image_url, products.removed_at IS NOT NULL,
           images.sha256, analyses.colors, analyses.family, products.item_group_id,
           analyses.backdrop
    FROM products
    LEFT JOIN images ON images.url = products.image_url
    LEFT JOIN analyses
      ON analyses.image_sha256 = images.sha256 AND analyses.parameter_set_id = \(parameterSet)
    """
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
