import Foundation
import HuewallColorWords
import HuewallCore
import HuewallDecode
import HuewallExport
import HuewallPalette
import HuewallPipeline
import HuewallStore
import HuewallTestSupport
import Testing

/// A product whose first image is a model shot and whose second is a packshot of the same
/// green T-shirt (Fixtures/, made by scripts/make-image-choice-fixtures.php), served on
/// loopback, run through the whole pipeline into a real SQLite catalogue and export.
@Suite struct ImageChoiceTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// A server with the two images and a feed of products: "TEE" shows the model shot then
  /// the packshot; "SOLO" only the packshot; `extra` adds images to TEE after those two.
  static func serve(extra: [String] = []) async throws -> TestHTTPServer {
    let server = try await TestHTTPServer.start()
    server.route(
      "/img/model-shot.jpg",
      .ok(
        try Data(contentsOf: fixtures.appendingPathComponent("model-shot.jpg")),
        contentType: "image/jpeg"))
    server.route(
      "/img/packshot.png",
      .ok(
        try Data(contentsOf: fixtures.appendingPathComponent("packshot.png")),
        contentType: "image/png"))
    let tee = ["/img/model-shot.jpg", "/img/packshot.png"] + extra
    let feed: [String: Any] = [
      "products": [
        [
          "id": "TEE", "title": "T-shirt",
          "images": tee.map { server.url($0).absoluteString },
        ],
        [
          "id": "SOLO", "title": "T-shirt",
          "images": [server.url("/img/packshot.png").absoluteString],
        ],
      ]
    ]
    server.route(
      "/feed.json",
      .ok(try JSONSerialization.data(withJSONObject: feed), contentType: "application/json"))
    return server
  }

  static func products(in workspace: Workspace) throws -> [String: ColorsDocument.ExportedProduct] {
    let document = try JSONDecoder.export.decode(
      ColorsDocument.self,
      from: Data(
        contentsOf: URL(fileURLWithPath: workspace.configuration.output)
          .appendingPathComponent("colors.json")))
    return Dictionary(uniqueKeysWithValues: document.products.map { ($0.id, $0) })
  }

  /// The family `huewall run` finds in one fixture analysed alone, with the default preset.
  static func family(of fixture: String) throws -> ColorFamily? {
    let configuration = PipelineConfiguration()
    let image = try analyseImage(
      try Data(contentsOf: fixtures.appendingPathComponent(fixture)), source: fixture,
      decoder: ImageDecoder(limits: configuration.decode),
      analyzer: try PaletteAnalyzer(parameters: configuration.analysis.parameters()),
      hint: ProductHint(title: "T-shirt"))
    return image.palette.family
  }

  @Test func thePackshotOutranksTheModelShot() throws {
    let analyzer = try PaletteAnalyzer(parameters: PipelineConfiguration().analysis.parameters())
    let decoder = ImageDecoder(limits: DecodeLimits())
    func plainness(_ file: String) throws -> Double {
      try analyseImage(
        try Data(contentsOf: Self.fixtures.appendingPathComponent(file)), source: file,
        decoder: decoder, analyzer: analyzer
      ).palette.plainness
    }
    let model = try plainness("model-shot.jpg")
    let pack = try plainness("packshot.png")
    #expect(pack > model, "packshot \(pack), model shot \(model)")
    #expect(pack > 0.9)
  }

  @Test func aProductTakesItsColourFromItsPackshotAndSaysSo() async throws {
    let server = try await Self.serve()
    let workspace = try Workspace(feed: server.url("/feed.json"))
    defer { workspace.remove() }
    #expect(workspace.configuration.imagesPerProduct == 3, "the default")
    let report = try await workspace.run()
    #expect(report.status == .succeeded)
    #expect(report.counts.imagesDownloaded == 2)
    #expect(report.counts.imagesDecoded == 2)

    let products = try Self.products(in: workspace)
    let tee = try #require(products["TEE"])
    #expect(tee.family == .green)
    #expect(tee.imageUrl == server.url("/img/model-shot.jpg").absoluteString, "the main image")
    #expect(tee.image == server.url("/img/packshot.png").absoluteString)
    #expect(tee.imageIndex == 1)
    // The packshot alone gives the same colours.
    #expect(products["SOLO"]?.colors.map(\.hex) == tee.colors.map(\.hex))
    #expect(products["SOLO"]?.imageIndex == 0)

    // colors.csv ends with the image used and its index.
    let csv = try String(
      contentsOf: URL(fileURLWithPath: workspace.configuration.output)
        .appendingPathComponent("colors.csv"), encoding: .utf8)
    let rows = csv.components(separatedBy: "\r\n")
    #expect(rows[0].hasSuffix(",image,imageIndex,secondFamily,items,itemColors"))
    let teeRow = try #require(rows.first { $0.split(separator: ",").dropFirst().first == "TEE" })
    #expect(teeRow.contains(",\(server.url("/img/packshot.png").absoluteString),1,,"))

    // The page's tile shows the packshot's thumbnail: the same as SOLO's.
    let html = try String(
      contentsOf: URL(fileURLWithPath: workspace.configuration.output)
        .appendingPathComponent("index.html"), encoding: .utf8)
    func thumbnail(of id: String) -> Substring? {
      guard let tile = html.range(of: "data-product-id=\"\(id)\"") else { return nil }
      let rest = html[tile.upperBound...]
      guard let start = rest.range(of: "data-t=\""),
        let end = rest[start.upperBound...].firstIndex(of: "\"")
      else { return nil }
      return rest[start.upperBound..<end]
    }
    #expect(thumbnail(of: "TEE") != nil)
    #expect(thumbnail(of: "TEE") == thumbnail(of: "SOLO"))

    // Every analysis keeps its plainness.
    let store = try workspace.store()
    let set = try #require(try store.parameterSets().first)
    let hashes = try store.analysedImageHashes(parameterSetID: set.id, measured: true)
    #expect(hashes.count == 2)
    await server.shutdown()
  }

  @Test func oneImageAProductKeepsTheMainImage() async throws {
    let server = try await Self.serve()
    var workspace = try Workspace(feed: server.url("/feed.json"))
    defer { workspace.remove() }
    workspace.configuration.imagesPerProduct = 1
    let report = try await workspace.run()
    #expect(report.status == .succeeded)
    // TEE's main image and SOLO's packshot: nothing else is fetched.
    #expect(report.counts.imagesDownloaded == 2)
    #expect(server.requests(for: "/img/model-shot.jpg").count == 1)

    let tee = try #require(try Self.products(in: workspace)["TEE"])
    #expect(tee.image == server.url("/img/model-shot.jpg").absoluteString)
    #expect(tee.imageIndex == 0)
    #expect(tee.family == (try Self.family(of: "model-shot.jpg")))
    #expect(tee.family != .green, "the model shot alone does not give the shirt's colour")
    await server.shutdown()
  }

  @Test func workersOfAPostgreSQLCatalogueAnalyseEveryImageAndTheExportChooses() async throws {
    let server = try await Self.serve()
    var workspace = try Workspace(feed: server.url("/feed.json"))
    defer { workspace.remove() }
    let database = try await TestPostgres.freshDatabase()
    workspace.configuration.database = database
    let report = try await workspace.run()
    #expect(report.status == .succeeded)
    #expect(report.counts.imagesDownloaded == 2)
    #expect(report.counts.imagesDecoded == 2)
    // One work item per (parameter set, URL), each analysis with its plainness.
    #expect(try await TestPostgres.query(database, "SELECT count(*) FROM work_items") == ["2"])
    #expect(
      try await TestPostgres.query(
        database, "SELECT count(*) FROM analyses WHERE plainness IS NOT NULL") == ["2"])
    let tee = try #require(try Self.products(in: workspace)["TEE"])
    #expect(tee.family == .green)
    #expect(tee.image == server.url("/img/packshot.png").absoluteString)
    #expect(tee.imageIndex == 1)

    // With one image a product, the same catalogue reads the main image's analysis.
    workspace.configuration.imagesPerProduct = 1
    let again = try await workspace.run()
    #expect(again.status == .succeeded)
    let main = try #require(try Self.products(in: workspace)["TEE"])
    #expect(main.imageIndex == 0)
    #expect(main.family == (try Self.family(of: "model-shot.jpg")))
    await server.shutdown()
  }

  @Test func aFailedAdditionalImageIsAnItemErrorAndTheProductKeepsTheOthers() async throws {
    let server = try await Self.serve(extra: ["/img/missing.jpg"])
    server.route("/img/missing.jpg", .status(404))
    var workspace = try Workspace(feed: server.url("/feed.json"))
    defer { workspace.remove() }
    workspace.configuration.maxFailureRate = 0.5
    let report = try await workspace.run()
    #expect(report.status == .succeeded)
    #expect(report.counts.imagesFailed == 1)
    let errors = try workspace.store().errors(runID: report.runID)
    #expect(errors.map(\.subject) == [server.url("/img/missing.jpg").absoluteString])
    #expect(errors.first?.message.contains("TEE") == true, "\(errors)")
    let tee = try #require(try Self.products(in: workspace)["TEE"])
    #expect(tee.family == .green)
    #expect(tee.imageIndex == 1)
    await server.shutdown()
  }
}

extension JSONDecoder {
  /// Reads `colors.json` (ISO 8601 dates).
  static var export: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}
