public import Foundation
import GRDB
public import HuewallCore

/// A product as the catalogue remembers it: the feed's values and when the feed had it.
public struct StoredProduct: Sendable, Hashable, Codable {
  public var product: Product
  /// The first sync that saw this id. Kept when a removed product comes back.
  public var firstSeenAt: Date
  /// The last sync whose feed held this product.
  public var lastSeenAt: Date
  /// When the product left the feed; nil while it is in the feed.
  public var removedAt: Date?
  /// The last change of the product's values or of its removal, not of `lastSeenAt`.
  public var updatedAt: Date

  public init(
    product: Product, firstSeenAt: Date, lastSeenAt: Date, removedAt: Date?, updatedAt: Date
  ) {
    self.product = product
    self.firstSeenAt = firstSeenAt
    self.lastSeenAt = lastSeenAt
    self.removedAt = removedAt
    self.updatedAt = updatedAt
  }

  /// True once the product has left the feed; the export flags it rather than dropping it.
  public var isRemoved: Bool { removedAt != nil }
}

/// What one product sync changed, for the run's counts.
public struct ProductSyncCounts: Sendable, Hashable, Codable {
  /// Distinct product ids in the feed (a repeated id counts once; its first occurrence wins).
  public var seen: Int
  /// Ids not in the catalogue, plus removed products that came back.
  public var added: Int
  /// Products in the catalogue whose stored values differ from the feed's.
  public var changed: Int
  /// Products of the catalogue that are no longer in the feed, now marked removed.
  public var removed: Int
  /// Colourways that took another id than their group and colour make, since another product
  /// has that one (``ColourwayFolder``): item warnings of the run.
  public var renamed: [ColourwayRename]

  public init(
    seen: Int = 0, added: Int = 0, changed: Int = 0, removed: Int = 0,
    renamed: [ColourwayRename] = []
  ) {
    self.seen = seen
    self.added = added
    self.changed = changed
    self.removed = removed
    self.renamed = renamed
  }

  /// Products seen whose values did not change.
  public var unchanged: Int { seen - added - changed }
}

extension CatalogStore {
  /// Makes the catalogue match a complete feed, in one transaction.
  ///
  /// - A product whose id is new is added; `firstSeenAt`, `lastSeenAt` and `updatedAt` are
  ///   `date`.
  /// - A known product whose title, brand, vendor colour, link, image URLs, price,
  ///   availability or item group differ is changed (`updatedAt` = `date`); one that is equal
  ///   is unchanged. Both get `lastSeenAt` = `date`.
  /// - A product of the catalogue that is absent from `products` gets `removedAt` = `date`.
  ///   Rows are never deleted, so an accidental short feed costs nothing but a re-sync.
  /// - A removed product that is in `products` again counts as **added**: `removedAt` goes
  ///   back to nil, its values are refreshed, and `firstSeenAt` keeps its first appearance.
  ///
  /// `products` is read once, in order; pass a lazy sequence to keep memory flat. Existing rows
  /// are loaded a chunk at a time with one query per chunk, and the ids seen so far live in a
  /// temporary SQLite table (paged to disk, not in Swift memory), so the sync itself holds only
  /// one chunk whatever the size of the catalogue. A sequence that is not the whole feed marks
  /// the rest removed: refuse empty or partial feeds before calling this.
  @discardableResult
  public func syncProducts(
    _ products: some Sequence<Product>, at date: Date
  ) throws(StoreError) -> ProductSyncCounts {
    try write { db in
      var sync = try ProductSync(db: db, date: date)
      var chunk: [ProductSync.Entry] = []
      chunk.reserveCapacity(ProductSync.chunkSize)
      for product in products {
        chunk.append((product.id, ProductValues(product)))
        if chunk.count == ProductSync.chunkSize {
          try sync.apply(chunk)
          chunk.removeAll(keepingCapacity: true)
        }
      }
      if !chunk.isEmpty { try sync.apply(chunk) }
      try sync.markRemoved()
      return sync.counts
    }
  }

