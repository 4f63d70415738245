public import Foundation
import GRDB

/// The command a run row records.
public enum RunKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// `huewall run`: feed, fetch, analyse, export.
  case run
  /// `huewall analyze`: reprocessing of the cached images with other parameters.
  case analyze
  /// `huewall export`.
  case export
}

/// How a run ended, or that it has not.
public enum RunStatus: String, Sendable, Hashable, Codable, CaseIterable {
  /// Started and not finished: in progress, or killed (see ``CatalogStore/markInterruptedRuns(at:)``).
  case running
  /// Finished without any item error.
  case succeeded
  /// Finished, but some items failed (recorded in `item_errors`).
  case failedItems = "failed-items"
  /// Stopped by a fatal error (feed unreachable, store unusable); `message` says which.
  case failed
  /// The process ended before the run finished; found and marked by the next run.
  case interrupted
}

/// What a run did, counted per stage.
public struct RunCounts: Sendable, Hashable, Codable {
  /// Products (colourways) in the feed.
  public var productsSeen: Int
  public var productsAdded: Int
  public var productsChanged: Int
  public var productsRemoved: Int
  /// Images whose bytes arrived (new or changed).
  public var imagesDownloaded: Int
  /// Images the server confirmed unchanged (304).
  public var imagesNotModified: Int
  public var imagesFailed: Int
  /// Images decoded and analysed (zero on an unchanged re-run).
  public var imagesDecoded: Int
  /// Item errors recorded for the run.
  public var errors: Int
  /// The feed's sellable items (every size) that the products seen stand for.
  public var itemsSeen: Int

  public init(
    productsSeen: Int = 0, productsAdded: Int = 0, productsChanged: Int = 0,
    productsRemoved: Int = 0, imagesDownloaded: Int = 0, imagesNotModified: Int = 0,
    imagesFailed: Int = 0, imagesDecoded: Int = 0, errors: Int = 0, itemsSeen: Int = 0
  ) {
    self.productsSeen = productsSeen
    self.productsAdded = productsAdded
    self.productsChanged = productsChanged
    self.productsRemoved = productsRemoved
    self.imagesDownloaded = imagesDownloaded
    self.imagesNotModified = imagesNotModified
    self.imagesFailed = imagesFailed
    self.imagesDecoded = imagesDecoded
    self.errors = errors
    self.itemsSeen = itemsSeen
  }

  /// Takes the product counts of a sync.
  public mutating func record(_ sync: ProductSyncCounts) {
    productsSeen = sync.seen
    productsAdded = sync.added
    productsChanged = sync.changed
    productsRemoved = sync.removed
  }
}

/// One run as recorded.
public struct RunRecord: Sendable, Hashable, Codable {
  public var id: Int64
  public var kind: RunKind
  public var status: RunStatus
  public var startedAt: Date
  /// Nil while running.
  public var finishedAt: Date?
  /// The parameter set the run analysed or exported with, if any.
  public var parameterSetID: Int64?
  public var counts: RunCounts
  /// A summary or the fatal error.
  public var message: String?

  public init(
    id: Int64, kind: RunKind, status: RunStatus, startedAt: Date, finishedAt: Date?,
    parameterSetID: Int64?, counts: RunCounts, message: String?
  ) {
    self.id = id
    self.kind = kind
    self.status = status
    self.startedAt = startedAt
    self.finishedAt = finishedAt
    self.parameterSetID = parameterSetID
    self.counts = counts
    self.message = message
  }
}

/// One failed item of a run, which the run went on without; or, with ``isWarning``, an item
/// the run kept but reports (a field read with replacement characters).
public struct ItemErrorRecord: Sendable, Hashable, Codable {
  /// Nil until saved.
  public var id: Int64?
  public var runID: Int64
  /// The pipeline stage: "feed", "fetch", "decode", "analyse" or "export".
  public var stage: String
  /// The product id, URL or path that failed.
  public var subject: String
  public var message: String
  public var at: Date
  /// The item was kept: a warning, not a failure.
  public var isWarning: Bool

  public init(
    id: Int64? = nil, runID: Int64, stage: String, subject: String, message: String, at: Date,
    isWarning: Bool = false
  ) {
    self.id = id
    self.runID = runID
    self.stage = stage
    self.subject = subject
    self.message = message
    self.at = at
    self.isWarning = isWarning
  }
}

extension CatalogStore {
  /// Records the start of a run, status running, and returns its id.
  public func startRun(
    kind: RunKind, parameterSetID: Int64?, at date: Date
  ) throws(StoreError) -> Int64 {
    try write { db in
      var row = RunRow(kind: kind, parameterSetID: parameterSetID, startedAt: date)
      try row.insert(db)
      return row.id!
    }
  }

  /// Records how the run ended and what it counted.
  public func finishRun(
    _ id: Int64, status: RunStatus, counts: RunCounts, message: String?, at date: Date
  ) throws(StoreError) {
    let path = self.path
    try write { db in
      guard var row = try RunRow.fetchOne(db, key: id) else {
        throw StoreError(path: path, reason: .unknownRun(id))
      }
      row.status = status.rawValue
      row.counts = counts
      row.message = message
      row.finishedAt = date
      try row.update(db)
    }
  }

