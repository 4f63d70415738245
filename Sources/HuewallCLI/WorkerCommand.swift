import ArgumentParser
import Foundation
import HuewallMetrics
import HuewallPipeline
import HuewallPostgres
import HuewallStore
import Logging
import ServiceLifecycle
import Synchronization
import UnixSignals

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
      recorded as failed for its run. SIGTERM or Ctrl-C stops the worker within 10 s in any \
      state: it writes the batch in hand if it can, and otherwise leaves the batch's leases \
      to expire. If the database goes away, the worker reconnects, waiting longer between \
      attempts (up to 30 s). --metrics-port serves its metrics to Prometheus. \
      docs/SCALING.md describes a deployment.
      """
  )

  @OptionGroup var pipeline: PipelineOptions

  @Option(help: "Items fetched and analysed at once. (default: the configuration's \"jobs\")")
  var concurrency: Int?

  @Option(help: "Items claimed at once. (default: 16, or four times the concurrency if more)")
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

  @Option(help: "Serve the worker's metrics at /metrics on this port (Prometheus).")
  var metricsPort: Int?

  @Option(help: "The address that --metrics-port listens on.")
  var metricsHost = "127.0.0.1"

  func validate() throws {
    if let metricsPort, !(0...65535).contains(metricsPort) {
      throw ValidationError("--metrics-port must be 0…65535")
    }
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
    if metricsPort != nil { ProcessMetrics.bootstrap() }
    let service = WorkerService(
      configuration: configuration,
      settings: QueueWorker.Settings(
        concurrency: concurrency ?? configuration.effectiveJobs, batchSize: batch,
        policy: LeasePolicy(lease: lease, maxAttempts: maxAttempts)),
      exitWhenIdle: exitWhenIdle, logger: logger)
    var services = [
      ServiceGroupConfiguration.ServiceConfiguration(
        service: service, successTerminationBehavior: .gracefullyShutdownGroup,
        failureTerminationBehavior: .gracefullyShutdownGroup)
    ]
    if let metricsPort {
      services.append(
        .init(
          service: ProcessMetrics.endpoint(host: metricsHost, port: metricsPort, logger: logger) {
            logger.info("metrics at http://\(metricsHost):\($0)/metrics")
          }))
    }
    var quiet = logger
    quiet.logLevel = .warning
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: quiet))
    try await group.run()
    if let failure = service.failure.withLock({ $0 }) { throw CommandFailure.fatal(failure) }
    let total = service.total.withLock { $0 }
    print(
      "worker: \(total.done) items done (\(total.analysed) analysed), \(total.failed) failed, "
        + "\(total.lost) taken over by another worker")
  }
}

/// A worker's life as a service: connect, work, reconnect after a lost connection, and stop
/// within ``stopGrace`` of SIGTERM or SIGINT whatever it is doing.
final class WorkerService: Service, Sendable {
  /// How long a worker told to stop gives its batch in hand to be written. Past it the
  /// connection is closed and the batch's leases are left to expire: another worker takes
  /// those items, and each is analysed once.
  static let stopGrace: Duration = .seconds(10)
  /// The longest wait between two attempts to reach the catalogue.
  static let maximumBackoff: Duration = .seconds(30)
  /// How long the catalogue may be out of reach before it is worth a warning.
  static let warnAfter: Duration = .seconds(30)

  let configuration: PipelineConfiguration
  let settings: QueueWorker.Settings
  let exitWhenIdle: Bool
  let logger: Logger
  let total = Mutex(QueueWorker.Tally())
  /// Why the worker gave up, for the command to report once the group has stopped.
  let failure = Mutex<(any Error)?>(nil)

  init(
    configuration: PipelineConfiguration, settings: QueueWorker.Settings, exitWhenIdle: Bool,
    logger: Logger
  ) {
    self.configuration = configuration
    self.settings = settings
    self.exitWhenIdle = exitWhenIdle
    self.logger = logger
  }

  func run() async throws {
    var unreachableSince: ContinuousClock.Instant?
    var lastWarning: ContinuousClock.Instant?
    var attempt = 0
    while !Task.isShuttingDownGracefully {
      do {
        let catalog = try await PostgresCatalog(url: configuration.database)
        if unreachableSince != nil { logger.info("reached \(catalog.location) again") }
        (unreachableSince, lastWarning, attempt) = (nil, nil, 0)
        let tally = try await work(on: catalog)
        total.withLock { $0.add(tally) }
        return
      } catch {
        // Whatever a stop interrupted (a lost connection, a cancelled fetch) ends the worker.
        if Task.isShuttingDownGracefully { return }
        guard let lost = error as? StoreError, lost.isConnectionLost, !exitWhenIdle else {
          failure.withLock { $0 = error }
          return
        }
        // The database restarted or is out of reach: the leases of the batch in hand expire
        // and another worker (or this one, later) takes the items.
        let now = ContinuousClock.now
        let since = unreachableSince ?? now
        unreachableSince = since
        attempt += 1
        let wait = min(Self.maximumBackoff, .seconds(1 << min(attempt - 1, 5)))
        let reason = lost.localizedDescription
        logger.debug("attempt \(attempt): \(reason); again in \(wait)")
        if attempt == 1 {
          logger.info("\(reason); connecting again")
        } else if now - since >= Self.warnAfter,
          lastWarning.map({ now - $0 >= .seconds(300) }) ?? true
        {
          let message =
            "the catalogue has been out of reach for \((now - since).components.seconds) s "
            + "(\(reason)); still trying every \(wait)"
          logger.warning("\(message)")
          lastWarning = now
        }
        // SIGTERM ends the wait at once.
        do { try await cancelWhenGracefulShutdown { try await Task.sleep(for: wait) } } catch {
          return
        }
      }
    }
  }

  /// Works on `catalog` until the queue is drained (with --exit-when-idle) or a stop; on a
  /// stop, the batch in hand gets ``stopGrace`` to be written.
  ///
  /// The work and the stop are child tasks of one task group. The stop waits for SIGTERM or
  /// SIGINT, asks the worker to stop after its batch, and when ``stopGrace`` runs out closes
  /// the connection (whatever awaits the server fails at once) and has the work cancelled.
  private func work(on catalog: PostgresCatalog) async throws -> QueueWorker.Tally {
    let worker = try QueueWorker(
      catalog: catalog, configuration: configuration, settings: settings, logger: logger)
    logger.info("worker \(worker.id) on \(catalog.location)")
    do {
      let tally = try await withThrowingTaskGroup(of: Ending.self) { group in
        group.addTask { [logger, exitWhenIdle] in
          .worked(
            try await worker.run(untilDrained: exitWhenIdle) { tally in
              logger.info("\(tally.done) done (\(tally.analysed) analysed), \(tally.failed) failed")
            })
        }
        group.addTask { [logger] in
          // Cancelled once the work ended by itself.
          do { try await gracefulShutdown() } catch { return .notStopped }
          logger.info(
            "stopping: writing the batch in hand (at most \(Self.stopGrace.components.seconds) s)")
          worker.stop()
          do { try await Task.sleep(for: Self.stopGrace) } catch { return .notStopped }
          let message =
            "stopping: the batch in hand was not written in time; its leases expire and "
            + "another worker takes the items"
          logger.warning("\(message)")
          catalog.interrupt()
          return .outOfTime
        }
        var tally: QueueWorker.Tally?
        while let ending = try await group.next() {
          switch ending {
          case .worked(let done):
            tally = done
            group.cancelAll()
          case .outOfTime:
            group.cancelAll()
          case .notStopped:
            break
          }
        }
        // The work ends with its tally or an error; cancelled, it throws.
        return tally ?? QueueWorker.Tally()
      }
      await worker.shutdown()
      return tally
    } catch {
      await worker.shutdown()
      throw error
    }
  }

  /// How a child task of ``work(on:)`` ended.
  private enum Ending: Sendable {
    case worked(QueueWorker.Tally)
    case outOfTime
    case notStopped
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
