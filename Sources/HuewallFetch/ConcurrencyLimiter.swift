/// Slots for downloads: at most `total` at once, and at most `perHost` for any one host.
///
/// Waiting tasks are suspended, not polled. A freed slot goes to the longest-waiting task whose
/// host has room, so a host at its limit does not hold up downloads from other hosts.
actor ConcurrencyLimiter {
  private struct Waiter {
    let id: UInt64
    let host: String
    let continuation: CheckedContinuation<Void, any Error>
  }

  let total: Int
  let perHost: Int
  private var running = 0
  private var runningPerHost: [String: Int] = [:]
  private var waiters: [Waiter] = []
  private var nextID: UInt64 = 0

  init(total: Int, perHost: Int) {
    self.total = max(1, total)
    self.perHost = max(1, perHost)
  }

  /// Waits for a slot for `host`; every successful call must be balanced by ``release(host:)``.
  func acquire(host: String) async throws(CancellationError) {
    if Task.isCancelled { throw CancellationError() }
    if waiters.isEmpty && hasRoom(for: host) {
      take(host)
      return
    }
    nextID += 1
    let id = nextID
    do {
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          waiters.append(Waiter(id: id, host: host, continuation: continuation))
        }
      } onCancel: {
        Task { await self.cancel(id) }
      }
    } catch {
      throw CancellationError()
    }
  }

  /// Frees a slot taken by ``acquire(host:)`` and hands out what is now possible.
  func release(host: String) {
    running -= 1
    let remaining = (runningPerHost[host] ?? 1) - 1
    runningPerHost[host] = remaining > 0 ? remaining : nil
    var index = 0
    while index < waiters.count && running < total {
      if hasRoom(for: waiters[index].host) {
        let waiter = waiters.remove(at: index)
        take(waiter.host)
        waiter.continuation.resume()
      } else {
        index += 1
      }
    }
  }

  private func cancel(_ id: UInt64) {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
    waiters.remove(at: index).continuation.resume(throwing: CancellationError())
  }

  private func hasRoom(for host: String) -> Bool {
    running < total && runningPerHost[host, default: 0] < perHost
  }

  private func take(_ host: String) {
    running += 1
    runningPerHost[host, default: 0] += 1
  }
}
