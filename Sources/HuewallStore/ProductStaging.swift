public import Foundation
import GRDB
import HuewallCore

/// A feed on its way into the catalogue. Its products are kept in a temporary table while the
/// feed is read and applied in one transaction once it was read whole
/// (``CatalogStore/syncStagedProducts(at:)``): a feed that breaks half-way changes nothing, and
/// neither the feed nor its products have to fit in memory.
///
/// Lives only inside ``CatalogStore/stageProducts(_:)``; do not keep it.
struct SQLiteProductStaging: ProductStaging {
  private let db: Database
  private let insert: Statement
  private let earlier: Statement

  fileprivate init(db: Database) throws {
    self.db = db
    try db.execute(
      sql: """
        CREATE TEMP TABLE IF NOT EXISTS staged_products (
          seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, position INTEGER NOT NULL,
          title TEXT NOT NULL, brand TEXT, vendor_color TEXT, link TEXT, image_url TEXT,
          additional_image_urls TEXT NOT NULL, price TEXT, availability TEXT, item_group_id TEXT,
          items TEXT NOT NULL, group_key TEXT NOT NULL);
        CREATE INDEX IF NOT EXISTS temp.staged_products_group_key
          ON staged_products (group_key, seq);
        """)
    insert = try db.cachedStatement(
      sql: """
        INSERT INTO temp.staged_products (\(ProductValues.columns), id, position, group_key)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO NOTHING
        """)
    earlier = try db.cachedStatement(
      sql: "SELECT position FROM temp.staged_products WHERE id = ?")
  }

  func add(_ product: Product, position: Int) throws -> Int? {
    let values = ProductValues(product)
    try insert.execute(
      arguments: StatementArguments(
        values.arguments + [
          product.id.databaseValue, position.databaseValue,
          Colourway.key(of: product).databaseValue,
        ]))
    if db.changesCount == 1 { return nil }
    return try Int.fetchOne(earlier, arguments: [product.id])
  }
}

extension CatalogStore {
  /// Forgets what an earlier, unfinished read staged. Call it before a feed is read.
  public func clearStagedProducts() throws(StoreError) {
    try write { db in try db.execute(sql: "DROP TABLE IF EXISTS temp.staged_products") }
  }

  /// Runs `body` in one write transaction with the staging table. What `body` throws is
  /// rethrown as it is (a feed error stays a feed error); the products it staged before are
  /// kept until ``clearStagedProducts()``.
  public func stageProducts<T>(_ body: (any ProductStaging) throws -> T) throws -> T {
    var failure: (any Error)?
    let result: T? = try write { db in
      let staging = try SQLiteProductStaging(db: db)
      do {
        return try body(staging)
      } catch let error as DatabaseError {
        throw error
      } catch {
        failure = error
        return nil
      }
    }
    if let failure { throw failure }
    guard let result else { preconditionFailure("a staging without failure has a result") }
    return result
  }

  /// How many distinct feed items are staged.
  public func stagedProductCount() throws(StoreError) -> Int {
    try write { db in
      guard try db.tableExists("staged_products", in: "temp") else { return 0 }
      return try Int.fetchOne(db, sql: "SELECT count(*) FROM temp.staged_products") ?? 0
    }
  }

  /// Makes the catalogue match the staged feed, as ``syncProducts(_:at:)`` does with a
  /// sequence, then forgets the staged products. The staged items are folded into colourways
  /// first (``Colourway``): read in group order a page at a time, so that only one page and
  /// one group are in memory. Staged nothing, every product is marked removed: refuse
  /// empty or partial feeds before calling this.
  @discardableResult
  public func syncStagedProducts(at date: Date) throws(StoreError) -> ProductSyncCounts {
    try write { db in
      var sync = try ProductSync(db: db, date: date)
      if try db.tableExists("staged_products", in: "temp") {
        // The rest of the group being read, then the groups after it: each an index range, so
        // that a group of a million items is not scanned from its start for every page (SQLite
        // ranges a row value `(group_key, seq) > (?, ?)` on its first column only).
        let columns = "id, \(ProductValues.columns), group_key, seq"
        let page = try db.makeStatement(
          sql: """
            SELECT * FROM (
              SELECT * FROM (SELECT \(columns) FROM temp.staged_products
                WHERE group_key = ?1 AND seq > ?2 ORDER BY seq LIMIT \(ProductSync.chunkSize))
              UNION ALL
              SELECT * FROM (SELECT \(columns) FROM temp.staged_products
                WHERE group_key > ?1 ORDER BY group_key, seq LIMIT \(ProductSync.chunkSize)))
            ORDER BY group_key, seq LIMIT \(ProductSync.chunkSize)
            """)
        var last: (groupKey: String, seq: Int64) = ("", 0)
        var folder = ColourwayFolder()
        var chunk: [ProductSync.Entry] = []
        let stagedID = try db.makeStatement(
          sql: "SELECT 1 FROM temp.staged_products WHERE id = ?")
        let stored = try db.makeStatement(
          sql: "SELECT items, item_group_id FROM products WHERE id = ?")
        func isTaken(_ id: String, _ colourway: Product) throws -> Bool {
          if try Int.fetchOne(stagedID, arguments: [id]) != nil { return true }
          guard let row = try Row.fetchOne(stored, arguments: [id]) else { return false }
          return ColourwayFolder.isAnotherProduct(items: row[0], group: row[1], than: colourway)
        }
        while true {
          let rows = try Row.fetchAll(page, arguments: [last.groupKey, last.seq])
          guard let tail = rows.last else { break }
          for row in rows {
            let values = ProductValues(row: row)
            chunk += try folder.add(key: row[11], id: row[0], values: values, isTaken: isTaken)
          }
          if !chunk.isEmpty { try sync.apply(chunk) }
          chunk.removeAll(keepingCapacity: true)
          last = (tail[11], tail[12])
        }
        let rest = try folder.finish(isTaken: isTaken)
        if !rest.isEmpty { try sync.apply(rest) }
        sync.counts.renamed = folder.renamed
        try db.execute(sql: "DROP TABLE temp.staged_products")
      }
      try sync.markRemoved()
      return sync.counts
    }
  }
}
