import ArgumentParser
import Foundation
import HuewallCore
import HuewallDecode
import HuewallMetrics
import HuewallPipeline
import HuewallPostgres
import HuewallStore

/// `huewall run`: the nightly job.
struct Run: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Sync the feed, fetch and analyse what changed, and export the colour wall.",
    discussion: """
      Incremental: an image whose bytes did not change is not decoded again for a parameter \
      set that already has its analysis, and products that left the feed are marked removed, \
      never deleted. On a terminal it shows each step and its progress; otherwise it prints \
      only warnings and the final summary. Exit codes: 0 success, 1 fatal (configuration, \
      feed or store unusable), 3 more items failed than maxFailureRate allows, 75 another run \
      holds the lock.
      """
  )

  @OptionGroup var pipeline: PipelineOptions

  @Option(help: "The feed: a file or an http(s) URL (overrides \"feed.source\").")
  var feed: String?

  @Option(help: "The export folder (overrides \"output\").")
  var out: String?

  @Flag(help: "Only read the feed and sync the products: no images, no export.")
  var feedOnly = false

  @Option(
    help: """
      With a postgres:// catalogue: 0 fetches and analyses in this process; any other number \
      leaves the work to `huewall worker` processes. (default: this process works while no \
      worker has been seen for a minute)
      """)
  var workers: Int?

  @Option(
    help: """
      How many of each product's images to fetch and analyse, main image first; the colour \
      comes from the one that shows the product most plainly (overrides "imagesPerProduct"; \
      1 analyses the main image only).
      """)
  var imagesPerProduct: Int?

  @Option(help: "With a postgres:// catalogue, the seconds a claim lasts without renewal.")
  var lease: Double = LeasePolicy().lease

  @Option(
    help: ArgumentHelp(
      "Write the run's figures to this file for node_exporter's textfile collector, at the "
        + "end of every run, failed ones included.",
      valueName: "path.prom"))
  var metricsFile: String?

  func validate() throws {
    if let workers, workers < 0 { throw ValidationError("--workers must be 0 or more") }
    if lease < 1 { throw ValidationError("--lease must be at least 1 second") }
    if let imagesPerProduct, imagesPerProduct < 1 {
      throw ValidationError(
        "--images-per-product must be 1 (the main image only) or more, not \(imagesPerProduct)")
    }
  }

  func run() async throws {
    let started = Date()
    var report: RunReport?
    var configuration: PipelineConfiguration
    do {
      configuration = try pipeline.configuration(feed: feed, output: out)
    } catch {
      // No catalogue is known: the metrics go only where the default layout's policy allows.
      var defaults = PipelineConfiguration()
      defaults.file = URL(fileURLWithPath: pipeline.config ?? "pipeline.json").path
      writeMetrics(started: started, report: nil, exitCode: Self.exitCode(of: error), defaults)
      throw error
    }
    if let metricsFile {
      // Refused before the run does anything, and never written then: a mistyped path must
      // not replace the catalogue with a metrics file.
      do {
        try configuration.checkWritable(metricsFile, as: .file, option: "--metrics-file")
      } catch {
        throw CommandFailure.fatal(error)
      }
    }
    do {
      if let imagesPerProduct { configuration.imagesPerProduct = imagesPerProduct }
      let runner = Pipeline(
        configuration: configuration, logger: pipeline.logger("huewall.run"),
        progress: ProgressReporter())
      let queue = QueueWorker.Settings(
        concurrency: configuration.effectiveJobs, policy: LeasePolicy(lease: lease))
      try await finish { () async throws(PipelineError) in
        let finished = try await runner.run(feedOnly: feedOnly, workers: workers, queue: queue)
        report = finished
        return finished
      }
    } catch {
      writeMetrics(
        started: started, report: report, exitCode: Self.exitCode(of: error), configuration)
      throw error
    }
    writeMetrics(started: started, report: report, exitCode: 0, configuration)
  }

  static func exitCode(of error: any Error) -> Int32 {
    (error as? CommandFailure)?.exitCode.rawValue ?? ExitCode.fatal.rawValue
  }

  /// Writes `--metrics-file`, if asked and if `configuration`'s write policy allows the path;
  /// a failure to write it is a warning, never the run's outcome.
  func writeMetrics(
    started: Date, report: RunReport?, exitCode: Int32, _ configuration: PipelineConfiguration
  ) {
    guard let metricsFile else { return }
    do {
      try configuration.checkWritable(metricsFile, as: .file, option: "--metrics-file")
    } catch {
      FileHandle.standardError.write(
        Data("huewall: warning: \(error.localizedDescription)\n".utf8))
      return
    }
    let counts = report.map { report in
      let c = report.counts
      return RunMetricsFile.Counts(
        productsSeen: c.productsSeen, productsAdded: c.productsAdded,
        productsChanged: c.productsChanged, productsRemoved: c.productsRemoved,
        imagesFetched: c.imagesDownloaded, imagesNotModified: c.imagesNotModified,
        imagesFailed: c.imagesFailed, imagesAnalysed: c.imagesDecoded, itemErrors: c.errors,
        feedItems: c.itemsSeen)
    }
    let file = RunMetricsFile(
      started: started, finished: report?.finished ?? Date(), exitCode: exitCode, counts: counts)
    let path = URL(fileURLWithPath: metricsFile).standardizedFileURL.path
    do {
      try file.write(to: path, keeping: configuration.keptPlaces)
    } catch {
      FileHandle.standardError.write(
        Data("huewall: warning: \(path): cannot write the metrics: \(error.reason)\n".utf8))
    }
  }
}

/// Prints a run's summary and turns its outcome into the documented exit code.
func finish(_ run: () async throws(PipelineError) -> RunReport) async throws {
  do {
    let report = try await run()
    print(report.summary)
    if report.status == .failedItems {
      throw CommandFailure(
        message:
          "\(report.itemsFailed) of \(report.itemsAttempted) items failed, over the allowed "
          + "\(Int(report.maxFailureRate * 100)) % (see `huewall status`)",
        exitCode: .itemsFailed)
    }
  } catch let error as PipelineError {
    throw CommandFailure(
      message: error.localizedDescription, exitCode: error.isLockHeld ? .locked : .fatal)
  }
}
