public import Foundation
public import HuewallColorWords
public import HuewallCore
public import HuewallStore

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
  /// What no export or write-back may touch (the catalogue, the image cache, the configured
  /// export folder), judged on the folder each is written in, opened, at the moment of the
  /// write; nil judges nothing (an export of a test's own folder).
  public var keptPlaces: KeptPlaces?

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

  /// ``checkReplaceable(_:)`` of the folder `name` in `parent`, opened: its entries as they
  /// are when it is about to be replaced.
  static func checkReplaceable(_ name: String, in parent: OpenedFolder) throws(Failure) {
    let path = parent.child(name)
    guard let status = parent.status(name) else { return }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw Failure(path: path, reason: "is a file, not an export folder; it was left untouched")
    }
    let entries: Set<String>
    do {
      entries = Set(try parent.folder(name).entries())
    } catch {
      throw Failure(path: path, reason: error.reason)
    }
    let isUnmarkedExport =
      entries.isSubset(of: unmarkedExportEntries) && entries.contains("colors.json")
      && entries.contains("index.html")
    guard entries.isEmpty || entries.contains(marker) || isUnmarkedExport else {
      throw Failure(
        path: path,
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
    let catalogue = try await WallCatalogue(
      store: store, parameterSet: parameterSet, synonyms: synonyms,
      imagesPerProduct: imagesPerProduct)
    var report = ThumbnailReport()
    try await writeAtomically(to: folder) { staging in
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
      let html = try await PreviewPage(thumbnails: files).render(catalogue, generatedAt: date)
      try Data(html.utf8).write(to: staging.appendingPathComponent("index.html"))
      if singleFile {
        let inlined = try Self.inlined(files, from: staging.appendingPathComponent("thumbs"))
        let single = try await PreviewPage(thumbnails: inlined).render(catalogue, generatedAt: date)
        try Data(single.utf8).write(to: staging.appendingPathComponent(Self.singleFileName))
      }
      try Data("Written by Huewall; the next export replaces this folder.\n".utf8)
        .write(to: staging.appendingPathComponent(Self.marker))
    }
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
    let first = try await WallCatalogue(
      store: store, parameterSet: a, synonyms: synonyms, imagesPerProduct: imagesPerProduct)
    let second = try await WallCatalogue(
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
  ///
  /// The folder that holds `folder` is opened once and judged (``keptPlaces``); the staging
  /// folder is made, renamed and the old export deleted relative to that handle, following
  /// no link, so that nothing swapped in on the way between the check and the write can send
  /// a rename or a deletion elsewhere. `write` gets the staging folder through its handle.
  private func writeAtomically(to folder: URL, _ write: (URL) async throws -> Void)
    async throws
  {
    let target: OutputTarget
    do {
      target = try OutputTarget.open(folder.path, as: .exportFolder, keeping: keptPlaces)
    } catch {
      throw Failure(
        path: folder.path,
        reason: error.isRefusal
          ? String(error.reason.dropFirst(folder.path.count + 1))
            + "; nothing was written: choose another output folder" : error.reason)
    }
    let (parent, name) = (target.folder, target.name)
    try Self.checkReplaceable(name, in: parent)
    let existing = parent.status(name).map { _ in parent.identity(following: name) } ?? nil
    await Self.removeLeftovers(of: name, in: parent, keeping: keptPlaces)
    let staging = ".\(name).new-\(UUID().uuidString.prefix(8))"
    let retired = ".\(name).old-\(UUID().uuidString.prefix(8))"
    do {
      try parent.makeFolder(staging)
      let opened = try parent.folder(staging)
      try await write(URL(fileURLWithPath: opened.handlePath, isDirectory: true))
      if existing != nil { try parent.rename(name, to: retired) }
      try parent.rename(staging, to: name)
      await Self.remove(retired, in: parent)
    } catch {
      parent.removeTree(staging)
      if parent.status(name) == nil, parent.status(retired) != nil {
        try? parent.rename(retired, to: name)
      }
      throw Failure(path: folder.path, reason: Self.describe(error))
    }
  }

  /// Removes `.<name>.new-*` and `.<name>.old-*` in `parent`: what killed exports left. None
  /// is followed when it is a link, and none that is or holds a kept place is touched.
  static func removeLeftovers(of name: String, in parent: OpenedFolder, keeping: KeptPlaces?)
    async
  {
    let names = (try? parent.entries()) ?? []
    for entry in names
    where entry.hasPrefix(".\(name).new-") || entry.hasPrefix(".\(name).old-") {
      if let keeping, keeping.isKeptOrHolder(parent, entry) { continue }
      await remove(entry, in: parent)
    }
  }

  /// Removes a retired export, `name` in `parent`, following no link: its thumbnails on
  /// every core (a large export has a hundred thousand), then the rest.
  private static func remove(_ name: String, in parent: OpenedFolder) async {
    if let folder = try? parent.folder(name), let thumbs = try? folder.folder("thumbs"),
      let names = try? thumbs.entries(), !names.isEmpty
    {
      let cores = ProcessInfo.processInfo.activeProcessorCount
      try? await forEachConcurrently(
        chunkRanges(count: names.count, pieces: max(1, min(cores, names.count / 1000))),
        width: cores
      ) { range in
        // A folder among them is left to the walk below (unlinkat refuses it).
        for name in names[range] { unlinkat(thumbs.descriptor, name, 0) }
      } consume: { _ in
      }
    }
    parent.removeTree(name)
  }

  private static func describe(_ error: any Error) -> String {
    if let error = error as? any LocalizedError, let text = error.errorDescription { return text }
    return (error as NSError).localizedDescription
  }
}
