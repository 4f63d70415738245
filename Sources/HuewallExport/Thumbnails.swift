import Foundation
import HuewallCore
import HuewallDecode
import Synchronization

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
    maxSide: Int = 240, format: ThumbnailFormat = .webp, quality: Int = 80,
    limits: DecodeLimits = DecodeLimits()
  ) {
    self.maxSide = maxSide
    self.format = format
    self.quality = quality
    self.limits = limits
  }

  /// Written to `thumbs/SETTINGS`: the next export reuses the thumbnails only when it matches.
  var signature: String { "huewall-thumbnails 1 \(maxSide) \(format.rawValue) \(quality)\n" }
}

/// What making the thumbnails did.
public struct ThumbnailReport: Sendable, Equatable {
  /// Encoded from the image bytes in this export.
  public var made = 0
  /// Taken over from the previous export (same image bytes, same settings).
  public var reused = 0
  /// Images that have no thumbnail, by SHA-256, with the reason; their tiles show the first
  /// colour instead.
  public var failures: [String: String] = [:]
}

/// Makes the thumbnails of `hashes` in `folder`/thumbs, named `<sha256>.<ext>`.
///
/// A thumbnail whose image bytes and settings are unchanged since the previous export (in
/// `previous`) is hard-linked from there (copied if linking fails) rather than decoded and
/// encoded again; the others are made on one worker per core, one image each at a time.
func makeThumbnails(
  for hashes: [String], in folder: URL, previous: URL?, source: ImageSource,
  settings: ThumbnailSettings
) throws -> (files: [String: String], report: ThumbnailReport) {
  let files = FileManager.default
  let thumbs = folder.appendingPathComponent("thumbs", isDirectory: true)
  try files.createDirectory(at: thumbs, withIntermediateDirectories: true)
  try Data(settings.signature.utf8).write(to: thumbs.appendingPathComponent("SETTINGS"))
  let ext = settings.format.fileExtension
  var names: [String: String] = [:]
  var report = ThumbnailReport()
  var pending: [String] = []

  let previousThumbs = previous.map { $0.appendingPathComponent("thumbs", isDirectory: true) }
  let reusable =
    previousThumbs.flatMap {
      try? String(contentsOf: $0.appendingPathComponent("SETTINGS"), encoding: .utf8)
    } == settings.signature
  var valid: [String] = []
  for sha in Set(hashes).sorted() {
    if sha.isSHA256Hex { valid.append(sha) } else { report.failures[sha] = "not a SHA-256 hash" }
  }
  let candidates = valid
  // Hard links from the previous export, on every core (plain paths: a URL per file costs
  // more than the link itself).
  if reusable, let previousThumbs {
    let oldFolder = previousThumbs.path + "/"
    let newFolder = thumbs.path + "/"
    let linked = UnsafeFlags(count: candidates.count)
    let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount, candidates.count / 1000))
    let size = (candidates.count + chunks - 1) / chunks
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      for index in (chunk * size)..<min(candidates.count, (chunk + 1) * size) {
        let name = "\(candidates[index].lowercased()).\(ext)"
        if link(oldFolder + name, newFolder + name) == 0
          || (try? FileManager.default.copyItem(atPath: oldFolder + name, toPath: newFolder + name))
            != nil
        {
          linked.set(index)
        }
      }
    }
    for (index, sha) in candidates.enumerated() {
      if linked[index] {
        names[sha] = "\(sha.lowercased()).\(ext)"
        report.reused += 1
      } else {
        pending.append(sha)
      }
    }
  } else {
    pending = candidates
  }

  let jobs = pending
  let results = Mutex<[(String, Result<String, ThumbnailFailure>)]>([])
  let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, pending.count))
  let next = Atomic<Int>(0)
  if !pending.isEmpty {
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      let decoder = ImageDecoder(limits: settings.limits)
      while true {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < jobs.count else { return }
        let sha = jobs[index]
        let name = "\(sha.lowercased()).\(ext)"
        let outcome: Result<String, ThumbnailFailure>
        do {
          let bytes = try source.load(sha)
          let image = try decoder.decode(bytes, source: sha)
          let data = try image.thumbnail(
            maxSide: settings.maxSide, format: settings.format, quality: settings.quality,
            source: sha)
          try data.write(to: thumbs.appendingPathComponent(name))
          outcome = .success(name)
        } catch {
          outcome = .failure(ThumbnailFailure(message: DecodeError.reason(of: error)))
        }
        results.withLock { $0.append((sha, outcome)) }
      }
    }
  }
  for (sha, outcome) in results.withLock({ $0 }) {
    switch outcome {
    case .success(let name):
      names[sha] = name
      report.made += 1
    case .failure(let failure):
      report.failures[sha] = failure.message
    }
  }
  return (names, report)
}

/// One flag per item, each set by one worker.
private final class UnsafeFlags: @unchecked Sendable {
  private let flags: UnsafeMutableBufferPointer<Bool>

  init(count: Int) {
    flags = .allocate(capacity: max(1, count))
    flags.initialize(repeating: false)
  }

  deinit { flags.deallocate() }

  func set(_ index: Int) { flags[index] = true }
  subscript(index: Int) -> Bool { flags[index] }
}

private struct ThumbnailFailure: Error {
  var message: String
}
