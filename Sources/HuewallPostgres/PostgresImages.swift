import Foundation
import HuewallColorWords
import HuewallCore
public import HuewallStore
import PostgresNIO

// MARK: Images

extension PostgresCatalog {
  static let imageColumns =
    "url, etag, last_modified, sha256, byte_count, format, width, height, last_status, "
    + "last_error, fetched_at"

  func imageRecord(_ row: PostgresSession.Columns) throws(StoreError) -> ImageRecord {
    let format: String? = try row[5]
    let status: String = try row[8]
    return ImageRecord(
      url: try row[0], etag: try row[1], lastModified: try row[2], sha256: try row[3],
      byteCount: try row[4], format: format.flatMap(ImageFormat.init(rawValue:)),
      width: try row[6], height: try row[7], lastStatus: ImageStatus(rawValue: status) ?? .failed,
      lastError: try row[9], fetchedAt: try row[10])
  }

  public func imageRecords(imagesPerProduct: Int) async throws(StoreError) -> [String: ImageRecord]
  {
    let records = try await session.rows(
      PostgresQuery(
        unsafeSQL: """
          SELECT \(Self.imageColumns) FROM images WHERE url IN (
            \(ProductImages.urls(limit: imagesPerProduct, dialect: .postgres)))
          """)
    ).map(imageRecord)
    return Dictionary(records.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The records of these URLs, by URL: what a worker revalidates against.
  func imageRecords(urls: [String]) async throws(StoreError) -> [String: ImageRecord] {
    let records = try await session.rows(
      "SELECT \(unescaped: Self.imageColumns) FROM images WHERE url = ANY(\(urls))"
    ).map(imageRecord)
    return Dictionary(records.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// Upserts `records` in statements of up to ``rowsPerStatement`` rows each: a worker's
  /// batch costs one round trip, not one per image. A URL given twice keeps its last record.
  public func saveImages(_ records: [ImageRecord]) async throws(StoreError) {
    guard !records.isEmpty else { return }
    var latest: [String: ImageRecord] = [:]
    for record in records { latest[record.url] = record }
    // In URL order, so that two workers' batches lock the rows in the same order.
    let unique = latest.values.sorted { $0.url < $1.url }
    try await session.transaction {
      for start in stride(from: 0, to: unique.count, by: Self.rowsPerStatement) {
        let chunk = unique[start..<min(start + Self.rowsPerStatement, unique.count)]
        var binds = PostgresBindings()
        var rows: [String] = []
        for record in chunk {
          rows.append(Self.placeholders(from: binds.count + 1, count: 11))
          binds.append(record.url)
          binds.append(record.etag)
          binds.append(record.lastModified)
          binds.append(record.sha256)
          binds.append(record.byteCount)
          binds.append(record.format?.rawValue)
          binds.append(record.width)
          binds.append(record.height)
          binds.append(record.lastStatus.rawValue)
          binds.append(record.lastError)
          binds.append(record.fetchedAt)
        }
        try await session.execute(
          PostgresQuery(
            unsafeSQL: """
              INSERT INTO images (\(Self.imageColumns)) VALUES \(rows.joined(separator: ", "))
              ON CONFLICT (url) DO UPDATE SET
                etag = excluded.etag, last_modified = excluded.last_modified,
                sha256 = excluded.sha256, byte_count = excluded.byte_count,
                format = excluded.format, width = excluded.width, height = excluded.height,
                last_status = excluded.last_status, last_error = excluded.last_error,
                fetched_at = excluded.fetched_at
              """, binds: binds))
      }
    }
  }

  /// Rows of one multi-row statement: well under PostgreSQL's 65,535 parameters.
  static let rowsPerStatement = 1_000

  /// `($first, $first+1, …)` for one row of `count` values.
  static func placeholders(from first: Int, count: Int) -> String {
    "(" + (first..<first + count).map { "$\($0)" }.joined(separator: ", ") + ")"
  }

  public func cachedImages() async throws(StoreError) -> [ImageRecord] {
    try await session.rows(
      """
      SELECT DISTINCT ON (sha256) \(unescaped: Self.imageColumns) FROM images
      WHERE sha256 IS NOT NULL ORDER BY sha256, fetched_at DESC, url
      """
    ).map(imageRecord)
  }
}

// MARK: Analyses

extension PostgresCatalog {
  public func analysedImageHashes(parameterSetID: Int64, measured: Bool) async throws(StoreError)
    -> Set<String>
  {
    Set(
      try await session.values(
        """
        SELECT image_sha256 FROM analyses WHERE parameter_set_id = \(parameterSetID)
          AND (NOT \(measured) OR plainness IS NOT NULL)
        """,
        as: String.self))
  }

  public func saveAnalyses(_ records: [AnalysisRecord]) async throws(StoreError) {
    guard !records.isEmpty else { return }
    try await session.transaction {
      for record in records { try await insert(record, replacing: true) }
    }
  }

  /// Inserts one analysis; an existing one for the same content and set is replaced, or, when
  /// not `replacing`, kept (what a worker that lost a race does). Returns whether a row was
  /// written.
  @discardableResult
  func insert(_ record: AnalysisRecord, replacing: Bool) async throws(StoreError) -> Bool {
    let conflict =
      replacing
      ? """
      DO UPDATE SET width = excluded.width, height = excluded.height, colors = excluded.colors,
        family = excluded.family, samples = excluded.samples, skipped = excluded.skipped,
        background = excluded.background, backdrop = excluded.backdrop,
        plainness = excluded.plainness, analysed_at = excluded.analysed_at
      """ : "DO NOTHING"
    return try await session.execute(
      """
      INSERT INTO analyses (parameter_set_id, image_sha256, width, height, colors, family,
        samples, skipped, background, backdrop, plainness, analysed_at)
      VALUES (\(record.parameterSetID), \(record.imageSHA256), \(record.width), \(record.height),
        \(try record.colorsJSON(location: location)), \(record.family?.rawValue), \(record.samples),
        \(record.skipped), \(record.background), \(record.backdrop), \(record.plainness),
        \(record.analysedAt))
      ON CONFLICT (parameter_set_id, image_sha256) \(unescaped: conflict)
      """) == 1
  }
}

// MARK: Export

extension PostgresCatalog {
  /// Rows read per query: the export pages through the catalogue by id inside one snapshot.
  static let exportPage = 5_000

  public func forEachExportEntry(
    parameterSetID: Int64, imagesPerProduct: Int, _ body: (ExportEntry) throws -> Void
  ) async throws(StoreError) {
    try await session.transaction {
      try await session.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
      try await exportEntries(
        parameterSetID: parameterSetID, imagesPerProduct: imagesPerProduct, body)
    }
  }

  /// ``forEachExportEntry(parameterSetID:imagesPerProduct:_:)`` in the snapshot of the
  /// transaction it is called in (a page of products at a time, so several reads).
  func exportEntries(
    parameterSetID: Int64, imagesPerProduct: Int, _ body: (ExportEntry) throws -> Void
  ) async throws(StoreError) {
    try await session.transaction {
      var last = ""
      var first = true
      var assembler = ExportEntry.Assembler(parameterSetID: parameterSetID, location: location)
      while true {
        // A page of products (each with its images' rows), so that no product's rows are
        // split between pages.
        var binds = PostgresBindings()
        binds.append(parameterSetID)
        binds.append(first)
        binds.append(last)
        var products = 0
        var previous: String?
        try await session.forEachRow(
          PostgresQuery(
            unsafeSQL: ExportEntry.query(
              parameterSet: "$1", imagesPerProduct: imagesPerProduct, dialect: .postgres,
              filter: """
                products.id IN (SELECT id FROM products WHERE $2 OR id > $3
                  ORDER BY id LIMIT \(Self.exportPage))
                """), binds: binds)
        ) { row throws in
          typealias C = ExportEntry.Column
          let id: String = try row[C.id.rawValue]
          if id != previous { products += 1 }
          previous = id
          let next = ExportEntry.Row(
            product: ExportEntry(
              id: id, title: try row[C.title.rawValue], brand: try row[C.brand.rawValue],
              vendorColor: try row[C.vendorColor.rawValue], link: try row[C.link.rawValue],
              imageURL: try row[C.imageURL.rawValue], isRemoved: try row[C.isRemoved.rawValue],
              imageSHA256: nil, colors: nil, family: nil,
              itemGroupId: try row[C.itemGroupId.rawValue],
              items: ProductValues.items(fromJSON: try row[C.items.rawValue])),
            position: try row[C.position.rawValue], url: try row[C.url.rawValue],
            sha256: try row[C.sha256.rawValue], plainness: try row[C.plainness.rawValue],
            colorsJSON: try row[C.colors.rawValue], family: try row[C.family.rawValue],
            backdrop: try row[C.backdrop.rawValue])
          if let entry = try assembler.add(next) { try body(entry) }
          last = id
        }
        first = false
        if products < Self.exportPage { break }
      }
      if let entry = try assembler.finish() { try body(entry) }
    }
  }
}
