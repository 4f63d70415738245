import Foundation
import HuewallColorWords
public import HuewallStore
import PostgresNIO

// MARK: Colour overrides

extension PostgresCatalog {
  public func colorOverrides(imagesPerProduct: Int) async throws(StoreError)
    -> [StoredColorOverride]
  {
    var rows: [(override: ColorOverride, position: Int, sha256: String?, isRemoved: Bool)] = []
    for row in try await session.rows(
      PostgresQuery(
        unsafeSQL: StoredColorOverride.query(
          imagesPerProduct: imagesPerProduct, dialect: .postgres)))
    {
      rows.append(
        (
          try ColorOverride(
            productID: try row[0], storedFamily: try row[1], hex: try row[2], note: try row[3],
            decidedAt: try row[4], imageSHA256: try row[5], location: location),
          try row[8], try row[6], try row[7]
        ))
    }
    return StoredColorOverride.gather(rows)
  }

  public func overrideTargets(productIDs: [String]) async throws(StoreError) -> [String:
    OverrideTarget]
  {
    guard !productIDs.isEmpty else { return [:] }
    var binds = PostgresBindings()
    binds.append(productIDs)
    var found: [String: OverrideTarget] = [:]
    for row in try await session.rows(
      PostgresQuery(
        unsafeSQL: OverrideTarget.query(ids: "SELECT unnest($1::text[])"), binds: binds))
    {
      let target = OverrideTarget(
        productID: try row[0], imageSHA256: try row[1], isRemoved: try row[2])
      found[target.productID] = target
    }
    return found
  }

  public func saveColorOverrides(_ overrides: [ColorOverride]) async throws(StoreError) {
    guard !overrides.isEmpty else { return }
    try await session.transaction {
      for o in overrides {
        try await session.execute(
          """
          INSERT INTO color_overrides (product_id, family, hex, note, decided_at, image_sha256)
          VALUES (\(o.productID), \(o.family.rawValue), \(o.hex), \(o.note), \(o.decidedAt),
            \(o.imageSHA256))
          ON CONFLICT (product_id) DO UPDATE SET family = excluded.family, hex = excluded.hex,
            note = excluded.note, decided_at = excluded.decided_at,
            image_sha256 = excluded.image_sha256
          """)
      }
    }
  }

  @discardableResult
  public func clearColorOverrides(productIDs: [String]) async throws(StoreError) -> Int {
    guard !productIDs.isEmpty else { return 0 }
    var binds = PostgresBindings()
    binds.append(productIDs)
    return try await session.execute(
      PostgresQuery(
        unsafeSQL: "DELETE FROM color_overrides WHERE product_id = ANY($1::text[])",
        binds: binds))
  }
}
