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
    FileManager.default.createFile(atPath: logURL.path, contents: nil)
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
  func announced(_ pattern: Regex<(Substring, Substring)>) async throws -> String? {
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline {
      if let match = log.firstMatch(of: pattern) { return String(match.1) }
      try await Task.sleep(for: .milliseconds(50))
    }
    return nil
  }

  /// Sends SIGTERM and returns how long the process took to end.
  func terminate() async throws -> Duration {
    let started = ContinuousClock.now
    kill(process.processIdentifier, SIGTERM)
    try await offThePool { self.process.waitUntilExit() }
    return ContinuousClock.now - started
  }
}
