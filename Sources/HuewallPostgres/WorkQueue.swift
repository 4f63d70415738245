public import Foundation
import HuewallColorWords
import HuewallCore
public import HuewallStore
import PostgresNIO

/// One image URL to fetch (or revalidate) and, when its content has no analysis for the
/// parameter set yet, to analyse: the unit of work a worker claims.
public struct WorkItem: Sendable, Hashable {
  public var parameterSetID: Int64
  public var imageURL: String
  /// The run that asked for it, whose item errors record its final failure.
  public var runID: Int64?
  /// Claims so far, this one included.
  public var attempts: Int
  /// Whether this claim took the item from a worker whose lease had expired.
  public var leaseExpired = false
  /// What the catalogue knows of the URL from an earlier fetch: the validators to revalidate.
  public var previous: ImageRecord?
  /// Whether the content of ``previous`` has an analysis for the item's set: then, if the
  /// bytes did not change, the worker neither decodes nor asks again.
  public var previousAnalysed = false
  /// The title of the first product (by id) that shows the image, for the analysis to look
  /// where a person would, as `huewall run` does; nil when no product in the feed shows it.
  public var title: String?
}

/// How an item ended for a worker.
public enum WorkResult: Sendable {
  /// Fetched (downloaded or not modified), with its new image record, and analysed unless an
  /// analysis of its content existed already (`analysis` nil).
  case done(image: ImageRecord, analysis: AnalysisRecord?)
  /// Failed at `stage` (fetch, decode); `retry` when another attempt may succeed.
  case failed(stage: String, message: String, retry: Bool, image: ImageRecord?)
}

/// The queue's state, for `huewall status` and the coordinator's progress.
public struct QueueCounts: Sendable, Equatable {
  public var pending = 0
  public var leased = 0
  public var done = 0
  public var failed = 0
  /// Workers whose heartbeat is under a minute old.
  public var workersSeen = 0

  public init() {}

  /// Items not finished yet.
  public var open: Int { pending + leased }
}

/// What the items of one run came to, for its counts.
public struct QueueTally: Sendable, Equatable {
  public var downloaded = 0
  public var notModified = 0
  public var failed = 0
  public var analysed = 0
}

/// How workers hold and retry items.
public struct LeasePolicy: Sendable {
  /// How long a claim lasts without renewal; a killed worker's items come back after it.
  public var lease: TimeInterval = 60
  /// Claims of one item before it is recorded as failed.
  public var maxAttempts = 3
  /// The wait before the first retry; each further retry waits twice as long.
  public var backoff: TimeInterval = 5

  public init(lease: TimeInterval = 60, maxAttempts: Int = 3, backoff: TimeInterval = 5) {
    self.lease = lease
    self.maxAttempts = maxAttempts
    self.backoff = backoff
  }
}

/// The work queue in the PostgreSQL catalogue: `work_items`, one row per (parameter set, image
/// URL), claimed with `SELECT … FOR UPDATE SKIP LOCKED` and a lease (claimed-by,
/// lease-until), the pattern of PostgreSQL job queues. Times are the server's (`now()`), so
/// that the clocks of worker machines do not matter.
extension PostgresCatalog {
  /// Queues the first `imagesPerProduct` images (main image first) of every product in the
  /// feed for the set, for `runID`, each with the title of the first product (by id) that
  /// shows it, and returns how many items of the set are now open. An item that is done or
  /// failed is queued afresh (each run revalidates every image); one that is still pending or
  /// leased (an interrupted run's) stays as it is but counts for `runID` from now on. An open
  /// item whose URL left the feed stays with its old run.
  @discardableResult
  public func enqueueProductImages(
    parameterSetID: Int64, runID: Int64, imagesPerProduct: Int
  ) async throws(StoreError) -> Int {
    try await enqueue(
      """
      SELECT DISTINCT ON (products.url) products.url AS image_url, products.title
      FROM \(ProductImages.table(limit: imagesPerProduct, dialect: .postgres)) AS products
      WHERE products.removed_at IS NULL AND products.url IS NOT NULL
      ORDER BY products.url, products.id
      """, parameterSetID: parameterSetID, runID: runID)
  }

