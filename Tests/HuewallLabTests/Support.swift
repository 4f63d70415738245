import Foundation
import HuewallTestSupport
import Testing

/// The `huewall-lab` executable that `swift build` put beside this test bundle.
func huewallLabExecutable() throws -> URL {
  let candidates = builtExecutableCandidates("huewall-lab")
  return try #require(
    candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
    "no huewall-lab binary in \(candidates.map(\.path))")
}

/// Runs `huewall-lab` with `arguments` from the repository root, as a user would
/// (``run(_:_:in:environment:)``: output to temporary files, so a long report never blocks the
/// child).
func huewallLab(_ arguments: [String]) async throws -> CommandResult {
  try await run(try huewallLabExecutable(), arguments)
}
