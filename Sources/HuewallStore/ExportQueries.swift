import GRDB

/// What an export reads of one product: its feed values, its main image's hash and that
/// content's analysis under one parameter set, as stored (the colours as their JSON text).
///
/// ``CatalogStore/forEachCatalogueEntry(parameterSetID:_:)`` decodes whole records; an export
/// of a large catalogue reads only these columns and parses the colours itself.
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
  /// The analysis's colours as the `analyses.colors` column holds them (a JSON array of
  /// ``StoredColor``); nil when the content has no analysis for the set.
  public var colorsJSON: String?
  /// The analysis's product-level family.
  public var family: String?
}

extension CatalogStore {
  /// Every product, removed ones included, ordered by id, one at a time from one read
  /// snapshot. `body` runs inside the read: it must not call the store.
  public func forEachExportEntry(
    parameterSetID: Int64, _ body: (ExportEntry) throws -> Void
  ) throws(StoreError) {
    try read { db in
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT products.id, products.title, products.brand, products.vendor_color,
                 products.link, products.image_url, products.removed_at IS NOT NULL,
                 images.sha256, analyses.colors, analyses.family
          FROM products
          LEFT JOIN images ON images.url = products.image_url
          LEFT JOIN analyses
            ON analyses.image_sha256 = images.sha256 AND analyses.parameter_set_id = ?
          ORDER BY products.id
          """,
        arguments: [parameterSetID])
      while let row = try rows.next() {
        try body(
          ExportEntry(
            id: row[0], title: row[1], brand: row[2], vendorColor: row[3], link: row[4],
            imageURL: row[5], isRemoved: row[6], imageSHA256: row[7], colorsJSON: row[8],
            family: row[9]))
      }
    }
  }
}
