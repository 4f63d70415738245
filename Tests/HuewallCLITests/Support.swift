import Foundation
import HuewallTestSupport
import Testing

/// The `huewall` executable that `swift build` put beside this test bundle, or the one
/// `HUEWALL_BINARY` names (an earlier build, to see a test fail without its fix).
func huewallExecutable() throws -> URL {
  if let binary = ProcessInfo.processInfo.environment["HUEWALL_BINARY"] {
    return URL(fileURLWithPath: binary)
  }
  let candidates = builtExecutableCandidates("huewall")
  return try #require(
    candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
    "no huewall binary in \(candidates.map(\.path))")
}

/// Runs `huewall` with `arguments` from the repository root (or `directory`), as a user would,
/// with `environment` added to this process's (``run(_:_:in:environment:)``).
func huewall(
  _ arguments: [String], in directory: URL = repositoryRoot, environment: [String: String] = [:]
) async throws -> CommandResult {
  try await run(
    try huewallExecutable(), arguments, in: directory, environment: environment)
}
