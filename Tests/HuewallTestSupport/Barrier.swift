import Synchronization

/// A server-side meeting point for concurrency tests: handlers wait at it until `parties` of
/// them are there at once, so that a test sees a limit reached rather than hoping a sleep was
/// long enough. It opens anyway after `timeout`, so a limit that is never reached fails the
/// test (``reached`` is false) instead of hanging it.
public final class Barrier: Sendable {
  private struct State {
    var held = HeldCallers()
    var reached = false
  }

  private let parties: Int
  private let state = Mutex(State())

  public init(parties: Int, timeout: Duration = .seconds(30)) {
    self.parties = parties
    HeldCallers.open(self, after: timeout) { $0.open() }
  }

  /// Waits until `parties` callers are here at once (or the timeout passed); after that it
  /// lets everyone through.
  public func arrive() async {
    await withCheckedContinuation { continuation in
      let ready: [CheckedContinuation<Void, Never>] = state.withLock { state in
        if state.held.isOpen { return [continuation] }
        state.held.hold(continuation)
        guard state.held.waiting.count >= parties else { return [] }
        state.reached = true
        return state.held.open()
      }
      for waiting in ready { waiting.resume() }
    }
  }

  /// Whether `parties` callers were ever waiting at once.
  public var reached: Bool { state.withLock { $0.reached } }

  /// Lets everyone through now, and everyone after.
  public func open() {
    for continuation in state.withLock({ $0.held.open() }) { continuation.resume() }
  }
}
