import Foundation
import HuewallColorWords
import HuewallExport
import HuewallStore
import Logging
import Synchronization

/// Keeps the wall `huewall api` serves up to date with the catalogue: at most every
/// `refreshInterval` a request reads the catalogue's fingerprint (one small read), and when it
/// moved, that request reads the catalogue again (one read transaction), records the version
/// and serves it; requests that come meanwhile are answered from the wall before.
///
/// The wall in hand is taken under a lock rather than through an actor: a request that finds
/// it fresh (nearly all of them) neither suspends nor copies anything but a reference.
final class WallReader: Sendable {
  /// What the wall is read from.
  struct Source: Sendable {
    var store: any Catalogue
    /// The set the catalogue's run analyses with (pipeline.json's); nil until a run stored it.
    var parameterSet: @Sendable () async throws -> ParameterSetRecord?
    var synonyms: ColorSynonyms
    var imagesPerProduct: Int
  }

  /// The wall served, when its fingerprint was last checked, and the read under way.
  private struct State {
    var wall: ServedWall?
    var lastCheck: ContinuousClock.Instant?
    var refreshing: Task<ServedWall, any Error>?
  }

  /// What a request does: answer from a wall, or wait for a read.
  private enum Step {
    case serve(ServedWall)
    case wait(Task<ServedWall, any Error>)
    case refresh(Task<ServedWall, any Error>)
  }

  let source: Source
  let refreshInterval: Duration
  let logger: Logger
  private let state = Mutex(State())

  init(source: Source, refreshInterval: Duration, logger: Logger) {
    self.source = source
    self.refreshInterval = refreshInterval
    self.logger = logger
  }

  /// The wall to answer from.
  func current() async throws -> ServedWall {
    let now = ContinuousClock.now
    let step = state.withLock { state -> Step in
      if let wall = state.wall {
        if state.refreshing != nil { return .serve(wall) }
        if let lastCheck = state.lastCheck, now - lastCheck < refreshInterval {
          return .serve(wall)
        }
      } else if let refreshing = state.refreshing {
        return .wait(refreshing)
      }
      let task = Task.detached { [source, wall = state.wall, logger] in
        try await Self.refresh(source: source, from: wall, logger: logger)
      }
      state.refreshing = task
      return .refresh(task)
    }
    switch step {
    case .serve(let wall):
      return wall
    case .wait(let task):
      return try await task.value
    case .refresh(let task):
      do {
        let fresh = try await task.value
        state.withLock { state in
          state.wall = fresh
          state.lastCheck = .now
          state.refreshing = nil
        }
        return fresh
      } catch {
        state.withLock { $0.refreshing = nil }
        throw error
      }
    }
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
      // Each product is encoded once: its digest, and the bytes its pages are made of.
      var digests: [String: String] = [:]
      digests.reserveCapacity(products.count)
      var encoded = EncodedProducts()
      for product in products {
        let json = try encoder.encode(product)
        digests[product.id] = ServedWall.digest(of: json)
        encoded.append(digestForm: json)
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
        products: products, encoded: encoded)
    }
    throw APIError(.unavailable, "the catalogue kept changing while it was read; try again")
  }
}
