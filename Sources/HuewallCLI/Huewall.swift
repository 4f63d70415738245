public import ArgumentParser
import Foundation

/// The `huewall` command. Subcommands live here, in a library, so tests can run them.
public struct Huewall: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "huewall",
    abstract: "Sort a product catalogue into a colour gradient by each image's dominant colours.",
    discussion: """
      Exit codes: 0 success; 1 fatal error; 3 finished but items failed; 64 usage error; \
      75 another run holds the lock.
      """,
    subcommands: [
      Run.self, Worker.self, Analyze.self, Export.self, Status.self, Colors.self, Serve.self,
      SetColor.self, Review.self, Api.self,
    ]
  )

  public init() {}

  /// Parses `arguments` (the process's when nil), runs the command and exits: a
  /// ``CommandFailure`` as `huewall: message` with its exit code, anything else as
  /// ArgumentParser reports it.
  public static func main(_ arguments: [String]? = nil) async {
    do {
      var command = try parseAsRoot(arguments)
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch let failure as CommandFailure {
      FileHandle.standardError.write(Data("huewall: \(failure.message)\n".utf8))
      exit(withError: failure.exitCode)
    } catch {
      exit(withError: error)
    }
  }
}
