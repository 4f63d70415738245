import Metrics
import Synchronization

/// One task at a time behind the responses (an anticipation,
/// ``LiveAnalysis/anticipateBehind(_:for:hints:behind:)``): a new one cancels the one under
/// way. While one runs, the metrics say so (`huewall_serve_anticipating`), so that a
/// benchmark can tell a settled server.
final class BackgroundWork: Sendable {
  private let state = Mutex<(task: Task<Void, Never>?, generation: Int)>((nil, 0))

  /// Cancels the task under way and starts `operation`.
  func replace(with operation: @escaping @Sendable () async -> Void) {
    state.withLock { state in
      state.task?.cancel()
      state.generation += 1
      let generation = state.generation
      ServeMetrics.anticipating.record(1)
      state.task = Task(priority: .utility) {
        await operation()
        self.finished(generation)
      }
    }
  }

  /// Whether a task is under way.
  var isRunning: Bool { state.withLock { $0.task != nil } }

  /// Cancels the task under way, if any.
  func cancel() {
    state.withLock { state in
      state.task?.cancel()
      state.task = nil
      state.generation += 1
      ServeMetrics.anticipating.record(0)
    }
  }

  private func finished(_ generation: Int) {
    state.withLock { state in
      guard state.generation == generation else { return }
      state.task = nil
      ServeMetrics.anticipating.record(0)
    }
  }
}
