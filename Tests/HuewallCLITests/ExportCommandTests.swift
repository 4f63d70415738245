import Foundation
import HuewallTestSupport
import Testing

/// `huewall run` and `huewall export` write the whole export: colors.json, colors.csv, the
/// preview page and its thumbnails; `colorSynonyms` in pipeline.json reaches it.
@Suite struct ExportCommandTests {
  struct Sandbox {
    let folder: URL
    var config: String { folder.appendingPathComponent("pipeline.json").path }
    var output: URL { folder.appendingPathComponent("out") }

    init(extra: String = #""colorSynonyms": {"Sunshine": "yellow", "Tangerine": "red"}"#) throws {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("huewall-cli-export-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let feed = repositoryRoot.appendingPathComponent("samples/feed.json").path
      try """
      {"feed": {"source": "\(feed)"}, "database": "state/catalogue.sqlite",
       "cache": "state/images", "output": "out", \(extra)}
      """.write(toFile: config, atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  @Test func runWritesEveryExportFile() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let run = try await huewall(["run", "--config", sandbox.config])
    #expect(run.status == 0, "\(run.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: sandbox.output.path)
    #expect(Set(files) == ["colors.json", "colors.csv", "index.html", "thumbs", ".huewall-export"])
    let thumbs = try FileManager.default.contentsOfDirectory(
      atPath: sandbox.output.appendingPathComponent("thumbs").path)
    #expect(thumbs.filter { $0.hasSuffix(".jpg") }.count == 24)

    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: sandbox.output.appendingPathComponent("colors.json")))
        as? [String: Any])
    let products = try #require(json["products"] as? [[String: Any]])
    #expect(products.count == 24)
    let byID = Dictionary(uniqueKeysWithValues: products.map { ($0["id"] as! String, $0) })
    #expect(byID["HW-003"]?["vendorFamily"] as? String == "yellow")
    #expect(byID["HW-006"]?["vendorFamily"] as? String == "red")
    #expect(byID["HW-006"]?["disagreement"] as? Bool == true)
    #expect(byID["HW-011"]?["vendorFamily"] as? String == "black")

    let csv = try String(
      contentsOf: sandbox.output.appendingPathComponent("colors.csv"), encoding: .utf8)
    let rows = csv.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
    let ids = products.map { $0["id"] as! String }
    #expect(rows.map { String($0.split(separator: ",")[1]) } == ids)

