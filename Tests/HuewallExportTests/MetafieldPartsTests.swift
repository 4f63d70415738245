import Foundation
import HuewallCore
import HuewallStore
import Testing

@testable import HuewallExport

/// The Shopify JSON lines in files below the 100 MB a bulk operation takes, every variant of a
/// colourway set, named predictably, an earlier run's extra parts removed.
@Suite struct MetafieldPartsTests {
  @Test func theDefaultPartIsBelowABulkOperationsLimit() {
    #expect(ShopifyMetafields.maxPartBytes < 100 * 1000 * 1000)
    #expect(WriteBackOptions().jsonLinesPartBytes == ShopifyMetafields.maxPartBytes)
  }

  /// 30 Shopify colourways of two variants each, written by the real writer once in one file
  /// and once with a part size of 60 % of it: two parts, each within it, the same lines.
  @Test func jsonLinesOverThePartSizeSplitInTwo() async throws {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let red = [color(0.0, 0.8, 0.8, share: 0.95, hex: "#cc2929")]
    let seeds = (0..<30).map { k in
      var seed = Seed(
        id: "\(8_012_345_670_000 + k)-red", title: "Tee \(k)",
        link: "https://shop.example/products/tee-\(k)?variant=\(44_100_000_000_000 + 10 * k)",
        colors: red)
      seed.product.itemGroupId = "\(8_012_345_670_000 + k)"
      seed.product.items = [0, 1].map {
        Product.Item(id: "\(44_100_000_000_000 + 10 * k + $0)", size: "\(40 + $0)")
      }
      return seed
    }
    let (store, set) = try makeStore(in: scratch, seeds: seeds)
    defer { try? store.close() }
    let exporter = Exporter(store: store)
    let folder = scratch.url("shop")
    let options = WriteBackOptions(includeUnsure: true, shopifySourced: true)

    let whole = try await exporter.writeBack(
      .shopifyMetafields, parameterSet: set, to: folder, options: options)
    let all = try String(
      contentsOf: folder.appendingPathComponent("shopify-metafields.jsonl"), encoding: .utf8)
    let lines = all.split(separator: "\n")
    #expect(lines.count == 30 + 60, "each product and each of its variants")
    #expect(
      whole.files.map(\.lastPathComponent) == [
        "shopify-metafields.csv", "shopify-metafields.jsonl",
      ])

    var small = options
    small.jsonLinesPartBytes = all.utf8.count * 6 / 10
    let split = try await exporter.writeBack(
      .shopifyMetafields, parameterSet: set, to: folder, options: small)
    let names = ["shopify-metafields-1.jsonl", "shopify-metafields-2.jsonl"]
    #expect(split.files.map(\.lastPathComponent) == ["shopify-metafields.csv"] + names)
    let parts = try names.map {
      try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
    }
    #expect(parts.allSatisfy { $0.utf8.count <= small.jsonLinesPartBytes && $0.hasSuffix("\n") })
    #expect(parts.joined() == all)
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("shopify-metafields.jsonl").path))
    #expect(split.description.contains("in 2 files"))

    // One part again: the earlier parts go, so that no stale part is imported.
    _ = try await exporter.writeBack(
      .shopifyMetafields, parameterSet: set, to: folder, options: options)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == ["shopify-metafields.csv", "shopify-metafields.jsonl"])
  }
}
