public import Foundation
import GRDB
public import HuewallCore

/// How the last fetch of an image URL ended.
public enum ImageStatus: String, Sendable, Hashable, Codable, CaseIterable {
  /// New bytes arrived (a first fetch, or the server sent a changed image).
  case downloaded
  /// The server answered 304: the cached bytes (same sha256) are still current.
  case notModified = "not-modified"
  /// The fetch failed; `lastError` says why.
  case failed
}

/// What the catalogue knows about one image URL: the validators for the next conditional GET
/// and what its bytes were.
public struct ImageRecord: Sendable, Hashable, Codable {
  public var url: String
  /// The server's ETag, sent back as If-None-Match.
  public var etag: String?
  /// The server's Last-Modified, sent back as If-Modified-Since.
  public var lastModified: String?
  /// The SHA-256 of the bytes (lowercase hex), which names them in the content cache and keys
  /// their analyses; nil until the URL was fetched once.
  public var sha256: String?
  public var byteCount: Int?
  public var format: ImageFormat?
  public var width: Int?
  public var height: Int?
  public var lastStatus: ImageStatus
  public var lastError: String?
  public var fetchedAt: Date

  public init(
    url: String, etag: String? = nil, lastModified: String? = nil, sha256: String? = nil,
    byteCount: Int? = nil, format: ImageFormat? = nil, width: Int? = nil, height: Int? = nil,
    lastStatus: ImageStatus, lastError: String? = nil, fetchedAt: Date
  ) {
    self.url = url
    self.etag = etag
    self.lastModified = lastModified
    self.sha256 = sha256
    self.byteCount = byteCount
    self.format = format
    self.width = width
    self.height = height
    self.lastStatus = lastStatus
    self.lastError = lastError
    self.fetchedAt = fetchedAt
  }
}

extension CatalogStore {
  /// The record of `url`, or nil when it was never fetched (the tests' view of one row; a run
  /// reads them all at once with ``imageRecords(imagesPerProduct:)``).
  func image(url: String) throws(StoreError) -> ImageRecord? {
    try read { db in try ImageRow.fetchOne(db, key: url)?.record }
  }

  /// The records of every image the products in the feed show (their first
  /// `imagesPerProduct` image URLs), by URL, in one read: a run asks for each before its
  /// conditional GET, and ten thousand reads of one row cost more than the requests they
  /// prepare.
  public func imageRecords(imagesPerProduct: Int) throws(StoreError) -> [String: ImageRecord] {
    try read { db in
      let rows = try ImageRow.fetchAll(
        db,
        sql: """
          SELECT * FROM images WHERE url IN (
            \(ProductImages.urls(limit: imagesPerProduct, dialect: .sqlite)))
          """)
      return Dictionary(rows.map { ($0.url, $0.record) }, uniquingKeysWith: { first, _ in first })
    }
  }

  /// Inserts or replaces many records in one transaction, through one prepared statement (a
  /// record's `upsert` encodes each row and reads it back: a sixth of an unchanged nightly
  /// re-run's time).
  public func saveImages(_ records: [ImageRecord]) throws(StoreError) {
    guard !records.isEmpty else { return }
    try write { db in
      let statement = try db.cachedStatement(
        sql: """
          INSERT INTO images (url, etag, last_modified, sha256, byte_count, format, width, height,
                              last_status, last_error, fetched_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (url) DO UPDATE SET
            etag = excluded.etag, last_modified = excluded.last_modified,
            sha256 = excluded.sha256, byte_count = excluded.byte_count, format = excluded.format,
            width = excluded.width, height = excluded.height, last_status = excluded.last_status,
            last_error = excluded.last_error, fetched_at = excluded.fetched_at
          """)
      for record in records {
        let row = ImageRow(record)
        try statement.execute(arguments: [
          row.url, row.etag, row.lastModified, row.sha256, row.byteCount, row.format, row.width,
          row.height, row.lastStatus, row.lastError, row.fetchedAt,
        ])
      }
    }
  }

  /// The images whose bytes were fetched once, one per distinct sha256 (several URLs may hold
  /// the same bytes; the most recently fetched record represents them), ordered by sha256.
  /// This is what reprocessing analyses. The store does not check that the cache still holds
  /// the bytes.
  public func cachedImages() throws(StoreError) -> [ImageRecord] {
    try read { db in
      let rows = try ImageRow.filter(ImageRow.Columns.sha256 != nil)
        .order(
          ImageRow.Columns.sha256, ImageRow.Columns.fetchedAt.desc, ImageRow.Columns.url
        )
        .fetchCursor(db)
      var records: [ImageRecord] = []
      while let row = try rows.next() {
        if row.sha256 != records.last?.sha256 { records.append(row.record) }
      }
      return records
    }
  }
}

/// The `images` table.
struct ImageRow: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "images"

  var url: String
  var etag: String?
  var lastModified: String?
  var sha256: String?
  var byteCount: Int?
  var format: String?
  var width: Int?
  var height: Int?
  var lastStatus: String
  var lastError: String?
  var fetchedAt: Date

  enum CodingKeys: String, CodingKey, ColumnExpression {
    case url, etag
    case lastModified = "last_modified"
    case sha256
    case byteCount = "byte_count"
    case format, width, height
    case lastStatus = "last_status"
    case lastError = "last_error"
    case fetchedAt = "fetched_at"
  }
  typealias Columns = CodingKeys

  init(_ record: ImageRecord) {
    url = record.url
    etag = record.etag
    lastModified = record.lastModified
    sha256 = record.sha256
    byteCount = record.byteCount
    format = record.format?.rawValue
    width = record.width
    height = record.height
    lastStatus = record.lastStatus.rawValue
    lastError = record.lastError
    fetchedAt = record.fetchedAt
  }

  /// The record; a status or format this version does not know reads as failed / unknown.
  var record: ImageRecord {
    ImageRecord(
      url: url, etag: etag, lastModified: lastModified, sha256: sha256, byteCount: byteCount,
      format: format.flatMap(ImageFormat.init(rawValue:)), width: width, height: height,
      lastStatus: ImageStatus(rawValue: lastStatus) ?? .failed, lastError: lastError,
      fetchedAt: fetchedAt)
  }
}
