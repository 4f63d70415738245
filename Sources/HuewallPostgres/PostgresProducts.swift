public import Foundation
import HuewallCore
public import HuewallStore
import PostgresNIO
import Synchronization

/// A feed on its way into the PostgreSQL catalogue: rows go to a temporary table of the
/// connection (so a feed that breaks half-way changes nothing) in multi-row inserts of
/// ``batchSize``.
///
/// The feed parser hands products over one at a time and synchronously, and a repeated id must
/// be answered at once with the first one's position, so the staging answers from memory: it
/// keeps every id it was given with its position, and the rows of the document being parsed
/// until ``flush()`` writes them once the parser is done with it (a Shopify page holds at most
/// 250). One feed read uses it at a time (the coordinator's lock sees to that).
final class PostgresProductStaging: ProductStaging, @unchecked Sendable {
  static let batchSize = 500
  private let session: PostgresSession
  private var pending: [(id: String, position: Int, values: ProductValues, groupKey: String)] =
    []
  private var positions: [String: Int] = [:]

  private init(session: PostgresSession) {
    self.session = session
  }

  /// A staging with an empty table.
  static func start(session: PostgresSession) async throws(StoreError) -> PostgresProductStaging {
    // A table left by an earlier read on this connection is forgotten with its ids.
    try await session.execute("DROP TABLE IF EXISTS pg_temp.staged_products")
    try await session.execute(
      """
      CREATE TEMP TABLE staged_products (
        seq bigint GENERATED ALWAYS AS IDENTITY, id text COLLATE "C" PRIMARY KEY,
        position integer NOT NULL, title text NOT NULL, brand text, vendor_color text,
        link text, image_url text, additional_image_urls text NOT NULL, price text,
        availability text, item_group_id text, items text NOT NULL,
        group_key text COLLATE "C" NOT NULL)
      """)
    return PostgresProductStaging(session: session)
  }

  func add(_ product: Product, position: Int) throws -> Int? {
    if let earlier = positions[product.id] { return earlier }
    positions[product.id] = position
    pending.append((product.id, position, ProductValues(product), Colourway.key(of: product)))
    return nil
  }

