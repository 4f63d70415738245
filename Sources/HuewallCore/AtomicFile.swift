import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files written whole or not at all, for the image cache and the thumbnail cache: the bytes
/// go to a temporary file in the same folder, which is then renamed over the real name, so
/// that a crash never leaves half a file under it.
///
/// Written with POSIX calls rather than `Data.write(to:)`, which on Linux always flushes to the
/// disk: a first run flushed every cached image twice and every thumbnail once, and those
/// flushes wait on the file system's journal one after another (0.2 s of a 1.3 s first run
/// over 150 photos).
public enum AtomicFile {
  /// Why a file could not be written, in plain words ("no space left on device").
  public struct Failure: Error, Sendable {
    public var reason: String
  }

  /// Writes `data` to `path`, creating its folder when missing. `durable` flushes the bytes
  /// to the disk before the rename (an original that may be needed again); without it a
  /// power cut can leave an empty file under the name (derived data that can be made again
  /// — readers treat an empty file as missing).
  ///
  /// Only a regular file (or a link) is ever replaced: a device, FIFO, socket or folder under
  /// the name is refused before anything is written.
  public static func write(_ data: Data, to path: String, durable: Bool) throws(Failure) {
    var existing = stat()
    if lstat(path, &existing) == 0 {
      let type = existing.st_mode & S_IFMT
      guard type == S_IFREG || type == S_IFLNK else {
        throw Failure(reason: "\(path) is not a regular file; it was left untouched")
      }
    }
    let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    let temporary = folder + "/.tmp-" + UUID().uuidString
    var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    if descriptor < 0 && errno == ENOENT {
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw Failure(reason: "cannot create the folder \(folder)")
      }
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else { throw Failure(reason: currentError()) }
    var failure: String?
    data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = writeBytes(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = currentError()
          return
        }
        offset += written
      }
    }
    if failure == nil, durable, fsync(descriptor) != 0 { failure = currentError() }
    if close(descriptor) != 0, failure == nil { failure = currentError() }
    if failure == nil, rename(temporary, path) != 0 { failure = currentError() }
    if let failure {
      unlink(temporary)
      throw Failure(reason: failure)
    }
  }

  /// Whether `path` names a file with at least one byte.
  public static func hasContent(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_size > 0
  }

  private static func currentError() -> String { String(cString: strerror(errno)) }
}

/// POSIX `write`, by another name than `AtomicFile.write`.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
