import ArgumentParser
import Foundation
import HuewallCLI
import HuewallDecode

/// `huewall-lab`: the measurements behind Huewall's defaults, kept out of the product's
/// command: scoring a parameter set on labelled photos and refitting what was fitted on them.
@main
struct HuewallLab: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "huewall-lab",
    abstract: "Score Huewall's colours and families on labelled photos, and refit them.",
    discussion: "Exit codes: 0 success; 1 fatal error; 64 usage error.",
    subcommands: [Evaluate.self]
  )

  /// Parses the process's arguments, runs the command and exits: a ``CommandFailure`` as
  /// `huewall-lab: message` with its exit code, anything else as ArgumentParser reports it.
  static func main() async {
    ImageDecoder.keepFreedMemoryForReuse()
    do {
      var command = try parseAsRoot()
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch let failure as CommandFailure {
      FileHandle.standardError.write(Data("huewall-lab: \(failure.message)\n".utf8))
      exit(withError: failure.exitCode)
    } catch {
      exit(withError: error)
    }
  }
}
