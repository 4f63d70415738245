import Foundation
public import HuewallExport
import HuewallFetch
import HuewallPostgres
public import HuewallStore

extension PipelineConfiguration {
  /// The exporter this configuration describes: its colour synonyms, thumbnails from its
  /// thumbnail cache (or made from its image cache, decoded within its limits). `huewall run`
  /// and `huewall export` both use it.
  public func exporter(store: any Catalogue) throws -> Exporter {
    let cache = try ImageCache(directory: URL(fileURLWithPath: self.cache))
    var exporter = Exporter(
      store: store, synonyms: synonyms,
      thumbnails: ThumbnailSource(
        cache: thumbnailCache, images: ImageSource { sha256 in try cache.load(sha256: sha256) }),
      imagesPerProduct: imagesPerProduct)
    exporter.keptPlaces = keptPlaces
    return exporter
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
  /// that is neither empty nor an earlier export (``Exporter/checkReplaceable(_:)``), or any
  /// path the write policy refuses (``checkWritable(_:as:option:)``: one that is or holds the
  /// catalogue, the image cache, a local feed or the configuration file, since an export
  /// replaces its folder whole); and, when the shop's files are written, their folder.
  public func checkOutput() throws {
    try checkWritable(output, as: .exportFolder, option: "the output folder")
    if !writeBack.formats.isEmpty {
      let shop = writeBack.folder(exportOutput: output)
      try checkWritable(shop, as: .folder, option: "writeBack.output")
    }
    try Exporter.checkReplaceable(URL(fileURLWithPath: self.output))
  }
}

extension PipelineConfiguration {
  /// Opens the configured catalogue: the SQLite file (`readOnly` for readers that must not wait
  /// for a run's writes) or the PostgreSQL database of a `postgres://` URL.
  public func openCatalogue(readOnly: Bool = false) async throws(StoreError) -> any Catalogue {
    if usesPostgres { return try await PostgresCatalog(url: database, readOnly: readOnly) }
    return try CatalogStore(path: database, access: readOnly ? .readOnly : .readWrite)
  }
}

extension Catalogue {
  /// The stored parameter set of the configuration's analysis parameters, the one `huewall
  /// run` analyses with and exports; nil until a run stored it.
  public func configuredParameterSet(_ configuration: PipelineConfiguration) async throws
    -> ParameterSetRecord?
  {
    let parameters = try configuration.analysis.parameters()
    return try await parameterSets().first { $0.parameters == parameters }
  }
}

extension CatalogStore {
  /// ``Catalogue/configuredParameterSet(_:)`` answered at once, as the SQLite file does, for
  /// the tuning server's synchronous reads.
  public func configuredParameterSet(_ configuration: PipelineConfiguration) throws
    -> ParameterSetRecord?
  {
    let parameters = try configuration.analysis.parameters()
    return try parameterSets().first { $0.parameters == parameters }
  }
}
