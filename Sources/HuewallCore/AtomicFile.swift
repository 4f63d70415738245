public import Foundation

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

    public init(reason: String) { self.reason = reason }
  }

  /// Writes `data` to `path`, creating its folder when missing. `durable` flushes the bytes
  /// to the disk before the rename (an original that may be needed again); without it a
  /// power cut can leave an empty file under the name (derived data that can be made again
  /// — readers treat an empty file as missing).
  ///
  /// The folder is opened once (``OpenedFolder``) and the temporary file is made and renamed
  /// in it, so a folder on the way swapped for a link cannot send either elsewhere; the
  /// temporary file is removed whatever fails. Only a regular file (or a link, replaced
  /// itself) is ever replaced: a device, FIFO, socket or folder under the name is refused
  /// before anything is written.
  public static func write(_ data: Data, to path: String, durable: Bool) throws(Failure) {
    do {
      let (folder, name) = try OpenedFolder.parent(of: path, creating: true)
      try folder.writeFile(name, data, durable: durable)
    } catch {
      throw Failure(reason: error.reason)
    }
  }

  /// Whether `path` names a file with at least one byte.
  public static func hasContent(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_size > 0
  }

}
