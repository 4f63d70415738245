import Foundation
import HuewallFetch
import HuewallPipeline
import HuewallStore
import HuewallTestSupport
import Testing

/// A run with the default fetch settings refuses image and feed URLs on private networks, and
/// its error records name the product and the address. Addresses that must be refused are
/// refused before any connection: nothing here reaches beyond the loopback server.
@Suite struct PrivateNetworkRunTests {
  /// A workspace reading a Huewall JSON feed file whose product `P0001` shows `image`, with
  /// the default (checked) fetch settings.
  static func workspace(image: String) throws -> Workspace {
    var workspace = try Workspace(feed: URL(fileURLWithPath: "/dev/null"))
    let file = workspace.folder.appendingPathComponent("feed.json")
    let feed = #"{"products": [{"id": "P0001", "title": "Tee", "images": ["\#(image)"]}]}"#
    try feed.write(to: file, atomically: true, encoding: .utf8)
    workspace.configuration.feed.source = file.path
    workspace.configuration.fetch.allowPrivateNetworks = false
    workspace.configuration.fetch.connectTimeout = 0.1
    workspace.configuration.fetch.maxAttempts = 1
    workspace.configuration.maxFailureRate = 1
    return workspace
  }

  @Test func theMetadataAddressIsRefusedNamingTheProduct() async throws {
    let workspace = try Self.workspace(image: "http://169.254.169.254/latest/meta-data/x.jpg")
    defer { workspace.remove() }
    let report = try await workspace.run()
    #expect(report.counts.imagesFailed == 1)
    let errors = try workspace.store().errors(runID: report.runID)
    #expect(errors.map(\.stage) == ["fetch"])
    #expect(errors.first?.subject == "http://169.254.169.254/latest/meta-data/x.jpg")
    #expect(
      errors.first?.message
        == "169.254.169.254 is a link-local address; set fetch.allowPrivateNetworks to fetch "
        + "from private networks (products P0001)")
  }

  @Test func aLoopbackImageIsRefusedByDefaultAndFetchedWhenAllowed() async throws {
    let server = try await TestHTTPServer.start()
    server.route("/a.jpg", .ok(try TestCatalogue.sampleImages()[0], contentType: "image/jpeg"))
    var workspace = try Self.workspace(image: server.url("/a.jpg").absoluteString)
    defer { workspace.remove() }

    let report = try await workspace.run()
    #expect(report.counts.imagesFailed == 1)
    let errors = try workspace.store().errors(runID: report.runID)
    #expect(errors.first?.message.contains("127.0.0.1 is a loopback address") == true)
    #expect(errors.first?.message.contains("(products P0001)") == true)
    #expect(server.requests.isEmpty)

    workspace.configuration.fetch.allowPrivateNetworks = true
    workspace.configuration.fetch.connectTimeout = 10
    let allowed = try await workspace.run()
    #expect(allowed.counts.imagesDownloaded == 1)
    #expect(allowed.counts.errors == 0)
    await server.shutdown()
  }

  @Test func aFeedOnLoopbackIsRefusedByDefault() async throws {
    let server = try await TestHTTPServer.start()
    let catalogue = TestCatalogue(server: server, images: try TestCatalogue.sampleImages())
    catalogue.publish(count: 3)
    var workspace = try Workspace(feed: catalogue.feedURL)
    defer { workspace.remove() }
    workspace.configuration.fetch.allowPrivateNetworks = false
    let error = await #expect(throws: PipelineError.self) { try await workspace.run() }
    #expect(error?.step == "Read feed")
    #expect(
      error?.errorDescription?.contains("127.0.0.1 is a loopback address") == true,
      "\(error?.errorDescription ?? "")")
    #expect(server.requests.isEmpty)

    workspace.configuration.fetch.allowedHosts = ["127.0.0.1"]
    let report = try await workspace.run()
    #expect(report.counts.productsAdded == 3)
    #expect(report.counts.imagesDownloaded == 3)
    await server.shutdown()
  }
}
