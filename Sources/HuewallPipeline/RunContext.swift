import Foundation
import HuewallCore
import HuewallDecode
import HuewallFetch
import HuewallPalette
import HuewallStore
import Logging

/// What the steps of one run share: the open store, the run's record, its counts, and what
/// each step hands to the next.
final class RunContext {
  let configuration: PipelineConfiguration
  let store: any Catalogue
  let logger: Logger
  let progress: ProgressReporter
  let runID: Int64
  let parameterSet: ParameterSetRecord
  let analyzer: PaletteAnalyzer
  var counts = RunCounts()
  /// Items a run looked at (feed items, images) and how many of them failed, for exit code 3.
  var itemsAttempted = 0
  var itemsFailed = 0

  /// Images this run needs analysed, by SHA-256, with the URLs that gave them (for messages).
  var imagesToAnalyse: [String: [String]] = [:]

  init(
    configuration: PipelineConfiguration, store: any Catalogue, logger: Logger,
    progress: ProgressReporter, runID: Int64, parameterSet: ParameterSetRecord,
    analyzer: PaletteAnalyzer
  ) {
    self.configuration = configuration
    self.store = store
    self.logger = logger
    self.progress = progress
    self.runID = runID
    self.parameterSet = parameterSet
    self.analyzer = analyzer
  }

  /// Records one failed item (and logs it), so the run goes on and the report says why.
  func fail(stage: String, subject: String, message: String) async {
    itemsFailed += 1
    counts.errors += 1
    await record(stage: stage, subject: subject, message: message, isWarning: false)
  }

  /// Records an item that was kept but not as the source had it, beside the run's errors
  /// (marked as a warning); it counts neither as an error nor as a failure.
  func warn(stage: String, subject: String, message: String) async {
    await record(stage: stage, subject: subject, message: message, isWarning: true)
  }

  private func record(stage: String, subject: String, message: String, isWarning: Bool) async {
    logger.warning("\(stage): \(subject): \(isWarning ? "warning: " : "")\(message)")
    do {
      try await store.recordError(
        runID: runID, stage: stage, subject: subject, message: message, at: Date(),
        isWarning: isWarning)
    } catch {
      logger.error("could not record an error in the store: \(error.localizedDescription)")
    }
  }
}
