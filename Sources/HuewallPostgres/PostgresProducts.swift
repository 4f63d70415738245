import Foundation
import HuewallCore
import HuewallStore
import PostgresNIO

/// A feed on its way into the PostgreSQL catalogue: rows go to a temporary table of the
/// connection (so a feed that breaks half-way changes nothing) in multi-row inserts of
/// ``batchSize``.
///
/// A repeated id must be answered at once with the first one's position; the staging keeps a
/// 64-bit hash of every id (a few bytes each, not the ids) and asks the table only when a hash
/// was seen before. One feed read uses it at a time (the coordinator's lock sees to that).
final class PostgresProductStaging: ProductStaging, @unchecked Sendable {
  static let batchSize = 500
  private let session: PostgresSession
  private var pending: [(id: String, position: Int, values: ProductValues, groupKey: String)] =
    []
  private var pendingPositions: [String: Int] = [:]
  private var seenHashes: Set<Int64> = []

  init(session: PostgresSession) throws(StoreError) {
    self.session = session
    // A table left by an earlier read on this connection is forgotten with its ids.
    try session.execute("DROP TABLE IF EXISTS pg_temp.staged_products")
    try session.execute(
      """
      CREATE TEMP TABLE staged_products (
        seq bigint GENERATED ALWAYS AS IDENTITY, id text COLLATE "C" PRIMARY KEY,
        position integer NOT NULL, title text NOT NULL, brand text, vendor_color text,
        link text, image_url text, additional_image_urls text NOT NULL, price text,
        availability text, item_group_id text, items text NOT NULL,
        group_key text COLLATE "C" NOT NULL)
      """)
  }

  func add(_ product: Product, position: Int) throws -> Int? {
    let hash = Self.hash(product.id)
    if !seenHashes.insert(hash).inserted {
      if let earlier = pendingPositions[product.id] { return earlier }
      try flush()
      let earlier = try session.values(
        "SELECT position FROM staged_products WHERE id = \(product.id)", as: Int.self)
      if let earlier = earlier.first { return earlier }
    }
    pending.append((product.id, position, ProductValues(product), Colourway.key(of: product)))
    pendingPositions[product.id] = position
    if pending.count == Self.batchSize { try flush() }
    return nil
  }

  /// Writes the pending rows.
  func flush() throws(StoreError) {
    guard !pending.isEmpty else { return }
    let width = 13
    var binds = PostgresBindings(capacity: pending.count * width)
    var tuples: [String] = []
    for (id, position, values, groupKey) in pending {
      let first = binds.count + 1
      tuples.append("(" + (first..<first + width).map { "$\($0)" }.joined(separator: ",") + ")")
      binds.append(id)
      binds.append(position)
      values.bind(into: &binds)
      binds.append(groupKey)
    }
    try session.execute(
      PostgresQuery(
        unsafeSQL: """
          INSERT INTO staged_products (id, position, \(ProductValues.columns), group_key)
          VALUES \(tuples.joined(separator: ","))
          ON CONFLICT (id) DO NOTHING
          """, binds: binds))
    pending.removeAll(keepingCapacity: true)
    pendingPositions.removeAll(keepingCapacity: true)
  }

  /// FNV-1a, stable across processes (Swift's `Hasher` is seeded per process).
  private static func hash(_ id: String) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in id.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return Int64(bitPattern: hash)
  }
}

extension ProductValues {
  /// Reads the columns of ``columns`` starting at index 1 (after the id).
  init(columns row: PostgresSession.Columns) throws(StoreError) {
    self.init(Product(id: "", imageURLs: []))
    title = try row[1]
    brand = try row[2]
    vendorColor = try row[3]
    link = try row[4]
    imageURL = try row[5]
    additionalImageURLs = try row[6]
    price = try row[7]
    availability = try row[8]
    itemGroupId = try row[9]
    items = try row[10]
  }

  /// Appends the values in ``columns`` order.
  func bind(into binds: inout PostgresBindings) {
    binds.append(title)
    binds.append(brand)
    binds.append(vendorColor)
    binds.append(link)
    binds.append(imageURL)
    binds.append(additionalImageURLs)
    binds.append(price)
    binds.append(availability)
    binds.append(itemGroupId)
    binds.append(items)
  }
}