  /// Queues the main image of every product in the feed (``enqueueProductImages(parameterSetID:runID:imagesPerProduct:)``
  /// with one image a product).
  @discardableResult
  public func enqueueMainImages(parameterSetID: Int64, runID: Int64) async throws(StoreError) -> Int
  {
    try await enqueueProductImages(
      parameterSetID: parameterSetID, runID: runID, imagesPerProduct: 1)
  }

  /// Queues one URL of every image content fetched once (the latest fetched), for
  /// reprocessing with another parameter set; returns how many items of the set are open.
  /// Each item has the title of the first product (by id) that shows the content among its
  /// first `imagesPerProduct` images under any URL, as `huewall run` picks it.
  @discardableResult
  public func enqueueCachedImages(
    parameterSetID: Int64, runID: Int64, imagesPerProduct: Int
  ) async throws(StoreError) -> Int {
    try await enqueue(
      """
      SELECT DISTINCT ON (images.sha256) images.url AS image_url, titles.title FROM images
      LEFT JOIN (
        SELECT DISTINCT ON (shown.sha256) shown.sha256, products.title
        FROM \(ProductImages.table(limit: imagesPerProduct, dialect: .postgres)) AS products
        JOIN images AS shown ON shown.url = products.url
        WHERE products.removed_at IS NULL AND shown.sha256 IS NOT NULL
        ORDER BY shown.sha256, products.id) AS titles ON titles.sha256 = images.sha256
      WHERE images.sha256 IS NOT NULL
      ORDER BY images.sha256, images.fetched_at DESC, images.url
      """, parameterSetID: parameterSetID, runID: runID)
  }

  /// Queues the rows of `urls` (SQL with the columns `image_url` and `title`).
  private func enqueue(_ urls: String, parameterSetID: Int64, runID: Int64) async throws(StoreError)
    -> Int
  {
    var binds = PostgresBindings()
    binds.append(parameterSetID)
    binds.append(runID)
    return try await session.transaction {
      // Items an interrupted run left open keep their state but count, and fail, for this
      // run; done and failed ones start afresh.
      try await session.execute(
        PostgresQuery(
          unsafeSQL: """
            INSERT INTO work_items
              (parameter_set_id, image_url, run_id, state, attempts, not_before, title)
            SELECT $1, urls.image_url, $2, 'pending', 0, now(), urls.title FROM (\(urls)) AS urls
            ON CONFLICT (parameter_set_id, image_url) DO UPDATE SET
              run_id = excluded.run_id, title = excluded.title,
              state = CASE WHEN work_items.state IN ('done', 'failed') THEN 'pending'
                ELSE work_items.state END,
              attempts = CASE WHEN work_items.state IN ('done', 'failed') THEN 0
                ELSE work_items.attempts END,
              not_before = CASE WHEN work_items.state IN ('done', 'failed') THEN now()
                ELSE work_items.not_before END,
              outcome = NULL, analysed = false, last_error = NULL, finished_at = NULL
            """, binds: binds))
      return try await queueCounts(parameterSetID: parameterSetID).open
    }
  }

  /// Records that `worker` is alive (and which machine and process it is).
  public func heartbeat(worker: String, host: String, pid: Int32) async throws(StoreError) {
    try await session.execute(
      """
      INSERT INTO workers (id, host, pid, started_at, last_seen_at)
      VALUES (\(worker), \(host), \(Int(pid)), now(), now())
      ON CONFLICT (id) DO UPDATE SET last_seen_at = now()
      """)
  }

  /// Forgets `worker`, which stops: it no longer counts as connected.
  public func retire(worker: String) async throws(StoreError) {
    try await session.execute("DELETE FROM workers WHERE id = \(worker)")
  }

