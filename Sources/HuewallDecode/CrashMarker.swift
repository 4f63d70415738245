import CCrashMarker
public import Foundation
import Synchronization

/// Tells the next run whether this process died of a crash (a fault in libgd or a codec, a
/// trap) or was killed (SIGKILL, a reboot), which no process can observe about itself.
///
/// The pipeline notes in the store which images its workers are decoding. A note left behind
/// by a crash points at an image that kills the process: it must not be decoded again. A note
/// left by a kill points at nothing wrong: the image is simply retried. The marker is a file
/// beside the catalogue; on a crash signal the process writes one byte to it (the only thing a
/// signal handler may safely do) and then dies as it would have.
public enum CrashMarker {
  private static let armed = Mutex<Int32>(-1)

  /// From now on a crash of this process marks the file at `path`, created empty (or emptied).
  public static func arm(at path: String) throws(CrashMarkerError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw CrashMarkerError(path: path, errno: errno) }
    try armed.withLock { (previous: inout Int32) throws(CrashMarkerError) in
      guard huewall_arm_crash_marker(fd) == 0 else {
        let code = errno
        close(fd)
        throw CrashMarkerError(path: path, errno: code)
      }
      if previous >= 0 { close(previous) }
      previous = fd
    }
  }

  /// Whether a process that armed `path` crashed since; the mark is removed.
  public static func takeCrash(at path: String) -> Bool {
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    if size > 0 { _ = truncate(path, 0) }
    return size > 0
  }
}

/// The crash marker's file could not be opened or the signal handlers installed.
public struct CrashMarkerError: Error, LocalizedError {
  public var path: String
  public var errno: Int32
  public var errorDescription: String? {
    "\(path): cannot prepare the crash marker: \(String(cString: strerror(errno)))"
  }
}
