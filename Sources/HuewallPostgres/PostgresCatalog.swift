public import Foundation
import HuewallColorWords
public import HuewallCore
public import HuewallStore
import PostgresNIO
import Synchronization

/// The catalogue in PostgreSQL: what ``CatalogStore`` keeps in one SQLite file, in a database
/// that several machines share, plus the work queue of `huewall worker`.
///
/// Each instance holds one connection, which its calls take in turn (a transaction holds it to
/// the end). Open one per process, or one per task that needs its own transactions.
public final class PostgresCatalog: Catalogue {
  /// The URL the catalogue was opened with, without its password.
  public let location: String
  let session: PostgresSession

  /// The feed being staged, kept across the pages of one read.
  let staging = Mutex<PostgresProductStaging?>(nil)

  /// Connects to `location` and brings its schema up to date, or, when `readOnly`, checks
  /// that it is up to date and changes nothing (what `huewall status` does).
  public init(_ location: PostgresLocation, readOnly: Bool = false) async throws(StoreError) {
    self.location = location.description
    session = try await PostgresSession.connect(to: location)
    if readOnly {
      try await PostgresSchema.check(session)
    } else {
      try await PostgresSchema.migrate(session)
    }
  }

  /// Connects to the catalogue at `url` (a `postgres://` URL, with the `PG*` variables of
  /// `environment` filling what it leaves out).
  public convenience init(
    url: String, readOnly: Bool = false,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) async throws(StoreError) {
    try await self.init(PostgresLocation(url: url, environment: environment), readOnly: readOnly)
  }

  public func close() throws(StoreError) { session.close() }

  /// Closes the connection from any task without awaiting it: whatever waits on the server
  /// fails at once (with a lost connection), and so does every later call.
  public func interrupt() { session.close() }

  /// Holds the catalogue's coordinator lock (a session advisory lock, released when the
  /// connection closes) or returns false at once when another process holds it: what the
  /// SQLite run lock's `flock` is for a file.
  public func tryCoordinatorLock() async throws(StoreError) -> Bool {
    try await session.values("SELECT pg_try_advisory_lock(\(Self.coordinatorLock))", as: Bool.self)
      .first ?? false
  }

  static let coordinatorLock: Int64 = 0x6875_6577_616c_6c02
}

// MARK: Runs

extension PostgresCatalog {
  static let runColumns = """
    id, kind, status, started_at, finished_at, parameter_set_id, products_seen, products_added,
    products_changed, products_removed, images_downloaded, images_not_modified, images_failed,
    images_decoded, errors, message, items_seen
    """

  public func startRun(
    kind: RunKind, parameterSetID: Int64?, at date: Date
  ) async throws(StoreError) -> Int64 {
    try await session.values(
      """
      INSERT INTO runs (kind, started_at, status, parameter_set_id)
      VALUES (\(kind.rawValue), \(date), \(RunStatus.running.rawValue), \(parameterSetID))
      RETURNING id
      """, as: Int64.self)[0]
  }

  public func finishRun(
    _ id: Int64, status: RunStatus, counts c: RunCounts, message: String?, at date: Date
  ) async throws(StoreError) {
    let changed = try await session.execute(
      """
      UPDATE runs SET status = \(status.rawValue), finished_at = \(date), message = \(message),
        products_seen = \(c.productsSeen), products_added = \(c.productsAdded),
        products_changed = \(c.productsChanged), products_removed = \(c.productsRemoved),
        images_downloaded = \(c.imagesDownloaded), images_not_modified = \(c.imagesNotModified),
        images_failed = \(c.imagesFailed), images_decoded = \(c.imagesDecoded),
        errors = \(c.errors), items_seen = \(c.itemsSeen)
      WHERE id = \(id)
      """)
    if changed == 0 { throw StoreError(path: location, reason: .unknownRun(id)) }
  }

