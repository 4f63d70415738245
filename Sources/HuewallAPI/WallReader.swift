import Foundation
import HuewallColorWords
import HuewallExport
import HuewallStore
import Logging

/// Keeps the wall `huewall api` serves up to date with the catalogue: at most every
/// `refreshInterval` a request reads the catalogue's fingerprint (one small read), and when it
/// moved, that request reads the catalogue again (one read transaction), records the version
/// and serves it; requests that come meanwhile are answered from the wall before.
actor WallReader {
  /// What the wall is read from.
  struct Source: Sendable {
    var store: any Catalogue
    /// The set the catalogue's run analyses with (pipeline.json's); nil until a run stored it.
    var parameterSet: @Sendable () async throws -> ParameterSetRecord?
    var synonyms: ColorSynonyms
    var imagesPerProduct: Int
  }

  let source: Source
  let refreshInterval: Duration
  let logger: Logger
  private var wall: ServedWall?
  private var lastCheck: ContinuousClock.Instant?
  private var refreshing: Task<ServedWall, any Error>?

  init(source: Source, refreshInterval: Duration, logger: Logger) {
    self.source = source
    self.refreshInterval = refreshInterval
    self.logger = logger
  }

  /// The wall to answer from.
  func current() async throws -> ServedWall {
    if let wall {
      if refreshing != nil { return wall }
      if let lastCheck, ContinuousClock.now - lastCheck < refreshInterval { return wall }
    } else if let refreshing {
      return try await refreshing.value
    }
    let task = Task.detached { [source, wall, logger] in
      try await Self.refresh(source: source, from: wall, logger: logger)
    }
    refreshing = task
    defer { refreshing = nil }
    let fresh = try await task.value
    wall = fresh
    lastCheck = .now
    return fresh
  }

  /// `wall` when the catalogue has not moved since it was read, else the wall read afresh and
  /// recorded as a version.
  static func refresh(source: Source, from wall: ServedWall?, logger: Logger) async throws
    -> ServedWall
  {
    guard let parameterSet = try await source.parameterSet() else {
      throw APIError(
        .unavailable,
        "the catalogue has no analyses with the configured parameters yet: run `huewall run`")
    }
    if let wall, wall.parameterSetID == parameterSet.id,
      try await source.store.wallFingerprint(parameterSetID: parameterSet.id) == wall.fingerprint
    {
      return wall
    }
    let encoder = ServedWall.digestEncoder()
    // A run that ends between the read and the record is read again.
    for _ in 0..<5 {
      let snapshot = try await source.store.catalogueSnapshot(
        parameterSetID: parameterSet.id, imagesPerProduct: source.imagesPerProduct)
      let products = ColorsDocument.wallProducts(
        entries: snapshot.entries, overrides: snapshot.overrides, parameterSet: parameterSet,
        synonyms: source.synonyms
      ).map(ServedWall.product)
      var digests: [String: String] = [:]
      digests.reserveCapacity(products.count)
      for product in products {
        digests[product.id] = try ServedWall.digest(of: product, encoder: encoder)
      }
      guard
        let version = try await source.store.recordWall(
          fingerprint: snapshot.fingerprint, parameterSetID: parameterSet.id, digests: digests,
          at: Date())
      else { continue }
      if version.id != wall?.version {
        logger.info(
          "serving wall version \(version.id)", metadata: ["products": "\(products.count)"])
      }
      return ServedWall(
        version: version.id, fingerprint: snapshot.fingerprint, parameterSetID: parameterSet.id,
        products: products)
    }
    throw APIError(.unavailable, "the catalogue kept changing while it was read; try again")
  }
}
