public import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive lock on a file, held for as long as the value lives, so that a nightly run
/// never overlaps another one (a slow night, a manual run, a scheduler that fires twice).
///
/// It is an `flock`: the kernel drops it when the process ends, however it ends, so a killed
/// run never leaves a stale lock behind.
public final class RunLock {
  private let descriptor: Int32
  public let path: String

  /// Why the lock could not be taken.
  public enum Failure: Error, Sendable, Equatable, LocalizedError {
    /// Another process holds it.
    case held(path: String, by: String?)
    case unusable(path: String, reason: String)

    public var errorDescription: String? {
      switch self {
      case .held(let path, let holder):
        "another run holds the lock \(path)" + (holder.map { " (\($0))" } ?? "")
      case .unusable(let path, let reason): "cannot use the lock file \(path): \(reason)"
      }
    }
  }

  public init(path: String) throws(Failure) {
    self.path = path
    try? FileManager.default.createDirectory(
      at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .unusable(path: path, reason: String(cString: strerror(errno))) }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      let error = errno
      let holder = try? String(contentsOfFile: path, encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      close(fd)
      if error == EWOULDBLOCK {
        throw .held(path: path, by: holder?.isEmpty == false ? holder : nil)
      }
      throw .unusable(path: path, reason: String(cString: strerror(error)))
    }
    descriptor = fd
    // Say who holds it, for the next run's message.
    let note = "pid \(getpid()) since \(ISO8601DateFormatter().string(from: Date()))\n"
    _ = ftruncate(fd, 0)
    _ = note.withCString { pwrite(fd, $0, strlen($0), 0) }
  }

  deinit {
    _ = ftruncate(descriptor, 0)
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
