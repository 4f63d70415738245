import Foundation
import HuewallFetch
import HuewallTestSupport
import Logging
import Synchronization

/// A loopback server, a fresh cache folder and a fetcher for one test, torn down afterwards.
struct Harness {
  let server: TestHTTPServer
  let cache: ImageCache
  let fetcher: Fetcher

  /// Settings that keep failing tests quick: near-instant retries. The timeouts stay long, so
  /// that a loaded machine never turns an answer into a timeout (a parallel test run once kept
  /// a 200's body from being read for over a minute, and the fetch counted a second attempt);
  /// a test of timeouts sets its own. The server is on loopback, so private networks are
  /// allowed.
  static let quick = FetchSettings(
    connectTimeout: 120, requestTimeout: 300, maxAttempts: 3, retryBaseDelay: 0.01,
    allowPrivateNetworks: true)

  static func run(
    _ settings: FetchSettings = quick, logger: Logger = quietLogger,
    _ body: (Harness) async throws -> Void
  ) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-fetch-\(UUID().uuidString)", isDirectory: true)
    let server = try await TestHTTPServer.start()
    let cache: ImageCache
    do {
      cache = try ImageCache(directory: directory)
    } catch {
      await server.shutdown()
      throw error
    }
    let fetcher = Fetcher(settings: settings, cache: cache, logger: logger)
    let harness = Harness(server: server, cache: cache, fetcher: fetcher)
    var failure: (any Error)?
    // The fetches and their waits run on threads of their own, so that a parallel run's
    // synchronous tests cannot hold them past a deadline (DedicatedThreads).
    do {
      try await withTaskExecutorPreference(DedicatedThreads.shared) { try await body(harness) }
    } catch { failure = error }
    await fetcher.shutdown()
    await server.shutdown()
    try? FileManager.default.removeItem(at: directory)
    if let failure { throw failure }
  }

  /// The error `operation` throws, or nil when it succeeds (or throws something else).
  func failure<T>(_ operation: () async throws -> T) async -> FetchError? {
    do {
      _ = try await operation()
      return nil
    } catch {
      return error as? FetchError
    }
  }

  /// Every file below the cache folder with its modification date.
  func cacheListing() -> [String: Date] {
    var listing: [String: Date] = [:]
    let enumerator = FileManager.default.enumerator(
      at: cache.directory, includingPropertiesForKeys: [.contentModificationDateKey])
    while let url = enumerator?.nextObject() as? URL {
      let date = try? url.resourceValues(forKeys: [.contentModificationDateKey])
        .contentModificationDate
      listing[url.path] = date ?? .distantPast
    }
    return listing
  }
}

let quietLogger = Logger(label: "huewall.fetch.tests") { _ in SwiftLogNoOpLogHandler() }

/// Keeps every log message at or above `.debug`, to check what a run would print.
final class LogRecorder: Sendable {
  private let entries = Mutex<[(level: Logger.Level, message: String)]>([])

  var messages: [(level: Logger.Level, message: String)] { entries.withLock { $0 } }

  var logger: Logger {
    Logger(label: "huewall.fetch.tests") { _ in Handler(recorder: self) }
  }

  struct Handler: LogHandler {
    let recorder: LogRecorder
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      recorder.entries.withLock { $0.append((event.level, event.message.description)) }
    }
  }
}

/// Real image files from `samples/`, so the server serves bytes a shop would.
enum Samples {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("samples", isDirectory: true)

  static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

  static func data(_ name: String) -> Data {
    (try? Data(contentsOf: url(name))) ?? Data()
  }

  static let jpeg = data("01-red-sneaker.jpg")
  static let otherJPEG = data("02-navy-backpack.jpg")
  static let png = data("03-yellow-tshirt.png")
}

/// A count of handlers running at once across servers, for limits that span hosts.
final class InFlightCounter: Sendable {
  private let counts = Mutex((current: 0, peak: 0))

  func enter() {
    counts.withLock {
      $0.current += 1
      $0.peak = max($0.peak, $0.current)
    }
  }

  func leave() { counts.withLock { $0.current -= 1 } }

  var maximum: Int { counts.withLock { $0.peak } }
}
