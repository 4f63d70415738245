import Synchronization

/// A server-side hold for tests that act on a client mid-work: the first `passing` callers go
/// through, the rest wait until ``open()``, so that work is certain to be left while the test
/// acts rather than hoped to be by a sleep. It opens anyway after `timeout`, so a test that
/// never opens it fails on what it checks instead of hanging.
public final class Gate: Sendable {
  private struct State {
    var passed = 0
    var held = HeldCallers()
  }

  private let passing: Int
  private let state = Mutex(State())

  public init(passing: Int, timeout: Duration = .seconds(60)) {
    self.passing = passing
    HeldCallers.open(self, after: timeout) { $0.open() }
  }

  /// Returns at once for the first `passing` callers and once the gate is open; waits until
  /// then otherwise.
  public func pass() async {
    await withCheckedContinuation { continuation in
      let through = state.withLock { state in
        if state.held.isOpen || state.passed < passing {
          state.passed += 1
          return true
        }
        state.held.hold(continuation)
        return false
      }
      if through { continuation.resume() }
    }
  }

  /// Lets everyone waiting through now, and everyone after.
  public func open() {
    for continuation in state.withLock({ $0.held.open() }) { continuation.resume() }
  }
}
