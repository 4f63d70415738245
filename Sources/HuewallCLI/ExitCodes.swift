public import ArgumentParser
import Foundation

/// The exit codes a scheduler can act on (usage errors are ArgumentParser's 64).
extension ExitCode {
  /// Config invalid, feed unreachable, store unusable.
  public static let fatal = ExitCode(1)
  /// Finished, but some items failed (for `colors`: any file; for `run`: over the threshold).
  static let itemsFailed = ExitCode(3)
  /// Another run holds the lock (EX_TEMPFAIL).
  static let locked = ExitCode(75)
}

/// Why a command stops: the line for stderr and the exit code. Commands throw it and
/// ``Huewall/main(_:)`` prints it, so no code below the entry point ends the process (and
/// `defer` blocks, deinitialisers and in-process tests all see the command return).
public struct CommandFailure: Error, CustomStringConvertible {
  public var message: String
  public var exitCode: ExitCode

  public init(message: String, exitCode: ExitCode) {
    self.message = message
    self.exitCode = exitCode
  }

  public var description: String { message }

  /// A fatal error (exit 1) with `message`.
  public static func fatal(_ message: String) -> CommandFailure {
    CommandFailure(message: message, exitCode: .fatal)
  }

  /// `error` as a fatal error, unless it already is a command failure.
  public static func fatal(_ error: any Error) -> CommandFailure {
    if let failure = error as? CommandFailure { return failure }
    return .fatal((error as? any LocalizedError)?.errorDescription ?? "\(error)")
  }
}
