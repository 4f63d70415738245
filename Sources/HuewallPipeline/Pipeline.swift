public import Foundation
public import HuewallCore
import HuewallDecode
import HuewallFetch
import HuewallPalette
import HuewallPostgres
public import HuewallStore
public import Logging

/// The nightly run and reprocessing, each a list of steps over one store.
///
/// Both take the run lock first, so they never overlap each other, and both record a run in
/// the store whatever happens: a failure of one item is recorded and the run goes on; a step
/// that fails as a whole (an unreadable feed, an unusable store) stops the run with an error
/// that names the step.
public struct Pipeline {
  public var configuration: PipelineConfiguration
  public var logger: Logger
  public var progress: ProgressReporter

  public init(configuration: PipelineConfiguration, logger: Logger, progress: ProgressReporter) {
    self.configuration = configuration
    self.logger = logger
    self.progress = progress
  }

  /// Feed → products → images → analyses → export, doing only what changed since last time;
  /// with `feedOnly`, just the feed and the products (a quick catalogue refresh).
  ///
  /// With a PostgreSQL catalogue the images are queued for `huewall worker` processes instead
  /// of fetched here, and the run waits for them: `workers` 0 does the work in this process,
  /// nil does it here only while no worker is connected.
  public func run(
    feedOnly: Bool = false, workers: Int? = nil, queue: QueueWorker.Settings? = nil
  ) async throws(PipelineError) -> RunReport {
    let parameters = try await setUp { try configuration.analysis.parameters() }
    if !feedOnly { try await setUp { try configuration.checkOutput() } }
    return try await withRun(
      kind: .run, parameters: parameters, preset: configuration.analysis.preset,
      name: configuration.analysis.name
    ) { context, cache, catalogue in
      let fetcher = Fetcher(settings: configuration.fetch, cache: cache, logger: logger)
      var steps = [Steps.readFeed(fetcher: fetcher), Steps.syncProducts]
      if !feedOnly {
        switch catalogue {
        case .sqlite(let store):
          steps += [
            Steps.fetchImages(fetcher: fetcher),
            Steps.analyseImages(
              store: store, cache: cache, decoder: ImageDecoder(limits: configuration.decode)),
          ]
        case .postgres(let catalog):
          steps += [
            Steps.queueImages(catalog),
            Steps.awaitQueue(catalog, workers: workers, settings: queue ?? defaultQueue),
          ]
        }
        steps.append(Steps.export(to: configuration.output))
        if !configuration.writeBack.formats.isEmpty {
          steps.append(Steps.writeBack(configuration.writeBack, exportOutput: configuration.output))
        }
      }
      do {
        try await context.run(steps)
      } catch {
        await fetcher.shutdown()
        throw error
      }
      await fetcher.shutdown()
    }
  }

  /// Re-analyses every cached image with other parameters, without any network access, as a
  /// parameter set of its own beside the earlier ones.
  public func reanalyse(preset: Preset, overrides: ParameterOverrides, name: String?)
    async throws(PipelineError) -> RunReport
  {
    let parameters = try await setUp { try preset.parameters(with: overrides) }
    return try await withRun(kind: .analyze, parameters: parameters, preset: preset, name: name) {
      context, cache, catalogue in
      switch catalogue {
      case .sqlite(let store):
        try await context.run([
          Steps.collectCachedImages,
          Steps.analyseImages(
            store: store, cache: cache, decoder: ImageDecoder(limits: configuration.decode)),
        ])
      case .postgres(let catalog):
        try await context.run([
          Steps.queueCachedImages(catalog),
          Steps.awaitQueue(catalog, workers: nil, settings: defaultQueue),
        ])
      }
    }
  }

  /// A worker in this process: as many items at once as the configuration's jobs.
  private var defaultQueue: QueueWorker.Settings {
    QueueWorker.Settings(concurrency: configuration.effectiveJobs)
  }

  /// Takes the lock, opens the store, records the run, runs `body`, and records how it ended.
  private func withRun(
    kind: RunKind, parameters: AnalysisParameters, preset: Preset, name: String?,
    body: (RunContext, ImageCache, OpenCatalogue.Kind) async throws -> Void
  ) async throws(PipelineError) -> RunReport {
    for warning in configuration.warnings { logger.warning("configuration: \(warning)") }
    let opened = try await setUp { try await OpenCatalogue.lockAndOpen(configuration) }
    defer { withExtendedLifetime(opened) {} }
    let store = opened.catalogue
    let interrupted = try await setUp { try await store.markInterruptedRuns(at: Date()) }
    if interrupted > 0 {
      logger.warning(
        "\(interrupted) earlier run(s) had been interrupted; starting over from the store")
    }
    if case .sqlite(let store) = opened.kind {
      try await setUp { try recoverDecodingNotes(store) }
    }
    let parameterSet = try await setUp {
      try await store.parameterSet(for: parameters, preset: preset.rawValue, name: name)
    }
    let analyzer = try await setUp { try PaletteAnalyzer(parameters: parameters) }
    let cache = try await setUp {
      try ImageCache(directory: URL(fileURLWithPath: configuration.cache))
    }
    let started = Date()
    let runID = try await setUp {
      try await store.startRun(kind: kind, parameterSetID: parameterSet.id, at: started)
    }
    let context = RunContext(
      configuration: configuration, store: store, logger: logger, progress: progress,
      runID: runID, parameterSet: parameterSet, analyzer: analyzer)
    do {
      try await body(context, cache, opened.kind)
    } catch {
      let failure = error as? PipelineError ?? PipelineError(step: nil, underlying: error)
      try? await store.finishRun(
        runID, status: .failed, counts: context.counts, message: failure.localizedDescription,
        at: Date())
      throw failure
    }
    let report = RunReport(context: context, started: started, finished: Date())
    try await setUp {
      try await store.finishRun(
        runID, status: report.status, counts: report.counts, message: nil, at: report.finished)
    }
    return report
  }

