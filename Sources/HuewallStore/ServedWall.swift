public import Foundation
import GRDB

/// What `huewall api` reads of the catalogue for one version of the wall, all from one read
/// transaction: the decisions and the export entries of one parameter set, and the fingerprint
/// of the state they were read in.
public struct CatalogueSnapshot: Sendable {
  /// ``CatalogStore/wallFingerprint(parameterSetID:)`` in the same transaction.
  public var fingerprint: String
  public var overrides: [ColorOverride]
  /// Every product, removed ones included, ordered by id.
  public var entries: [ExportEntry]

  public init(fingerprint: String, overrides: [ColorOverride], entries: [ExportEntry]) {
    self.fingerprint = fingerprint
    self.overrides = overrides
    self.entries = entries
  }
}

/// One version of the wall as `huewall api` served it: versions are numbered from 1 and a new
/// one is recorded only when some product on the wall changed, arrived or left.
public struct WallVersion: Sendable, Hashable {
  public var id: Int64
  /// The catalogue's fingerprint when the version was last confirmed.
  public var fingerprint: String

  public init(id: Int64, fingerprint: String) {
    self.id = id
    self.fingerprint = fingerprint
  }
}

/// A product that changed after a version: on the wall now (added or changed) or gone from it.
public struct WallChange: Sendable, Hashable {
  public var productID: String
  public var isOnWall: Bool

  public init(productID: String, isOnWall: Bool) {
    self.productID = productID
    self.isOnWall = isOnWall
  }

  /// A product's row in `wall_products`: the digest last served and whether it is on the wall.
  public typealias Served = (digest: String, onWall: Bool)

  /// The `wall_products` rows a wall of products with `digests` (by id) changes, given what
  /// was `served`: each product whose digest differs or that was not on the wall, and each one
  /// on the wall that is no longer (its digest emptied). Both catalogues record walls by it.
  public static func rows(served: [String: Served], digests: [String: String])
    -> [(id: String, digest: String, onWall: Bool)]
  {
    var changed: [(id: String, digest: String, onWall: Bool)] = []
    for (id, digest) in digests where served[id]?.digest != digest || served[id]?.onWall != true {
      changed.append((id, digest, true))
    }
    for (id, row) in served where row.onWall && digests[id] == nil {
      changed.append((id, "", false))
    }
    return changed
  }
}

extension CatalogStore {
  /// What changes whenever the wall may: the finished runs and the people's decisions (a run
  /// still under way is left out until it ends, so that a wall never shows half a run).
  public func wallFingerprint(parameterSetID: Int64) throws(StoreError) -> String {
    try read { db in try Self.fingerprint(db, parameterSetID: parameterSetID) }
  }

  static func fingerprint(_ db: Database, parameterSetID: Int64) throws -> String {
    let sql = """
      SELECT (SELECT count(finished_at) || ':' || coalesce(max(finished_at), '') FROM runs)
        || '|' || (SELECT count(*) || ':' || coalesce(max(decided_at), '') FROM color_overrides)
      """
    return "\(parameterSetID)|" + (try String.fetchOne(db, sql: sql) ?? "")
  }

  /// The decisions and every export entry of the set (as ``forEachExportEntry``), with the
  /// fingerprint, in one read transaction.
  public func catalogueSnapshot(parameterSetID: Int64, imagesPerProduct: Int) throws(StoreError)
    -> CatalogueSnapshot
  {
    let location = path
    return try read { db in
      let fingerprint = try Self.fingerprint(db, parameterSetID: parameterSetID)
      // Columns as StoredColorOverride.query declares them.
      let overrideRows = try Row.fetchAll(
        db, sql: StoredColorOverride.query(imagesPerProduct: imagesPerProduct, dialect: .sqlite))
      let overrides = try overrideRows.map { row in try ColorOverride(row, location: location) }
      var unique: [ColorOverride] = []
      for override in overrides where unique.last?.productID != override.productID {
        unique.append(override)
      }
      // Columns as ExportEntry.query declares them.
      let rows = try Row.fetchCursor(
        db,
        sql: ExportEntry.query(
          parameterSet: "?", imagesPerProduct: imagesPerProduct, dialect: .sqlite),
        arguments: [parameterSetID])
      var assembler = ExportEntry.Assembler(parameterSetID: parameterSetID, location: location)
      var entries: [ExportEntry] = []
      while let row = try rows.next() {
        if let entry = try assembler.add(ExportEntry.Row(row)) { entries.append(entry) }
      }
      if let entry = try assembler.finish() { entries.append(entry) }
      return CatalogueSnapshot(fingerprint: fingerprint, overrides: unique, entries: entries)
    }
  }

