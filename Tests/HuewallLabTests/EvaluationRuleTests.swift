import ArgumentParser
import Foundation
import HuewallCLI
import HuewallColorWords
import HuewallCore
import HuewallPalette
import Testing

@testable import HuewallLab

/// The rule `huewall evaluate` judges JSON labels by, the labels' loading, and the flags of
/// the product preset's steps: in this process, on crafted values.
@Suite struct EvaluationRuleTests {
  func accepts(_ h: Double, _ s: Double, _ v: Double, _ family: String, body: HSVColor)
    -> Bool
  {
    ScoringRule.accepts(HSVColor(h: h, s: s, v: v), family: family, body: body)
  }

  /// Neutral labels carry h 0 and their own s and v; the rule ignores them.
  let neutral = HSVColor(h: 0, s: 0.05, v: 0.5)

  @Test func blackIsDarkWhateverItsHue() {
    #expect(accepts(0.6, 0.9, 0.2, "black", body: neutral))
    #expect(accepts(0, 0, 0.25, "black", body: neutral))
    #expect(!accepts(0, 0, 0.3, "black", body: neutral))
  }

  @Test func greyIsUnsaturatedAndNeitherBlackNorWhite() {
    #expect(accepts(0, 0.1, 0.5, "grey", body: neutral))
    #expect(accepts(0.1, 0.2, 0.2, "grey", body: neutral))
    #expect(accepts(0, 0, 0.85, "grey", body: neutral))
    #expect(!accepts(0, 0.25, 0.5, "grey", body: neutral), "too saturated")
    #expect(!accepts(0, 0, 0.15, "grey", body: neutral), "too dark")
    #expect(!accepts(0, 0, 0.9, "grey", body: neutral), "too light")
  }

  @Test func whiteIsUnsaturatedAndLight() {
    #expect(accepts(0, 0, 1, "white", body: neutral))
    #expect(accepts(0.1, 0.2, 0.8, "white", body: neutral))
    #expect(!accepts(0.1, 0.3, 0.9, "white", body: neutral), "too saturated")
    #expect(!accepts(0, 0, 0.7, "white", body: neutral), "too dark")
  }

  @Test func aChromaticFamilyIsCloseToTheProductsColour() {
    let blue = HSVColor(h: 0.6, s: 0.8, v: 0.6)
    #expect(accepts(0.6, 0.8, 0.6, "blue", body: blue))
    #expect(accepts(0.64, 0.2, 0.85, "blue", body: blue))
    #expect(!accepts(0.6, 0.15, 0.6, "blue", body: blue), "too grey")
    #expect(!accepts(0.66, 0.8, 0.6, "blue", body: blue), "hue too far")
    #expect(!accepts(0.54, 0.8, 0.6, "blue", body: blue), "hue too far the other way")
    #expect(!accepts(0.6, 0.8, 0.95, "blue", body: blue), "too light")
    #expect(!accepts(0.6, 0.8, 0.25, "blue", body: blue), "too dark")
  }

  @Test func hueDistanceGoesAroundTheCircle() {
    let red = HSVColor(h: 0.98, s: 0.9, v: 0.5)
    #expect(accepts(0.02, 0.9, 0.5, "red", body: red))
    #expect(accepts(1.0, 0.9, 0.5, "red", body: red))
    #expect(!accepts(0.04, 0.9, 0.5, "red", body: red))
    #expect(abs(ScoringRule.hueDistance(0.98, 0.02) - 0.04) < 1e-9)
    #expect(abs(ScoringRule.hueDistance(0.1, 0.6) - 0.5) < 1e-9)
  }

  /// A folder with `labels.json` holding `text`, removed when the test ends.
  func labelsFile(_ text: String) throws -> (folder: URL, path: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("labels.json").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (folder, path)
  }

