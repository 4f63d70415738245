import Foundation
import HuewallTestSupport
import Testing

/// `huewall-lab evaluate` scores the family the export gives, silver only where the product
/// shows metal, beside silver named by the colour alone: H&M files its light grey garments
/// "grey" and a chain "silver"; and jewellery by its metal, beside by its colours.
@Suite struct MetalSilverEvaluationTests {
  /// `huewall-lab evaluate --json` over H&M photos (linked from `../shared/shopphotos`) labelled
  /// with a family and a title.
  func evaluate(_ labelled: [(file: String, family: String, title: String)]) async throws
    -> [String: Any]
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var rows = ["file\tfamily\ttitle"]
    for (file, family, title) in labelled {
      try FileManager.default.createSymbolicLink(
        at: folder.appendingPathComponent(file),
        withDestinationURL: ShopPhotos.folder.appendingPathComponent("images/\(file)"))
      rows.append("\(file)\t\(family)\t\(title)")
    }
    let labels = folder.appendingPathComponent("labels.tsv")
    try (rows.joined(separator: "\n") + "\n").write(to: labels, atomically: true, encoding: .utf8)
    let result = try await huewallLab(["evaluate", "--json", "--labels", labels.path])
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  @Test(.enabled(if: ShopPhotos.isPresent, "../shared/shopphotos is absent"))
  func lightGreyGarmentsAreGreyAndAChainSilverWhenSilverIsMetal() async throws {
    let labelled = [
      // A shirt, a jacket, a sweater and a coat H&M calls light grey.
      ("hm_0905890004.jpg", "grey", ""), ("hm_0861660002.jpg", "grey", ""),
      ("hm_0878604002.jpg", "grey", ""), ("hm_0784392001.jpg", "grey", ""),
      // A necklace H&M calls silver, without its title.
      ("hm_0853198002.jpg", "silver", ""),
    ]
    let report = try await evaluate(labelled)
    let family = try #require(report["familyMatch"] as? [String: Any])
    #expect(family["total"] as? Int == labelled.count)
    #expect(family["correct"] as? Int == labelled.count, "\(report["familyMismatches"] ?? "")")
    // By colour alone the light greys are silver.
    let byColour = try #require(report["colourAlone"] as? [String: Any])
    #expect(byColour["total"] as? Int == labelled.count)
    #expect((byColour["correct"] as? Int ?? labelled.count) < labelled.count)
  }

  @Test(.enabled(if: ShopPhotos.isPresent, "../shared/shopphotos is absent"))
  func jewelleryIsScoredByItsMetalAndByItsColours() async throws {
    let report = try await evaluate([
      ("hm_0933409001.jpg", "gold", "Flirty Perfa ring pk (Ring)"),
      ("hm_0928858002.jpg", "silver", "Class Halvar hoop (Earring)"),
      ("hm_0905890004.jpg", "grey", "Shirt"),
    ])
    func correct(_ key: String) throws -> Int? {
      try #require(report[key] as? [String: Any])["correct"] as? Int
    }
    #expect(try correct("familyMatch") == 3, "\(report["familyMismatches"] ?? "")")
    // Without the metal test the grey shirt is silver; the jewellery keeps its metal.
    #expect(try correct("colourAlone") == 2)
    // Named by their colours the rings and the hoop are white; the shirt stays grey.
    #expect(try correct("jewelleryByColour") == 1)
  }
}