  /// Marks the runs still "running" as interrupted, finished at `date`, and returns how many.
  ///
  /// Call it only while holding the run lock: a run is left "running" when its process was
  /// killed, and with the lock held no other process can be running one.
  @discardableResult
  public func markInterruptedRuns(at date: Date) throws(StoreError) -> Int {
    try write { db in
      try db.execute(
        sql: """
          UPDATE runs SET status = ?, finished_at = ?,
            message = coalesce(message, 'the process ended before the run finished')
          WHERE status = ?
          """,
        arguments: [RunStatus.interrupted.rawValue, date, RunStatus.running.rawValue])
      return db.changesCount
    }
  }

  /// The last `limit` runs, newest first.
  public func recentRuns(limit: Int) throws(StoreError) -> [RunRecord] {
    try read { db in
      try RunRow.order(RunRow.Columns.id.desc).limit(max(0, limit)).fetchAll(db).map(\.record)
    }
  }

  /// The run with this id.
  public func run(id: Int64) throws(StoreError) -> RunRecord? {
    try read { db in try RunRow.fetchOne(db, key: id)?.record }
  }

  /// Records many item errors in one transaction (their `id`s are ignored).
  public func recordErrors(_ errors: [ItemErrorRecord]) throws(StoreError) {
    guard !errors.isEmpty else { return }
    try write { db in
      for error in errors {
        var row = ItemErrorRow(error)
        try row.insert(db)
      }
    }
  }

  /// The item errors of a run, in the order they were recorded.
  public func errors(runID: Int64) throws(StoreError) -> [ItemErrorRecord] {
    try read { db in
      try ItemErrorRow.filter(ItemErrorRow.Columns.runID == runID)
        .order(ItemErrorRow.Columns.id).fetchAll(db).map(\.record)
    }
  }
}

/// The `runs` table. The counts are one column each, so that `sqlite3` users can sum them.
struct RunRow: Codable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "runs"

  var id: Int64?
  var kind: String
  var startedAt: Date
  var finishedAt: Date?
  var status: String
  var parameterSetID: Int64?
  var productsSeen = 0
  var productsAdded = 0
  var productsChanged = 0
  var productsRemoved = 0
  var imagesDownloaded = 0
  var imagesNotModified = 0
  var imagesFailed = 0
  var imagesDecoded = 0
  var errors = 0
  var itemsSeen = 0
  var message: String?

  enum CodingKeys: String, CodingKey, ColumnExpression {
    case id, kind
    case startedAt = "started_at"
    case finishedAt = "finished_at"
    case status
    case parameterSetID = "parameter_set_id"
    case productsSeen = "products_seen"
    case productsAdded = "products_added"
    case productsChanged = "products_changed"
    case productsRemoved = "products_removed"
    case imagesDownloaded = "images_downloaded"
    case imagesNotModified = "images_not_modified"
    case imagesFailed = "images_failed"
    case imagesDecoded = "images_decoded"
    case errors, message
    case itemsSeen = "items_seen"
  }
  typealias Columns = CodingKeys

  init(kind: RunKind, parameterSetID: Int64?, startedAt: Date) {
    self.kind = kind.rawValue
    self.startedAt = startedAt
    self.status = RunStatus.running.rawValue
    self.parameterSetID = parameterSetID
  }

  mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }

  var counts: RunCounts {
    get {
      RunCounts(
        productsSeen: productsSeen, productsAdded: productsAdded,
        productsChanged: productsChanged, productsRemoved: productsRemoved,
        imagesDownloaded: imagesDownloaded, imagesNotModified: imagesNotModified,
        imagesFailed: imagesFailed, imagesDecoded: imagesDecoded, errors: errors,
        itemsSeen: itemsSeen)
    }
    set {
      productsSeen = newValue.productsSeen
      productsAdded = newValue.productsAdded
      productsChanged = newValue.productsChanged
      productsRemoved = newValue.productsRemoved
      imagesDownloaded = newValue.imagesDownloaded
      imagesNotModified = newValue.imagesNotModified
      imagesFailed = newValue.imagesFailed
      imagesDecoded = newValue.imagesDecoded
      errors = newValue.errors
      itemsSeen = newValue.itemsSeen
    }
  }

  /// The record; a kind or status this version does not know reads as run / interrupted.
  var record: RunRecord {
    RunRecord(
      id: id ?? 0, kind: RunKind(rawValue: kind) ?? .run,
      status: RunStatus(rawValue: status) ?? .interrupted, startedAt: startedAt,
      finishedAt: finishedAt, parameterSetID: parameterSetID, counts: counts, message: message)
  }
}

/// The `item_errors` table.
struct ItemErrorRow: Codable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "item_errors"

  var id: Int64?
  var runID: Int64
  var stage: String
  var subject: String
  var message: String
  var at: Date
  var isWarning: Bool

  enum CodingKeys: String, CodingKey, ColumnExpression {
    case id
    case runID = "run_id"
    case stage, subject, message, at
    case isWarning = "is_warning"
  }
  typealias Columns = CodingKeys

  init(_ record: ItemErrorRecord) {
    id = nil
    runID = record.runID
    stage = record.stage
    subject = record.subject
    message = record.message
    at = record.at
    isWarning = record.isWarning
  }

  mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }

  var record: ItemErrorRecord {
    ItemErrorRecord(
      id: id, runID: runID, stage: stage, subject: subject,
      message: message, at: at, isWarning: isWarning)
  }
}