  @discardableResult
  public func markInterruptedRuns(at date: Date) async throws(StoreError) -> Int {
    try await session.execute(
      """
      UPDATE runs SET status = \(RunStatus.interrupted.rawValue), finished_at = \(date),
        message = coalesce(message, 'the process ended before the run finished')
      WHERE status = \(RunStatus.running.rawValue)
      """)
  }

  public func recentRuns(limit: Int) async throws(StoreError) -> [RunRecord] {
    try await session.rows(
      "SELECT \(unescaped: Self.runColumns) FROM runs ORDER BY id DESC LIMIT \(max(0, limit))"
    ).map(runRecord)
  }

  public func run(id: Int64) async throws(StoreError) -> RunRecord? {
    try await session.rows("SELECT \(unescaped: Self.runColumns) FROM runs WHERE id = \(id)")
      .first.map(runRecord)
  }

  private func runRecord(_ row: PostgresSession.Columns) throws(StoreError) -> RunRecord {
    let kind: String = try row[1]
    let status: String = try row[2]
    return RunRecord(
      id: try row[0], kind: RunKind(rawValue: kind) ?? .run,
      status: RunStatus(rawValue: status) ?? .interrupted, startedAt: try row[3],
      finishedAt: try row[4], parameterSetID: try row[5],
      counts: RunCounts(
        productsSeen: try row[6], productsAdded: try row[7], productsChanged: try row[8],
        productsRemoved: try row[9], imagesDownloaded: try row[10],
        imagesNotModified: try row[11], imagesFailed: try row[12], imagesDecoded: try row[13],
        errors: try row[14], itemsSeen: try row[16]),
      message: try row[15])
  }

  public func recordErrors(_ errors: [ItemErrorRecord]) async throws(StoreError) {
    guard !errors.isEmpty else { return }
    try await session.transaction {
      for error in errors {
        try await session.execute(
          """
          INSERT INTO item_errors (run_id, stage, subject, message, at, is_warning)
          VALUES (\(error.runID), \(error.stage), \(error.subject), \(error.message), \(error.at),
                  \(error.isWarning))
          """)
      }
    }
  }

  public func errors(runID: Int64) async throws(StoreError) -> [ItemErrorRecord] {
    try await session.rows(
      """
      SELECT id, run_id, stage, subject, message, at, is_warning FROM item_errors
      WHERE run_id = \(runID) ORDER BY id
      """
    ).map { row throws(StoreError) in
      ItemErrorRecord(
        id: try row[0], runID: try row[1], stage: try row[2], subject: try row[3],
        message: try row[4], at: try row[5], isWarning: try row[6])
    }
  }
}

// MARK: Parameter sets

extension PostgresCatalog {
  private static let parameterSetColumns =
    "id, name, auto_named, parameters, hash, preset, created_at"

  public func parameterSet(
    for parameters: AnalysisParameters, preset: String, name: String?, at date: Date
  ) async throws(StoreError) -> ParameterSetRecord {
    let json = try ParameterSetNaming.canonicalJSON(parameters, name: name, location: location)
    let hash = ParameterSetRecord.hash(ofCanonicalJSON: json)
    return try await session.transaction {
      // Two coordinators, or a coordinator and `huewall export`, may ask at once.
      try await session.execute("LOCK TABLE parameter_sets IN SHARE ROW EXCLUSIVE MODE")
      let existing = try await parameterSets(
        "SELECT \(unescaped: Self.parameterSetColumns) FROM parameter_sets WHERE parameters = \(json)"
      ).first
      // The names the decision may ask about, looked up in one query.
      let asked = [
        name, ParameterSetRecord.automaticName(preset: preset, hash: hash), "\(preset)-\(hash)",
      ]
      .compactMap { $0 }
      let taken = Set(
        try await session.values(
          "SELECT name FROM parameter_sets WHERE name = ANY(\(asked))", as: String.self))
      let decision = try ParameterSetNaming.decide(
        existing: existing.map { ($0.name, $0.isAutoNamed) }, requested: name, preset: preset,
        hash: hash, location: location
      ) { name in taken.contains(name) }
      switch decision {
      case .keep:
        return existing!
      case .rename(let name):
        try await session.execute(
          "UPDATE parameter_sets SET name = \(name), auto_named = false WHERE id = \(existing!.id)"
        )
        return try await parameterSets(
          "SELECT \(unescaped: Self.parameterSetColumns) FROM parameter_sets WHERE id = \(existing!.id)"
        )[0]
      case .create(let name, let autoNamed):
        return try await parameterSets(
          """
          INSERT INTO parameter_sets (name, auto_named, parameters, hash, preset, created_at)
          VALUES (\(name), \(autoNamed), \(json), \(hash), \(preset), \(date))
          RETURNING \(unescaped: Self.parameterSetColumns)
          """)[0]
      }
    }
  }

