import Foundation
import HuewallMetrics
import HuewallRequests
import HuewallStore
import OpenAPIRuntime
import Prometheus

/// The operations of openapi.yaml over the wall: each response reads one wall version
/// (``WallReader``), and the changes feed one read transaction of the versions kept.
struct CatalogueHandlers: APIProtocol {
  let walls: WallReader
  let store: any Catalogue
  /// The `Cache-Control` of catalogue responses.
  let cacheControl: String

  static let defaultLimit = 48
  static let maxLimit = 500

  func listProducts(_ input: Operations.ListProducts.Input) async throws
    -> Operations.ListProducts.Output
  {
    let query = input.query
    let request = try ProductsRequest(
      family: query.family?.rawValue, brand: query.brand, q: query.q, hueMin: query.hueMin,
      hueMax: query.hueMax, cursor: query.cursor, limit: query.limit)
    let wall = try await walls.current()
    if Self.matches(input.headers.ifNoneMatch, wall.etag) {
      return .notModified(.init(headers: .init(eTag: wall.etag)))
    }
    let page = request.page(of: wall)
    return .ok(
      .init(
        headers: .init(eTag: wall.etag, cacheControl: cacheControl),
        body: .json(
          .init(
            products: page.positions.map { wall.products[$0] }, total: page.total,
            nextCursor: page.nextCursor, version: Int(wall.version),
            syncToken: SyncToken(version: wall.version).encoded))))
  }

  func getProduct(_ input: Operations.GetProduct.Input) async throws
    -> Operations.GetProduct.Output
  {
    let wall = try await walls.current()
    let id = input.path.id
    guard let position = wall.index[id] else {
      throw APIError(.notFound, "no product \"\(id.prefix(200))\" on the wall")
    }
    if Self.matches(input.headers.ifNoneMatch, wall.etag) {
      return .notModified(.init(headers: .init(eTag: wall.etag)))
    }
    return .ok(
      .init(
        headers: .init(eTag: wall.etag, cacheControl: cacheControl),
        body: .json(wall.products[position])))
  }

  func listFamilies(_ input: Operations.ListFamilies.Input) async throws
    -> Operations.ListFamilies.Output
  {
    let query = input.query
    let filters = try Filters(
      family: query.family?.rawValue, brand: query.brand, q: query.q, hueMin: query.hueMin,
      hueMax: query.hueMax
    ).withoutFamily
    let wall = try await walls.current()
    if Self.matches(input.headers.ifNoneMatch, wall.etag) {
      return .notModified(.init(headers: .init(eTag: wall.etag)))
    }
    let selection = filters.select(from: wall)
    var counts: [String: Int] = [:]
    for offset in 0..<selection.count {
      // As the filter finds them: by family and by second family.
      let position = selection[offset]
      let family = wall.families[position]
      if !family.isEmpty { counts[family, default: 0] += 1 }
      let second = wall.secondFamilies[position]
      if !second.isEmpty, second != family { counts[second, default: 0] += 1 }
    }
    let families = wall.familyOrder.compactMap { family in
      counts[family].map { Components.Schemas.FamilyCount(family: family, count: $0) }
    }
    return .ok(
      .init(
        headers: .init(eTag: wall.etag, cacheControl: cacheControl),
        body: .json(.init(families: families, version: Int(wall.version)))))
  }

  func listChanges(_ input: Operations.ListChanges.Input) async throws
    -> Operations.ListChanges.Output
  {
    let query = input.query
    let request = try ChangesRequest(since: query.since, cursor: query.cursor, limit: query.limit)
    let wall = try await walls.current()
    if Self.matches(input.headers.ifNoneMatch, wall.etag) {
      return .notModified(.init(headers: .init(eTag: wall.etag)))
    }
    let page = try await request.page(of: wall, store: store)
    return .ok(
      .init(
        headers: .init(eTag: wall.etag, cacheControl: cacheControl),
        body: .json(
          .init(
            changed: page.changed.map { wall.products[$0] }, removed: page.removed,
            nextCursor: page.nextCursor, version: Int(page.through),
            syncToken: SyncToken(version: page.through).encoded))))
  }

  func health(_ input: Operations.Health.Input) async throws -> Operations.Health.Output {
    let wall = try await walls.current()
    return .ok(.init(body: .json(.init(status: "ok", version: Int(wall.version)))))
  }

  func metrics(_ input: Operations.Metrics.Input) async throws -> Operations.Metrics.Output {
    .ok(.init(body: .plainText(HTTPBody(ProcessMetrics.registry.emitToBuffer()))))
  }

  func openAPIDocument(_ input: Operations.OpenAPIDocument.Input) async throws
    -> Operations.OpenAPIDocument.Output
  {
    .ok(.init(body: .yaml(HTTPBody(OpenAPIDocument.text))))
  }

  /// `limit`, checked: 1 to ``maxLimit``, ``defaultLimit`` when absent.
  static func limit(_ value: Int?) throws(APIError) -> Int {
    let limit = value ?? defaultLimit
    guard (1...maxLimit).contains(limit) else {
      throw .badParameter("limit", "must be 1 to \(maxLimit), not \(limit)")
    }
    return limit
  }

  /// Whether an `If-None-Match` names `etag` (or is `*`).
  static func matches(_ ifNoneMatch: String?, _ etag: String) -> Bool {
    guard let ifNoneMatch else { return false }
    // What a client sends back nearly always: the one tag it was given.
    if ifNoneMatch == etag { return true }
    return ifNoneMatch.split(separator: ",").contains { tag in
      let tag = tag.trimmingCharacters(in: .whitespaces)
      return tag == "*" || tag == etag || tag == "W/" + etag
    }
  }
}