  /// Claims up to `limit` items for `worker`: pending ones whose retry time has come, and
  /// leased ones whose lease expired (their worker died). An expired item that used its last
  /// attempt is recorded as failed instead. With `measured`, an analysis without plainness
  /// (made before the catalogue kept it) does not count, so that its image is analysed again.
  public func claim(
    worker: String, limit: Int, policy: LeasePolicy, measured: Bool = false
  ) async throws(StoreError) -> [WorkItem] {
    try await session.transaction {
      let abandoned = try await session.rows(
        """
        WITH expired AS (
          SELECT parameter_set_id, image_url FROM work_items
          WHERE state = 'leased' AND lease_until < now() AND attempts >= \(policy.maxAttempts)
          FOR UPDATE SKIP LOCKED)
        UPDATE work_items AS w SET state = 'failed', claimed_by = NULL, lease_until = NULL,
          finished_at = now(),
          last_error = 'its worker stopped before finishing it, ' || w.attempts || ' times'
        FROM expired
        WHERE w.parameter_set_id = expired.parameter_set_id AND w.image_url = expired.image_url
        RETURNING w.run_id, w.image_url, w.last_error
        """)
      for row in abandoned {
        try await recordFinalFailure(
          runID: try row[0], stage: "worker", url: try row[1], message: try row[2])
      }
      // Expired leases first (a dead worker's items), then pending items in order: each an
      // index scan of its own partial index, so a claim costs the same at any queue length.
      var rows = try await claim(
        worker: worker, limit: limit, policy: policy,
        ready: "state = 'leased' AND lease_until < now()", order: "lease_until")
      let expired = rows.count
      if rows.count < limit {
        rows += try await claim(
          worker: worker, limit: limit - rows.count, policy: policy,
          ready: "state = 'pending' AND not_before <= now()", order: "not_before, image_url")
      }
      if rows.isEmpty { return [] }
      var items: [WorkItem] = []
      for (index, row) in rows.enumerated() {
        items.append(
          WorkItem(
            parameterSetID: try row[0], imageURL: try row[1], runID: try row[2],
            attempts: try row[3], leaseExpired: index < expired, previous: nil,
            title: try row[4]))
      }
      let previous = try await imageRecords(urls: items.map(\.imageURL))
      var known: [(Int64, String)] = []
      for item in items {
        if let sha = previous[item.imageURL]?.sha256 { known.append((item.parameterSetID, sha)) }
      }
      let analysed = try await analysedPairs(known, measured: measured)
      return items.map { item in
        var item = item
        item.previous = previous[item.imageURL]
        if let sha = item.previous?.sha256 {
          item.previousAnalysed = analysed.contains(SetKey(item.parameterSetID, sha))
        }
        return item
      }.sorted { $0.imageURL < $1.imageURL }
    }
  }

  /// Leases up to `limit` items that meet `ready` (SQL), taken in `order`, to `worker`.
  private func claim(
    worker: String, limit: Int, policy: LeasePolicy, ready: String, order: String
  ) async throws(StoreError) -> [PostgresSession.Columns] {
    var binds = PostgresBindings()
    binds.append(worker)
    binds.append(policy.lease)
    binds.append(limit)
    return try await session.rows(
      PostgresQuery(
        unsafeSQL: """
          WITH ready AS (
            SELECT parameter_set_id, image_url FROM work_items
            WHERE \(ready) ORDER BY \(order) LIMIT $3
            FOR UPDATE SKIP LOCKED)
          UPDATE work_items AS w SET state = 'leased', claimed_by = $1,
            lease_until = now() + make_interval(secs => $2), attempts = w.attempts + 1
          FROM ready
          WHERE w.parameter_set_id = ready.parameter_set_id AND w.image_url = ready.image_url
          RETURNING w.parameter_set_id, w.image_url, w.run_id, w.attempts, w.title
          """, binds: binds))
  }