  /// The latest version recorded, nil before the first.
  public func latestWallVersion() throws(StoreError) -> WallVersion? {
    try read { db in try Self.latestWallVersion(db) }
  }

  static func latestWallVersion(_ db: Database) throws -> WallVersion? {
    try Row.fetchOne(db, sql: "SELECT id, fingerprint FROM wall_versions ORDER BY id DESC LIMIT 1")
      .map { WallVersion(id: $0["id"], fingerprint: $0["fingerprint"]) }
  }

  /// The oldest version whose changes are kept, nil before the first.
  public func oldestWallVersion() throws(StoreError) -> Int64? {
    try read { db in try Int64.fetchOne(db, sql: "SELECT min(id) FROM wall_versions") }
  }

  /// Records the wall read at `fingerprint`, whose products have the `digests` (by id), in one
  /// write transaction: a new version when a product changed, arrived or left since the
  /// latest, else the latest, confirmed at `fingerprint`. Nil when the catalogue has moved on
  /// since `fingerprint` (read it again): an older wall never follows a newer one.
  public func recordWall(
    fingerprint: String, parameterSetID: Int64, digests: [String: String], at date: Date
  ) throws(StoreError) -> WallVersion? {
    try write { db -> WallVersion? in
      guard try Self.fingerprint(db, parameterSetID: parameterSetID) == fingerprint else {
        return nil
      }
      var served: [String: WallChange.Served] = [:]
      let rows = try Row.fetchCursor(
        db, sql: "SELECT product_id, digest, on_wall FROM wall_products")
      while let row = try rows.next() {
        served[row["product_id"]] = (row["digest"], row["on_wall"])
      }
      let changed = WallChange.rows(served: served, digests: digests)
      let latest = try Self.latestWallVersion(db)
      if let latest, changed.isEmpty {
        try db.execute(
          sql: "UPDATE wall_versions SET fingerprint = ? WHERE id = ?",
          arguments: [fingerprint, latest.id])
        return WallVersion(id: latest.id, fingerprint: fingerprint)
      }
      try db.execute(
        sql: """
          INSERT INTO wall_versions (fingerprint, parameter_set_id, created_at)
          VALUES (?, ?, ?)
          """,
        arguments: [fingerprint, parameterSetID, date])
      let id = db.lastInsertedRowID
      let upsert = try db.makeStatement(
        sql: """
          INSERT INTO wall_products (product_id, digest, version, on_wall) VALUES (?, ?, ?, ?)
          ON CONFLICT (product_id) DO UPDATE
            SET digest = excluded.digest, version = excluded.version, on_wall = excluded.on_wall
          """)
      for change in changed {
        try upsert.execute(arguments: [change.id, change.digest, id, change.onWall])
      }
      return WallVersion(id: id, fingerprint: fingerprint)
    }
  }

  /// The products that changed after version `since` up to `through`, ordered by id, from
  /// the first id after `after`, at most `limit`.
  public func wallChanges(since: Int64, through: Int64, after: String?, limit: Int)
    throws(StoreError) -> [WallChange]
  {
    try read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT product_id, on_wall FROM wall_products
          WHERE version > ? AND version <= ? AND product_id > ?
          ORDER BY product_id LIMIT ?
          """,
        arguments: [since, through, after ?? "", limit]
      ).map { WallChange(productID: $0["product_id"], isOnWall: $0["on_wall"]) }
    }
  }
}