  @Test func jsonLabelsGiveTheBodyColourTitleBackgroundAndSource() throws {
    let (folder, path) = try labelsFile(
      """
      [{"file": "saleor_tee.png", "family": "blue", "body_rgb": [7, 74, 221],
        "body_hsv": [0.6145, 0.9683, 0.8667], "background": "transparent",
        "source": "saleor/saleor:tee.png", "size": 800, "title": "Ascii shirt"},
       {"file": "mug.jpg", "family": "white", "body_hsv": [0, 0, 1], "background": "scene",
        "title": ""}]
      """)
    defer { try? FileManager.default.removeItem(at: folder) }
    let labels = try LabelledImage.load(path, images: "/photos")
    #expect(labels.count == 2)
    #expect(labels[0].file == "saleor_tee.png")
    #expect(labels[0].path == "/photos/saleor_tee.png")
    #expect(labels[0].family == "blue")
    #expect(labels[0].body == HSVColor(h: 0.6145, s: 0.9683, v: 0.8667))
    #expect(labels[0].background == "transparent")
    #expect(labels[0].source == "saleor")
    #expect(labels[0].hint == ProductHint(title: "Ascii shirt"))
    #expect(labels[1].body == HSVColor(h: 0, s: 0, v: 1))
    #expect(labels[1].source == nil)
    #expect(labels[1].hint == .none)
    let beside = try LabelledImage.load(path)
    #expect(beside[1].path == folder.appendingPathComponent("images/mug.jpg").path)
  }

  @Test(arguments: [
    ("[{\"file\": \"a.jpg\", \"family\": \"red\"", "not valid JSON"),
    ("{\"file\": \"a.jpg\"}", "not a JSON array of labels"),
    ("[{\"family\": \"red\", \"body_hsv\": [0, 1, 1]}]", "label 1: needs a `file` string"),
    (
      "[{\"file\": \"a.jpg\", \"family\": \"red\", \"body_hsv\": [0, 1]}]",
      "label 1 (a.jpg): `body_hsv` must be three numbers from 0 to 1"
    ),
    (
      "[{\"file\": \"a.jpg\", \"family\": \"red\", \"body_hsv\": [0, 1, 255]}]",
      "label 1 (a.jpg): `body_hsv` must be three numbers from 0 to 1"
    ),
  ])
  func aBadLabelsFileIsNamedWithWhatIsWrong(text: String, reason: String) throws {
    let (folder, path) = try labelsFile(text)
    defer { try? FileManager.default.removeItem(at: folder) }
    let error = #expect(throws: LabelledImage.LoadError.self) { try LabelledImage.load(path) }
    #expect(error?.description == "\(path): \(reason)")
  }