  /// Extends `worker`'s leases on `items`; returns how many it still held.
  @discardableResult
  public func renew(worker: String, items: [WorkItem], policy: LeasePolicy) async throws(StoreError)
    -> Int
  {
    guard !items.isEmpty else { return 0 }
    return try await session.execute(
      """
      UPDATE work_items SET lease_until = now() + make_interval(secs => \(policy.lease))
      WHERE claimed_by = \(worker) AND state = 'leased'
        AND (parameter_set_id, image_url) IN (
          SELECT * FROM unnest(\(items.map(\.parameterSetID))::bigint[], \(items.map(\.imageURL))::text[]))
      """)
  }

  /// A parameter set and a string under it: a work item's image URL, or the image content
  /// (hash) that an analysis is stored under.
  struct SetKey: Hashable {
    let parameterSetID: Int64
    let value: String
    init(_ parameterSetID: Int64, _ value: String) {
      self.parameterSetID = parameterSetID
      self.value = value
    }
  }

  /// Which of `pairs` (set, content) have an analysis (with `measured`, one with a
  /// plainness), in one query.
  func analysedPairs(_ pairs: [(Int64, String)], measured: Bool = false) async throws(StoreError)
    -> Set<SetKey>
  {
    guard !pairs.isEmpty else { return [] }
    let rows = try await session.rows(
      """
      SELECT a.parameter_set_id, a.image_sha256 FROM analyses AS a
      JOIN unnest(\(pairs.map(\.0))::bigint[], \(pairs.map(\.1))::text[]) AS u(set_id, sha)
        ON a.parameter_set_id = u.set_id AND a.image_sha256 = u.sha
      WHERE NOT \(measured) OR a.plainness IS NOT NULL
      """)
    var found: Set<SetKey> = []
    for row in rows { found.insert(SetKey(try row[0], try row[1])) }
    return found
  }

  /// Whether the content already has an analysis for the set (with `measured`, one with a
  /// plainness): a worker then skips decoding.
  public func hasAnalysis(imageSHA256: String, parameterSetID: Int64, measured: Bool = false)
    async throws(StoreError) -> Bool
  {
    try await !session.values(
      """
      SELECT 1 FROM analyses
      WHERE parameter_set_id = \(parameterSetID) AND image_sha256 = \(imageSHA256)
        AND (NOT \(measured) OR plainness IS NOT NULL)
      """, as: Int.self
    ).isEmpty
  }

  /// Records how `worker` ended `item` (``finish(_:worker:policy:)`` for one item).
  @discardableResult
  public func finish(
    _ item: WorkItem, worker: String, result: WorkResult, policy: LeasePolicy
  ) async throws(StoreError) -> Bool {
    try await finish([(item, result)], worker: worker, policy: policy)[0]
  }

