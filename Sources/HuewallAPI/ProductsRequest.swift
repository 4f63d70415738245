import HuewallRequests

/// A `/v1/products` request, checked: its filters, the cursor it goes on from and its
/// limit. The generated handler and ``PreparedPages`` read requests alike through it.
struct ProductsRequest: Sendable {
  var filters: Filters
  var cursor: PageCursor?
  var limit: Int

  /// Checks the parameters; a bad one is a ``APIError/Reason/badParameter`` naming it.
  init(
    family: String?, brand: String?, q: String?, hueMin: Double?, hueMax: Double?,
    cursor: String?, limit: Int?
  ) throws(APIError) {
    let filters = try Filters(
      family: family, brand: brand, q: q, hueMin: hueMin, hueMax: hueMax)
    self.limit = try CatalogueHandlers.limit(limit)
    self.cursor = try cursor.map { text throws(APIError) in
      guard let cursor = PageCursor(decoding: text) else {
        throw .badParameter("cursor", "not a cursor this API gave (start again without it)")
      }
      guard cursor.filters == filters.signature else {
        throw .badParameter(
          "cursor", "it pages other filters: send the filters of the page that gave it")
      }
      return cursor
    }
    self.filters = filters
  }

  /// One page of the wall: the positions of its products, how many match in all, and the
  /// cursor of the page after it (nil on the last).
  struct Page {
    var positions: [Int]
    var total: Int
    var nextCursor: String?
  }

  /// The page this request reads of `wall`.
  func page(of wall: ServedWall) -> Page {
    let selection = filters.select(from: wall)
    var start = 0
    if let cursor {
      start = min(cursor.offset, selection.count)
      // On another version, the page goes on after the product the last one ended with.
      if cursor.version != wall.version, let position = wall.index[cursor.lastID],
        let offset = selection.offset(of: position)
      {
        start = offset + 1
      }
    }
    let end = min(start + limit, selection.count)
    let positions = (start..<end).map { selection[$0] }
    let next =
      end < selection.count
      ? PageCursor(
        version: wall.version, filters: filters.signature, offset: end,
        lastID: positions.last.map { wall.products[$0].id } ?? ""
      ).encoded : nil
    return Page(positions: positions, total: selection.count, nextCursor: next)
  }
}
