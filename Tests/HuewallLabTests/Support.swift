import Foundation
import Testing

let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// What a run of the built `huewall-lab` binary printed and returned.
struct CommandResult {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// The `huewall-lab` executable that `swift build` put beside this test bundle.
func huewallLabExecutable() throws -> URL {
  let candidates = [
    Bundle.main.bundleURL,
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
  ].map { $0.appendingPathComponent("huewall-lab") }
  return try #require(
    candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
    "no huewall-lab binary in \(candidates.map(\.path))")
}

/// Runs `huewall-lab` with `arguments` from the repository root, as a user would; output goes
/// to temporary files rather than pipes, so a long report never blocks the child.
func huewallLab(_ arguments: [String]) async throws -> CommandResult {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("huewall-lab-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let outURL = folder.appendingPathComponent("stdout")
  let errURL = folder.appendingPathComponent("stderr")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let out = try FileHandle(forWritingTo: outURL)
  let err = try FileHandle(forWritingTo: errURL)
  let process = Process()
  process.executableURL = try huewallLabExecutable()
  process.arguments = arguments
  process.currentDirectoryURL = repositoryRoot
  process.standardOutput = out
  process.standardError = err
  process.standardInput = FileHandle.nullDevice
  try await withCheckedThrowingContinuation { (ended: CheckedContinuation<Void, any Error>) in
    process.terminationHandler = { _ in ended.resume() }
    do {
      try process.run()
    } catch {
      process.terminationHandler = nil
      ended.resume(throwing: error)
    }
  }
  try out.close()
  try err.close()
  return CommandResult(
    status: process.terminationStatus,
    stdout: try String(contentsOf: outURL, encoding: .utf8),
    stderr: try String(contentsOf: errURL, encoding: .utf8))
}