  /// The URLs of the first `imagesPerProduct` images of the products in the feed, each
  /// once, in order: what a run fetches.
  public func imageURLs(imagesPerProduct: Int) throws(StoreError) -> [String] {
    try read { db in
      try String.fetchAll(
        db, sql: ProductImages.urls(limit: imagesPerProduct, dialect: .sqlite))
    }
  }

  /// The ids of the products in the feed that show `url` among their images, for messages.
  public func productIDs(imageURL url: String) throws(StoreError) -> [String] {
    try read { db in
      try String.fetchAll(
        db, sql: ProductImages.productIDs(showing: "?1", dialect: .sqlite), arguments: [url])
    }
  }

  /// The products of the catalogue ordered by id, removed ones too when `includeRemoved`.
  public func products(includeRemoved: Bool) throws(StoreError) -> [StoredProduct] {
    try read { db in
      var request = ProductRow.order(ProductRow.Columns.id)
      if !includeRemoved { request = request.filter(ProductRow.Columns.removedAt == nil) }
      return try request.fetchAll(db).map(\.storedProduct)
    }
  }
}

/// The `products` table.
struct ProductRow: Codable, FetchableRecord, TableRecord {
  static let databaseTableName = "products"

  var id: String
  var title: String
  var brand: String?
  var vendorColor: String?
  var link: String?
  var imageURL: String?
  var additionalImageURLs: [String]
  var price: String?
  var availability: String?
  var itemGroupId: String?
  var items: String  // JSON text
  var firstSeenAt: Date
  var lastSeenAt: Date
  var removedAt: Date?
  var updatedAt: Date

  enum CodingKeys: String, CodingKey, ColumnExpression {
    case id, title, brand
    case vendorColor = "vendor_color"
    case link
    case imageURL = "image_url"
    case additionalImageURLs = "additional_image_urls"
    case price, availability
    case itemGroupId = "item_group_id"
    case items
    case firstSeenAt = "first_seen_at"
    case lastSeenAt = "last_seen_at"
    case removedAt = "removed_at"
    case updatedAt = "updated_at"
  }
  typealias Columns = CodingKeys

  var storedProduct: StoredProduct {
    StoredProduct(
      product: Product(
        id: id, title: title, brand: brand, vendorColor: vendorColor,
        link: link.flatMap { URL(string: $0) },
        imageURLs: ([imageURL].compactMap { $0 } + additionalImageURLs).compactMap {
          URL(string: $0)
        },
        price: price, availability: availability, itemGroupId: itemGroupId,
        items: ProductValues.items(fromJSON: items)),
      firstSeenAt: firstSeenAt, lastSeenAt: lastSeenAt, removedAt: removedAt,
      updatedAt: updatedAt)
  }
}

/// A product's feed values as both catalogues store them: what "changed" compares. URLs are
/// kept as their `absoluteString`, the image URLs after the first as JSON text.
public struct ProductValues: Equatable, Sendable {
  /// The columns, in the order of the properties.
  public static let columns =
    "title, brand, vendor_color, link, image_url, additional_image_urls, price, availability, "
    + "item_group_id, items"

  public var title: String
  public var brand: String?
  public var vendorColor: String?
  public var link: String?
  public var imageURL: String?
  public var additionalImageURLs: String  // JSON text
  public var price: String?
  public var availability: String?
  public var itemGroupId: String?
  /// The feed items the product stands for, as JSON text (``itemsJSON(of:)``).
  public var items: String

  public init(_ product: Product) {
    title = product.title
    brand = product.brand
    vendorColor = product.vendorColor
    link = product.link?.absoluteString
    imageURL = product.imageURLs.first?.absoluteString
    additionalImageURLs = StoredProduct.additionalImageURLsJSON(of: product)
    price = product.price
    availability = product.availability
    itemGroupId = product.itemGroupId
    items = Self.itemsJSON(of: product)
  }

