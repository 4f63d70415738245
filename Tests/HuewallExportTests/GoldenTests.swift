import Foundation
import HuewallColorWords
import HuewallStore
import Testing

@testable import HuewallExport

/// colors.json and colors.csv for samples/ against the files in Golden/, made once from a run
/// of the product preset over samples/ and checked by hand (the wall goes red → pink → purple
/// → blue → green → yellow → beige → orange → brown, then white, silver and grey, then the
/// darks; every vendor code but "Sunshine" is in the default synonyms, and pipeline.json adds
/// that one). `generatedAt` and the repository's path are normalised.
///
/// A test that finds a difference writes what it got to ``actualFolder``; after an intended
/// change, `scripts/update-export-golden` runs these tests and copies those files over
/// Golden/, and the diff is read before it is committed. The tests never write Golden/.
@Suite struct GoldenTests {
  static let date = Date(timeIntervalSince1970: 1_800_000_000)

  func export() async throws -> (json: String, csv: String, html: String) {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let samples = try SamplesCatalogue.load()
    let (store, set) = try makeStore(
      in: scratch, seeds: samples.seeds, parameters: samples.parameterSet.parameters,
      preset: samples.parameterSet.preset)
    let exporter = Exporter(store: store, synonyms: ColorSynonyms(extra: ["Sunshine": .yellow]))
    let out = scratch.url("out")
    _ = try await exporter.export(parameterSet: set, to: out, at: Self.date)
    func read(_ name: String) throws -> String {
      try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
        .replacingOccurrences(of: repositoryRoot.path, with: "$REPOSITORY")
    }
    return (try read("colors.json"), try read("colors.csv"), try read("index.html"))
  }

  /// Where a differing result is written for `scripts/update-export-golden`.
  static let actualFolder = FileManager.default.temporaryDirectory
    .appendingPathComponent("huewall-export-golden-actual", isDirectory: true)

  func compare(_ text: String, golden name: String) throws {
    let file = testsFolder.appendingPathComponent("Golden").appendingPathComponent(name)
    let expected = try String(contentsOf: file, encoding: .utf8)
    if text != expected {
      try FileManager.default.createDirectory(
        at: Self.actualFolder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: Self.actualFolder.appendingPathComponent(name))
      let a = text.components(separatedBy: "\n")
      let b = expected.components(separatedBy: "\n")
      let line =
        zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(a.count, b.count)
      let got = a.count > line ? a[line] : "(end)"
      let wanted = b.count > line ? b[line] : "(end)"
      let message =
        "\(name) differs from Golden/\(name) at line \(line + 1): got \(got), expected "
        + "\(wanted) (the whole result is in \(Self.actualFolder.path))"
      Issue.record("\(message)")
    }
  }

  @Test func colorsJSON() async throws {
    try compare(try await export().json, golden: "colors.json")
  }

  @Test func colorsCSV() async throws {
    try compare(try await export().csv, golden: "colors.csv")
  }

  @Test func theJSONDecodesAndItsOrderIsTheGradientKeys() async throws {
    let json = try await export().json
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let document = try decoder.decode(ColorsDocument.self, from: Data(json.utf8))
    #expect(document.generatedAt == Self.date)
    #expect(document.products.count == 24)
    #expect(document.products.map(\.position) == Array(1...24))
    // The product preset cuts the hue circle at the catalogue's widest gap (DESIGN §4).
    #expect(document.parameters.preset == "product")
    let cut = HueCut.widestGap(
      in: document.products.map { (h: $0.colors[0].h, s: $0.colors[0].s, v: $0.colors[0].v) })
    let keys = document.products.map {
      GradientKey(h: $0.colors[0].h, s: $0.colors[0].s, v: $0.colors[0].v, id: $0.id, cut: cut)
    }
    #expect(keys == keys.sorted())
    #expect(document.products.allSatisfy { $0.vendorFamily != nil })
  }

  @Test func theCSVHasOneRowPerProductInTheSameOrder() async throws {
    let (json, csv, _) = try await export()
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let document = try decoder.decode(ColorsDocument.self, from: Data(json.utf8))
    let rows = csv.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
    #expect(rows.map { String($0.split(separator: ",")[1]) } == document.products.map(\.id))
  }

  @Test func thePageHasOneTilePerProductInTheSameOrder() async throws {
    let (json, _, html) = try await export()
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let document = try decoder.decode(ColorsDocument.self, from: Data(json.utf8))
    #expect(tileIDs(html) == document.products.map(\.id))
  }
}

/// The `data-product-id` of every tile, in page order.
func tileIDs(_ html: String) -> [String] {
  html.components(separatedBy: "<li class=\"tile").dropFirst().compactMap { tile in
    guard let start = tile.range(of: "data-product-id=\""),
      let end = tile[start.upperBound...].firstIndex(of: "\"")
    else { return nil }
    return unescapeHTML(String(tile[start.upperBound..<end]))
  }
}

func unescapeHTML(_ text: String) -> String {
  text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
    .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
    .replacingOccurrences(of: "&amp;", with: "&")
}