  public func parameterSet(named name: String) async throws(StoreError) -> ParameterSetRecord? {
    try await parameterSets(
      "SELECT \(unescaped: Self.parameterSetColumns) FROM parameter_sets WHERE name = \(name)"
    ).first
  }

  public func parameterSet(id: Int64) async throws(StoreError) -> ParameterSetRecord? {
    try await parameterSets(
      "SELECT \(unescaped: Self.parameterSetColumns) FROM parameter_sets WHERE id = \(id)"
    ).first
  }

  public func parameterSets() async throws(StoreError) -> [ParameterSetRecord] {
    try await parameterSets(
      "SELECT \(unescaped: Self.parameterSetColumns) FROM parameter_sets ORDER BY id")
  }

  /// The sets `query` returns (in ``parameterSetColumns`` order).
  private func parameterSets(_ query: PostgresQuery) async throws(StoreError)
    -> [ParameterSetRecord]
  {
    try await session.rows(query).map { row throws(StoreError) in
      let json: String = try row[3]
      let parameters: AnalysisParameters
      do {
        parameters = try JSONDecoder().decode(AnalysisParameters.self, from: Data(json.utf8))
      } catch {
        throw StoreError(path: location, reason: .unreadableData(detail: "\(error)"))
      }
      return ParameterSetRecord(
        id: try row[0], name: try row[1], isAutoNamed: try row[2], parameters: parameters,
        parametersJSON: json, hash: try row[4], preset: try row[5], createdAt: try row[6])
    }
  }
}

// MARK: Diagnostics

extension PostgresCatalog {
  /// The first column of every row of `sql`, as text (a look at the tables for tests and
  /// diagnostics).
  func strings(_ sql: String) async throws(StoreError) -> [String] {
    try await session.values(PostgresQuery(unsafeSQL: "SELECT q.c::text FROM (\(sql)) AS q(c)"))
  }

  /// Runs one statement (an edit by hand, for tests and diagnostics).
  func execute(_ sql: String) async throws(StoreError) {
    try await session.execute(PostgresQuery(unsafeSQL: sql))
  }

  /// The analysis of a content under a set, or nil.
  func analysis(imageSHA256: String, parameterSetID: Int64) async throws(StoreError)
    -> AnalysisRecord?
  {
    try await session.rows(
      """
      SELECT width, height, colors, family, samples, skipped, background, analysed_at, backdrop,
        plainness
      FROM analyses WHERE parameter_set_id = \(parameterSetID) AND image_sha256 = \(imageSHA256)
      """
    ).first.map { row throws(StoreError) in
      let json: String = try row[2]
      return AnalysisRecord(
        imageSHA256: imageSHA256, parameterSetID: parameterSetID, width: try row[0],
        height: try row[1],
        colors: try ExportEntry.colors(
          fromJSON: json, product: "?", image: imageSHA256, parameterSetID: parameterSetID,
          location: location),
        family: try (try row[3] as String?).map { name throws(StoreError) in
          try ColorFamily(
            stored: name, of: "the analysis of image \(imageSHA256)", location: location)
        }, samples: try row[4], skipped: try row[5], background: try row[6],
        backdrop: try row[8], plainness: try row[9], analysedAt: try row[7])
    }
  }
}