  @Test func aMissingLabelsFileIsNamed() {
    let error = #expect(throws: LabelledImage.LoadError.self) {
      try LabelledImage.load("/nonexistent/labels.json")
    }
    #expect(error?.description == "/nonexistent/labels.json: cannot read the labels file")
  }

  @Test func tsvLabelsTakeTheTitleOrProductColumn() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("labels.tsv").path
    try "file\tfamily\tbackground\tproduct\n001-red-cap.jpg\tred\t\tcap\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let labels = try LabelledImage.load(path)
    #expect(labels.count == 1)
    #expect(labels[0].body == nil)
    #expect(labels[0].background == "unknown")
    #expect(labels[0].hint == ProductHint(title: "cap"))
  }

  @Test func theTallyJudgesJSONLabelsByTheRuleAndCountsSilverAsGrey() {
    func color(_ h: Double, _ s: Double, _ v: Double) -> DominantColor {
      DominantColor(
        bin: HSVBin(hue: 0, saturation: 0, value: 0), h: h, s: s, v: v, weight: 1, share: 1)
    }
    func label(_ file: String, _ family: String, _ body: HSVColor?) -> LabelledImage {
      LabelledImage(
        file: file, path: file, family: family, background: "scene",
        source: LabelledImage.source(of: file), body: body, title: nil)
    }
    var tally = EvaluationTally()
    // A steel kettle reported light grey: filed silver, which the rule judges as grey.
    tally.add(
      label("shop_kettle.jpg", "grey", neutral), top: color(0, 0, 0.8), family: .silver)
    // A beige coat reported as a darker bin: brown by family, yet within the rule.
    tally.add(
      label("shop_coat.jpg", "beige", HSVColor(h: 0.08, s: 0.33, v: 0.69)),
      top: color(0.08, 0.4, 0.6), family: .brown)
    tally.add(
      label("other_tee.jpg", "red", HSVColor(h: 0.98, s: 0.9, v: 0.5)),
      top: color(0.6, 0.8, 0.6), family: .blue)
    tally.add(label("x.jpg", "red", HSVColor(h: 0, s: 1, v: 1)), top: nil, family: nil, error: "x")
    #expect(tally.overall.correct == 2 && tally.overall.total == 4)
    #expect(tally.familyMatch.correct == 1)
    #expect(tally.bySource["shop"]?.correct == 2)
    #expect(tally.bySource["other"]?.correct == 0)
    #expect(tally.confusion["red"] == ["blue": 1, "error": 1])
    #expect(tally.misses.map(\.file) == ["other_tee.jpg", "x.jpg"])
    #expect(tally.rule == "colour")
    let report = tally.report(title: "t", misses: true)
    #expect(report.contains("by source:"))
    #expect(report.contains("shop_coat.jpg: beige, got brown"))
  }

  /// A miss names what filed its family when the analysis measured it in place of the bin's
  /// saturation and value, so that a reader sees why a grey bin became white.
  @Test func aMissNamesTheValuesThatFiledItsFamily() {
    var lit = DominantColor(
      bin: HSVBin(hue: 0, saturation: 0, value: 4), h: 0, s: 0, v: 0.8, weight: 1, share: 1)
    lit.litValue = 0.94
    let described = EvaluationTally.describe(lit, body: HSVColor(h: 0, s: 0.12, v: 0.58))
    #expect(described.contains("filed by s 0.00 v 0.94"), "\(described)")
    #expect(described.hasSuffix("product h 0.000 s 0.12 v 0.58"), "\(described)")
    lit.litValue = nil
    #expect(!EvaluationTally.describe(lit, body: nil).contains("filed by"))
  }

  @Test func theStepsFlagsOverrideThePreset() throws {
    let options = try AnalysisOptions.parse([
      "--no-deep-shadows", "--no-scene-prior", "--no-skin-suppression", "--no-garment-prior",
      "--merge-distance", "0", "--no-dark-hues", "--no-lit-families",
      "--no-skin-without-priority", "--no-shopper-families", "--no-backdrop-tint",
      "--no-thin-outlines", "--no-mean-saturation", "--no-neutral-surface",
    ])
    let parameters = try options.parameters()
    #expect(!parameters[.deepShadows] && !parameters[.scenePrior] && !parameters[.skinSuppression])
    #expect(!parameters[.garmentPrior] && parameters.mergeDistance == 0 && !parameters[.darkHues])
    #expect(!parameters[.litFamilies] && !parameters[.skinWithoutPriority])
    #expect(
      !parameters[.shopperFamilies] && !parameters[.backdropTint] && !parameters[.thinOutlines])
    #expect(!parameters[.meanSaturation] && !parameters[.neutralSurface])
    let allOff: String = [
      "deep shadows", "backdrop tint", "thin outlines", "scene prior", "skin suppression",
      "garment prior", "dark hues", "lit families", "mean saturation", "neutral surface",
      "skin without priority", "shopper families", "merge distance",
    ].map { "\($0) off" }.joined(separator: ", ")
    #expect(parameters.improvementsSummary.hasSuffix(allOff))
    let product = try AnalysisOptions.parse([]).parameters()
    #expect(product.improvementsSummary.contains("garment prior on"))
    #expect(product.improvementsSummary.hasSuffix("merge distance 12"))
    #expect(throws: (any Error).self) { try AnalysisOptions.parse(["--merge-distance", "101"]) }
  }
}
