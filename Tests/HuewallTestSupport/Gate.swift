import Synchronization

/// A server-side hold for tests that act on a client mid-work: the first `passing` callers go
/// through, the rest wait until ``open()``, so that work is certain to be left while the test
/// acts rather than hoped to be by a sleep. It opens anyway after `timeout`, so a test that
/// never opens it fails on what it checks instead of hanging.
public final class Gate: Sendable {
  private struct State {
    var passed = 0
    var waiting: [CheckedContinuation<Void, Never>] = []
    var open = false
  }

  private let passing: Int
  private let state = Mutex(State())

  public init(passing: Int, timeout: Duration = .seconds(60)) {
    self.passing = passing
    Task { [weak self] in
      try? await Task.sleep(for: timeout)
      self?.open()
    }
  }

  /// Returns at once for the first `passing` callers and once the gate is open; waits until
  /// then otherwise.
  public func pass() async {
    await withCheckedContinuation { continuation in
      let through = state.withLock { state in
        if state.open || state.passed < passing {
          state.passed += 1
          return true
        }
        state.waiting.append(continuation)
        return false
      }
      if through { continuation.resume() }
    }
  }

  /// Lets everyone waiting through now, and everyone after.
  public func open() {
    let waiting: [CheckedContinuation<Void, Never>] = state.withLock { state in
      guard !state.open else { return [] }
      state.open = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }
}
