public import Foundation

/// The repository's root folder, where a user runs the commands.
public let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// What a run of a built binary printed and returned.
public struct CommandResult: Sendable {
  /// `.exit`, or `.uncaughtSignal` when the process died.
  public var reason: Process.TerminationReason
  public var status: Int32
  public var stdout: String
  public var stderr: String

  public var lines: [String] { stdout.split(separator: "\n").map(String.init) }

  public init(
    reason: Process.TerminationReason = .exit, status: Int32, stdout: String, stderr: String
  ) {
    self.reason = reason
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }
}

/// Where `swift build` puts the executable `name` beside this test bundle.
public func builtExecutableCandidates(_ name: String) -> [URL] {
  [
    Bundle.main.bundleURL,
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
  ].map { $0.appendingPathComponent(name) }
}

/// Runs `executable` with `arguments` from the repository root (or `directory`), as a user
/// would, with `environment` added to this process's.
///
/// Output goes to temporary files rather than pipes, so a chatty child never blocks. The wait
/// holds no thread: the tests' HTTP server answers a child's requests on the same small pool
/// of threads, and tests blocked in `waitUntilExit` could starve it (a run then times out
/// reading its feed).
public func run(
  _ executable: URL, _ arguments: [String], in directory: URL = repositoryRoot,
  environment: [String: String] = [:]
) async throws -> CommandResult {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("huewall-child-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let outURL = folder.appendingPathComponent("stdout")
  let errURL = folder.appendingPathComponent("stderr")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let out = try FileHandle(forWritingTo: outURL)
  let err = try FileHandle(forWritingTo: errURL)
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.currentDirectoryURL = directory
  if !environment.isEmpty {
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  }
  process.standardOutput = out
  process.standardError = err
  process.standardInput = FileHandle.nullDevice
  try await runUntilExit(process)
  try out.close()
  try err.close()
  return CommandResult(
    reason: process.terminationReason, status: process.terminationStatus,
    stdout: try String(contentsOf: outURL, encoding: .utf8),
    stderr: try String(contentsOf: errURL, encoding: .utf8))
}

/// Starts `process` and waits for it to end without blocking a thread.
public func runUntilExit(_ process: Process) async throws {
  try await withCheckedThrowingContinuation { (ended: CheckedContinuation<Void, any Error>) in
    process.terminationHandler = { _ in ended.resume() }
    do {
      try process.run()
    } catch {
      process.terminationHandler = nil
      ended.resume(throwing: error)
    }
  }
}
