import Foundation
import HuewallCore
import HuewallExport
import HuewallPipeline
import HuewallStore
import HuewallTestSupport
import Testing

/// A feed that lists every size: one tile, one image choice and one analysis per colourway,
/// end to end with images from a local server; the next run fetches and analyses nothing.
@Suite struct ColourwayRunTests {
  @Test func everySizeOfAColourwayIsOneTileAnalysedOnce() async throws {
    let server = try await TestHTTPServer.start()
    for (name, type) in [("model-shot.jpg", "image/jpeg"), ("packshot.png", "image/png")] {
      server.route(
        "/img/\(name)",
        handler: TestHTTPServer.revalidating(
          try Data(contentsOf: ImageChoiceTests.fixtures.appendingPathComponent(name)),
          contentType: type, etag: "\"\(name)\""))
    }
    let navy = server.url("/img/model-shot.jpg").absoluteString
    let red = server.url("/img/packshot.png").absoluteString
    func item(_ id: String, _ color: String?, _ size: String?, _ image: String, group: String?)
      -> [String: Any]
    {
      var item: [String: Any] = [
        "id": id, "title": "Tee - \(color ?? "") - \(size ?? "")", "images": [image],
      ]
      if let color { item["color"] = color }
      if let size { item["size"] = size }
      if let group { item["itemGroupId"] = group }
      return item
    }
    // Sizes interleaved as feeds list them; SOLO shows the red tee's photo but is another
    // product (no group): kept apart.
    let feed: [String: Any] = [
      "products": [
        item("TEE-N-S", "Navy", "S", navy, group: "TEE"),
        item("TEE-R-S", "Red", "S", red, group: "TEE"),
        item("TEE-N-M", "Navy", "M", navy, group: "TEE"),
        item("TEE-R-M", "Red", "M", red, group: "TEE"),
        item("TEE-N-L", "Navy", "L", navy, group: "TEE"),
        item("SOLO", nil, nil, red, group: nil),
      ]
    ]
    server.route(
      "/feed.json",
      .ok(try JSONSerialization.data(withJSONObject: feed), contentType: "application/json"))
    var workspace = try Workspace(feed: server.url("/feed.json"))
    defer { workspace.remove() }
    workspace.configuration.imagesPerProduct = 1

    let first = try await workspace.run()
    #expect(first.counts.itemsSeen == 6)
    #expect(first.counts.productsSeen == 3)
    #expect(first.counts.imagesDownloaded == 2)
    #expect(first.counts.imagesDecoded == 2, "one analysis per image, so per colourway")
    #expect(first.summary.contains("products 3 seen, 3 added, 0 changed, 0 removed (6 feed items)"))
    let products = try ImageChoiceTests.products(in: workspace)
    #expect(products.keys.sorted() == ["SOLO", "TEE-navy", "TEE-red"])
    let navyTile = try #require(products["TEE-navy"])
    #expect(navyTile.title == "Tee - Navy")
    #expect(navyTile.items.map(\.id) == ["TEE-N-S", "TEE-N-M", "TEE-N-L"])
    #expect(navyTile.items.map(\.size) == ["S", "M", "L"])
    #expect(products["TEE-red"]?.items.map(\.size) == ["S", "M"])
    #expect(products["SOLO"]?.items == [Product.Item(id: "SOLO")])

    let second = try await workspace.run()
    #expect(second.counts.productsSeen == 3 && second.counts.productsAdded == 0)
    #expect(second.counts.productsChanged == 0)
    #expect(second.counts.imagesDownloaded == 0 && second.counts.imagesNotModified == 2)
    #expect(second.counts.imagesDecoded == 0)
    let runs = try workspace.store().recentRuns(limit: 2)
    #expect(runs.map(\.counts.itemsSeen) == [6, 6])
  }

  /// A scarf whose own id is what a tee's two sizes make as their colourway's id: both stay,
  /// the tee's colourway takes the next id, and the run says so naming both.
  @Test(arguments: ["csv", "xml"])
  func aColourwayNeverTakesAnotherProductsID(format: String) async throws {
    let server = try await TestHTTPServer.start()
    let catalogue = TestCatalogue(server: server, images: try TestCatalogue.sampleImages())
    catalogue.publish(count: 3)
    let image = { (i: Int) in server.url("/img/\(i).img").absoluteString }
    let rows = [
      ("TEE-navy", "Scarf", "", "", image(0)), ("T1", "Tee - Navy - S", "TEE", "navy", image(1)),
      ("T2", "Tee - Navy - M", "TEE", "navy", image(2)),
    ]
    let feed: String
    if format == "csv" {
      feed =
        "id,title,item_group_id,color,image_link\n"
        + rows.map { "\($0.0),\($0.1),\($0.2),\($0.3),\($0.4)\n" }.joined()
    } else {
      feed =
        #"<rss xmlns:g="http://base.google.com/ns/1.0"><channel>"#
        + rows.map {
          "<item><g:id>\($0.0)</g:id><g:title>\($0.1)</g:title>"
            + "<g:item_group_id>\($0.2)</g:item_group_id><g:color>\($0.3)</g:color>"
            + "<g:image_link>\($0.4)</g:image_link></item>"
        }.joined() + "</channel></rss>"
    }
    server.route(
      "/feed.\(format)",
      .ok(Data(feed.utf8), contentType: format == "csv" ? "text/csv" : "application/xml"))
    let workspace = try Workspace(feed: server.url("/feed.\(format)"))
    defer { workspace.remove() }

    let report = try await workspace.run()
    #expect(
      report.summary.contains("products 2 seen, 2 added, 0 changed, 0 removed (3 feed items)"))
    let store = try workspace.store()
    let products = try store.products(includeRemoved: false).map(\.product)
    #expect(products.map(\.id) == ["TEE-navy", "TEE-navy-2"])
    #expect(products.map(\.title) == ["Scarf", "Tee - Navy"])
    let warnings = try store.errors(runID: report.runID).filter { $0.isWarning }.map(\.message)
    #expect(
      warnings == [
        #"colourway of items "T1", "T2" (group "TEE") is named "TEE-navy-2": "TEE-navy" is the id of another product"#
      ])
    await server.shutdown()
  }
}