  /// The JSON text a catalogue stores for a product's items: `[]` for a product that stands
  /// for itself alone (one item, its own id, no size), so that a feed without sizes stores
  /// what it stored before colourways; else `[{"id": …, "size": …}, …]` in feed order, with
  /// an item's own `vendorColor` where it differs from the colourway's.
  public static func itemsJSON(of product: Product) -> String {
    if product.items.count == 1, product.items[0].id == product.id, product.items[0].size == nil,
      product.items[0].vendorColor == nil
    {
      return "[]"
    }
    var json = "["
    for (index, item) in product.items.enumerated() {
      if index > 0 { json += "," }
      json += "{\"id\":"
      JSONValue.appendQuoted(item.id, to: &json)
      if let size = item.size {
        json += ",\"size\":"
        JSONValue.appendQuoted(size, to: &json)
      }
      if let color = item.vendorColor {
        json += ",\"vendorColor\":"
        JSONValue.appendQuoted(color, to: &json)
      }
      json += "}"
    }
    return json + "]"
  }

  /// The items of `itemsJSON(of:)`; nil (the product alone) for `[]` or text that is not such
  /// an array.
  public static func items(fromJSON text: String) -> [Product.Item]? {
    guard text != "[]",
      let items = try? JSONDecoder().decode([Product.Item].self, from: Data(text.utf8)),
      !items.isEmpty
    else { return nil }
    return items
  }

  /// Reads the columns of ``selectColumns`` starting at index 1.
  init(row: Row) {
    title = row[1]
    brand = row[2]
    vendorColor = row[3]
    link = row[4]
    imageURL = row[5]
    additionalImageURLs = row[6]
    price = row[7]
    availability = row[8]
    itemGroupId = row[9]
    items = row[10]
  }

  static let selectColumns = "id, \(columns), removed_at IS NOT NULL"

  /// Statement arguments in ``selectColumns`` order, without the id.
  var arguments: [DatabaseValue] {
    [
      title.databaseValue, brand.databaseValue, vendorColor.databaseValue, link.databaseValue,
      imageURL.databaseValue, additionalImageURLs.databaseValue, price.databaseValue,
      availability.databaseValue, itemGroupId.databaseValue, items.databaseValue,
    ]
  }
}

/// One sync in progress, inside the write transaction. Statements are prepared once and reused
/// for every row.
struct ProductSync {
  /// A product of the feed: its id and values.
  typealias Entry = (id: String, values: ProductValues)

  /// Products per existing-row lookup: far below SQLite's 32,766 bound parameters, large enough
  /// that the lookups cost little next to the writes.
  static let chunkSize = 500

  let db: Database
  let date: DatabaseValue
  var counts = ProductSyncCounts()

  let markSeen: Statement
  let insert: Statement
  let update: Statement
  let touch: Statement
  let lookupFullChunk: Statement

