public import Foundation
import Logging

/// One named stage of a run. A run is a list of steps; the runner logs `[i/n] name` before
/// each one and tags any error with the step it came from.
struct PipelineStep {
  let name: String
  let body: (RunContext) async throws -> Void
}

/// An error that stopped a run, with the step it happened in.
public struct PipelineError: Error, LocalizedError {
  /// The step's name, or nil before the first step (configuration, lock, store).
  public var step: String?
  public var underlying: any Error
  /// Another run holds the lock: the scheduler should simply try again later.
  public var isLockHeld: Bool {
    if case .held = underlying as? RunLock.Failure { return true }
    return false
  }

  public var errorDescription: String? {
    let message = (underlying as? any LocalizedError)?.errorDescription ?? "\(underlying)"
    return step.map { "\($0): \(message)" } ?? message
  }
}

extension RunContext {
  /// Runs `steps` in order; the first error stops the run.
  func run(_ steps: [PipelineStep]) async throws(PipelineError) {
    for (index, step) in steps.enumerated() {
      logger.info("[\(index + 1)/\(steps.count)] \(step.name)")
      do {
        try await step.body(self)
      } catch {
        progress.end()
        throw PipelineError(step: step.name, underlying: error)
      }
      progress.end()
    }
  }
}