  /// Records how `worker` ended a batch, in one transaction and a few statements whatever its
  /// size: the image records, the analyses (each kept only if none exists for the content and
  /// set: a unique key, not luck, makes each analysis happen once), and the items' states. An
  /// item whose lease was taken over in the meantime is not written: it is the new holder's
  /// (the claim's attempt number fences it, even against a worker of the same name). Returns,
  /// item by item, whether it was written.
  public func finish(
    _ results: [(item: WorkItem, result: WorkResult)], worker: String, policy: LeasePolicy
  ) async throws(StoreError) -> [Bool] {
    guard !results.isEmpty else { return [] }
    return try await session.transaction {
      let items = results.map(\.item)
      let heldRows = try await session.rows(
        """
        SELECT w.parameter_set_id, w.image_url FROM work_items AS w
        JOIN unnest(\(items.map(\.parameterSetID))::bigint[], \(items.map(\.imageURL))::text[],
          \(items.map(\.attempts))::integer[]) AS u(set_id, url, attempts)
          ON w.parameter_set_id = u.set_id AND w.image_url = u.url AND w.attempts = u.attempts
        WHERE w.claimed_by = \(worker) AND w.state = 'leased'
        ORDER BY w.parameter_set_id, w.image_url
        FOR UPDATE OF w
        """)
      var held: Set<SetKey> = []
      for row in heldRows { held.insert(SetKey(try row[0], try row[1])) }
      let written = items.map { held.contains(SetKey($0.parameterSetID, $0.imageURL)) }
      let mine = zip(results, written).filter(\.1).map(\.0)
      guard !mine.isEmpty else { return written }

      try await saveImages(
        mine.compactMap { entry in
          switch entry.result {
          case .done(let image, _): image
          case .failed(_, _, _, let image): image
          }
        })
      var done: [(item: WorkItem, image: ImageRecord, analysis: AnalysisRecord?)] = []
      for entry in mine {
        switch entry.result {
        case .done(let image, let analysis):
          done.append((entry.item, image, analysis))
        case .failed(let stage, let message, let retry, let image):
          try await fail(
            entry.item, stage: stage, message: message, retry: retry, image: image, policy: policy)
        }
      }
      guard !done.isEmpty else { return written }
      // Each stored analysis is the work of one item: the first that brought it.
      var stored = try await insertNew(done.compactMap(\.analysis))
      let analysed = done.map { entry in
        entry.analysis.map {
          stored.remove(SetKey($0.parameterSetID, $0.imageSHA256)) != nil
        } ?? false
      }
      try await session.execute(
        """
        UPDATE work_items AS w SET state = 'done', claimed_by = NULL, lease_until = NULL,
          outcome = u.outcome, analysed = u.analysed, last_error = NULL, finished_at = now()
        FROM unnest(\(done.map(\.item.parameterSetID))::bigint[],
          \(done.map(\.item.imageURL))::text[], \(done.map(\.image.lastStatus.rawValue))::text[],
          \(analysed)::boolean[])
          AS u(set_id, url, outcome, analysed)
        WHERE w.parameter_set_id = u.set_id AND w.image_url = u.url
        """)
      try await session.execute(
        """
        UPDATE workers SET items_done = items_done + \(done.count), last_seen_at = now()
        WHERE id = \(worker)
        """)
      return written
    }
  }

  /// Inserts the analyses that no content and set has yet, in one statement; returns the keys
  /// of those it wrote (an analysis that lost a race to another worker is not among them).
  /// An existing analysis without plainness (made before the catalogue kept it) is replaced
  /// by a measured one.
  private func insertNew(_ records: [AnalysisRecord]) async throws(StoreError) -> Set<SetKey> {
    guard !records.isEmpty else { return [] }
    var binds = PostgresBindings()
    var rows: [String] = []
    // One row a key (a batch may bring one content twice, from two URLs: one statement may
    // not update a row twice), in key order, so that two workers inserting the same contents
    // never deadlock.
    var seen: Set<SetKey> = []
    let unique = records.filter { seen.insert(SetKey($0.parameterSetID, $0.imageSHA256)).inserted }
    for record in unique.sorted(by: {
      ($0.parameterSetID, $0.imageSHA256) < ($1.parameterSetID, $1.imageSHA256)
    }) {
      rows.append(Self.placeholders(from: binds.count + 1, count: 12))
      binds.append(record.parameterSetID)
      binds.append(record.imageSHA256)
      binds.append(record.width)
      binds.append(record.height)
      binds.append(try record.colorsJSON(location: location))
      binds.append(record.family?.rawValue)
      binds.append(record.samples)
      binds.append(record.skipped)
      binds.append(record.background)
      binds.append(record.backdrop)
      binds.append(record.plainness)
      binds.append(record.analysedAt)
    }
    let inserted = try await session.rows(
      PostgresQuery(
        unsafeSQL: """
          INSERT INTO analyses (parameter_set_id, image_sha256, width, height, colors, family,
            samples, skipped, background, backdrop, plainness, analysed_at)
          VALUES \(rows.joined(separator: ", "))
          ON CONFLICT (parameter_set_id, image_sha256) DO UPDATE SET
            width = excluded.width, height = excluded.height, colors = excluded.colors,
            family = excluded.family, samples = excluded.samples, skipped = excluded.skipped,
            background = excluded.background, backdrop = excluded.backdrop,
            plainness = excluded.plainness, analysed_at = excluded.analysed_at
          WHERE analyses.plainness IS NULL AND excluded.plainness IS NOT NULL
          RETURNING parameter_set_id, image_sha256
          """, binds: binds))
    var keys: Set<SetKey> = []
    for row in inserted { keys.insert(SetKey(try row[0], try row[1])) }
    return keys
  }

