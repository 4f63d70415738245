import ArgumentParser
import Dispatch
import Foundation
import HuewallPipeline
import HuewallPostgres
import HuewallStore
import Logging

/// `huewall worker`: one of any number of processes, on any number of machines, that do the
/// fetching and analysing of a PostgreSQL catalogue.
struct Worker: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Fetch and analyse images from a PostgreSQL catalogue's work queue until stopped.",
    discussion: """
      Claims a few image URLs at a time (SELECT … FOR UPDATE SKIP LOCKED, with a lease it \
      renews while it works), fetches them into this machine's image cache, analyses the \
      contents that have no analysis for the item's parameter set, and writes the results. \
      A worker killed at any moment loses at most its batch: its lease expires and another \
      worker takes the items. An item that keeps failing is retried with a growing wait, then \
      recorded as failed for its run. SIGTERM or Ctrl-C stops the worker after its batch. \
      If the database goes away, the worker waits and reconnects. docs/SCALING.md describes \
      a deployment.
      """
  )

  @OptionGroup var pipeline: PipelineOptions

  @Option(help: "Items fetched and analysed at once. (default: the configuration's \"jobs\")")
  var concurrency: Int?

  @Option(help: "Items claimed at once. (default: twice the concurrency)")
  var batch: Int?

  @Option(help: "Seconds a claim lasts without renewal; a killed worker's items wait this long.")
  var lease: Double = LeasePolicy().lease

  @Option(help: "Claims of one item before it is recorded as failed.")
  var maxAttempts: Int = LeasePolicy().maxAttempts

  @Flag(
    help: """
      Exit once the queue is empty, instead of waiting for more work (and exit 1 when the \
      catalogue cannot be reached, instead of waiting for it).
      """)
  var exitWhenIdle = false

  func validate() throws {
    if let concurrency, concurrency < 1 { throw ValidationError("--concurrency must be 1 or more") }
    if let batch, batch < 1 { throw ValidationError("--batch must be 1 or more") }
    if lease < 1 { throw ValidationError("--lease must be at least 1 second") }
    if maxAttempts < 1 { throw ValidationError("--max-attempts must be 1 or more") }
  }

  func run() async throws {
    let configuration = try pipeline.configuration(optional: pipeline.db != nil)
    guard configuration.usesPostgres else {
      throw CommandFailure.fatal(
        "\(configuration.database): a worker needs a postgres:// catalogue (--db or "
          + "\"database\"); an SQLite catalogue is fetched and analysed by `huewall run`")
    }
    let logger = pipeline.logger("huewall.worker")
    let settings = QueueWorker.Settings(
      concurrency: concurrency ?? configuration.effectiveJobs, batchSize: batch,
      policy: LeasePolicy(lease: lease, maxAttempts: maxAttempts))
    let stop = StopSignal()
    var total = QueueWorker.Tally()
    while !stop.requested {
      var current: QueueWorker?
      do {
        let catalog = try PostgresCatalog(url: configuration.database)
        let worker = try QueueWorker(
          catalog: catalog, configuration: configuration, settings: settings, logger: logger)
        current = worker
        stop.onStop { worker.stop() }
        logger.info("worker \(worker.id) on \(catalog.location)")
        let tally = try await worker.run(untilDrained: exitWhenIdle) { tally in
          logger.info(
            "\(tally.done) done (\(tally.analysed) analysed), \(tally.failed) failed")
        }
        await worker.shutdown()
        total.add(tally)
        break
      } catch let error as StoreError where error.isConnectionLost && !exitWhenIdle {
        // The database restarted or is out of reach: the leases of this batch expire and
        // another worker (or this one, later) takes the items.
        logger.warning("\(error.localizedDescription); connecting again in 5 s")
        await current?.shutdown()
        try? await Task.sleep(for: .seconds(5))
      } catch {
        await current?.shutdown()
        throw CommandFailure.fatal(error)
      }
    }
    print(
      "worker: \(total.done) items done (\(total.analysed) analysed), \(total.failed) failed, "
        + "\(total.lost) taken over by another worker")
  }
}

extension QueueWorker.Tally {
  mutating func add(_ other: Self) {
    claimed += other.claimed
    done += other.done
    analysed += other.analysed
    failed += other.failed
    lost += other.lost
  }
}

/// SIGTERM and SIGINT, turned into a request to stop after the current batch.
final class StopSignal: @unchecked Sendable {
  private let lock = NSLock()
  private var stopped = false
  private var handler: (@Sendable () -> Void)?
  private var sources: [any DispatchSourceSignal] = []

  init() {
    for signalNumber in [SIGTERM, SIGINT] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { [weak self] in self?.fire() }
      source.resume()
      sources.append(source)
    }
  }

  var requested: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopped
  }

  /// Calls `handler` when a signal arrives (now, if one already did).
  func onStop(_ handler: @escaping @Sendable () -> Void) {
    lock.lock()
    self.handler = handler
    let already = stopped
    lock.unlock()
    if already { handler() }
  }

  private func fire() {
    lock.lock()
    stopped = true
    let handler = handler
    lock.unlock()
    handler?()
  }
}
