import Crypto
public import Foundation
import HuewallCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Image bytes on disk, filed under their SHA-256.
///
/// Content addressing makes the cache safe to share between runs and parameter sets: a URL
/// shared by several products, or an image that moved to another URL, is stored once, and
/// reprocessing needs nothing but the hashes the store remembers. Entries live at
/// `<directory>/ab/abcdef…` (the first two hex digits fan the files out over 256 folders) and
/// are written with ``AtomicFile`` (flushed to the disk, then renamed into place), so that a
/// crash never leaves a half-written entry under a real hash.
public struct ImageCache: Sendable {
  /// The cache's root folder.
  public let directory: URL

  /// Opens the cache at `directory`, creating the folder when it does not exist.
  public init(directory: URL) throws(FetchError) {
    self.directory = directory.standardizedFileURL
    do {
      try FileManager.default.createDirectory(
        at: self.directory, withIntermediateDirectories: true)
    } catch {
      throw Self.failure(self.directory.path, "cannot create the folder: \(Self.describe(error))")
    }
  }

  /// Where the entry for `sha256` (lowercase hex) lives, whether or not it exists.
  public func url(forSHA256 sha256: String) -> URL {
    let hash = sha256.lowercased()
    return directory.appendingPathComponent(String(hash.prefix(2)), isDirectory: true)
      .appendingPathComponent(hash, isDirectory: false)
  }

  /// Whether the cache holds an entry for `sha256`.
  public func contains(sha256: String) -> Bool {
    sha256.isSHA256Hex && FileManager.default.fileExists(atPath: url(forSHA256: sha256).path)
  }

  /// Stores `data` and returns its SHA-256 as lowercase hex; an existing entry is kept as is.
  @discardableResult
  public func store(_ data: Data) throws(FetchError) -> String {
    let hash = Self.sha256(data)
    let destination = url(forSHA256: hash)
    if FileManager.default.fileExists(atPath: destination.path) { return hash }
    do {
      try AtomicFile.write(data, to: destination.path, durable: true)
    } catch {
      throw Self.failure(destination.path, "cannot write: \(error.reason)")
    }
    return hash
  }

  /// The bytes stored under `sha256`.
  public func load(sha256: String) throws(FetchError) -> Data {
    guard sha256.isSHA256Hex else {
      throw Self.failure(sha256, "not a SHA-256 hash")
    }
    let file = url(forSHA256: sha256)
    do {
      return try Data(contentsOf: file)
    } catch {
      throw Self.failure(file.path, "cannot read the entry: \(Self.describe(error))")
    }
  }

  /// The size of the entry for `sha256` and its first bytes (enough to sniff the format),
  /// without reading the whole file.
  func peek(sha256: String) throws(FetchError) -> (size: Int, head: [UInt8]) {
    let file = url(forSHA256: sha256)
    do {
      let handle = try FileHandle(forReadingFrom: file)
      defer { try? handle.close() }
      let head = try handle.read(upToCount: 64) ?? Data()
      let size = try handle.seekToEnd()
      return (Int(size), Array(head))
    } catch {
      throw Self.failure(file.path, "cannot read the entry: \(Self.describe(error))")
    }
  }

  /// The lowercase hex SHA-256 of `data`.
  public static func sha256(_ data: Data) -> String {
    SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
  }

  private static func failure(_ path: String, _ detail: String) -> FetchError {
    FetchError(url: path, reason: .cache(detail), attempts: 0)
  }

  /// A short plain-words reason for a file-system error, such as "no such file".
  static func describe(_ error: any Error) -> String {
    if let error = error as? CocoaError {
      switch error.code {
      case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file"
      case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
      case .fileWriteOutOfSpace: return "the disk is full"
      case .fileWriteVolumeReadOnly: return "the volume is read-only"
      default: break
      }
    }
    let error = error as NSError
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return error.localizedDescription
  }
}
