import Foundation
import HuewallExport
import HuewallFetch
import HuewallPostgres
import HuewallStore

extension PipelineConfiguration {
  /// The exporter this configuration describes: its colour synonyms, thumbnails from its
  /// thumbnail cache (or made from its image cache, decoded within its limits). `huewall run`
  /// and `huewall export` both use it.
  public func exporter(store: any Catalogue) throws -> Exporter {
    let cache = try ImageCache(directory: URL(fileURLWithPath: self.cache))
    return Exporter(
      store: store, synonyms: synonyms,
      thumbnails: ThumbnailSource(
        cache: thumbnailCache, images: ImageSource { sha256 in try cache.load(sha256: sha256) }),
      imagesPerProduct: imagesPerProduct)
  }

  /// The thumbnails of the cached images, beside them: the analysis fills it, exports link
  /// from it.
  public var thumbnailCache: ThumbnailCache {
    ThumbnailCache(
      root: URL(fileURLWithPath: cache).appendingPathComponent("thumbnails"),
      settings: ThumbnailSettings(limits: decode))
  }
}

extension PipelineConfiguration {
  /// Refuses an output that an export must not replace, before anything is written: a folder
  /// that is neither empty nor an earlier export (``Exporter/checkReplaceable(_:)``), or one
  /// that is or holds the catalogue, the image cache, a local feed or the configuration file,
  /// since an export replaces its folder whole.
  public func checkOutput() throws {
    let output = Self.realPath(self.output)
    // The catalogue's lock and crash mark sit beside it, so its folder covers them.
    var kept = [("the catalogue", database), ("the image cache", cache)]
    if !feed.source.contains("://") { kept.append(("the feed", feed.source)) }
    if let file { kept.append(("the configuration", file)) }
    /// Whether `path` is the output folder or inside it.
    func insideOutput(_ path: String) -> Bool {
      let real = Self.realPath(path)
      return real == output || real.hasPrefix(output == "/" ? "/" : output + "/")
    }
    for (what, path) in kept {
      if insideOutput(path) {
        throw ConfigurationError(
          path: self.output,
          problem:
            "the output folder holds \(what) (\(path)), and an export replaces its folder "
            + "whole: choose another output folder")
      }
    }
    let shop = writeBack.folder(exportOutput: self.output)
    if !writeBack.formats.isEmpty, insideOutput(shop) {
      throw ConfigurationError(
        path: self.output,
        problem:
          "writeBack.output (\(Self.realPath(shop))) is inside the output folder, which an "
          + "export replaces whole: choose another folder")
    }
    try Exporter.checkReplaceable(URL(fileURLWithPath: self.output))
  }

  /// `path` absolute, with `.`, `..` and the links of its existing part resolved.
  private static func realPath(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}

extension PipelineConfiguration {
  /// Opens the configured catalogue: the SQLite file (`readOnly` for readers that must not wait
  /// for a run's writes) or the PostgreSQL database of a `postgres://` URL.
  public func openCatalogue(readOnly: Bool = false) throws(StoreError) -> any Catalogue {
    if usesPostgres { return try PostgresCatalog(url: database, readOnly: readOnly) }
    return try CatalogStore(path: database, access: readOnly ? .readOnly : .readWrite)
  }
}

extension Catalogue {
  /// The stored parameter set of the configuration's analysis parameters, the one `huewall
  /// run` analyses with and exports; nil until a run stored it.
  public func configuredParameterSet(_ configuration: PipelineConfiguration) throws
    -> ParameterSetRecord?
  {
    let parameters = try configuration.analysis.parameters()
    return try parameterSets().first { $0.parameters == parameters }
  }
}