    let html = try String(
      contentsOf: sandbox.output.appendingPathComponent("index.html"), encoding: .utf8)
    let tiles = html.components(separatedBy: "data-product-id=\"").dropFirst()
      .map { String($0.prefix { $0 != "\"" }) }
    #expect(tiles == ids)
  }

  @Test func exportReusesUnchangedThumbnails() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    #expect(try await huewall(["run", "--config", sandbox.config]).status == 0)
    let export = try await huewall(["export", "--config", sandbox.config])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(export.stdout.contains("thumbnails 0 made, 24 reused"), "\(export.stdout)")
    // The analysis made every thumbnail while it had the image decoded: an export to a new
    // folder decodes nothing either.
    let elsewhere = sandbox.folder.appendingPathComponent("fresh").path
    let fresh = try await huewall(["export", "--config", sandbox.config, "--out", elsewhere])
    #expect(fresh.stdout.contains("thumbnails 0 made, 24 reused"), "\(fresh.stdout)")
  }

  @Test func exportingAnotherSetLeavesTheNightlyExportAlone() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    #expect(try await huewall(["run", "--config", sandbox.config]).status == 0)
    let nightly = try Data(contentsOf: sandbox.output.appendingPathComponent("colors.json"))
    let analyze = try await huewall([
      "analyze", "--config", sandbox.config, "--preset", "reference", "--name", "original",
    ])
    #expect(analyze.status == 0, "\(analyze.stderr)")
    let export = try await huewall([
      "export", "--config", sandbox.config, "--params", "original", "--single-file",
    ])
    #expect(export.status == 0, "\(export.stderr)")
    // As Save on the live page does: beside the configured output, with -NAME added.
    let beside = sandbox.folder.appendingPathComponent("out-original")
    #expect(export.stdout.hasSuffix(beside.path + "\n"), "\(export.stdout)")
    let data = try Data(contentsOf: beside.appendingPathComponent("colors.json"))
    let written = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    #expect((written?["parameters"] as? [String: Any])?["name"] as? String == "original")
    #expect(
      try Data(contentsOf: sandbox.output.appendingPathComponent("colors.json")) == nightly,
      "the nightly export is untouched")
    // The single file holds every thumbnail it shows, inlined.
    let single = try String(
      contentsOf: beside.appendingPathComponent("index-single.html"), encoding: .utf8)
    #expect(single.components(separatedBy: #"data-t="data:image/jpeg;base64,"#).count == 25)
    #expect(single.components(separatedBy: #"data-t=""#).count == 25)
    // --out still chooses any folder, and --params without --out replaces its own folder.
    let again = try await huewall(["export", "--config", sandbox.config, "--params", "original"])
    #expect(again.status == 0, "\(again.stderr)")
  }

  @Test func colorSynonymsAreChecked() async throws {
    let badFamily = try Sandbox(extra: #""colorSynonyms": {"BLK": "charcoal"}"#)
    defer { badFamily.remove() }
    let run = try await huewall(["run", "--config", badFamily.config])
    #expect(run.status == 1)
    #expect(run.stderr.contains("colorSynonyms.BLK: \"charcoal\" is not a colour family"))

    let notObject = try Sandbox(extra: #""colorSynonyms": ["BLK"]"#)
    defer { notObject.remove() }
    let second = try await huewall(["run", "--config", notObject.config])
    #expect(second.status == 1)
    #expect(second.stderr.contains("\"colorSynonyms\" must be a JSON object"), "\(second.stderr)")

    let notString = try Sandbox(extra: #""colorSynonyms": {"BLK": 3}"#)
    defer { notString.remove() }
    let third = try await huewall(["run", "--config", notString.config])
    #expect(third.status == 1)
    #expect(third.stderr.contains("colorSynonyms"), "\(third.stderr)")
  }

  @Test func compareWritesOnePageWithBothSetsAndWhatChanged() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let run = try await huewall(["run", "--config", sandbox.config])
    #expect(run.status == 0)
    let analyze = try await huewall([
      "analyze", "--config", sandbox.config, "--preset", "reference", "--name", "original",
    ])
    #expect(analyze.status == 0, "\(analyze.stderr)")
    let nightly = try #require(
      (run.stdout + run.stderr).firstMatch(of: /parameters (product-[0-9a-f]{8})/)?.1)
    let out = sandbox.folder.appendingPathComponent("compared")
    let compare = try await huewall([
      "export", "--config", sandbox.config, "--compare", "original,\(nightly)", "--out", out.path,
    ])
    #expect(compare.status == 0, "\(compare.stderr)")
    let changed = try #require(
      Int(compare.stdout.firstMatch(of: /: (\d+) products changed/)?.1 ?? ""), "\(compare.stdout)")
    let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("comparing <b>original</b>"))
    #expect(html.components(separatedBy: "<tr data-product-id=").count - 1 == changed)
    for wall in ["wall-a", "wall-b"] {
      let start = try #require(html.range(of: #"id="\#(wall)""#))
      let end = try #require(html.range(of: "</ol>", range: start.upperBound..<html.endIndex))
      #expect(
        html[start.upperBound..<end.lowerBound].components(separatedBy: "<li ").count - 1 == 24)
    }
    #expect(
      FileManager.default.fileExists(atPath: out.appendingPathComponent(".huewall-export").path))
    let unknown = try await huewall([
      "export", "--config", sandbox.config, "--compare", "original,nope",
    ])
    #expect(unknown.status == 1 && unknown.stderr.contains(#"no parameter set named "nope""#))
    let malformed = try await huewall([
      "export", "--config", sandbox.config, "--compare", "original",
    ])
    #expect(malformed.status == 64)
  }
}
