import Foundation
import HuewallStore
import HuewallTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `huewall run`, `status`, `analyze` and `export` on the bundled samples, as the built binary.
@Suite struct RunCommandTests {
  /// A temporary copy of the configuration whose state and output live in a fresh folder.
  struct Sandbox {
    let folder: URL
    var config: String { folder.appendingPathComponent("pipeline.json").path }
    var database: String { folder.appendingPathComponent("state/catalogue.sqlite").path }
    var output: URL { folder.appendingPathComponent("out") }

    init() throws {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("huewall-cli-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let feed = repositoryRoot.appendingPathComponent("samples/feed.json").path
      try """
      {"feed": {"source": "\(feed)"}, "database": "state/catalogue.sqlite",
       "cache": "state/images", "output": "out"}
      """.write(toFile: config, atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  @Test func runsTheSamplesAndReportsThroughStatus() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let first = try await huewall(["run", "--config", sandbox.config])
    #expect(first.status == 0, "\(first.stderr)")
    // Not a terminal: nothing but the summary.
    #expect(first.stderr.isEmpty, "\(first.stderr)")
    #expect(first.lines.count == 1)
    #expect(first.stdout.contains("24 seen, 24 added"))

    let second = try await huewall(["run", "--config", sandbox.config])
    #expect(second.stdout.contains("0 downloaded, 24 not modified, 0 failed, 0 analysed"))

    let status = try await huewall(["status", "--config", sandbox.config, "--json"])
    #expect(status.status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
    let runs = try #require(json["runs"] as? [[String: Any]])
    #expect(runs.count == 2)
    #expect(runs.map { $0["id"] as? Int } == [2, 1])
    #expect(runs.allSatisfy { $0["status"] as? String == "succeeded" })
    let images = runs.map { $0["images"] as? [String: Int] }
    #expect(images[0]?["decoded"] == 0 && images[1]?["decoded"] == 24)
    #expect(images[0]?["notModified"] == 24)
    let products = runs[1]["products"] as? [String: Int]
    #expect(products == ["seen": 24, "added": 24, "changed": 0, "removed": 0, "feedItems": 24])
    for key in ["startedAt", "finishedAt", "errors"] { #expect(runs[0][key] != nil) }

    let colors = try Data(contentsOf: sandbox.output.appendingPathComponent("colors.json"))
    let document = try #require(try JSONSerialization.jsonObject(with: colors) as? [String: Any])
    let exported = try #require(document["products"] as? [[String: Any]])
    #expect(exported.count == 24)
    // Every sample was analysed with background suppression: each says what its backdrop is.
    #expect(exported.allSatisfy { $0["backdrop"] is String }, "\(exported.map { $0["backdrop"] })")
  }

  @Test func statusJSONWithErrorsIsOneDocument() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("samples/05-blue-mug.jpg"),
      to: sandbox.folder.appendingPathComponent("mug.jpg"))
    try """
    {"products": [
      {"id": "GOOD", "title": "Mug", "images": ["mug.jpg"]},
      {"id": "GONE", "title": "Cap", "images": ["missing.jpg"]}]}
    """.write(
      to: sandbox.folder.appendingPathComponent("feed.json"), atomically: true, encoding: .utf8)
    let run = try await huewall(
      ["run", "--config", sandbox.config, "--feed", "feed.json"], in: sandbox.folder)
    #expect(run.status == 3, "\(run.stderr)")

    let status = try await huewall(["status", "--config", sandbox.config, "--json", "--errors"])
    #expect(status.status == 0, "\(status.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any],
      "\(status.stdout)")
    #expect((json["runs"] as? [[String: Any]])?.count == 1)
    let items = try #require(json["failedItems"] as? [[String: Any]])
    #expect(items.count == 1)
    #expect(items.first?["run"] as? Int == 1)
    #expect(items.first?["stage"] as? String == "fetch")
    #expect((items.first?["subject"] as? String)?.hasSuffix("missing.jpg") == true)
    #expect((items.first?["message"] as? String)?.contains("GONE") == true)
    #expect((json["warnings"] as? [Any])?.isEmpty == true)
    // Without --errors, the document has no failedItems.
    let plain = try await huewall(["status", "--config", sandbox.config, "--json"])
    let runsOnly = try #require(
      try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])
    #expect(runsOnly["failedItems"] == nil)
  }

  @Test func statusListsItemsKeptWithAWarningApartFromFailures() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("samples/05-blue-mug.jpg"),
      to: sandbox.folder.appendingPathComponent("mug.jpg"))
    // 0x81 is undefined in Windows-1252: the title is kept with a replacement character.
    var feed = Data("id,title,image_link\r\nMUG,Blue ".utf8)
    feed.append(0x81)
    feed.append(contentsOf: Data(" mug,mug.jpg\r\nGONE,Cap,missing.jpg\r\n".utf8))
    try feed.write(to: sandbox.folder.appendingPathComponent("feed.csv"))
    let run = try await huewall(
      ["run", "--config", sandbox.config, "--feed", "feed.csv"], in: sandbox.folder)
    #expect(run.status == 3, "\(run.stderr)")

    let status = try await huewall(["status", "--config", sandbox.config, "--json", "--errors"])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any],
      "\(status.stdout)")
    let failed = try #require(json["failedItems"] as? [[String: Any]])
    let warnings = try #require(json["warnings"] as? [[String: Any]])
    #expect(failed.map { $0["stage"] as? String } == ["fetch"])
    #expect(warnings.count == 1)
    #expect((warnings.first?["message"] as? String)?.contains("MUG") == true, "\(warnings)")
    let text = try await huewall(["status", "--config", sandbox.config, "--errors"])
    #expect(text.stdout.contains("failed items:"))
    #expect(text.stdout.contains("items read with a warning:"), "\(text.stdout)")
  }

  @Test func statusWithDbNeedsNoConfigurationFile() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    #expect(try await huewall(["run", "--config", sandbox.config]).status == 0)
    // From a folder without pipeline.json, naming only the catalogue.
    let status = try await huewall(["status", "--db", sandbox.database], in: sandbox.output)
    #expect(status.status == 0, "\(status.stderr)")
    #expect(status.stdout.contains("succeeded"), "\(status.stdout)")
    // Without --db, a missing configuration is still an error that names it.
    let missing = try await huewall(["status"], in: sandbox.output)
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("pipeline.json"), "\(missing.stderr)")
  }

  @Test func reprocessingAddsAParameterSetAndExportsIt() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    _ = try await huewall(["run", "--config", sandbox.config])
    let analyze = try await huewall([
      "analyze", "--config", sandbox.config, "--preset", "reference", "--name", "original",
    ])
    #expect(analyze.status == 0, "\(analyze.stderr)")
    #expect(analyze.stdout.contains("24 analysed"))
    let elsewhere = sandbox.folder.appendingPathComponent("original-export")
    let export = try await huewall([
      "export", "--config", sandbox.config, "--params", "original", "--out", elsewhere.path,
    ])
    #expect(export.status == 0, "\(export.stderr)")
    let data = try Data(contentsOf: elsewhere.appendingPathComponent("colors.json"))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let parameters = document["parameters"] as? [String: Any]
    #expect(parameters?["name"] as? String == "original")
    #expect(parameters?["preset"] as? String == "reference")

    let store = try CatalogStore(path: sandbox.database)
    #expect(try store.parameterSets().count == 2)

    let unknown = try await huewall(["export", "--config", sandbox.config, "--params", "nope"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains(#"no parameter set named "nope""#))
  }

  @Test func aSecondRunWhileOneHoldsTheLockExits75() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let lockPath = sandbox.folder.appendingPathComponent("state/catalogue.sqlite-lock").path
    try FileManager.default.createDirectory(
      atPath: sandbox.folder.appendingPathComponent("state").path, withIntermediateDirectories: true
    )
    let fd = open(lockPath, O_RDWR | O_CREAT, 0o644)
    defer { close(fd) }
    #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
    let blocked = try await huewall(["run", "--config", sandbox.config])
    #expect(blocked.status == 75)
    #expect(blocked.stderr.contains("another run holds the lock"))
    flock(fd, LOCK_UN)
    let after = try await huewall(["run", "--config", sandbox.config])
    #expect(after.status == 0)
  }

  @Test func fatalErrorsExit1AndNameTheProblem() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let noStore = try await huewall(["status", "--config", sandbox.config])
    #expect(noStore.status == 1)
    #expect(noStore.stderr.contains("no catalogue yet"))
    let missingFeed = try await huewall([
      "run", "--config", sandbox.config, "--feed", "/no/such/feed.json",
    ])
    #expect(missingFeed.status == 1)
    #expect(missingFeed.stderr.contains("Read feed: /no/such/feed.json"))
    let badConfig = sandbox.folder.appendingPathComponent("bad.json")
    try #"{"feed": {"url": "x"}}"#.write(to: badConfig, atomically: true, encoding: .utf8)
    let bad = try await huewall(["run", "--config", badConfig.path])
    #expect(bad.status == 1)
    #expect(bad.stderr.contains(#"unknown key "url" in "feed""#))
    // The failed run is on record.
    let status = try await huewall(["status", "--config", sandbox.config])
    #expect(status.lines.dropFirst().first?.contains("failed") == true)
  }
}