  /// Records a failed attempt at `item`: back to pending with a growing wait, or failed for
  /// good (and an error of its run) when it cannot pass or used its last attempt.
  private func fail(
    _ item: WorkItem, stage: String, message: String, retry: Bool, image: ImageRecord?,
    policy: LeasePolicy
  ) async throws(StoreError) {
    let attempts = item.attempts
    let final = !retry || attempts >= policy.maxAttempts
    let wait = policy.backoff * pow(2, Double(max(0, attempts - 1)))
    // An image fetched but not decoded counts as downloaded (or not modified) and failed,
    // as in a run with SQLite.
    let outcome = image.flatMap { $0.lastStatus == .failed ? nil : $0.lastStatus.rawValue }
    try await session.execute(
      """
      UPDATE work_items SET state = \(final ? "failed" : "pending"), claimed_by = NULL,
        lease_until = NULL, last_error = \(message), outcome = \(outcome),
        not_before = now() + make_interval(secs => \(wait)),
        finished_at = CASE WHEN \(final) THEN now() END
      WHERE parameter_set_id = \(item.parameterSetID) AND image_url = \(item.imageURL)
      """)
    if final {
      try await recordFinalFailure(
        runID: item.runID, stage: stage, url: item.imageURL, message: message)
    }
  }

  /// The queue's counts, for one set or all.
  public func queueCounts(parameterSetID: Int64? = nil) async throws(StoreError) -> QueueCounts {
    let row = try await session.rows(
      """
      SELECT count(*) FILTER (WHERE state = 'pending'), count(*) FILTER (WHERE state = 'leased'),
        count(*) FILTER (WHERE state = 'done'), count(*) FILTER (WHERE state = 'failed'),
        (SELECT count(*) FROM workers WHERE last_seen_at > now() - interval '1 minute')
      FROM work_items
      WHERE \(parameterSetID == nil) OR parameter_set_id = \(parameterSetID ?? 0)
      """)[0]
    var counts = QueueCounts()
    counts.pending = try row[0]
    counts.leased = try row[1]
    counts.done = try row[2]
    counts.failed = try row[3]
    counts.workersSeen = try row[4]
    return counts
  }

  /// What the items of `runID` came to.
  public func tally(runID: Int64) async throws(StoreError) -> QueueTally {
    let row = try await session.rows(
      """
      SELECT count(*) FILTER (WHERE state IN ('done', 'failed') AND outcome = 'downloaded'),
        count(*) FILTER (WHERE state IN ('done', 'failed') AND outcome = 'not-modified'),
        count(*) FILTER (WHERE state = 'failed'),
        count(*) FILTER (WHERE state = 'done' AND analysed)
      FROM work_items WHERE run_id = \(runID)
      """)[0]
    return QueueTally(
      downloaded: try row[0], notModified: try row[1], failed: try row[2], analysed: try row[3])
  }

  private func recordFinalFailure(runID: Int64?, stage: String, url: String, message: String)
    async throws(StoreError)
  {
    guard let runID else { return }
    let products = try await productIDs(imageURL: url)
    let which = products.isEmpty ? "unknown" : products.joined(separator: ", ")
    try await session.execute(
      """
      INSERT INTO item_errors (run_id, stage, subject, message, at, is_warning)
      VALUES (\(runID), \(stage), \(url), \(message + " (products \(which))"), now(), false)
      """)
  }
}
