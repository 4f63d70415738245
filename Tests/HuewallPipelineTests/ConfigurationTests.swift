import Foundation
import HuewallCore
import HuewallFeed
import HuewallFetch
import HuewallPipeline
import Testing

@Suite struct ConfigurationTests {
  func parse(_ json: String) throws(ConfigurationError) -> PipelineConfiguration {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-config-\(UUID().uuidString).json")
    try? json.write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    return try PipelineConfiguration.load(url.path)
  }

  @Test func anEmptyObjectIsAllDefaults() throws {
    #expect(try parse("{}") == PipelineConfiguration())
  }

  @Test func theRepositorysPipelineJSONIsTheDefaults() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let file = try PipelineConfiguration.load(root.appendingPathComponent("pipeline.json").path)
    #expect(file == PipelineConfiguration())
  }

  @Test func theRetiredLockKeyIsAWarningNotAnError() throws {
    // Files copied from earlier versions name a lock of their own; the catalogue's is used.
    let c = try parse(#"{"lock": "elsewhere/run.lock", "database": "state/c.sqlite"}"#)
    #expect(c.lock == "state/c.sqlite-lock")
    #expect(c.warnings.count == 1)
    #expect(c.warnings.first?.contains(#""lock" is no longer read"#) == true)
    #expect(try parse("{}").warnings.isEmpty)
  }

  @Test func missingKeysKeepTheirDefaults() throws {
    let c = try parse(
      #"{"analysis": {"preset": "reference", "granularity": 2}, "fetch": {"maxAttempts": 2}}"#)
    #expect(try c.analysis.parameters() == AnalysisParameters(granularity: 2))
    #expect(c.fetch.maxAttempts == 2)
    #expect(c.fetch.maxConcurrentDownloads == 8)
    #expect(c.database == ".huewall/catalogue.sqlite")
  }

  @Test func feedMaxFieldBytesIsReadWithA64KiBDefault() throws {
    #expect(try parse("{}").feed.maxFieldBytes == 65_536)
    #expect(try parse(#"{"feed": {"maxFieldBytes": 1024}}"#).feed.maxFieldBytes == 1024)
  }

  @Test func feedImageBaseURLAndColumnsAreRead() throws {
    let c = try parse(
      #"""
      {"feed": {"imageBaseURL": "https://shop.example/media/catalog/product/",
                "columns": {"id": "Артикул", "image": "Изображения", "itemGroupId": "Родитель"}}}
      """#)
    #expect(c.feed.imageBaseURL == "https://shop.example/media/catalog/product/")
    #expect(c.feed.columns == [.id: "Артикул", .image: "Изображения", .itemGroupId: "Родитель"])
    #expect(try parse("{}").feed.columns.isEmpty)
    #expect(try parse("{}").feed.imageBaseURL == nil)
  }

  @Test(arguments: [
    (#"{"feed": {"columns": {"sku": "Артикул"}}}"#, #"feed.columns: unknown field "sku""#),
    (#"{"feed": {"columns": ["id"]}}"#, #""feed.columns" must be a JSON object"#),
    (#"{"feed": {"columns": {"id": null}}}"#, #"feed.columns: "id" is null: name the column"#),
    (
      #"{"feed": {"imageBaseURL": "media/catalog"}}"#, "feed.imageBaseURL: \"media/catalog\" is not"
    ),
    (#"{"databse": "x"}"#, #"unknown key "databse""#),
    (#"{"feed": {"url": "x"}}"#, #"unknown key "url" in "feed""#),
    (#"{"analysis": {"granularty": 2}}"#, #"unknown key "granularty" in "analysis""#),
    (#"{"fetch": {"timeout": 2}}"#, #"unknown key "timeout" in "fetch""#),
    (#"{"decode": []}"#, #""decode" must be a JSON object"#),
    (#"{"jobs": "four"}"#, "jobs must be a whole number"),
    (#"{"analysis": {"numColors": 0}}"#, "analysis.num-colors 0 must be between 1 and 1000"),
    (#"{"analysis": {"preset": "vivid"}}"#, "analysis.preset"),
    (#"{"fetch": {"maxAttempts": 0}}"#, "fetch.maxAttempts"),
    (#"{"maxFailureRate": 2}"#, "maxFailureRate must be between 0 and 1"),
    (#"{"feed": {"maxFieldBytes": 0}}"#, "feed.maxFieldBytes must be positive"),
    (#"{"feed": {"maxFieldBytes": "64k"}}"#, "feed.maxFieldBytes must be a whole number"),
    ("[1, 2]", "the top level must be a JSON object"),
    ("{", "not valid JSON"),
    (#"{"jobs": 2,, "cache": "c"}"#, "not valid JSON (Invalid value around character 11"),
    (#"{"colorSynonyms": ["navy"]}"#, #""colorSynonyms" must be a JSON object"#),
    (#"{"fetch": {"allowedHosts": ["a"], "retries": 2}}"#, #"unknown key "retries" in "fetch""#),
  ])
  func badConfigurationsNameTheirProblem(json: String, problem: String) {
    do {
      _ = try parse(json)
      Issue.record("accepted \(json)")
    } catch {
      #expect(error.problem.contains(problem), "\(error.problem)")
      #expect(error.localizedDescription.hasPrefix(error.path + ": "))
    }
  }

  @Test func relativePathsResolveAgainstTheConfigurationsFolder() throws {
    let folder = URL(fileURLWithPath: "/srv/huewall")
    let c = PipelineConfiguration(
      feed: FeedSettings(source: "feeds/catalogue.csv"), database: "db.sqlite",
      cache: "/var/cache/huewall", output: "../www"
    ).resolvingPaths(against: folder)
    #expect(c.feed.source == "/srv/huewall/feeds/catalogue.csv")
    #expect(c.database == "/srv/huewall/db.sqlite")
    #expect(c.cache == "/var/cache/huewall")
    #expect(c.output == "/srv/www")
    let remote = PipelineConfiguration(feed: FeedSettings(source: "https://shop.example/feed.xml"))
      .resolvingPaths(against: folder)
    #expect(remote.feed.source == "https://shop.example/feed.xml")
  }
}
