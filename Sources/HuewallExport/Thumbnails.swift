public import Foundation
import HuewallCore
public import HuewallDecode

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the export finds a product image's bytes: by their SHA-256 (the pipeline reads its
/// image cache).
public struct ImageSource: Sendable {
  public let load: @Sendable (_ sha256: String) throws -> Data

  public init(_ load: @escaping @Sendable (_ sha256: String) throws -> Data) {
    self.load = load
  }
}

/// How the preview page's thumbnails are made.
public struct ThumbnailSettings: Sendable, Hashable {
  /// The longer side, in pixels; smaller images keep their size.
  public var maxSide: Int
  public var format: ThumbnailFormat
  /// The encoder's quality, 0…100.
  public var quality: Int
  /// Limits for decoding the source images.
  public var limits: DecodeLimits

  public init(
    maxSide: Int = 240, format: ThumbnailFormat = .jpeg, quality: Int = 80,
    limits: DecodeLimits = DecodeLimits()
  ) {
    self.maxSide = maxSide
    self.format = format
    self.quality = quality
    self.limits = limits
  }

  /// The thumbnail cache's folder for these settings: thumbnails made with other settings
  /// are never taken for these.
  var folderName: String { "\(maxSide)px-\(format.rawValue)-q\(quality)" }
}

/// Thumbnails on disk, by image SHA-256 and thumbnail settings, so that an image is decoded
/// once: the analysis makes the thumbnail while the decoded image is alive, and every export
/// after it links the file.
///
/// Entries live at `<root>/<settings>/ab/abcdef….jpg` and are written with ``AtomicFile``, so
/// a crash never leaves half a thumbnail under its name.
public struct ThumbnailCache: Sendable {
  public let settings: ThumbnailSettings
  /// The folder of these settings' thumbnails.
  public let directory: URL

  /// The cache under `root` (created when missing) for `settings`.
  public init(root: URL, settings: ThumbnailSettings = ThumbnailSettings()) {
    self.settings = settings
    directory = root.appendingPathComponent(settings.folderName, isDirectory: true)
  }

  /// The file name a thumbnail of `sha256` gets, in the cache and in an export.
  public func fileName(forSHA256 sha256: String) -> String {
    "\(sha256.lowercased()).\(settings.format.fileExtension)"
  }

  /// Where the thumbnail of `sha256` lives, whether or not it exists.
  public func path(forSHA256 sha256: String) -> String {
    let hash = sha256.lowercased()
    return directory.path + "/" + hash.prefix(2) + "/" + fileName(forSHA256: hash)
  }

  /// Whether the cache holds the thumbnail of `sha256` (an empty file, left by a power cut,
  /// does not count).
  public func contains(sha256: String) -> Bool {
    sha256.isSHA256Hex && AtomicFile.hasContent(path(forSHA256: sha256))
  }

  /// Makes the thumbnail of `image`, whose bytes have the hash `sha256`, and stores it.
  public func store(_ image: DecodedImage, sha256: String) throws {
    guard sha256.isSHA256Hex else { throw ThumbnailFailure(message: "not a SHA-256 hash") }
    let data = try image.thumbnail(
      maxSide: settings.maxSide, format: settings.format, quality: settings.quality,
      source: sha256)
    do {
      // Not flushed to the disk: a thumbnail can be made again, and waiting on the disk for
      // each one cost more than making it.
      try AtomicFile.write(data, to: path(forSHA256: sha256), durable: false)
    } catch {
      throw ThumbnailFailure(message: "cannot write the thumbnail: \(error.reason)")
    }
  }

  /// Decodes `bytes` and stores their thumbnail: for an image the analysis did not see (one
  /// analysed before the cache existed).
  func store(bytes: Data, sha256: String) throws {
    let image = try ImageDecoder(limits: settings.limits).decode(
      bytes, source: sha256, plan: .thumbnail(maxSide: settings.maxSide))
    try store(image, sha256: sha256)
  }
}

/// Where an export's thumbnails come from: the cache, and for an image the cache lacks, its
/// bytes (decoded once, and the thumbnail added to the cache).
public struct ThumbnailSource: Sendable {
  public var cache: ThumbnailCache
  public var images: ImageSource

  public init(cache: ThumbnailCache, images: ImageSource) {
    self.cache = cache
    self.images = images
  }
}

/// What making the thumbnails did.
public struct ThumbnailReport: Sendable, Equatable {
  /// Decoded and encoded by this export: images the thumbnail cache did not have yet.
  public var made = 0
  /// Taken from the thumbnail cache (made by the analysis or an earlier export).
  public var reused = 0
  /// Images that have no thumbnail, by SHA-256, with the reason; their tiles show the first
  /// colour instead.
  public var failures: [String: String] = [:]
}

/// Links the thumbnails of `hashes` into `folder`/thumbs, named `<sha256>.<ext>`, from the
/// cache; those the cache lacks are made first, one image per core at a time. A file is
/// copied where it cannot be hard-linked (another file system).
func placeThumbnails(for hashes: [String], in folder: URL, from source: ThumbnailSource)
  async throws -> (files: [String: String], report: ThumbnailReport)
{
  let thumbs = folder.appendingPathComponent("thumbs", isDirectory: true)
  try FileManager.default.createDirectory(at: thumbs, withIntermediateDirectories: true)
  let cache = source.cache
  var report = ThumbnailReport()
  var valid: [String] = []
  for sha in Set(hashes).sorted() {
    if sha.isSHA256Hex { valid.append(sha) } else { report.failures[sha] = "not a SHA-256 hash" }
  }

  // Link what the cache has (plain paths: a URL per file costs more than the link itself).
  let target = thumbs.path + "/"
  let candidates = valid
  var missing: [String] = []
  let cores = ProcessInfo.processInfo.activeProcessorCount
  try await forEachConcurrently(
    chunkRanges(count: candidates.count, pieces: max(1, min(cores, candidates.count / 1000))),
    width: cores
  ) { range in
    candidates[range].filter { !placeFile(cache.path(forSHA256: $0), at: target) }
  } consume: { notLinked in
    missing += notLinked
  }
  report.reused = candidates.count - missing.count

  // Make the rest, one image per core at a time, then link them.
  try await forEachConcurrently(missing.sorted(), width: cores) { sha -> (String, String?) in
    do {
      try cache.store(bytes: try source.images.load(sha), sha256: sha)
      guard placeFile(cache.path(forSHA256: sha), at: target) else {
        return (sha, "cannot place the thumbnail in \(thumbs.path)")
      }
      return (sha, nil)
    } catch {
      return (sha, DecodeError.reason(of: error))
    }
  } consume: { sha, failure in
    if let failure { report.failures[sha] = failure } else { report.made += 1 }
  }

  var files: [String: String] = [:]
  for sha in valid where report.failures[sha] == nil {
    files[sha] = cache.fileName(forSHA256: sha)
  }
  return (files, report)
}

/// Hard-links (or copies) the cached file at `path` into `folder` (a path ending in "/"); an
/// empty file (a power cut's leftover) is not placed, so that it is made again.
private func placeFile(_ path: String, at folder: String) -> Bool {
  let name = String(path[path.index(after: path.lastIndex(of: "/")!)...])
  guard AtomicFile.hasContent(path) else { return false }
  return link(path, folder + name) == 0
    || (try? FileManager.default.copyItem(atPath: path, toPath: folder + name)) != nil
}

struct ThumbnailFailure: Error, LocalizedError {
  var message: String
  var errorDescription: String? { message }
}
