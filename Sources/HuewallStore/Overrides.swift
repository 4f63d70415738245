public import Foundation
import GRDB
public import HuewallColorWords

/// A person's decision about a product's colour: it wins over every analysis, in every export
/// and every parameter set, until it is cleared or the product's image changes.
///
/// The decision is about the picture the person saw, so it keeps the content hash of the
/// product's main image at the time: while that content is still among the product's images
/// (within the limit a run analyses) the decision holds, whichever of them the colour is read
/// from; once it is not, the image changed, and the decision is set aside (not deleted) and
/// goes back to review with it shown.
public struct ColorOverride: Sendable, Hashable, Codable {
  /// The feed's id of the product.
  public var productID: String
  /// The family decided.
  public var family: ColorFamily
  /// The exact colour, `#rrggbb` in lowercase, when one was given.
  public var hex: String?
  /// Why, in the person's words.
  public var note: String?
  public var decidedAt: Date
  /// The SHA-256 of the product's main image when the decision was made; nil when no image
  /// had been fetched yet (the decision then holds whatever image comes).
  public var imageSHA256: String?

  public init(
    productID: String, family: ColorFamily, hex: String? = nil, note: String? = nil,
    decidedAt: Date, imageSHA256: String?
  ) {
    self.productID = productID
    self.family = family
    self.hex = hex
    self.note = note
    self.decidedAt = decidedAt
    self.imageSHA256 = imageSHA256
  }

  /// A decision as the catalogue at `location` stores it: the family as its name, read with
  /// ``ColorFamily/init(name:)``; a name no family has is an error naming the product.
  public init(
    productID: String, storedFamily: String, hex: String?, note: String?, decidedAt: Date,
    imageSHA256: String?, location: String
  ) throws(StoreError) {
    self.init(
      productID: productID,
      family: try ColorFamily(stored: storedFamily, of: "product \(productID)", location: location),
      hex: hex, note: note, decidedAt: decidedAt,
      imageSHA256: imageSHA256)
  }

  /// Whether the decision still holds for a product whose images now have the contents
  /// `currentImages`: it was made without an image, or on one of them.
  public func holds(forImages currentImages: [String]) -> Bool {
    guard let imageSHA256 else { return true }
    return currentImages.contains(imageSHA256)
  }
}

/// A stored decision with the product's main image as it is now.
public struct StoredColorOverride: Sendable, Hashable {
  public var override: ColorOverride
  /// The SHA-256 of the product's main image now; nil when it has none or it was not fetched.
  public var currentImageSHA256: String?
  /// The product has left the feed.
  public var isRemoved: Bool
  /// The contents of the product's images now, within the limit a run analyses, in order
  /// (those fetched).
  public var currentImageSHA256s: [String]

  public init(
    override: ColorOverride, currentImageSHA256: String?, isRemoved: Bool,
    currentImageSHA256s: [String]? = nil
  ) {
    self.override = override
    self.currentImageSHA256 = currentImageSHA256
    self.isRemoved = isRemoved
    self.currentImageSHA256s = currentImageSHA256s ?? [currentImageSHA256].compactMap { $0 }
  }

  /// The image changed since the decision (its content is no longer among the product's
  /// images): the decision is set aside and the product needs review.
  public var isSetAside: Bool { !override.holds(forImages: currentImageSHA256s) }

  /// Gathers the rows of ``query(imagesPerProduct:dialect:)``, one per image of
  /// each decided product in position order, into one decision each.
  public static func gather(
    _ rows: [(override: ColorOverride, position: Int, sha256: String?, isRemoved: Bool)]
  ) -> [StoredColorOverride] {
    var result: [StoredColorOverride] = []
    for row in rows {
      if result.last?.override.productID == row.override.productID {
        if let sha256 = row.sha256 { result[result.count - 1].currentImageSHA256s.append(sha256) }
        continue
      }
      result.append(
        StoredColorOverride(
          override: row.override, currentImageSHA256: row.position == 0 ? row.sha256 : nil,
          isRemoved: row.isRemoved, currentImageSHA256s: [row.sha256].compactMap { $0 }))
    }
    return result
  }
}

/// What the catalogue knows of a product a decision is about to be recorded for.
public struct OverrideTarget: Sendable, Hashable {
  public var productID: String
  /// The SHA-256 of its main image now, recorded with the decision.
  public var imageSHA256: String?
  public var isRemoved: Bool

