import Foundation
import HuewallCore
import HuewallTestSupport
import Testing

@testable import HuewallPostgres
@testable import HuewallStore

/// A fresh folder under the system temporary directory, removed when `body` returns.
func withTemporaryFolder(_ body: (URL) throws -> Void) throws {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("huewall-store-tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  try body(folder)
}

/// A catalogue on a fresh SQLite file in its own temporary folder, closed and removed after.
func withStore(_ body: (CatalogStore) throws -> Void) throws {
  try withTemporaryFolder { folder in
    let store = try CatalogStore(path: folder.appendingPathComponent("catalog.sqlite").path)
    defer { try? store.close() }
    try body(store)
  }
}

/// The two catalogues that the shared store tests run against: a test that only one of them
/// passes is a bug in the other.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case sqlite, postgres
  var testDescription: String { rawValue }
}

/// A fresh, empty catalogue of `backend`: an SQLite file in its own temporary folder, or a
/// new database on the tests' throwaway PostgreSQL server; closed (and the folder removed)
/// after.
///
func withCatalogue(
  _ backend: Backend, _ body: (any Catalogue) async throws -> Void
) async throws {
  switch backend {
  case .sqlite:
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-store-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try CatalogStore(path: folder.appendingPathComponent("catalog.sqlite").path)
    defer { try? store.close() }
    try await body(store)
  case .postgres:
    let catalog = try await PostgresCatalog(url: try await TestPostgres.freshDatabase())
    defer { try? catalog.close() }
    try await body(catalog)
  }
}

/// Whether `error` is the backend's refusal of a row whose parent does not exist.
func isForeignKeyFailure(_ error: StoreError?, _ backend: Backend) -> Bool {
  guard case .constraint(let detail) = error?.reason else { return false }
  switch backend {
  case .sqlite: return detail == "FOREIGN KEY constraint failed"
  case .postgres: return detail.contains("violates foreign key constraint")
  }
}

/// `body` with the SQLite store's own synchronous calls, which the asynchronous helpers below
/// of the same names would shadow.
private func sqlite<T>(_ store: CatalogStore, _ body: (CatalogStore) throws -> T) rethrows -> T {
  try body(store)
}

extension Catalogue {
  /// The first column of every row of `sql`, as text: the tests' look at the tables.
  func strings(_ sql: String) async throws -> [String] {
    switch self {
    case let store as CatalogStore: try sqlite(store) { try $0.strings(sql) }
    case let catalog as PostgresCatalog: try await catalog.strings(sql)
    default: []
    }
  }

  /// Runs one statement, as someone editing the tables by hand would.
  func execute(_ sql: String) async throws {
    switch self {
    case let store as CatalogStore: try sqlite(store) { try $0.execute(sql) }
    case let catalog as PostgresCatalog: try await catalog.execute(sql)
    default: break
    }
  }

  /// The record of `url`, or nil.
  func image(url: String) async throws -> ImageRecord? {
    switch self {
    case let store as CatalogStore: try sqlite(store) { try $0.image(url: url) }
    case let catalog as PostgresCatalog: try await catalog.imageRecords(urls: [url])[url]
    default: nil
    }
  }

  /// Syncs `products` as a read feed does: staged, then applied.
  @discardableResult
  func syncProducts(_ products: some Sequence<Product>, at date: Date) async throws
    -> ProductSyncCounts
  {
    if let store = self as? CatalogStore { return try store.syncProducts(products, at: date) }
    try await clearStagedProducts()
    try await stageProducts { staging in
      for (index, product) in products.enumerated() {
        _ = try staging.add(product, position: index + 1)
      }
    }
    return try await syncStagedProducts(at: date)
  }
}

/// Whole seconds, so that they survive the store's millisecond precision unchanged.
let t0 = Date(timeIntervalSince1970: 1_750_000_000)  // 2025-06-15 15:06:40 UTC
let t1 = Date(timeIntervalSince1970: 1_750_086_400)  // a day later
let t2 = Date(timeIntervalSince1970: 1_750_172_800)
let t3 = Date(timeIntervalSince1970: 1_750_259_200)

func url(_ string: String) -> URL { URL(string: string)! }

/// A product with every field set, its images under https://cdn.example/.
func sampleProduct(_ id: String, price: String = "59.99 USD") -> Product {
  Product(
    id: id, title: "Runner \(id)", brand: "Acme", vendorColor: "BLK",
    link: url("https://shop.example/p/\(id)"),
    imageURLs: [url("https://cdn.example/\(id)-1.jpg"), url("https://cdn.example/\(id)-2.jpg")],
    price: price, availability: "in_stock", itemGroupId: "group-\(id)")
}
