import Foundation
import HuewallFeed
import HuewallPipeline
import Testing

/// A catalogue read from Shopify's own product CSV export writes the metafields CSV, as one
/// read from the shop's products.json does: its handles and titles are the shop's.
@Suite struct ShopifyExportSourceTests {
  @Test func aLocalShopifyExportIsShopifySourced() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-shopify-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let export = folder.appendingPathComponent("products_export.csv")
    try Data(
      ("Handle,Title,Option1 Name,Option1 Value,Variant SKU,Image Src,Status\n"
        + "harbour-tee,Harbour Tee,Color,Navy,HT-1,https://cdn.example/t.jpg,active\n").utf8
    ).write(to: export)
    let other = folder.appendingPathComponent("feed.csv")
    try Data("id,title,image_link\n1,Tee,https://cdn.example/t.jpg\n".utf8).write(to: other)

    for format in [nil, FeedFormat.csv] {
      var configuration = PipelineConfiguration()
      configuration.feed = FeedSettings(source: export.path, format: format)
      #expect(configuration.isShopifySourced, "format \(String(describing: format))")
      configuration.feed = FeedSettings(source: other.path, format: format)
      #expect(!configuration.isShopifySourced, "format \(String(describing: format))")
    }
    var merchant = PipelineConfiguration()
    merchant.feed = FeedSettings(source: export.path, format: .merchantTSV)
    #expect(!merchant.isShopifySourced)
  }
}
