import Foundation
import HuewallCore
import Testing

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
