import Synchronization

/// A server-side meeting point for concurrency tests: handlers wait at it until `parties` of
/// them are there at once, so that a test sees a limit reached rather than hoping a sleep was
/// long enough. It opens anyway after `timeout`, so a limit that is never reached fails the
/// test (``reached`` is false) instead of hanging it.
public final class Barrier: Sendable {
  private struct State {
    var waiting: [CheckedContinuation<Void, Never>] = []
    var open = false
    var reached = false
  }

  private let parties: Int
  private let state = Mutex(State())

  public init(parties: Int, timeout: Duration = .seconds(30)) {
    self.parties = parties
    Task { [weak self] in
      try? await Task.sleep(for: timeout)
      self?.open()
    }
  }

  /// Waits until `parties` callers are here at once (or the timeout passed); after that it
  /// lets everyone through.
  public func arrive() async {
    await withCheckedContinuation { continuation in
      let ready: [CheckedContinuation<Void, Never>] = state.withLock { state in
        if state.open { return [continuation] }
        state.waiting.append(continuation)
        guard state.waiting.count >= parties else { return [] }
        state.open = true
        state.reached = true
        defer { state.waiting = [] }
        return state.waiting
      }
      for waiting in ready { waiting.resume() }
    }
  }

  /// Whether `parties` callers were ever waiting at once.
  public var reached: Bool { state.withLock { $0.reached } }

  /// Lets everyone through now, and everyone after.
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
