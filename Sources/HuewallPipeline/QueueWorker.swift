import Foundation
import HuewallCore
import HuewallDecode
import HuewallFetch
import HuewallPalette
public import HuewallPostgres
import HuewallStore
public import Logging
import Metrics
import Synchronization

/// Takes work from a PostgreSQL catalogue's queue: claims a small batch of image URLs, fetches
/// each into this machine's own content-addressed cache (revalidating what the catalogue knows
/// of it), analyses the contents that have no analysis for the item's parameter set, and
/// writes the results, renewing its lease while it works.
///
/// `huewall worker` runs one until it is stopped; `huewall run` runs one in its own process
/// when no worker is connected. A worker killed at any point loses at most its batch: the
/// lease expires and another worker claims the items again.
public final class QueueWorker: Sendable {
  /// How a worker takes and holds work.
  public struct Settings: Sendable {
    /// Items fetched and analysed at once.
    public var concurrency: Int
    /// Items claimed at once; a killed worker holds back at most these. A claim and the
    /// batch's results cost a few statements whatever the batch's size, and PostgreSQL's share
    /// of the machine with them: 16 keep it to a statement or two an item.
    public var batchSize: Int
    public var policy: LeasePolicy
    /// The wait before asking an empty queue again.
    public var pollInterval: Duration

    public init(
      concurrency: Int, batchSize: Int? = nil, policy: LeasePolicy = LeasePolicy(),
      pollInterval: Duration = .milliseconds(250)
    ) {
      self.concurrency = max(1, concurrency)
      self.batchSize = max(1, batchSize ?? max(16, 4 * max(1, concurrency)))
      self.policy = policy
      self.pollInterval = pollInterval
    }
  }

  /// What a worker did.
  public struct Tally: Sendable, Equatable {
    public var claimed = 0
    public var done = 0
    public var analysed = 0
    public var failed = 0
    /// Items whose lease another worker had taken over by the time this one finished them.
    public var lost = 0

    public init() {}
  }

  public let id: String
  /// This machine's name, as `workers` shows it.
  let host: String
  let catalog: PostgresCatalog
  let configuration: PipelineConfiguration
  /// Whether an analysis without plainness (made before the catalogue kept it) is made
  /// again: only when products have several images to choose among.
  var measured: Bool { configuration.imagesPerProduct > 1 }
  let settings: Settings
  let logger: Logger
  let fetcher: Fetcher
  let decoder: ImageDecoder
  private let analyzers = Mutex<[Int64: PaletteAnalyzer]>([:])
  private let stopping = Atomic<Bool>(false)
  private let metrics = WorkerMetrics()

  public init(
    catalog: PostgresCatalog, configuration: PipelineConfiguration, settings: Settings,
    logger: Logger
  ) throws {
    self.catalog = catalog
    self.configuration = configuration
    self.settings = settings
    self.logger = logger
    let cache = try ImageCache(directory: URL(fileURLWithPath: configuration.cache))
    fetcher = Fetcher(settings: configuration.fetch, cache: cache, logger: logger)
    decoder = ImageDecoder(limits: configuration.decode)
    host = ProcessInfo.processInfo.hostName
    id = "\(host):\(getpid()):\(UUID().uuidString.prefix(8).lowercased())"
  }

  /// Closes the worker's HTTP connections and takes it off the catalogue's list of connected
  /// workers; call it once the worker is done with.
  public func shutdown() async {
    await fetcher.shutdown()
    try? await catalog.retire(worker: id)
  }

  /// Asks the worker to stop after its current batch (a signal handler may call it).
  public func stop() { stopping.store(true, ordering: .relaxed) }

