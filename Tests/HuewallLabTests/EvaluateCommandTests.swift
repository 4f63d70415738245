import Foundation
import HuewallTestSupport
import Testing

/// `huewall evaluate`, run as the built binary on the labelled samples.
@Suite struct EvaluateCommandTests {
  func report(_ arguments: [String]) async throws -> [String: Any] {
    let result = try await huewallLab(["evaluate", "--json"] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  func overall(_ report: [String: Any]) -> (correct: Int, total: Int) {
    let overall = report["overall"] as? [String: Any]
    return (overall?["correct"] as? Int ?? -1, overall?["total"] as? Int ?? -1)
  }

  /// A `{"correct", "total"}` object of the report.
  func count(_ value: Any?, _ name: String) throws -> (correct: Int, total: Int) {
    let object = try #require(value as? [String: Any], "\(name)")
    return (try #require(object["correct"] as? Int), try #require(object["total"] as? Int))
  }

  @Test func productPresetFindsEverySamplesColour() async throws {
    let product = try await report(["--labels", "samples/labels.tsv"])
    #expect(overall(product) == (24, 24))
    let families = try #require(product["families"] as? [String: Any])
    #expect(families.count == 16)
    #expect((product["misses"] as? [Any])?.isEmpty == true)
  }

  @Test func referencePresetMissesWhereTheBackdropWins() async throws {
    let reference = try await report(["--labels", "samples/labels.tsv", "--preset", "reference"])
    let (correct, total) = overall(reference)
    #expect(total == 24)
    #expect(correct < 24)
    let misses = try #require(reference["misses"] as? [[String: String]])
    #expect(misses.count == 24 - correct)
    // The white backdrop wins on the navy backpack, as the original algorithm is known to do.
    #expect(misses.contains { $0["file"] == "02-navy-backpack.jpg" && $0["got"] == "white" })
  }

  @Test func aLabelsFileWithoutTheNeededColumnsIsFatal() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let labels = folder.appendingPathComponent("labels.tsv")
    try "name\tcolour\nshoe.jpg\tred\n".write(to: labels, atomically: true, encoding: .utf8)
    let result = try await huewallLab(["evaluate", "--labels", labels.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("`file` and `family` columns"))
  }

  @Test func aLabelsFileThatIsNotJSONLabelsIsFatalAndNamed() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let labels = folder.appendingPathComponent("labels.json")
    try "[{\"file\": \"a.jpg\", \"family\": \"red\"}]".write(
      to: labels, atomically: true, encoding: .utf8)
    let result = try await huewallLab(["evaluate", "--labels", labels.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("\(labels.path): label 1 (a.jpg): `body_hsv`"))
  }

  @Test func aSecondFamilyReachOutOfRangeIsFatal() async throws {
    let result = try await huewallLab([
      "evaluate", "--labels", "samples/labels.tsv", "--second-family-reach", "45",
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("--second-family-reach must be 0…30 degrees"))
  }

  static let realPhotos = RealPhotos.folder

  @Test(
    .enabled(
      if: RealPhotos.has(realPhotos.appendingPathComponent("labels.json")),
      "../shared/realphotos is absent: the real-photo evaluation is skipped"))
  func productPresetFindsTheColourOfNineRealPhotosInTen() async throws {
    let photos = Self.realPhotos
    let report = try await report([
      "--labels", photos.appendingPathComponent("labels.json").path,
      "--images", photos.appendingPathComponent("images").path,
    ])
    #expect(report["rule"] as? String == "colour")
    let (correct, total) = overall(report)
    #expect(total == 241)
    #expect(Double(correct) >= 0.9 * Double(total), "\(correct)/\(total)")
    // Every backdrop class with more than a handful of photos holds 85 % (white has three).
    let backgrounds = try #require(report["backgrounds"] as? [String: Any])
    for name in ["light-grey", "off-white", "scene", "transparent"] {
      let (right, all) = try count(backgrounds[name], name)
      #expect(Double(right) >= 0.85 * Double(all), "\(name): \(right)/\(all)")
    }
    // The chips a shopper filters by hold what the photos show (220/241 when this was written).
    let (sameFamily, _) = try count(report["familyMatch"], "familyMatch")
    #expect(Double(sameFamily) >= 0.9 * Double(total), "family = label: \(sameFamily)/\(total)")
    let sources = try #require(report["sources"] as? [String: Any])
    #expect(Set(sources.keys) == ["saleor", "solidus", "spreefashion", "spreehome", "sylius"])
    let confusion = try #require(report["confusion"] as? [String: [String: Int]])
    #expect(confusion.values.flatMap(\.values).reduce(0, +) == total)
  }
}

/// `huewall evaluate` over both labelled sets at once: ten sources, each held out in turn, and
/// the second family a boundary colour is given.
@Suite struct TenSourceEvaluationTests {
  func report(_ arguments: [String]) async throws -> [String: Any] {
    let result = try await huewallLab(["evaluate", "--json"] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  static var bothSets: Bool {
    RealPhotos.has(RealPhotos.folder.appendingPathComponent("labels.json"))
      && ShopPhotos.isPresent
  }

  @Test(.enabled(if: bothSets, "../shared/realphotos or ../shared/shopphotos is absent"))
  func bothSetsAreScoredTogetherAndEachSourceHeldOut() async throws {
    let report = try await report([
      "--labels", RealPhotos.folder.appendingPathComponent("labels.json").path,
      "--labels", ShopPhotos.folder.appendingPathComponent("labels.tsv").path,
    ])
    let tenSources: Set = [
      "saleor", "solidus", "spreefashion", "spreehome", "sylius", "hm", "kickstart", "oro",
      "presta16", "vendure",
    ]
    let sources = try #require(report["sources"] as? [String: Any])
    #expect(Set(sources.keys) == tenSources)
    let byFamily = try #require(report["familyMatchBySource"] as? [String: [String: Any]])
    #expect(Set(byFamily.keys) == tenSources)
    #expect(byFamily["hm"]?["total"] as? Int == 338)
    let refit = try #require(report["refittedBoundaries"] as? [String: Any])
    #expect(refit["total"] as? Int == 650)
    #expect(Set((refit["sources"] as? [String: Any])?.keys ?? [:].keys) == tenSources)
    // The second family: on fewer than a quarter of the products, and never losing what the
    // family alone finds.
    let second = try #require(report["secondFamily"] as? [String: Any])
    let given = try #require(second["given"] as? [String: Any])
    let givenCount = try #require(given["correct"] as? Int)
    #expect(given["total"] as? Int == 650)
    #expect(Double(givenCount) < 0.25 * 650, "second family on \(givenCount)/650")
    let either = try #require((second["familyOrSecond"] as? [String: Any])?["correct"] as? Int)
    let family = try #require((report["familyMatch"] as? [String: Any])?["correct"] as? Int)
    #expect(either > family, "family or second \(either), family \(family)")
  }

  /// Photos whose shop (or, for the fan, the person who labelled it) names the colour across a
  /// boundary from where Huewall files it: the second family is the label's.
  @Test(.enabled(if: bothSets, "../shared/realphotos or ../shared/shopphotos is absent"))
  func aBoundaryColourIsFoundUnderTheLabelsFamily() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let labelled = [
      // A muted olive top, H&M's "Greenish Khaki".
      ("shopphotos", "hm_0753737016.jpg", "green"),
      // A coral dress H&M calls orange.
      ("shopphotos", "hm_0844960001.jpg", "orange"),
      // OroCommerce's yellow card reader, a deep amber.
      ("shopphotos", "oro_2LM04-Credit-Card-Pin-Pad-Reader.jpg", "yellow"),
      // A black fan whose lit side files it grey.
      ("realphotos", "spreehome_pedestal-fan-black.jpg", "black"),
    ]
    var rows = ["file\tfamily"]
    for (set, file, family) in labelled {
      let image = RealPhotos.folder.deletingLastPathComponent()
        .appendingPathComponent("\(set)/images/\(file)")
      try FileManager.default.createSymbolicLink(
        at: folder.appendingPathComponent(file), withDestinationURL: image)
      rows.append("\(file)\t\(family)")
    }
    let labels = folder.appendingPathComponent("labels.tsv")
    try (rows.joined(separator: "\n") + "\n").write(to: labels, atomically: true, encoding: .utf8)
    let report = try await report(["--labels", labels.path])
    let second = try #require(report["secondFamily"] as? [String: Any])
    let either = try #require(second["familyOrSecond"] as? [String: Any])
    #expect(either["correct"] as? Int == labelled.count)
    let mismatches = try #require(report["familyMismatches"] as? [[String: Any]])
    for miss in mismatches {
      #expect(miss["second"] as? String == miss["expected"] as? String, "\(miss)")
    }
  }
}
