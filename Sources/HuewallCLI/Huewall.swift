import ArgumentParser

/// The `huewall` command. Subcommands live here, in a library, so tests can run them.
public struct Huewall: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "huewall",
    abstract: "Sort a product catalogue into a colour gradient by each image's dominant colours.",
    discussion: """
      Exit codes: 0 success; 1 fatal error; 3 finished but items failed; 64 usage error; \
      75 another run holds the lock.
      """,
    subcommands: [Run.self, Analyze.self, Export.self, Status.self, Colors.self, Evaluate.self]
  )

  public init() {}
}