  /// Writes the pending rows, ``batchSize`` to a statement.
  func flush() async throws(StoreError) {
    let width = 13
    for start in stride(from: 0, to: pending.count, by: Self.batchSize) {
      var binds = PostgresBindings(capacity: Self.batchSize * width)
      var tuples: [String] = []
      for (id, position, values, groupKey) in pending[
        start..<min(start + Self.batchSize, pending.count)]
      {
        let first = binds.count + 1
        tuples.append(
          "(" + (first..<first + width).map { "$\($0)" }.joined(separator: ",") + ")")
        binds.append(id)
        binds.append(position)
        values.bind(into: &binds)
        binds.append(groupKey)
      }
      try await session.execute(
        PostgresQuery(
          unsafeSQL: """
            INSERT INTO staged_products (id, position, \(ProductValues.columns), group_key)
            VALUES \(tuples.joined(separator: ","))
            ON CONFLICT (id) DO NOTHING
            """, binds: binds))
    }
    pending.removeAll()
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
  public func clearStagedProducts() async throws(StoreError) {
    staging.withLock { $0 = nil }
    try await session.execute("DROP TABLE IF EXISTS pg_temp.staged_products")
  }

  /// The staging of the feed being read, made at its first page and kept for the next ones.
  private func currentStaging() async throws(StoreError) -> PostgresProductStaging {
    if let current = staging.withLock({ $0 }) { return current }
    let created = try await PostgresProductStaging.start(session: session)
    staging.withLock { $0 = created }
    return created
  }

  public func stageProducts<T>(_ body: (any ProductStaging) throws -> T) async throws -> T {
    let staging = try await currentStaging()
    let result: T
    do {
      result = try body(staging)
    } catch {
      try await staging.flush()
      throw error
    }
    try await staging.flush()
    return result
  }

  public func stagedProductCount() async throws(StoreError) -> Int {
    let exists = try await session.values(
      "SELECT to_regclass('pg_temp.staged_products') IS NOT NULL", as: Bool.self)
    guard exists.first == true else { return 0 }
    return try await session.values("SELECT count(*) FROM pg_temp.staged_products", as: Int.self)[0]
  }

  /// The rules of ``CatalogStore/syncProducts(_:at:)``, as three set-wise statements in one
  /// transaction: count, upsert, mark the missing ones removed.
  @discardableResult
  public func syncStagedProducts(at date: Date) async throws(StoreError) -> ProductSyncCounts {
    // Nothing staged: an empty table, so that every product is marked removed.
    _ = try await currentStaging()
    let renamed = try await foldStagedColourways()
    let values = ProductValues.columns
    let differs =
      "(p.\(values.replacingOccurrences(of: ", ", with: ", p."))) IS DISTINCT FROM "
      + "(s.\(values.replacingOccurrences(of: ", ", with: ", s.")))"
    return try await session.transaction {
      let row = try await session.rows(
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
      try await session.execute(
        PostgresQuery(
          unsafeSQL: """
            INSERT INTO products (id, \(values), first_seen_at, last_seen_at, updated_at)
            SELECT id, \(values), $1, $1, $1 FROM pg_temp.staged_products ORDER BY id
            ON CONFLICT (id) DO UPDATE SET \(updates), removed_at = NULL,
              last_seen_at = excluded.last_seen_at,
              updated_at = CASE WHEN products.removed_at IS NOT NULL OR \(changed)
                THEN excluded.updated_at ELSE products.updated_at END
            """, binds: binds))
      counts.removed = try await session.execute(
        """
        UPDATE products SET removed_at = \(date), updated_at = \(date)
        WHERE removed_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM pg_temp.staged_products s WHERE s.id = products.id)
        """)
      try await session.execute("DROP TABLE pg_temp.staged_products")
      staging.withLock { $0 = nil }
      return counts
    }
  }

  /// Replaces the staged feed items by one row per colourway (``ColourwayFolder``), read in
  /// group order a page at a time and written back in batches. A colourway whose name another
  /// product already has takes the next free one; what were renamed is returned.
  private func foldStagedColourways() async throws(StoreError) -> [ColourwayRename] {
    let values = ProductValues.columns
    try await session.execute("DROP TABLE IF EXISTS pg_temp.staged_colourways")
    try await session.execute(
      """
      CREATE TEMP TABLE staged_colourways (LIKE pg_temp.staged_products INCLUDING ALL)
      """)
    var folder = ColourwayFolder()
    var done: [(id: String, values: ProductValues)] = []
    func isTaken(_ id: String, _ colourway: Product) async throws(StoreError) -> Bool {
      var binds = PostgresBindings()
      binds.append(id)
      let staged = try await session.values(
        PostgresQuery(
          unsafeSQL: "SELECT count(*) FROM pg_temp.staged_products WHERE id = $1", binds: binds),
        as: Int.self)
      if (staged.first ?? 0) > 0 { return true }
      let stored = try await session.rows(
        PostgresQuery(
          unsafeSQL: "SELECT items, item_group_id FROM products WHERE id = $1", binds: binds))
      guard let row = stored.first else { return false }
      return ColourwayFolder.isAnotherProduct(
        items: try row[0], group: try row[1], than: colourway)
    }
    func write() async throws(StoreError) {
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
      try await session.execute(
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
      let rows = try await session.rows(
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
        done += try await folder.add(key: key, id: try row[0], values: values, asking: isTaken)
        last = (key, try row[12])
      }
      try await write()
    }
    done += try await folder.finishAsking(isTaken)
    try await write()
    try await session.execute("DROP TABLE pg_temp.staged_products")
    try await session.execute("ALTER TABLE pg_temp.staged_colourways RENAME TO staged_products")
    return folder.renamed
  }

  public func imageURLs(imagesPerProduct: Int) async throws(StoreError) -> [String] {
    try await session.values(
      PostgresQuery(
        unsafeSQL: ProductImages.urls(limit: imagesPerProduct, dialect: .postgres)))
  }

  public func productIDs(imageURL url: String) async throws(StoreError) -> [String] {
    var binds = PostgresBindings()
    binds.append(url)
    return try await session.values(
      PostgresQuery(
        unsafeSQL: ProductImages.productIDs(showing: "$1", dialect: .postgres), binds: binds))
  }

  public func products(includeRemoved: Bool) async throws(StoreError) -> [StoredProduct] {
    try await session.rows(
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
