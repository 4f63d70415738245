import Foundation

/// A throwaway PostgreSQL server for the tests, and a fresh database on it per test.
///
/// `scripts/test` starts one cluster (`scripts/pg-cluster`, a Unix socket in a temporary
/// folder, never a shared server) and passes its URL in `HUEWALL_TEST_POSTGRES`; a test
/// process started otherwise (`swift test` alone) starts its own the same way and stops it
/// when it exits.
public enum TestPostgres {
  /// The repository's root.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The URL of the server's `postgres` database.
  public static let server: String = {
    if let url = ProcessInfo.processInfo.environment["HUEWALL_TEST_POSTGRES"], !url.isEmpty {
      return url
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-test-pg-\(getpid())").path
    let port = 20_000 + Int(getpid() % 20_000)
    let url = try! run(
      root.appendingPathComponent("scripts/pg-cluster").path, ["start", folder, "\(port)"])
    startedFolder = strdup(folder)
    atexit {
      guard let folder = startedFolder else { return }
      _ = try? TestPostgres.run(
        TestPostgres.root.appendingPathComponent("scripts/pg-cluster").path,
        ["stop", String(cString: folder)])
    }
    return url
  }()

  nonisolated(unsafe) private static var startedFolder: UnsafeMutablePointer<CChar>?
  private static let counter = Counter()

  /// The URL of a new, empty database on the server: one per test, so that tests never share
  /// state (they are left for the cluster's removal at the end).
  public static func freshDatabase() throws -> String {
    let name = "huewall_\(getpid())_\(counter.next())"
    _ = try run("/usr/bin/psql", ["-q", "-v", "ON_ERROR_STOP=1", server, "-c", "CREATE DATABASE \(name)"])
    guard var components = URLComponents(string: server) else {
      throw TestPostgresError(message: "unreadable server URL \(server)")
    }
    components.path = "/\(name)"
    return components.string!
  }

  /// Runs a program and returns its standard output, trimmed; throws with its standard error
  /// when it fails.
  @discardableResult
  static func run(_ program: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let text = output.fileHandleForReading.readDataToEndOfFile()
    let problems = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw TestPostgresError(
        message: "\(program) \(arguments.joined(separator: " ")): "
          + String(decoding: problems, as: UTF8.self))
    }
    return String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

public struct TestPostgresError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}