  public init(productID: String, imageSHA256: String?, isRemoved: Bool) {
    self.productID = productID
    self.imageSHA256 = imageSHA256
    self.isRemoved = isRemoved
  }
}

extension OverrideTarget {
  /// Columns: product id, image now, removed; `ids` is the placeholder list of the dialect.
  public static func query(ids: String) -> String {
    """
    SELECT products.id, images.sha256, products.removed_at IS NOT NULL
    FROM products LEFT JOIN images ON images.url = products.image_url
    WHERE products.id IN (\(ids))
    """
  }
}

extension StoredColorOverride {
  /// What both catalogues read for the decisions: one row per image (within
  /// `imagesPerProduct`) of each decided product, in position order. Columns: product id,
  /// family, hex, note, decided at, image at the time, the image's content now, removed, the
  /// image's position.
  public static func query(imagesPerProduct: Int, dialect: SQLDialect) -> String {
    """
    SELECT color_overrides.product_id, color_overrides.family, color_overrides.hex,
           color_overrides.note, color_overrides.decided_at, color_overrides.image_sha256,
           images.sha256, products.removed_at IS NOT NULL, products.position
    FROM color_overrides
    JOIN \(ProductImages.table(limit: imagesPerProduct, dialect: dialect)) AS products
      ON products.id = color_overrides.product_id
    LEFT JOIN images ON images.url = products.url
    ORDER BY color_overrides.product_id, products.position
    """
  }
}

extension ColorOverride {
  /// The decision in the first six columns of ``StoredColorOverride/query(imagesPerProduct:dialect:)``'s
  /// `row`, read from the SQLite catalogue at `location`.
  init(_ row: Row, location: String) throws(StoreError) {
    try self.init(
      productID: row[0], storedFamily: row[1], hex: row[2], note: row[3], decidedAt: row[4],
      imageSHA256: row[5], location: location)
  }
}

/// The `color_overrides` table.
struct ColorOverrideRow: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "color_overrides"

  var productID: String
  var family: String
  var hex: String?
  var note: String?
  var decidedAt: Date
  var imageSHA256: String?

  enum CodingKeys: String, CodingKey, ColumnExpression {
    case productID = "product_id"
    case family, hex, note
    case decidedAt = "decided_at"
    case imageSHA256 = "image_sha256"
  }

  init(_ o: ColorOverride) {
    productID = o.productID
    family = o.family.rawValue
    hex = o.hex
    note = o.note
    decidedAt = o.decidedAt
    imageSHA256 = o.imageSHA256
  }
}

extension CatalogStore {
  public func colorOverrides(imagesPerProduct: Int) throws(StoreError)
    -> [StoredColorOverride]
  {
    let location = path
    return try read { db in
      let rows = try Row.fetchAll(
        db, sql: StoredColorOverride.query(imagesPerProduct: imagesPerProduct, dialect: .sqlite))
      return StoredColorOverride.gather(
        try rows.map { row in
          (try ColorOverride(row, location: location), row[8], row[6], row[7])
        })
    }
  }

  public func overrideTargets(productIDs: [String]) throws(StoreError) -> [String: OverrideTarget] {
    try read { db in
      var found: [String: OverrideTarget] = [:]
      // SQLite takes at most 32,766 variables a statement.
      for start in stride(from: 0, to: productIDs.count, by: 500) {
        let ids = Array(productIDs[start..<min(start + 500, productIDs.count)])
        let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ",")
        for row in try Row.fetchAll(
          db, sql: OverrideTarget.query(ids: placeholders), arguments: StatementArguments(ids))
        {
          let target = OverrideTarget(productID: row[0], imageSHA256: row[1], isRemoved: row[2])
          found[target.productID] = target
        }
      }
      return found
    }
  }

  public func saveColorOverrides(_ overrides: [ColorOverride]) throws(StoreError) {
    guard !overrides.isEmpty else { return }
    try write { db in
      for override in overrides { try ColorOverrideRow(override).save(db) }
    }
  }

  @discardableResult
  public func clearColorOverrides(productIDs: [String]) throws(StoreError) -> Int {
    guard !productIDs.isEmpty else { return 0 }
    return try write { db in
      try ColorOverrideRow.deleteAll(db, keys: productIDs)
    }
  }
}
