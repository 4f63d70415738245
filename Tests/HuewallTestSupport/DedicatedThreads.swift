import Foundation
import NIOCore

/// A task executor with threads of its own, for the test servers and for tests that time a
/// network exchange.
///
/// On Linux, Swift's global executor and every concurrent `DispatchQueue` share libdispatch's
/// pool of one thread per core, served first in, first out. In a parallel test run the
/// synchronous tests (the colour kernel, the decoders, the feed readers) hold those threads for
/// as long as they compute, and those queued ahead run before any job enqueued after them: a
/// fetch that takes 0.1 s alone waited between its hops for as long as they computed, while
/// its deadline ran on the event loop's own thread, and ran out although nothing was wrong
/// (BusyPoolTests). Jobs sent here run on these threads alone, which the kernel schedules
/// beside the pool's, whatever the pool is doing.
public final class DedicatedThreads: TaskExecutor, @unchecked Sendable {
  /// The executor the test servers and the fetch tests share: four threads, enough for a
  /// server and a client that each wait on the other.
  public static let shared = DedicatedThreads(count: 4, name: "huewall.test-threads")

  /// Guards ``jobs``; its threads wait on it for work.
  private let condition = NSCondition()
  private var jobs = CircularBuffer<UnownedJob>()

  /// Starts `count` threads named `name-0` and on, which live as long as the process.
  public init(count: Int, name: String) {
    precondition(count > 0, "an executor needs a thread")
    for index in 0..<count {
      let thread = Thread { [self] in work() }
      thread.name = "\(name)-\(index)"
      thread.start()
    }
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func work() {
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