  /// Images an earlier process was decoding when it stopped: poison if it crashed (it will not
  /// be decoded again until it changes), retried if it was killed.
  private func recoverDecodingNotes(_ store: CatalogStore) throws {
    if CrashMarker.takeCrash(at: configuration.crashMarker) {
      for image in try store.recoverPoisonImages(at: Date()) {
        logger.error(
          "image \(image.imageSHA256): \(image.reason); not decoded again until it changes")
      }
    } else {
      let retried = try store.forgetDecodingNotes()
      if retried > 0 {
        logger.info("\(retried) image(s) were being decoded when an earlier run was killed")
      }
    }
  }

  /// Runs set-up work, tagging its errors as happening before any step.
  private func setUp<T>(_ work: () async throws -> T) async throws(PipelineError) -> T {
    do {
      return try await work()
    } catch {
      throw PipelineError(step: nil, underlying: error)
    }
  }
}

/// The catalogue a run works on, opened under its lock: the run lock file beside an SQLite
/// catalogue, or the coordinator's advisory lock in a PostgreSQL one.
final class OpenCatalogue {
  enum Kind {
    case sqlite(CatalogStore)
    case postgres(PostgresCatalog)
  }

  let kind: Kind
  private let lock: RunLock?

  var catalogue: any Catalogue {
    switch kind {
    case .sqlite(let store): store
    case .postgres(let catalog): catalog
    }
  }

  private init(kind: Kind, lock: RunLock?) {
    self.kind = kind
    self.lock = lock
  }

  static func lockAndOpen(_ configuration: PipelineConfiguration) async throws -> OpenCatalogue {
    if configuration.usesPostgres {
      let catalog = try await PostgresCatalog(url: configuration.database)
      guard try await catalog.tryCoordinatorLock() else {
        throw RunLock.Failure.held(path: catalog.location, by: "another coordinating run")
      }
      return OpenCatalogue(kind: .postgres(catalog), lock: nil)
    }
    let lock = try RunLock(path: configuration.lock)
    return OpenCatalogue(kind: .sqlite(try CatalogStore(path: configuration.database)), lock: lock)
  }
}

/// How a run went: what the final summary line and `huewall status` report.
public struct RunReport: Sendable {
  public var runID: Int64
  public var status: RunStatus
  public var counts: RunCounts
  public var itemsAttempted: Int
  public var itemsFailed: Int
  public var maxFailureRate: Double
  public var parameterSetName: String
  public var started: Date
  public var finished: Date

  init(context: RunContext, started: Date, finished: Date) {
    runID = context.runID
    counts = context.counts
    itemsAttempted = context.itemsAttempted
    itemsFailed = context.itemsFailed
    maxFailureRate = context.configuration.maxFailureRate
    parameterSetName = context.parameterSet.name
    self.started = started
    self.finished = finished
    let rate = Self.rate(failed: itemsFailed, of: itemsAttempted)
    status = rate > maxFailureRate ? .failedItems : .succeeded
  }

  static func rate(failed: Int, of attempted: Int) -> Double {
    attempted == 0 ? 0 : Double(failed) / Double(attempted)
  }

  /// Failed items over attempted ones (feed items and images).
  public var failureRate: Double { Self.rate(failed: itemsFailed, of: itemsAttempted) }

  /// One line for the end of a run.
  public var summary: String {
    let c = counts
    let seconds = String(format: "%.1f s", finished.timeIntervalSince(started))
    return "run \(runID) \(status.rawValue) in \(seconds): products \(c.productsSeen) seen, "
      + "\(c.productsAdded) added, \(c.productsChanged) changed, \(c.productsRemoved) removed"
      + (c.itemsSeen > c.productsSeen ? " (\(c.itemsSeen) feed items)" : "") + "; "
      + "images \(c.imagesDownloaded) downloaded, \(c.imagesNotModified) not modified, "
      + "\(c.imagesFailed) failed, \(c.imagesDecoded) analysed; \(c.errors) errors "
      + "(parameters \(parameterSetName))"
  }
}
