import Foundation
import HuewallTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A new empty folder under the temporary directory, named `prefix-<uuid>`.
func makeTemporaryFolder(_ prefix: String) throws -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// A `huewall` process started in the background, its standard error kept in a file.
final class Background: @unchecked Sendable {
  let process = Process()
  let logURL = FileManager.default.temporaryDirectory
    .appendingPathComponent("huewall-background-\(UUID().uuidString).log")

  init(_ arguments: [String]) throws {
    _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
    process.executableURL = try huewallExecutable()
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: logURL)
    process.standardInput = FileHandle.nullDevice
    try process.run()
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    try? FileManager.default.removeItem(at: logURL)
  }

  var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

  /// The first capture of `pattern` in the log, once it appears (up to 30 s).
  ///
  /// The log is read once more after the deadline: on a starved pool the sleep between two
  /// reads can outlast the deadline itself, and a line written meanwhile still counts.
  func announced(_ pattern: Regex<(Substring, Substring)>) async throws -> String? {
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline {
      if let match = log.firstMatch(of: pattern) { return String(match.1) }
      try await Task.sleep(for: .milliseconds(50))
    }
    return log.firstMatch(of: pattern).map { String($0.1) }
  }

  /// Sends SIGTERM and returns how long the process took to end.
  func terminate() async throws -> Duration {
    let started = ContinuousClock.now
    kill(process.processIdentifier, SIGTERM)
    try await waitForExit(process)
    return ContinuousClock.now - started
  }
}

/// Waits for `process` to end without holding a cooperative thread: tests run in parallel, and
/// a few of them blocked in `waitUntilExit` starve the loopback servers of the others.
func waitForExit(_ process: Process) async throws {
  let box = UncheckedProcess(process)
  try await offThePool { box.process.waitUntilExit() }
}

/// A process handed to the thread that waits for it.
private struct UncheckedProcess: @unchecked Sendable {
  let process: Process
  init(_ process: Process) { self.process = process }
}
