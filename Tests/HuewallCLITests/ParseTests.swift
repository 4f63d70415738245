import ArgumentParser
import Foundation
import HuewallCore
import Testing

@testable import HuewallCLI

/// The command line parsed and run in this process, beside the end-to-end tests that run the
/// built binary: quick to write, and a failure points at the line that asked.
@Suite struct ParseTests {
  /// `arguments` parsed as `huewall` parses them, as a `Command`; a parse error or another
  /// command is recorded at the caller's line.
  func parse<Command: ParsableCommand>(
    _ arguments: [String], as command: Command.Type,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Command {
    let parsed = try Huewall.parseAsRoot(arguments)
    return try #require(
      parsed as? Command, "parsed as \(type(of: parsed))", sourceLocation: sourceLocation)
  }

  /// The message and exit code `arguments` fail to parse with.
  func parseFailure(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation)
    -> (message: String, exitCode: Int32)?
  {
    do {
      _ = try Huewall.parseAsRoot(arguments)
      Issue.record("\(arguments) parsed", sourceLocation: sourceLocation)
      return nil
    } catch {
      return (Huewall.message(for: error), Huewall.exitCode(for: error).rawValue)
    }
  }

  @Test func runTakesTheFeedTheOutputAndTheSharedFlags() throws {
    let run = try parse(
      [
        "run", "--config", "c.json", "--db", "d.sqlite", "--feed", "f.csv", "--out", "o",
        "--feed-only", "-v",
      ], as: Run.self)
    #expect(run.pipeline.config == "c.json")
    #expect(run.pipeline.db == "d.sqlite")
    #expect(run.feed == "f.csv" && run.out == "o")
    #expect(run.feedOnly && run.pipeline.verbose)
    let plain = try parse(["run"], as: Run.self)
    #expect(plain.pipeline.config == nil && plain.out == nil && !plain.feedOnly)
  }

  @Test func analyzeTurnsFlagsIntoOverrides() throws {
    let analyze = try parse(
      [
        "analyze", "--preset", "reference", "--saturation-priority", "6", "--granularity", "2",
        "--no-hue-wrap", "--neutral-greys", "--name", "try3",
      ], as: Analyze.self)
    #expect(analyze.analysis.preset == .reference)
    #expect(analyze.name == "try3")
    var expected = ParameterOverrides()
    expected.saturationPriority = 6
    expected.granularity = 2
    expected.steps[.hueWrap] = false
    expected.steps[.neutralGreys] = true
    #expect(analyze.analysis.overrides == expected)
  }

  @Test func outOfRangeParametersAndUnknownFlagsAreUsageErrors() throws {
    let range = try #require(parseFailure(["colors", "--num-colors", "0", "a.jpg"]))
    #expect(range.exitCode == 64)
    #expect(range.message.contains("--num-colors 0"), "\(range.message)")
    let unknown = try #require(parseFailure(["status", "--colour"]))
    #expect(unknown.exitCode == 64)
    #expect(unknown.message.contains("--colour"))
    let noFiles = try #require(parseFailure(["colors"]))
    #expect(noFiles.message.contains("<files>"), "\(noFiles.message)")
  }

  @Test func statusFlags() throws {
    let status = try parse(
      ["status", "--db", "x.sqlite", "--json", "--errors", "--limit", "3"], as: Status.self)
    #expect(status.json && status.errors && status.limit == 3)
    #expect(status.pipeline.db == "x.sqlite")
  }

  @Test func aFatalErrorIsThrownNotExited() async throws {
    // Once the command called exit() from the middle of the library: this test process
    // would have ended here.
    let missing = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-none-\(UUID().uuidString).sqlite").path
    let status = try parse(["status", "--db", missing], as: Status.self)
    do {
      try await status.run()
      Issue.record("status on a missing catalogue succeeded")
    } catch let failure as CommandFailure {
      #expect(failure.exitCode == .fatal)
      #expect(failure.message == "\(missing): no catalogue yet (run `huewall run` first)")
    }
    #expect(!FileManager.default.fileExists(atPath: missing))
  }
}
