import Foundation
import HuewallTestSupport
import Synchronization
import Testing

@testable import HuewallFetch

/// The fetch tests time real exchanges with the loopback server. In a parallel test run the
/// synchronous tests hold every thread of the pool Swift's tasks share for as long as they
/// compute; a fetch whose hops waited there behind them ran out of its deadline (the pinned
/// redirect, one try, failed in 2 of 6 full runs). Here that pool is kept busy on purpose.
@Suite("Fetching while every pool thread is busy")
struct BusyPoolTests {
  @Test("a pinned redirect with one try finishes within its deadline while the pool computes")
  func redirectWhileThePoolComputes() async throws {
    let settings = FetchSettings(
      connectTimeout: 5, requestTimeout: 5, maxAttempts: 1, retryBaseDelay: 0)
    try await Harness.run(settings) { h in
      h.server.route("/a.jpg", .ok(Samples.jpeg, contentType: "image/jpeg"))
      h.server.route("/b.jpg", .redirect(to: "/a.jpg"))
      let port = try #require(h.server.baseURL.port)
      await h.fetcher.pin(host: "images.shop.invalid", to: .v4(0x7F00_0001))
      let url = URL(string: "http://images.shop.invalid:\(port)/b.jpg")!

      let pool = BusyPool(for: .seconds(15))
      let outcome: Result<FetchedImage, any Error>
      do {
        outcome = .success(try await h.fetcher.fetchImage(url, previous: nil))
      } catch {
        outcome = .failure(error)
      }
      let heldFor = await pool.release()

      let image = try outcome.get()
      #expect(image.sha256 == ImageCache.sha256(Samples.jpeg))
      #expect(image.attempts == 1)
      #expect(h.server.requests.map(\.path) == ["/b.jpg", "/a.jpg"])
      // The pool was still busy when the fetch ended: the fetch did not wait for it.
      #expect(heldFor < .seconds(15))
    }
  }
}

/// Tasks that compute on every thread of the shared pool (several per core, in case the pool
/// has more threads than cores) until released or `limit` has passed.
private final class BusyPool: Sendable {
  private let released = Atomic<Bool>(false)
  private let started = ContinuousClock.now
  private let tasks = Mutex<[Task<Void, Never>]>([])

  init(for limit: Duration) {
    let end = started + limit
    let count = 4 * ProcessInfo.processInfo.activeProcessorCount
    for _ in 0..<count {
      let task = Task.detached(priority: Task.currentPriority) { [self] in
        while !released.load(ordering: .relaxed) && ContinuousClock.now < end {}
      }
      tasks.withLock { $0.append(task) }
    }
  }

  /// Ends the computing and returns how long the pool was held.
  func release() async -> Duration {
    released.store(true, ordering: .relaxed)
    let held = ContinuousClock.now - started
    for task in tasks.withLock({ $0 }) { await task.value }
    return held
  }
}
