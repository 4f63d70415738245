import Foundation
import HuewallExport
import HuewallFetch
import HuewallStore

extension PipelineConfiguration {
  /// The exporter this configuration describes: its colour synonyms, thumbnails from its image
  /// cache, decoded within its limits. `huewall run` and `huewall export` both use it.
  public func exporter(store: CatalogStore) throws -> Exporter {
    let cache = try ImageCache(directory: URL(fileURLWithPath: self.cache))
    return Exporter(
      store: store, synonyms: synonyms,
      images: ImageSource { sha256 in try cache.load(sha256: sha256) },
      thumbnails: ThumbnailSettings(limits: decode))
  }
}
