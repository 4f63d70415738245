import Foundation
import HuewallCore
import HuewallStore

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
  public let store: any Catalogue
  /// Vendor colour codes → families.
  public var synonyms: ColorSynonyms
  /// Where the thumbnails come from; without it the page shows each product's first colour
  /// where its picture would be.
  public var thumbnails: ThumbnailSource?
  /// Also write `index-single.html`: the page with every thumbnail inlined as a `data:` URL,
  /// one file that works on its own (sent by e-mail, say).
  public var singleFile = false
  /// How many of a product's images its colour is chosen among (the main image first; the
  /// one that shows the product most plainly wins): the run's `imagesPerProduct`.
  public var imagesPerProduct: Int

  public init(
    store: any Catalogue, synonyms: ColorSynonyms = ColorSynonyms(),
    thumbnails: ThumbnailSource? = nil, imagesPerProduct: Int = 1
  ) {
    self.store = store
    self.synonyms = synonyms
    self.thumbnails = thumbnails
    self.imagesPerProduct = imagesPerProduct
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

  /// The self-contained page that ``singleFile`` adds.
  public static let singleFileName = "index-single.html"

  /// `files` (image hash → thumbnail file name in `folder`) as `data:` URLs; a thumbnail that
  /// cannot be read is left out, and its tile shows its colour.
  static func inlined(_ files: [String: String], from folder: URL) throws -> [String: String] {
    var out: [String: String] = [:]
    for (sha, name) in files {
      let path = folder.appendingPathComponent(name).path
      guard let data = FileManager.default.contents(atPath: path) else { continue }
      let type = name.hasSuffix(".webp") ? "image/webp" : "image/jpeg"
      out[sha] = "data:\(type);base64,\(data.base64EncodedString())"
    }
    return out
  }

  /// What an export written before the marker existed holds; such a folder (with its
  /// `colors.json` and `index.html`) is still recognised.
  static let unmarkedExportEntries: Set<String> = [
    "colors.json", "colors.csv", "index.html", "thumbs", singleFileName,
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
    async throws -> Summary
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
      store: store, parameterSet: parameterSet, synonyms: synonyms,
      imagesPerProduct: imagesPerProduct)
    var report = ThumbnailReport()
    try await writeAtomically(to: folder) { staging in
      lap("catalogue")
      // colors.json and colors.csv are written while the thumbnails are linked or made.
      let document = ColorsDocument(catalogue, generatedAt: date)
      let numColors = parameterSet.parameters.numColors
      async let texts: Void = {
        try document.encoded().write(to: staging.appendingPathComponent("colors.json"))
        try Data(ColorsCSV.render(document.products, colorColumns: numColors).utf8)
          .write(to: staging.appendingPathComponent("colors.csv"))
      }()
      var files: [String: String] = [:]
      if let thumbnails {
        (files, report) = try await placeThumbnails(
          for: catalogue.placed.compactMap(\.imageSHA256), in: staging, from: thumbnails)
      }
      try await texts
      lap("thumbnails")
      let html = try await PreviewPage(thumbnails: files).render(catalogue, generatedAt: date)
      try Data(html.utf8).write(to: staging.appendingPathComponent("index.html"))
      if singleFile {
        let inlined = try Self.inlined(files, from: staging.appendingPathComponent("thumbs"))
        let single = try await PreviewPage(thumbnails: inlined).render(catalogue, generatedAt: date)
        try Data(single.utf8).write(to: staging.appendingPathComponent(Self.singleFileName))
      }
      try Data("Written by Huewall; the next export replaces this folder.\n".utf8)
        .write(to: staging.appendingPathComponent(Self.marker))
      lap("html")
    }
    lap("rename")
    return Summary(
      folder: folder, placed: catalogue.placed.count, unplaced: catalogue.unplaced.count,
      disagreements: catalogue.placed.count { $0.product.disagreement }, thumbnails: report)
  }

  /// What writing a comparison did.
  public struct ComparisonSummary: Sendable {
    public var folder: URL
    /// Products on both walls whose first colour or family changed from `a` to `b`.
    public var changed: Int
    public var thumbnails: ThumbnailReport
  }

  /// Writes the page comparing the sets `a` and `b` (`index.html`, with the thumbnails of both
  /// walls in `thumbs/`) to `folder`, replaced as an export is.
  public func exportComparison(
    _ a: ParameterSetRecord, _ b: ParameterSetRecord, to folder: URL, at date: Date = Date()
  ) async throws -> ComparisonSummary {
    let folder = folder.resolvingSymlinksInPath()
    let first = try WallCatalogue(
      store: store, parameterSet: a, synonyms: synonyms, imagesPerProduct: imagesPerProduct)
    let second = try WallCatalogue(
      store: store, parameterSet: b, synonyms: synonyms, imagesPerProduct: imagesPerProduct)
    var report = ThumbnailReport()
    var changed = 0
    try await writeAtomically(to: folder) { staging in
      var files: [String: String] = [:]
      if let thumbnails {
        let hashes = (first.placed + second.placed).compactMap(\.imageSHA256)
        (files, report) = try await placeThumbnails(for: hashes, in: staging, from: thumbnails)
      }
      let page = try await ComparePage(thumbnails: files).render(first, second, generatedAt: date)
      changed = page.changed.count
      try Data(page.html.utf8).write(to: staging.appendingPathComponent("index.html"))
      try Data("Written by Huewall; the next export replaces this folder.\n".utf8)
        .write(to: staging.appendingPathComponent(Self.marker))
    }
    return ComparisonSummary(folder: folder, changed: changed, thumbnails: report)
  }

  /// Callers hold the catalogue's lock, so staging and retired folders beside `folder` were
  /// left by an export that was killed, and are removed first.
  private func writeAtomically(to folder: URL, _ write: (URL) async throws -> Void)
    async throws
  {
    try Self.checkReplaceable(folder)
    let files = FileManager.default
    let parent = folder.deletingLastPathComponent()
    let name = folder.lastPathComponent
    await Self.removeLeftovers(of: name, in: parent)
    let staging = parent.appendingPathComponent(".\(name).new-\(UUID().uuidString.prefix(8))")
    let retired = parent.appendingPathComponent(".\(name).old-\(UUID().uuidString.prefix(8))")
    do {
      try files.createDirectory(at: staging, withIntermediateDirectories: true)
      try await write(staging)
      if files.fileExists(atPath: folder.path) {
        try files.moveItem(at: folder, to: retired)
      }
      try files.moveItem(at: staging, to: folder)
      await Self.remove(retired)
    } catch {
      try? files.removeItem(at: staging)
      if !files.fileExists(atPath: folder.path), files.fileExists(atPath: retired.path) {
        try? files.moveItem(at: retired, to: folder)
      }
      throw Failure(path: folder.path, reason: Self.describe(error))
    }
  }

  /// Removes `.<name>.new-*` and `.<name>.old-*` in `parent`: what killed exports left.
  static func removeLeftovers(of name: String, in parent: URL) async {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
    for entry in names
    where entry.hasPrefix(".\(name).new-") || entry.hasPrefix(".\(name).old-") {
      await remove(parent.appendingPathComponent(entry))
    }
  }

  /// Removes a retired export: its thumbnails on every core (a large export has a hundred
  /// thousand), then the rest.
  private static func remove(_ folder: URL) async {
    let thumbs = folder.appendingPathComponent("thumbs").path
    if let names = try? FileManager.default.contentsOfDirectory(atPath: thumbs), !names.isEmpty {
      let cores = ProcessInfo.processInfo.activeProcessorCount
      try? await forEachConcurrently(
        chunkRanges(count: names.count, pieces: max(1, min(cores, names.count / 1000))),
        width: cores
      ) { range in
        for name in names[range] { unlink(thumbs + "/" + name) }
      } consume: { _ in
      }
    }
    try? FileManager.default.removeItem(at: folder)
  }

  private static func describe(_ error: any Error) -> String {
    if let error = error as? LocalizedError, let text = error.errorDescription { return text }
    return (error as NSError).localizedDescription
  }
}
