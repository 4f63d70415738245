import Foundation
import HuewallStore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a parameter set's export into a folder, atomically: everything goes into a fresh
/// folder beside the target, which then replaces it with one rename, so a reader never sees
/// half an export.
///
/// The folder holds `colors.json` and `colors.csv` (the wall in gradient order), `index.html`
/// (the preview page), `thumbs/` (its thumbnails, made from `images` when given) and the
/// ``marker`` file. Only an empty folder or an earlier export is ever replaced: an output
/// option pointed at the wrong folder must not delete it.
public struct Exporter {
  public let store: CatalogStore
  /// Vendor colour codes → families.
  public var synonyms: ColorSynonyms
  /// The product images' bytes by SHA-256, for thumbnails; without it the page shows each
  /// product's first colour where its picture would be.
  public var images: ImageSource?
  public var thumbnails: ThumbnailSettings

  public init(
    store: CatalogStore, synonyms: ColorSynonyms = ColorSynonyms(), images: ImageSource? = nil,
    thumbnails: ThumbnailSettings = ThumbnailSettings()
  ) {
    self.store = store
    self.synonyms = synonyms
    self.images = images
    self.thumbnails = thumbnails
  }

  /// Why an export could not be written.
  public struct Failure: Error, LocalizedError {
    public var path: String
    public var reason: String
    public var errorDescription: String? { "\(path): \(reason)" }
  }

  /// What was written.
  public struct Summary: Sendable, CustomStringConvertible {
    public var folder: URL
    public var placed: Int
    public var unplaced: Int
    public var disagreements: Int
    public var thumbnails: ThumbnailReport

    /// The line `huewall run` logs and `huewall export` prints.
    public var description: String {
      "\(placed) products on the wall, \(unplaced) not, \(disagreements) disagreeing with "
        + "their vendor colour; thumbnails \(thumbnails.made) made, \(thumbnails.reused) "
        + "reused: \(folder.path)"
    }
  }

  /// The file every export holds, so that the next export knows the folder is its own to
  /// replace.
  public static let marker = ".huewall-export"

  /// What an export written before the marker existed holds; such a folder (with its
  /// `colors.json` and `index.html`) is still recognised.
  static let unmarkedExportEntries: Set<String> = [
    "colors.json", "colors.csv", "index.html", "thumbs",
  ]