extension PostgresCatalog {
  public func clearStagedProducts() throws(StoreError) {
    staging.withLock { $0 = nil }
    try session.execute("DROP TABLE IF EXISTS pg_temp.staged_products")
  }

  /// The staging of the feed being read, made at its first page and kept for the next ones.
  private func currentStaging() throws(StoreError) -> PostgresProductStaging {
    if let current = staging.withLock({ $0 }) { return current }
    let created = try PostgresProductStaging(session: session)
    staging.withLock { $0 = created }
    return created
  }

  public func stageProducts<T>(_ body: (any ProductStaging) throws -> T) throws -> T {
    let staging = try currentStaging()
    let result: T
    do {
      result = try body(staging)
    } catch {
      try staging.flush()
      throw error
    }
    try staging.flush()
    return result
  }

  public func stagedProductCount() throws(StoreError) -> Int {
    let exists = try session.values(
      "SELECT to_regclass('pg_temp.staged_products') IS NOT NULL", as: Bool.self)
    guard exists.first == true else { return 0 }
    return try session.values("SELECT count(*) FROM pg_temp.staged_products", as: Int.self)[0]
  }

  /// The rules of ``CatalogStore/syncProducts(_:at:)``, as three set-wise statements in one
  /// transaction: count, upsert, mark the missing ones removed.
  @discardableResult
  public func syncStagedProducts(at date: Date) throws(StoreError) -> ProductSyncCounts {
    // Nothing staged: an empty table, so that every product is marked removed.
    _ = try currentStaging()
    let renamed = try foldStagedColourways()
    let values = ProductValues.columns
    let differs =
      "(p.\(values.replacingOccurrences(of: ", ", with: ", p."))) IS DISTINCT FROM "
      + "(s.\(values.replacingOccurrences(of: ", ", with: ", s.")))"
    return try session.transaction {
      let row = try session.rows(
        PostgresQuery(
          unsafeSQL: """
            SELECT count(*),
              count(*) FILTER (WHERE p.id IS NULL OR p.removed_at IS NOT NULL),
              count(*) FILTER (WHERE p.id IS NOT NULL AND p.removed_at IS NULL AND \(differs))
            FROM pg_temp.staged_products s LEFT JOIN products p ON p.id = s.id
            """))[0]
      var counts = ProductSyncCounts(
        seen: try row[0], added: try row[1], changed: try row[2], renamed: renamed)
      let updates = values.split(separator: ", ").map { "\($0) = excluded.\($0)" }
        .joined(separator: ", ")
      let changed =
        "(products.\(values.replacingOccurrences(of: ", ", with: ", products."))) "
        + "IS DISTINCT FROM (excluded.\(values.replacingOccurrences(of: ", ", with: ", excluded.")))"
      var binds = PostgresBindings()
      binds.append(date)
      try session.execute(
        PostgresQuery(
          unsafeSQL: """
            INSERT INTO products (id, \(values), first_seen_at, last_seen_at, updated_at)
            SELECT id, \(values), $1, $1, $1 FROM pg_temp.staged_products ORDER BY id
            ON CONFLICT (id) DO UPDATE SET \(updates), removed_at = NULL,
              last_seen_at = excluded.last_seen_at,
              updated_at = CASE WHEN products.removed_at IS NOT NULL OR \(changed)
                THEN excluded.updated_at ELSE products.updated_at END
            """, binds: binds))
      counts.removed = try session.execute(
        """
        UPDATE products SET removed_at = \(date), updated_at = \(date)
        WHERE removed_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM pg_temp.staged_products s WHERE s.id = products.id)
        """)
      try session.execute("DROP TABLE pg_temp.staged_products")
      staging.withLock { $0 = nil }
      return counts
    }
  }

