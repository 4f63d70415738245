import Foundation
import HuewallPostgres
import HuewallStore
import Logging

/// The steps a run takes with a PostgreSQL catalogue instead of fetching and analysing itself:
/// queue the work, then wait for the workers (or do it here when none is connected).
extension Steps {
  /// Queues the first `imagesPerProduct` images of every product in the feed for the run's
  /// parameter set.
  static func queueImages(_ catalog: PostgresCatalog) -> PipelineStep {
    PipelineStep(name: "Queue images") { context in
      let queued = try await catalog.enqueueProductImages(
        parameterSetID: context.parameterSet.id, runID: context.runID,
        imagesPerProduct: context.configuration.imagesPerProduct)
      context.logger.info("\(queued) images in the queue")
    }
  }

  /// Queues every image fetched once, for reprocessing with the run's parameter set.
  static func queueCachedImages(_ catalog: PostgresCatalog) -> PipelineStep {
    PipelineStep(name: "Queue cached images") { context in
      let queued = try await catalog.enqueueCachedImages(
        parameterSetID: context.parameterSet.id, runID: context.runID,
        imagesPerProduct: context.configuration.imagesPerProduct)
      context.logger.info("\(queued) cached images in the queue")
    }
  }

  /// Waits until the run's items are done or failed, then counts them into the run.
  ///
  /// `workers` 0 does the work in this process; nil does it here while no worker has been
  /// seen for a minute, and otherwise leaves it to the workers.
  static func awaitQueue(
    _ catalog: PostgresCatalog, workers: Int?, settings: QueueWorker.Settings
  ) -> PipelineStep {
    PipelineStep(name: "Await workers") { context in
      let setID = context.parameterSet.id
      let first = try await catalog.queueCounts(parameterSetID: setID)
      context.progress.begin("Analysing images", total: first.open)
      var reported = 0
      while true {
        let counts = try await catalog.queueCounts(parameterSetID: setID)
        if counts.open == 0 { break }
        let done = first.open - counts.open
        if done > reported {
          context.progress.advance(by: done - reported)
          reported = done
        }
        if workers == 0 || (workers == nil && counts.workersSeen == 0) {
          context.logger.info(
            "no worker connected: working in this process (\(counts.open) items)")
          let worker = try QueueWorker(
            catalog: catalog, configuration: context.configuration, settings: settings,
            logger: context.logger)
          do {
            _ = try await worker.run(untilDrained: true)
          } catch {
            await worker.shutdown()
            throw error
          }
          await worker.shutdown()
        } else {
          try await Task.sleep(for: .milliseconds(250))
        }
      }
      let tally = try await catalog.tally(runID: context.runID)
      context.counts.imagesDownloaded += tally.downloaded
      context.counts.imagesNotModified += tally.notModified
      context.counts.imagesFailed += tally.failed
      context.counts.imagesDecoded += tally.analysed
      context.counts.errors += tally.failed
      context.itemsAttempted += tally.downloaded + tally.notModified + tally.failed
      context.itemsFailed += tally.failed
    }
  }
}