  /// Checks that `folder` may be replaced by an export: it does not exist, or it is an empty
  /// folder, or an earlier export. Anything else is refused before anything is written.
  public static func checkReplaceable(_ folder: URL) throws(Failure) {
    let folder = folder.resolvingSymlinksInPath()
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
      return
    }
    guard isFolder.boolValue else {
      throw Failure(
        path: folder.path, reason: "is a file, not an export folder; it was left untouched")
    }
    let entries: Set<String>
    do {
      entries = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    } catch {
      throw Failure(path: folder.path, reason: describe(error))
    }
    let isUnmarkedExport =
      entries.isSubset(of: unmarkedExportEntries) && entries.contains("colors.json")
      && entries.contains("index.html")
    guard entries.isEmpty || entries.contains(marker) || isUnmarkedExport else {
      throw Failure(
        path: folder.path,
        reason:
          "is not empty and not an earlier Huewall export (it has no \(marker) file); "
          + "it was left untouched: choose another output folder")
    }
  }

  public func export(parameterSet: ParameterSetRecord, to folder: URL, at date: Date = Date())
    throws -> Summary
  {
    // A link to the export folder stays a link: the folder it names is replaced.
    let folder = folder.resolvingSymlinksInPath()
    var clock = ContinuousClock.now
    func lap(_ what: String) {
      if ProcessInfo.processInfo.environment["HUEWALL_EXPORT_TIMING"] != nil {
        FileHandle.standardError.write(Data("\(what): \(ContinuousClock.now - clock)\n".utf8))
      }
      clock = .now
    }
    let catalogue = try WallCatalogue(
      store: store, parameterSet: parameterSet, synonyms: synonyms)
    var report = ThumbnailReport()
    try writeAtomically(to: folder) { staging in
      lap("catalogue")
      // colors.json and colors.csv are written while the thumbnails are linked or made.
      let document = ColorsDocument(catalogue, generatedAt: date)
      let numColors = parameterSet.parameters.numColors
      let hashes = catalogue.placed.compactMap(\.imageSHA256)
      let previous = FileManager.default.fileExists(atPath: folder.path) ? folder : nil
      // A thread of its own, so that the thumbnails keep every core of the pool.
      let textFailure = Mutex<(any Error)?>(nil)
      let textsDone = DispatchSemaphore(value: 0)
      Thread {
        do {
          try document.encoded().write(to: staging.appendingPathComponent("colors.json"))
          try Data(ColorsCSV.render(document.products, colorColumns: numColors).utf8)
            .write(to: staging.appendingPathComponent("colors.csv"))
        } catch {
          textFailure.withLock { $0 = error }
        }
        textsDone.signal()
      }.start()
      var files: [String: String] = [:]
      do {
        if let images {
          (files, report) = try makeThumbnails(
            for: hashes, in: staging, previous: previous, source: images, settings: thumbnails)
        }
      } catch {
        textsDone.wait()
        throw error
      }
      textsDone.wait()
      if let error = textFailure.withLock({ $0 }) { throw error }
      lap("thumbnails")
      let html = try PreviewPage(thumbnails: files).render(catalogue, generatedAt: date)
      try Data(html.utf8).write(to: staging.appendingPathComponent("index.html"))
      try Data("Written by Huewall; the next export replaces this folder.\n".utf8)
        .write(to: staging.appendingPathComponent(Self.marker))
      lap("html")
    }
    lap("rename")
    return Summary(
      folder: folder, placed: catalogue.placed.count, unplaced: catalogue.unplaced.count,
      disagreements: catalogue.placed.count { $0.product.disagreement }, thumbnails: report)
  }

  /// Callers hold the catalogue's lock, so staging and retired folders beside `folder` were
  /// left by an export that was killed, and are removed first.
  private func writeAtomically(to folder: URL, _ write: (URL) throws -> Void) throws {
    try Self.checkReplaceable(folder)
    let files = FileManager.default
    let parent = folder.deletingLastPathComponent()
    let name = folder.lastPathComponent
    Self.removeLeftovers(of: name, in: parent)
    let staging = parent.appendingPathComponent(".\(name).new-\(UUID().uuidString.prefix(8))")
    let retired = parent.appendingPathComponent(".\(name).old-\(UUID().uuidString.prefix(8))")
    do {
      try files.createDirectory(at: staging, withIntermediateDirectories: true)
      try write(staging)
      if files.fileExists(atPath: folder.path) {
        try files.moveItem(at: folder, to: retired)
      }
      try files.moveItem(at: staging, to: folder)
      Self.remove(retired)
    } catch {
      try? files.removeItem(at: staging)
      if !files.fileExists(atPath: folder.path), files.fileExists(atPath: retired.path) {
        try? files.moveItem(at: retired, to: folder)
      }
      throw Failure(path: folder.path, reason: Self.describe(error))
    }
  }

  /// Removes `.<name>.new-*` and `.<name>.old-*` in `parent`: what killed exports left.
  static func removeLeftovers(of name: String, in parent: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
    for entry in names
    where entry.hasPrefix(".\(name).new-") || entry.hasPrefix(".\(name).old-") {
      remove(parent.appendingPathComponent(entry))
    }
  }

  /// Removes a retired export: its thumbnails on every core (a large export has a hundred
  /// thousand), then the rest.
  private static func remove(_ folder: URL) {
    let thumbs = folder.appendingPathComponent("thumbs").path
    if let names = try? FileManager.default.contentsOfDirectory(atPath: thumbs), !names.isEmpty {
      let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount, names.count / 1000))
      let size = (names.count + chunks - 1) / chunks
      DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        for index in (chunk * size)..<min(names.count, (chunk + 1) * size) {
          unlink(thumbs + "/" + names[index])
        }
      }
    }
    try? FileManager.default.removeItem(at: folder)
  }

  private static func describe(_ error: any Error) -> String {
    if let error = error as? LocalizedError, let text = error.errorDescription { return text }
    return (error as NSError).localizedDescription
  }
}
