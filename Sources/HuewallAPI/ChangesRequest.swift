import HuewallRequests
import HuewallStore

/// A `/v1/changes` request, checked: the version the app holds, the cursor it goes on from
/// and its limit. The generated handler and ``PreparedPages`` read requests alike through it.
struct ChangesRequest: Sendable {
  var since: SyncToken
  var cursor: ChangeCursor?
  var limit: Int

  /// Checks the parameters; a bad one is a ``APIError/Reason/badParameter`` naming it.
  init(since: String, cursor: String?, limit: Int?) throws(APIError) {
    guard let since = SyncToken(decoding: since) else {
      throw APIError.badParameter(
        "since", "not a sync token this API gave (take syncToken from /v1/products)")
    }
    self.limit = try CatalogueHandlers.limit(limit)
    self.cursor = try cursor.map { text throws(APIError) in
      guard let cursor = ChangeCursor(decoding: text), cursor.since == since.version else {
        throw .badParameter(
          "cursor", "not a cursor this API gave for this `since` (start again without it)")
      }
      return cursor
    }
    self.since = since
  }

  /// One page of changes: the positions on the wall of the products changed, the ids
  /// removed, the cursor of the next page (nil on the last) and the version it syncs to.
  struct Page {
    var changed: [Int]
    var removed: [String]
    var nextCursor: String?
    var through: Int64
  }

  /// The page this request reads of the changes `store` keeps, up to `wall` (410 for a token
  /// outside the versions kept).
  func page(of wall: ServedWall, store: any Catalogue) async throws -> Page {
    let through = cursor?.through ?? wall.version
    let oldest = try await store.oldestWallVersion() ?? wall.version
    guard since.version <= wall.version, through <= wall.version, since.version >= oldest - 1
    else {
      throw APIError(
        .tokenExpired,
        "the token's version \(since.version) is not among the versions this catalogue keeps "
          + "(\(oldest - 1) to \(wall.version)): sync in full again from /v1/products")
    }
    // After a cut id, the products already given that sort after it are left out.
    let skip = cursor?.skip ?? 0
    let changes = try await store.wallChanges(
      since: since.version, through: through, after: cursor?.lastID, limit: limit + skip
    ).dropFirst(skip)
    var changed: [Int] = []
    var removed: [String] = []
    for change in changes {
      if change.isOnWall, let position = wall.index[change.productID] {
        changed.append(position)
      } else if !change.isOnWall {
        removed.append(change.productID)
      }
    }
    let next =
      changes.count == limit
      ? ChangeCursor.after(
        changes.map(\.productID), previous: cursor, since: since.version, through: through
      ).encoded : nil
    return Page(changed: changed, removed: removed, nextCursor: next, through: through)
  }
}