  init(db: Database, date: Date) throws {
    self.db = db
    self.date = date.databaseValue
    // The ids of this sync: dropped at the end, and with the transaction if it fails.
    try db.execute(
      sql: """
        DROP TABLE IF EXISTS temp.product_sync_seen;
        CREATE TEMP TABLE product_sync_seen (id TEXT PRIMARY KEY) WITHOUT ROWID;
        """)
    markSeen = try db.makeStatement(
      sql: "INSERT OR IGNORE INTO temp.product_sync_seen (id) VALUES (?)")
    insert = try db.makeStatement(
      sql: """
        INSERT INTO products (title, brand, vendor_color, link, image_url, additional_image_urls,
          price, availability, item_group_id, items, id, first_seen_at, last_seen_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    update = try db.makeStatement(
      sql: """
        UPDATE products SET title = ?, brand = ?, vendor_color = ?, link = ?, image_url = ?,
          additional_image_urls = ?, price = ?, availability = ?, item_group_id = ?, items = ?,
          removed_at = NULL, last_seen_at = ?, updated_at = ?
        WHERE id = ?
        """)
    touch = try db.makeStatement(sql: "UPDATE products SET last_seen_at = ? WHERE id = ?")
    lookupFullChunk = try db.makeStatement(sql: Self.lookupSQL(count: Self.chunkSize))
  }

  static func lookupSQL(count: Int) -> String {
    let marks = repeatElement("?", count: count).joined(separator: ",")
    return "SELECT \(ProductValues.selectColumns) FROM products WHERE id IN (\(marks))"
  }

  mutating func apply(_ chunk: [Entry]) throws {
    // The stored values of the chunk's ids, in one query.
    let ids = Array(Set(chunk.lazy.map(\.id)))
    let lookup =
      ids.count == Self.chunkSize
      ? lookupFullChunk : try db.makeStatement(sql: Self.lookupSQL(count: ids.count))
    var existing: [String: (values: ProductValues, removed: Bool)] = [:]
    let rows = try Row.fetchCursor(lookup, arguments: StatementArguments(ids))
    while let row = try rows.next() {
      existing[row[0]] = (ProductValues(row: row), row[11])
    }

    for (productID, values) in chunk {
      let id = productID.databaseValue
      // A repeated id: the first occurrence was applied already.
      try markSeen.execute(arguments: [id])
      guard db.changesCount == 1 else { continue }
      counts.seen += 1
      if let (old, removed) = existing[productID] {
        if removed || old != values {
          if removed { counts.added += 1 } else { counts.changed += 1 }
          try update.execute(arguments: StatementArguments(values.arguments + [date, date, id]))
        } else {
          try touch.execute(arguments: [date, id])
        }
      } else {
        counts.added += 1
        try insert.execute(
          arguments: StatementArguments(values.arguments + [id, date, date, date]))
      }
    }
  }

  /// Marks every product of the catalogue that the feed did not hold, and forgets the ids.
  mutating func markRemoved() throws {
    try db.execute(
      sql: """
        UPDATE products SET removed_at = ?, updated_at = ?
        WHERE removed_at IS NULL AND id NOT IN (SELECT id FROM temp.product_sync_seen)
        """,
      arguments: [date, date])
    counts.removed = db.changesCount
    try db.execute(sql: "DROP TABLE temp.product_sync_seen")
  }
}

extension StoredProduct {
  /// The JSON text a catalogue stores for the product's image URLs after the first.
  public static func additionalImageURLsJSON(of product: Product) -> String {
    JSONText.array(product.imageURLs.dropFirst().lazy.map(\.absoluteString))
  }

  /// A product from the columns of a catalogue's products table (`location` names the
  /// catalogue when the JSON column cannot be read).
  public init(
    location: String, id: String, title: String, brand: String?, vendorColor: String?,
    link: String?, imageURL: String?, additionalImageURLsJSON: String, price: String?,
    availability: String?, itemGroupID: String?, itemsJSON: String = "[]", firstSeenAt: Date,
    lastSeenAt: Date, removedAt: Date?, updatedAt: Date
  ) throws(StoreError) {
    let additional: [String]
    do {
      additional = try JSONDecoder().decode([String].self, from: Data(additionalImageURLsJSON.utf8))
    } catch {
      throw StoreError(
        path: location,
        reason: .unreadableData(
          detail: "additional image URLs of product \(id): \(additionalImageURLsJSON.prefix(80))"))
    }
    self =
      ProductRow(
        id: id, title: title, brand: brand, vendorColor: vendorColor, link: link,
        imageURL: imageURL, additionalImageURLs: additional, price: price,
        availability: availability, itemGroupId: itemGroupID, items: itemsJSON,
        firstSeenAt: firstSeenAt,
        lastSeenAt: lastSeenAt, removedAt: removedAt, updatedAt: updatedAt
      ).storedProduct
  }
}
