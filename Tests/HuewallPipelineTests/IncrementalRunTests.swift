import Foundation
import HuewallCore
import HuewallFetch
import HuewallPipeline
import HuewallStore
import HuewallTestSupport
import Logging
import Testing

/// A fresh folder with a configuration whose feed is a ``TestCatalogue`` on loopback.
struct Workspace {
  let folder: URL
  var configuration: PipelineConfiguration

  init(feed: URL) throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-pipeline-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var configuration = PipelineConfiguration(
      feed: FeedSettings(source: feed.absoluteString),
      fetch: .init(
        connectTimeout: 60, requestTimeout: 120, maxAttempts: 3, retryBaseDelay: 0.01,
        allowPrivateNetworks: true))
    configuration.jobs = 2
    self.configuration = configuration.resolvingPaths(against: folder)
  }

  func run() async throws -> RunReport {
    var logger = Logger(label: "test")
    logger.logLevel = .critical
    let pipeline = Pipeline(
      configuration: configuration, logger: logger, progress: ProgressReporter(interactive: false))
    return try await pipeline.run()
  }

  func store() throws -> CatalogStore { try CatalogStore(path: configuration.database) }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}

@Suite struct IncrementalRunTests {
  @Test func anUnchangedFeedDownloadsAndDecodesNothingTheSecondTime() async throws {
    let server = try await TestHTTPServer.start()
    let catalogue = TestCatalogue(server: server, images: try TestCatalogue.sampleImages())
    let workspace = try Workspace(feed: catalogue.feedURL)
    defer { workspace.remove() }
    catalogue.publish(count: 30)

    let first = try await workspace.run()
    #expect(first.status == .succeeded)
    #expect(first.counts.productsAdded == 30)
    #expect(first.counts.imagesDownloaded == 30)
    // 30 products show the 21 distinct sample JPEGs and PNGs: each distinct image once.
    let distinct = Set(catalogue.images).count
    #expect(first.counts.imagesDecoded == min(30, distinct))

    server.resetRecords()
    let second = try await workspace.run()
    #expect(second.status == .succeeded)
    #expect(second.counts.productsAdded == 0 && second.counts.productsChanged == 0)
    #expect(second.counts.imagesDownloaded == 0)
    #expect(second.counts.imagesNotModified == 30)
    #expect(second.counts.imagesDecoded == 0)
    let imageRequests = server.requests.filter { $0.path.hasPrefix("/img/") }
    #expect(imageRequests.count == 30)
    #expect(imageRequests.allSatisfy { $0.header("If-None-Match") != nil })

    // The store says the same as the reports.
    let runs = try workspace.store().recentRuns(limit: 2)
    #expect(runs.map(\.counts.imagesDecoded) == [0, first.counts.imagesDecoded])
    await server.shutdown()
  }

  @Test func changedImagesAndProductsAreTheOnlyWork() async throws {
    let server = try await TestHTTPServer.start()
    let catalogue = TestCatalogue(server: server, images: try TestCatalogue.sampleImages())
    let workspace = try Workspace(feed: catalogue.feedURL)
    defer { workspace.remove() }
    catalogue.publish(count: 10)
    _ = try await workspace.run()

    // Product 3 leaves the feed; product 5's image changes to bytes never analysed before…
    catalogue.publish(count: 10, skipping: [3])
    let replacement = 5
    catalogue.replaceImage(replacement, version: 2)
    let report = try await workspace.run()
    #expect(report.counts.productsRemoved == 1)
    #expect(report.counts.imagesDownloaded == 1)
    #expect(report.counts.imagesNotModified == 8)
    // …but those bytes are the next sample, which product 6 already showed: nothing to decode.
    #expect(report.counts.imagesDecoded == 0)

    let products = try workspace.store().products(includeRemoved: true)
    #expect(products.first { $0.product.id == "P0003" }?.isRemoved == true)
    #expect(products.count == 10)
    await server.shutdown()
  }

  @Test func failedImagesAreRecordedAndTheRunGoesOn() async throws {
    let server = try await TestHTTPServer.start()
    let catalogue = TestCatalogue(server: server, images: try TestCatalogue.sampleImages())
    var workspace = try Workspace(feed: catalogue.feedURL)
    defer { workspace.remove() }
    catalogue.publish(count: 20)
    server.route("/img/4.img", .status(404))
    server.route(
      "/img/9.img", .ok(Data("<!DOCTYPE html><html>oops</html>".utf8), contentType: "text/html"))
    // Fetched fine, but a PNG whose header claims 2^32-1 pixels a side: a decode failure,
    // counted with the failed images.
    let hostile = try Data(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../HuewallDecodeTests/Fixtures/hostile/png-2e32-1x2e32-1.png"))
    server.route("/img/13.img", .ok(hostile, contentType: "image/png"))
    workspace.configuration.maxFailureRate = 0.5
    let report = try await workspace.run()
    #expect(report.status == .succeeded)
    #expect(report.counts.imagesFailed == 3)
    #expect(report.counts.errors == 3)
    let errors = try workspace.store().errors(runID: report.runID)
    #expect(
      errors.map(\.subject).sorted()
        == ["/img/4.img", "/img/9.img", "/img/13.img"].map { server.url($0).absoluteString }
        .sorted())
    // A decode error names the product, as a fetch error does.
    #expect(
      errors.contains {
        $0.stage == "decode" && $0.message.contains("over the limit")
          && $0.message.contains("(products P0013)")
      })
    #expect(errors.contains { $0.message.contains("404") && $0.message.contains("P0004") })
    #expect(errors.contains { $0.message.contains("HTML") })

    // Over the threshold the same run reports failed items (exit code 3 in the CLI).
    workspace.configuration.maxFailureRate = 0.01
    let strict = try await workspace.run()
    #expect(strict.status == .failedItems)
    await server.shutdown()
  }

  @Test func anUnreadableFeedStopsTheRunBeforeAnythingChanges() async throws {
    let server = try await TestHTTPServer.start()
    let catalogue = TestCatalogue(server: server, images: try TestCatalogue.sampleImages())
    let workspace = try Workspace(feed: catalogue.feedURL)
    defer { workspace.remove() }
    catalogue.publish(count: 5)
    _ = try await workspace.run()

    server.route("/feed.json", .ok(Data("{\"products\": [".utf8), contentType: "application/json"))
    let error = await #expect(throws: PipelineError.self) { try await workspace.run() }
    #expect(error?.step == "Read feed")
    let store = try workspace.store()
    let before = try store.products(includeRemoved: true)
    #expect(before.filter { !$0.isRemoved }.count == 5)
    #expect(try store.recentRuns(limit: 1).first?.status == .failed)

    // The feed is read a chunk at a time, so thousands of products are staged before a break
    // near its end is found; none of them may reach the catalogue.
    let items = (1...3000).map {
      #"{"id": "late-\#($0)", "images": ["\#(server.url("/img/late-\($0).jpg").absoluteString)"]}"#
    }
    let broken = "{\"products\": [\n" + items.joined(separator: ",\n") + ",\n{\"id\": }]}"
    server.route("/feed.json", .ok(Data(broken.utf8), contentType: "application/json"))
    let late = await #expect(throws: PipelineError.self) { try await workspace.run() }
    #expect(late?.step == "Read feed")
    #expect(late?.errorDescription?.contains("products[3000], which starts on line 3002") == true)
    #expect(try workspace.store().products(includeRemoved: true) == before)
    await server.shutdown()
  }
}
