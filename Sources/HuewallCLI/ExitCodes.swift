import ArgumentParser

/// The exit codes a scheduler can act on (usage errors are ArgumentParser's 64).
extension ExitCode {
  /// Config invalid, feed unreachable, store unusable.
  static let fatal = ExitCode(1)
  /// Finished, but some items failed (for `colors`: any file; for `run`: over the threshold).
  static let itemsFailed = ExitCode(3)
  /// Another run holds the lock (EX_TEMPFAIL).
  static let locked = ExitCode(75)
}