  /// Replaces the staged feed items by one row per colourway (``ColourwayFolder``), read in
  /// group order a page at a time and written back in batches. A colourway whose name another
  /// product already has takes the next free one; what were renamed is returned.
  private func foldStagedColourways() throws(StoreError) -> [ColourwayRename] {
    let values = ProductValues.columns
    try session.execute("DROP TABLE IF EXISTS pg_temp.staged_colourways")
    try session.execute(
      """
      CREATE TEMP TABLE staged_colourways (LIKE pg_temp.staged_products INCLUDING ALL)
      """)
    var folder = ColourwayFolder()
    var done: [(id: String, values: ProductValues)] = []
    func isTaken(_ id: String, _ colourway: Product) throws(StoreError) -> Bool {
      var binds = PostgresBindings()
      binds.append(id)
      let staged = try session.values(
        PostgresQuery(
          unsafeSQL: "SELECT count(*) FROM pg_temp.staged_products WHERE id = $1", binds: binds),
        as: Int.self)
      if (staged.first ?? 0) > 0 { return true }
      let stored = try session.rows(
        PostgresQuery(
          unsafeSQL: "SELECT items, item_group_id FROM products WHERE id = $1", binds: binds))
      guard let row = stored.first else { return false }
      return ColourwayFolder.isAnotherProduct(
        items: try row[0], group: try row[1], than: colourway)
    }
    func write() throws(StoreError) {
      guard !done.isEmpty else { return }
      var binds = PostgresBindings(capacity: done.count * 11)
      var tuples: [String] = []
      for (id, values) in done {
        let first = binds.count + 1
        tuples.append(
          "(" + (first..<first + 11).map { "$\($0)" }.joined(separator: ",") + ", 0, '')")
        binds.append(id)
        values.bind(into: &binds)
      }
      try session.execute(
        PostgresQuery(
          unsafeSQL: """
            INSERT INTO staged_colourways (id, \(values), position, group_key)
            VALUES \(tuples.joined(separator: ","))
            ON CONFLICT (id) DO NOTHING
            """, binds: binds))
      done.removeAll(keepingCapacity: true)
    }
    var last = (groupKey: "", seq: Int64(0))
    while true {
      let rows = try session.rows(
        PostgresQuery(
          unsafeSQL: """
            SELECT id, \(values), group_key, seq FROM pg_temp.staged_products
            WHERE (group_key, seq) > ($1, $2) ORDER BY group_key, seq
            LIMIT \(PostgresProductStaging.batchSize)
            """,
          binds: {
            var binds = PostgresBindings()
            binds.append(last.groupKey)
            binds.append(last.seq)
            return binds
          }()))
      guard !rows.isEmpty else { break }
      for row in rows {
        let key: String = try row[11]
        let values = try ProductValues(columns: row)
        done += try folder.add(key: key, id: try row[0], values: values, isTaken: isTaken)
        last = (key, try row[12])
      }
      try write()
    }
    done += try folder.finish(isTaken: isTaken)
    try write()
    try session.execute("DROP TABLE pg_temp.staged_products")
    try session.execute("ALTER TABLE pg_temp.staged_colourways RENAME TO staged_products")
    return folder.renamed
  }

  public func imageURLs(imagesPerProduct: Int) throws(StoreError) -> [String] {
    try session.values(
      PostgresQuery(
        unsafeSQL: ProductImages.urls(limit: imagesPerProduct, dialect: .postgres)))
  }

  public func productIDs(imageURL url: String) throws(StoreError) -> [String] {
    var binds = PostgresBindings()
    binds.append(url)
    return try session.values(
      PostgresQuery(
        unsafeSQL: ProductImages.productIDs(showing: "$1", dialect: .postgres), binds: binds))
  }

  public func products(includeRemoved: Bool) throws(StoreError) -> [StoredProduct] {
    try session.rows(
      """
      SELECT id, \(unescaped: ProductValues.columns), first_seen_at, last_seen_at, removed_at,
        updated_at
      FROM products WHERE \(includeRemoved) OR removed_at IS NULL ORDER BY id
      """
    ).map { row throws(StoreError) in
      try StoredProduct(
        location: location, id: row[0], title: row[1], brand: row[2], vendorColor: row[3],
        link: row[4],
        imageURL: row[5], additionalImageURLsJSON: row[6], price: row[7], availability: row[8],
        itemGroupID: row[9], itemsJSON: row[10], firstSeenAt: row[11], lastSeenAt: row[12],
        removedAt: row[13], updatedAt: row[14])
    }
  }
}