  /// Works until the queue is empty (`untilDrained`) or until ``stop()``, which takes effect
  /// once the current batch is written; returns what it did. `progress` hears of it every
  /// ten seconds while there is work.
  public func run(untilDrained: Bool, progress: ((Tally) -> Void)? = nil) async throws
    -> Tally
  {
    var tally = Tally()
    var reported = ContinuousClock.now
    var sampled: ContinuousClock.Instant?
    while !stopping.load(ordering: .relaxed) {
      try await catalog.heartbeat(worker: id, host: host, pid: getpid())
      let batch = try await catalog.claim(
        worker: id, limit: settings.batchSize, policy: settings.policy, measured: measured)
      metrics.claimed(batch)
      // The queue's depth, for the metrics: every ten seconds, not on every claim.
      var counts: QueueCounts?
      if sampled.map({ ContinuousClock.now - $0 >= .seconds(10) }) ?? true {
        let sample = try await catalog.queueCounts()
        metrics.queue(sample)
        counts = sample
        sampled = .now
      }
      if batch.isEmpty {
        if untilDrained {
          let sample: QueueCounts
          if let counts { sample = counts } else { sample = try await catalog.queueCounts() }
          if sample.open == 0 { break }
        }
        try await Task.sleep(for: settings.pollInterval)
        continue
      }
      tally.claimed += batch.count
      logger.debug("claimed \(batch.count) items")
      try await work(on: batch, tally: &tally)
      if let progress, ContinuousClock.now - reported >= .seconds(10) {
        progress(tally)
        reported = .now
      }
    }
    return tally
  }

  /// Fetches and analyses `batch`, renewing its lease (and the worker's heartbeat) until every
  /// item is written: the renewal is a child task of the batch's task group, ended when the
  /// batch is written or the work fails.
  private func work(on batch: [WorkItem], tally: inout Tally) async throws {
    let results = try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { [catalog, id, host, settings] in
        let every = Duration.seconds(max(1, settings.policy.lease / 3))
        while true {
          // Cancelled: the batch is written, or the work failed.
          do { try await Task.sleep(for: every) } catch { return }
          _ = try? await catalog.renew(worker: id, items: batch, policy: settings.policy)
          try? await catalog.heartbeat(worker: id, host: host, pid: getpid())
        }
      }
      defer { group.cancelAll() }
      var results: [(item: WorkItem, result: WorkResult)] = []
      try await forEachConcurrently(batch, width: settings.concurrency) { item in
        let started = ContinuousClock.now
        let result = await self.process(item)
        self.metrics.imageTime(ContinuousClock.now - started)
        return (item, result)
      } consume: { (item: WorkItem, result: WorkResult) in
        results.append((item, result))
      }
      return results
    }
    // The whole batch in one transaction: a few round trips, whatever its size.
    let written = try await catalog.finish(results, worker: id, policy: settings.policy)
    for ((item, result), written) in zip(results, written) {
      metrics.finished(result, written: written)
      guard written else {
        tally.lost += 1
        continue
      }
      switch result {
      case .done(_, let analysis):
        tally.done += 1
        // Decoded here (a racing worker may have stored the analysis first).
        if analysis != nil { tally.analysed += 1 }
      case .failed(let stage, let message, let retry, _):
        tally.failed += 1
        logger.warning("\(stage): \(item.imageURL): \(message)\(retry ? " (will retry)" : "")")
      }
    }
  }

  /// One item: fetch, then decode and analyse unless the content has an analysis.
  private func process(_ item: WorkItem) async -> WorkResult {
    guard let url = URL(string: item.imageURL) else {
      return .failed(stage: "fetch", message: "not a URL", retry: false, image: nil)
    }
    let previous = item.previous
    let remembered = previous.flatMap { record in
      record.sha256.map {
        PreviousFetch(
          validators: Validators(etag: record.etag, lastModified: record.lastModified), sha256: $0)
      }
    }
    let fetched: FetchedImage
    do {
      fetched = try await fetcher.fetchImage(url, previous: remembered)
    } catch {
      return .failed(
        stage: "fetch", message: "\(error.reason)", retry: error.isTransient,
        image: ImageRecord(failed: url, error: "\(error.reason)", keeping: previous, at: Date()))
    }
    let image = ImageRecord(fetched, keeping: previous, at: Date())
    do {
      // The claim said whether the bytes the catalogue knew have an analysis; only new bytes
      // need asking.
      let analysed =
        fetched.sha256 == previous?.sha256
        ? item.previousAnalysed
        : try await catalog.hasAnalysis(
          imageSHA256: fetched.sha256, parameterSetID: item.parameterSetID, measured: measured)
      if analysed { return .done(image: image, analysis: nil) }
      let analyzer = try await analyzer(for: item.parameterSetID)
      // The item carries the title of the first product that shows the image, as the
      // SQLite run hands it over.
      let hint = ProductHint(title: item.title.flatMap { $0.isEmpty ? nil : $0 })
      switch ImageAnalysis.analyse(
        sha256: fetched.sha256, cache: fetcher.cache, decoder: decoder, analyzer: analyzer,
        thumbnails: configuration.thumbnailCache, parameterSetID: item.parameterSetID,
        hint: hint)
      {
      case .success(let record):
        return .done(image: image, analysis: record)
      case .failure(let failure):
        return .failed(stage: "decode", message: failure.message, retry: false, image: image)
      }
    } catch {
      // The catalogue could not be read: another attempt, maybe by another worker.
      return .failed(
        stage: "analyse", message: error.localizedDescription, retry: true, image: image)
    }
  }

  /// The analyser of a parameter set, read from the catalogue once.
  private func analyzer(for parameterSetID: Int64) async throws -> PaletteAnalyzer {
    if let known = analyzers.withLock({ $0[parameterSetID] }) { return known }
    guard let set = try await catalog.parameterSet(id: parameterSetID) else {
      throw StoreError(
        path: catalog.location,
        reason: .unexpected(
          detail: "parameter set \(parameterSetID) was deleted"))
    }
    let analyzer = try PaletteAnalyzer(parameters: set.parameters)
    analyzers.withLock { $0[parameterSetID] = analyzer }
    return analyzer
  }
}

