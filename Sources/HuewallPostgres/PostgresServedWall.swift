public import Foundation
public import HuewallStore
import PostgresNIO

// MARK: The served wall

extension PostgresCatalog {
  /// Held while a wall is recorded, so that `huewall api` processes behind one load balancer
  /// record their walls one after another and number the versions once.
  static let wallLock: Int64 = 0x6875_6577_616c_6c03

  public func wallFingerprint(parameterSetID: Int64) async throws(StoreError) -> String {
    try await fingerprint(parameterSetID: parameterSetID)
  }

  /// The fingerprint as the current transaction (or statement) sees the catalogue. Instants
  /// as seconds since 1970, so that it reads the same whatever the session's time zone.
  private func fingerprint(parameterSetID: Int64) async throws(StoreError) -> String {
    let text = try await session.values(
      """
      SELECT (SELECT count(finished_at) || ':'
          || coalesce(extract(epoch FROM max(finished_at))::text, '') FROM runs)
        || '|' || (SELECT count(*) || ':'
          || coalesce(extract(epoch FROM max(decided_at))::text, '') FROM color_overrides)
      """, as: String.self)
    return "\(parameterSetID)|" + (text.first ?? "")
  }

  public func catalogueSnapshot(parameterSetID: Int64, imagesPerProduct: Int)
    async throws(StoreError) -> CatalogueSnapshot
  {
    try await session.transaction {
      // One snapshot for every statement that follows: a run that commits meanwhile is not
      // seen, in part or whole.
      try await session.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
      let fingerprint = try await fingerprint(parameterSetID: parameterSetID)
      let overrides = try await colorOverrides(imagesPerProduct: imagesPerProduct).map(\.override)
      var entries: [ExportEntry] = []
      try await exportEntries(parameterSetID: parameterSetID, imagesPerProduct: imagesPerProduct) {
        entries.append($0)
      }
      return CatalogueSnapshot(fingerprint: fingerprint, overrides: overrides, entries: entries)
    }
  }

  public func recordWall(
    fingerprint: String, parameterSetID: Int64, digests: [String: String], at date: Date
  ) async throws(StoreError) -> WallVersion? {
    try await session.transaction { () async throws(StoreError) -> WallVersion? in
      try await session.execute("SELECT pg_advisory_xact_lock(\(Self.wallLock))")
      // Read committed: under the lock, the catalogue and the walls as they are now.
      guard try await self.fingerprint(parameterSetID: parameterSetID) == fingerprint else {
        return nil
      }
      var served: [String: WallChange.Served] = [:]
      try await session.forEachRow("SELECT product_id, digest, on_wall FROM wall_products") {
        row throws in
        served[try row[0]] = (try row[1], try row[2])
      }
      let changed = WallChange.rows(served: served, digests: digests)
      let latest = try await session.rows(
        "SELECT id FROM wall_versions ORDER BY id DESC LIMIT 1"
      ).first.map { row throws(StoreError) -> Int64 in try row[0] }
      if let latest, changed.isEmpty {
        try await session.execute(
          "UPDATE wall_versions SET fingerprint = \(fingerprint) WHERE id = \(latest)")
        return WallVersion(id: latest, fingerprint: fingerprint)
      }
      let id = try await session.values(
        """
        INSERT INTO wall_versions (fingerprint, parameter_set_id, created_at)
        VALUES (\(fingerprint), \(parameterSetID), \(date)) RETURNING id
        """, as: Int64.self)[0]
      for start in stride(from: 0, to: changed.count, by: Self.rowsPerStatement) {
        let chunk = changed[start..<min(start + Self.rowsPerStatement, changed.count)]
        try await session.execute(
          """
          INSERT INTO wall_products (product_id, digest, version, on_wall)
          SELECT u.id, u.digest, \(id), u.on_wall
          FROM unnest(\(chunk.map(\.id))::text[], \(chunk.map(\.digest))::text[],
            \(chunk.map(\.onWall))::boolean[]) AS u(id, digest, on_wall)
          ON CONFLICT (product_id) DO UPDATE
            SET digest = excluded.digest, version = excluded.version, on_wall = excluded.on_wall
          """)
      }
      return WallVersion(id: id, fingerprint: fingerprint)
    }
  }

  public func oldestWallVersion() async throws(StoreError) -> Int64? {
    try await session.rows("SELECT min(id) FROM wall_versions").first.map {
      row throws(StoreError) -> Int64? in try row[0]
    } ?? nil
  }

  public func wallChanges(since: Int64, through: Int64, after: String?, limit: Int)
    async throws(StoreError) -> [WallChange]
  {
    try await session.rows(
      """
      SELECT product_id, on_wall FROM wall_products
      WHERE version > \(since) AND version <= \(through) AND product_id > \(after ?? "")
      ORDER BY product_id LIMIT \(max(0, limit))
      """
    ).map { row throws(StoreError) in
      WallChange(productID: try row[0], isOnWall: try row[1])
    }
  }
}