/// What a worker records through swift-metrics; `huewall worker --metrics-port` serves it
/// (the names are listed in docs/OPERATIONS.md). Without a metrics backend, nothing is kept.
struct WorkerMetrics: Sendable {
  let claims = Counter(label: "huewall_worker_claims_total")
  let claimedItems = Counter(label: "huewall_worker_claimed_items_total")
  let expiredLeases = Counter(label: "huewall_worker_leases_expired_total")
  let done = Counter(label: "huewall_worker_items_total", dimensions: [("result", "done")])
  let failed = Counter(label: "huewall_worker_items_total", dimensions: [("result", "failed")])
  let lost = Counter(label: "huewall_worker_items_total", dimensions: [("result", "lost")])
  let analyses = Counter(label: "huewall_worker_analyses_total")
  let imageDuration = Metrics.Timer(label: "huewall_worker_image_duration_seconds")
  let pending = Gauge(label: "huewall_queue_items", dimensions: [("state", "pending")])
  let leased = Gauge(label: "huewall_queue_items", dimensions: [("state", "leased")])

  func imageTime(_ duration: Duration) { imageDuration.recordNanoseconds(duration.nanoseconds) }

  func claimed(_ batch: [WorkItem]) {
    guard !batch.isEmpty else { return }
    claims.increment()
    claimedItems.increment(by: batch.count)
    expiredLeases.increment(by: batch.count { $0.leaseExpired })
  }

  func finished(_ result: WorkResult, written: Bool) {
    guard written else { return lost.increment() }
    switch result {
    case .done(_, let analysis):
      done.increment()
      if analysis != nil { analyses.increment() }
    case .failed: failed.increment()
    }
  }

  func queue(_ counts: QueueCounts) {
    pending.record(counts.pending)
    leased.record(counts.leased)
  }
}
