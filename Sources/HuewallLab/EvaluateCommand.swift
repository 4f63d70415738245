import ArgumentParser
import Foundation
import HuewallCLI
import HuewallColorWords
import HuewallCore
import HuewallDecode
import HuewallPalette
import HuewallPipeline

/// `huewall evaluate`: how often a parameter set finds the product's own colour.
struct Evaluate: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Score a preset on labelled product images: is the top colour the product's?",
    discussion: """
      Two shapes of labels file. A JSON array of objects with `file`, `family`, `body_hsv` \
      ([h, s, v] from 0 to 1: the product's measured colour), `background` and `title` \
      (the labels of the real photos): an image is correct when its top colour passes its \
      family's rule: black V <= 0.25; grey S <= 0.2 and 0.2 <= V <= 0.85; white S <= 0.2 and \
      V >= 0.8; any other family S >= 0.2, hue within 0.05 of the body's (around the circle) \
      and V within 0.3 of it. Or a tab-separated file with a header row naming at least the \
      columns `file` and `family` (evaluation/labels.tsv; optional `background`, and `title` \
      or `product`): an image is correct when the family of its heaviest colour is the label \
      (for multicolour: when three or more chromatic families each hold 12 % of the weight). \
      Files are found in --images, else beside the labels file or in its images/ subfolder. \
      A label's title goes to the analysis as a feed item's title does in `huewall run`. \
      The report breaks the score down by family, background and source (the file name \
      before its first `_`), and gives how often the top colour's family is the label's, \
      with the confusion matrix (JSON labels count silver as grey: they file it so); where \
      file names carry sources, that figure again with families learned leave-half-out (with \
      the shipped rule of learning, the rule refitted, and each source's rule chosen on the \
      others) and, with two sources or more, with the shopper boundaries' thresholds refitted on the \
      other sources (leave-one-source-out), and the families named from the top colour's \
      mean refitted the same way.
      """
  )

  @OptionGroup var analysis: AnalysisOptions
  @OptionGroup var decoding: DecodeOptions

  @Option(
    help: """
      A labels file: JSON (an array of labels) or tab-separated (default \
      evaluation/labels.tsv). Repeat it to score several sets in one run, so that \
      leave-one-source-out spans every set's sources.
      """)
  var labels: [String] = []

  @Option(help: "The folder of the labelled images (default: beside the labels file, or images/).")
  var images: String?

  @Option(
    help: """
      The reach of hue in degrees that gives the second family, to score another than the \
      export's (scripts/refit-second-family-reach).
      """)
  var secondFamilyReach: Double?

  @Option(
    help: """
      Write the thresholds of the families named from a colour's mean, refitted on every \
      labelled source, to this JSON file (scripts/refit-mean-colour-families).
      """)
  var refitMeanColourFamilies: String?

  @Option(
    help: """
      Write the rule by which a shop's vendor colours teach its families, refitted on every \
      labelled source, to this JSON file (scripts/refit-family-calibration).
      """)
  var refitFamilyCalibration: String?

  @Option(
    help: """
      Write the values that tell metal (silver) from a matte light grey, refitted on every \
      labelled source, to this JSON file (scripts/refit-metal-tones).
      """)
  var refitMetalTones: String?

  @Option(help: "Write what the analysis measured for each image's colours to this CSV file.")
  var features: String?

  @Flag(help: "Print the report as one JSON object.")
  var json = false

  @Flag(help: "List every image whose top colour is not the product's.")
  var misses = false

  @OptionGroup var jobs: JobsOption

  func run() async throws {
    let parameters = try analysis.parameters()
    let analyzer = try PaletteAnalyzer(parameters: parameters)
    let decoder = ImageDecoder(limits: decoding.limits)
    let items: [LabelledImage]
    do {
      items = try (labels.isEmpty ? ["evaluation/labels.tsv"] : labels).flatMap {
        try LabelledImage.load($0, images: images)
      }
    } catch {
      throw CommandFailure.fatal("evaluate: \(error)")
    }
    var tally = EvaluationTally()
    if let reach = secondFamilyReach {
      guard (0...30).contains(reach) else {
        throw CommandFailure.fatal("evaluate: --second-family-reach must be 0…30 degrees")
      }
      tally.secondFamilyReach = reach
    }
    var featureRows = [FamilyFeatures.header]
    var learned = LearnedFamiliesScore()
    var refitted = RefittedBoundariesScore()
    var meanFamilies = MeanColourFamiliesScore()
    var metalTones = MetalTonesScore()
    try await forEachConcurrently(items, width: jobs.jobs, inOrder: true) { item in
      (item, analyseFile(item.path, decoder: decoder, analyzer: analyzer, hint: item.hint))
    } consume: { item, result in
      switch result {
      case .success(let image):
        tally.add(item, top: image.palette.colors.first, family: image.palette.family)
        learned.add(item, top: image.palette.colors.first, family: image.palette.family)
        refitted.add(item, top: image.palette.colors.first)
        meanFamilies.add(item, palette: image.palette)
        metalTones.add(item, palette: image.palette)
        featureRows.append(FamilyFeatures.row(item, palette: image.palette))
      case .failure(let failure):
        tally.add(item, top: nil, family: nil, error: "\(failure)")
        featureRows.append(FamilyFeatures.row(item, palette: nil))
      }
    }
    if let features {
      do {
        try (featureRows.joined(separator: "\n") + "\n").write(
          toFile: features, atomically: true, encoding: .utf8)
      } catch {
        throw CommandFailure.fatal("evaluate: cannot write \(features): \(error)")
      }
    }
    let title = "\(analysis.preset.rawValue) preset, \(parameters.improvementsSummary)"
    tally.learnedFamilies = learned.leaveHalfOut()
    tally.learnedRefit = learned.refit()
    tally.refittedBoundaries = refitted.leaveOneSourceOut()
    tally.meanColourFamilies = meanFamilies.leaveOneSourceOut()
    tally.metalTones = metalTones.leaveOneSourceOut()
    if let path = refitMetalTones {
      guard let fitted = tally.metalTones?.fitted else {
        throw CommandFailure.fatal("evaluate: refitting needs labelled images of two sources")
      }
      do {
        try MetalTonesScore.json(fitted).write(toFile: path, atomically: true, encoding: .utf8)
      } catch {
        throw CommandFailure.fatal("evaluate: cannot write \(path): \(error)")
      }
    }
    if let path = refitMeanColourFamilies {
      guard let fitted = tally.meanColourFamilies?.fitted else {
        throw CommandFailure.fatal("evaluate: refitting needs labelled images of two sources")
      }
      do {
        try MeanColourFamiliesScore.json(fitted).write(
          toFile: path, atomically: true, encoding: .utf8)
      } catch {
        throw CommandFailure.fatal("evaluate: cannot write \(path): \(error)")
      }
    }
    if let path = refitFamilyCalibration {
      guard let fitted = tally.learnedRefit?.fitted else {
        throw CommandFailure.fatal("evaluate: refitting needs labelled images of a source")
      }
      do {
        try LearnedFamiliesScore.json(fitted).write(
          toFile: path, atomically: true, encoding: .utf8)
      } catch {
        throw CommandFailure.fatal("evaluate: cannot write \(path): \(error)")
      }
    }
    print(json ? tally.json(title: title).serialized() : tally.report(title: title, misses: misses))
  }
}

/// A colour as hue, saturation and value, each from 0 to 1.
struct HSVColor: Sendable, Equatable {
  var h: Double
  var s: Double
  var v: Double
}

extension HSVColor {
  init(_ color: DominantColor) { self.init(h: color.h, s: color.s, v: color.v) }
}

/// The rule the labelled real photos (and the held-out set kept elsewhere) are judged by,
/// from `../shared/realphotos/README.md`: neutral families by brightness and saturation alone,
/// the others by closeness to the product's measured body colour, so that a near miss across a
/// family boundary still counts and the backdrop's colour does not.
enum ScoringRule {
  static func accepts(_ top: HSVColor, family: String, body: HSVColor) -> Bool {
    switch family {
    case "black": top.v <= 0.25
    case "grey": top.s <= 0.2 && top.v >= 0.2 && top.v <= 0.85
    case "white": top.s <= 0.2 && top.v >= 0.8
    default:
      top.s >= 0.2 && hueDistance(top.h, body.h) <= 0.05 && abs(top.v - body.v) <= 0.3
    }
  }

  /// Whether a reported family is the label's. The real-photo labels file silver products as
  /// grey, having no silver rule, so with `silverAsGrey` silver counts as grey.
  static func sameFamily(_ family: String?, label: String, silverAsGrey: Bool = true) -> Bool {
    family == label || (silverAsGrey && label == "grey" && family == "silver")
  }

  /// The distance between two hues around the circle (0.98 and 0.02 are 0.04 apart).
  static func hueDistance(_ a: Double, _ b: Double) -> Double {
    let d = abs(a - b).truncatingRemainder(dividingBy: 1)
    return min(d, 1 - d)
  }
}

/// One labelled image.
struct LabelledImage: Sendable {
  var file: String
  var path: String
  var family: String
  var background: String
  /// The file name before its first `_` (`saleor_ascii-shirt-back.png` → `saleor`): the shop
  /// it came from in the real-photo set; nil when the name has no `_`.
  var source: String?
  /// The product's measured colour: when present the image is judged by ``ScoringRule``,
  /// otherwise by family alone.
  var body: HSVColor?
  /// The product's title as a feed would give it, handed to the analysis.
  var title: String?

  var hint: ProductHint { ProductHint(title: title) }

  struct LoadError: Error, CustomStringConvertible {
    var description: String
  }

  /// Reads a labels file, JSON or tab-separated (told apart by the first character), with
  /// each image's path in `images` or, without it, beside the labels file or in its `images/`.
  static func load(_ labelsPath: String, images: String? = nil) throws -> [LabelledImage] {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: labelsPath))
    } catch {
      throw LoadError(description: "\(labelsPath): cannot read the labels file")
    }
    let folder = URL(fileURLWithPath: labelsPath).deletingLastPathComponent()
    let resolve = { (file: String) -> String in
      if let images { return URL(fileURLWithPath: images).appendingPathComponent(file).path }
      let direct = folder.appendingPathComponent(file).path
      return FileManager.default.fileExists(atPath: direct)
        ? direct : folder.appendingPathComponent("images").appendingPathComponent(file).path
    }
    let first = data.first { !(Character(UnicodeScalar($0)).isWhitespace) }
    if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
      return try loadJSON(data, labelsPath: labelsPath, resolve: resolve)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw LoadError(description: "\(labelsPath): not UTF-8 text")
    }
    return try loadTSV(text, labelsPath: labelsPath, resolve: resolve)
  }

  private static func loadTSV(
    _ text: String, labelsPath: String, resolve: (String) -> String
  ) throws -> [LabelledImage] {
    var lines = text.split(whereSeparator: \.isNewline).map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    guard !lines.isEmpty else { throw LoadError(description: "\(labelsPath): no header row") }
    let header = lines.removeFirst()
    guard let fileColumn = header.firstIndex(of: "file"),
      let familyColumn = header.firstIndex(of: "family")
    else {
      throw LoadError(description: "\(labelsPath): the header needs `file` and `family` columns")
    }
    let backgroundColumn = header.firstIndex(of: "background")
    let titleColumn = header.firstIndex(of: "title") ?? header.firstIndex(of: "product")
    return try lines.enumerated().map { number, fields in
      guard fields.count > max(fileColumn, familyColumn) else {
        throw LoadError(description: "\(labelsPath):\(number + 2): too few columns")
      }
      func field(_ column: Int?) -> String? {
        column.flatMap { fields.indices.contains($0) && !fields[$0].isEmpty ? fields[$0] : nil }
      }
      let file = fields[fileColumn]
      return LabelledImage(
        file: file, path: resolve(file), family: fields[familyColumn],
        background: field(backgroundColumn) ?? "unknown", source: source(of: file), body: nil,
        title: field(titleColumn))
    }
  }

  private static func loadJSON(
    _ data: Data, labelsPath: String, resolve: (String) -> String
  ) throws -> [LabelledImage] {
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw LoadError(description: "\(labelsPath): not valid JSON")
    }
    guard let labels = parsed as? [Any] else {
      throw LoadError(description: "\(labelsPath): not a JSON array of labels")
    }
    return try labels.enumerated().map { index, value in
      let place = "\(labelsPath): label \(index + 1)"
      guard let label = value as? [String: Any] else {
        throw LoadError(description: "\(place): not an object")
      }
      guard let file = label["file"] as? String, !file.isEmpty else {
        throw LoadError(description: "\(place): needs a `file` string")
      }
      guard let family = label["family"] as? String, !family.isEmpty else {
        throw LoadError(description: "\(place) (\(file)): needs a `family` string")
      }
      let numbers = (label["body_hsv"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }
      guard let hsv = numbers, hsv.count == 3, hsv.allSatisfy({ (0...1).contains($0) })
      else {
        throw LoadError(
          description: "\(place) (\(file)): `body_hsv` must be three numbers from 0 to 1")
      }
      let title = (label["title"] as? String).flatMap { $0.isEmpty ? nil : $0 }
      return LabelledImage(
        file: file, path: resolve(file), family: family,
        background: label["background"] as? String ?? "unknown", source: source(of: file),
        body: HSVColor(h: hsv[0], s: hsv[1], v: hsv[2]), title: title)
    }
  }

  static func source(of file: String) -> String? {
    let name = URL(fileURLWithPath: file).lastPathComponent
    guard let underscore = name.firstIndex(of: "_"), underscore > name.startIndex else {
      return nil
    }
    return String(name[..<underscore])
  }
}

/// Counts of correct top colours, overall and by label, background and source, and how the
/// top colour's family compares with the label's.
struct EvaluationTally {
  struct Count {
    var correct = 0
    var total = 0
    var accuracy: Double { total == 0 ? 0 : Double(correct) / Double(total) }

    mutating func add(_ isCorrect: Bool) {
      total += 1
      if isCorrect { correct += 1 }
    }
  }

  struct Miss {
    var file: String
    var expected: String
    var got: String
    var detail: String
    /// The second family given (``ColorFamily/second(of:h:s:v:reach:)``), if any.
    var second: String? = nil
  }

  var overall = Count()
  var byFamily: [String: Count] = [:]
  var byBackground: [String: Count] = [:]
  var bySource: [String: Count] = [:]
  var misses: [Miss] = []
  /// Images judged by ``ScoringRule`` (the rest by family).
  var judgedByRule = 0
  /// The top colour's family equals the label (silver counting as grey for rule-judged labels).
  var familyMatch = Count()
  /// The same by source.
  var familyMatchBySource: [String: Count] = [:]
  /// The family = label with silver named by the colour alone, without the metal test
  /// (``ProductRegionFamily``), overall and by source: what the test moves.
  var colourAlone = Count()
  var colourAloneBySource: [String: Count] = [:]
  /// The family = label with jewellery named by its colours, not by its metal
  /// (``ProductRegionFamily/jewelleryMetal(_:)``), overall and by source: what the metal moves.
  var jewelleryByColour = Count()
  var jewelleryByColourBySource: [String: Count] = [:]
  /// The values that tell metal refitted, in sample and leave-one-source-out.
  var metalTones: MetalTonesScore.Result?
  /// Label → top colour's family → images.
  var confusion: [String: [String: Int]] = [:]
  var familyMismatches: [Miss] = []
  /// The reach of hue that gives the second family (``ColorFamily/secondFamilyReach``).
  var secondFamilyReach = ColorFamily.secondFamilyReach
  /// Products given a second family (``ColorFamily/second(of:h:s:v:reach:)``), overall and by
  /// source.
  var secondGiven = Count()
  var secondGivenBySource: [String: Count] = [:]
  /// The family or the second family is the label, overall and by source.
  var familyOrSecond = Count()
  var familyOrSecondBySource: [String: Count] = [:]
  /// Family = label with families learned from the other half of each source's labels, and
  /// without (``LearnedFamiliesScore``).
  var learnedFamilies: (with: Int, without: Int, total: Int)?
  /// The rule of learning refitted, in sample and chosen on the other sources.
  var learnedRefit: LearnedFamiliesScore.Refit?
  /// The top colour's family by the shopper thresholds refitted leave-one-source-out, in
  /// sample and as drawn (``RefittedBoundariesScore``).
  var refittedBoundaries: RefittedBoundariesScore.Result?
  /// The product's family with the thresholds of the families named from a colour's mean
  /// refitted leave-one-source-out, in sample, as drawn, and by the boxes alone
  /// (``MeanColourFamiliesScore``).
  var meanColourFamilies: MeanColourFamiliesScore.Result?

  mutating func add(
    _ item: LabelledImage, top: DominantColor?, family: ColorFamily?, error: String? = nil
  ) {
    let got = family?.rawValue ?? (error == nil ? "none" : "error")
    let sameFamily = ScoringRule.sameFamily(
      got, label: item.family, silverAsGrey: item.body != nil)
    let correct: Bool
    if let body = item.body {
      judgedByRule += 1
      correct =
        top.map { ScoringRule.accepts(HSVColor($0), family: item.family, body: body) }
        ?? false
    } else {
      correct = sameFamily
    }
    overall.add(correct)
    byFamily[item.family, default: Count()].add(correct)
    byBackground[item.background, default: Count()].add(correct)
    if let source = item.source { bySource[source, default: Count()].add(correct) }
    familyMatch.add(sameFamily)
    // The product's family had its top colour been named otherwise: by its colour alone, with
    // no metal test (a jewellery's metal kept), or with its jewellery's metal left out.
    func sameLabel(namingTheTop other: (DominantColor) -> ColorFamily) -> Bool {
      let named = family.map { family in
        guard let top, family == top.family else { return family }
        return other(top)
      }
      return ScoringRule.sameFamily(
        named?.rawValue ?? got, label: item.family, silverAsGrey: item.body != nil)
    }
    let sameByColour = sameLabel { $0.metal ?? $0.colourFamily }
    let sameWithoutMetal = sameLabel {
      ProductRegionFamily.family($0.colourFamily, tones: $0.neutralTones)
    }
    colourAlone.add(sameByColour)
    jewelleryByColour.add(sameWithoutMetal)
    if let source = item.source {
      colourAloneBySource[source, default: Count()].add(sameByColour)
      jewelleryByColourBySource[source, default: Count()].add(sameWithoutMetal)
    }
    let second = addSecond(item, top: top, family: family)
    if let source = item.source { familyMatchBySource[source, default: Count()].add(sameFamily) }
    confusion[item.family, default: [:]][got, default: 0] += 1
    let detail = error ?? top.map { Self.describe($0, body: item.body) } ?? "no opaque pixels"
    if !correct {
      misses.append(Miss(file: item.file, expected: item.family, got: got, detail: detail))
    }
    if !sameFamily {
      familyMismatches.append(
        Miss(
          file: item.file, expected: item.family, got: got,
          detail: detail + (correct ? "; passes the rule" : ""), second: second?.rawValue))
    }
  }

  /// Counts the second family the export gives the product: from its top colour as the kernel
  /// reports it (what is stored) and its family.
  @discardableResult
  mutating func addSecond(_ item: LabelledImage, top: DominantColor?, family: ColorFamily?)
    -> ColorFamily?
  {
    let second = top.flatMap { top in
      family.flatMap {
        ColorFamily.second(of: $0, h: top.h, s: top.s, v: top.v, reach: secondFamilyReach)
      }
    }
    let silverAsGrey = item.body != nil
    let either =
      ScoringRule.sameFamily(family?.rawValue, label: item.family, silverAsGrey: silverAsGrey)
      || ScoringRule.sameFamily(second?.rawValue, label: item.family, silverAsGrey: silverAsGrey)
    secondGiven.add(second != nil)
    familyOrSecond.add(either)
    if let source = item.source {
      secondGivenBySource[source, default: Count()].add(second != nil)
      familyOrSecondBySource[source, default: Count()].add(either)
    }
    return second
  }

  /// The top colour, and the label's body colour beside it when there is one.
  static func describe(_ top: DominantColor, body: HSVColor?) -> String {
    var colour = String(format: "h %.3f s %.2f v %.2f %@", top.h, top.s, top.v, top.hex)
    // What files the family when the analysis measured it in place of the bin's s and v.
    if top.filedSaturation != top.s || top.filedValue != top.v {
      colour += String(format: ", filed by s %.2f v %.2f", top.filedSaturation, top.filedValue)
    }
    guard let body else { return colour }
    return colour + String(format: ", product h %.3f s %.2f v %.2f", body.h, body.s, body.v)
  }

  var rule: String { judgedByRule == overall.total && judgedByRule > 0 ? "colour" : "family" }

  func report(title: String, misses listMisses: Bool) -> String {
    func row(_ name: String, _ count: Count) -> String {
      let label = name.padding(toLength: 14, withPad: " ", startingAt: 0)
      let ratio = "\(count.correct)/\(count.total)".padding(
        toLength: 9, withPad: " ", startingAt: 0)
      return "  \(label)\(ratio)\(String(format: "%5.1f %%", count.accuracy * 100))"
    }
    let judged =
      rule == "colour" ? "top colour judged by its family's colour rule" : "top colour's family"
    var lines = ["Top-1 accuracy, \(title) (\(judged)): \(row("overall", overall).dropFirst(16))"]
    lines.append("by family:")
    lines += byFamily.keys.sorted().map { row($0, byFamily[$0]!) }
    lines.append("by background:")
    lines += byBackground.keys.sorted().map { row($0, byBackground[$0]!) }
    if !bySource.isEmpty {
      lines.append("by source:")
      lines += bySource.keys.sorted().map { row($0, bySource[$0]!) }
    }
    if judgedByRule > 0 {
      lines.append(
        "top colour's family = label (silver counts as grey where a rule judges): "
          + row("", familyMatch).dropFirst(16))
    }
    lines.append(
      "family = label with silver named by the colour alone (no metal test): "
        + row("", colourAlone).dropFirst(16))
    lines += colourAloneBySource.keys.sorted().map { row($0, colourAloneBySource[$0]!) }
    lines.append(
      "family = label with jewellery named by its colours, not its metal: "
        + row("", jewelleryByColour).dropFirst(16))
    lines += jewelleryByColourBySource.keys.sorted().map {
      row($0, jewelleryByColourBySource[$0]!)
    }
    if let metal = metalTones {
      lines.append(
        "silver only where the product shows metal (highlights ≥ \(metal.fitted.highlights), "
          + "spread ≥ \(metal.fitted.spread) refitted on every source): \(metal.inSample)/\(metal.total) "
          + "in sample, \(metal.heldOut)/\(metal.total) refitted on the other sources "
          + "(leave-one-source-out), \(metal.shipped)/\(metal.total) shipped "
          + "(Resources/metal-tones.json), \(metal.colourAlone)/\(metal.total) by the colour alone")
      lines += metal.bySource.map {
        "  \($0.source.padding(toLength: 13, withPad: " ", startingAt: 0)) \($0.heldOut)/\($0.total) "
          + "held out, \($0.shipped)/\($0.total) shipped, \($0.colourAlone)/\($0.total) by the colour alone"
      }
    }
    lines.append(
      "second family given on \(secondGiven.correct)/\(secondGiven.total) products"
        + String(format: " (%.1f %%)", secondGiven.accuracy * 100)
        + "; family or second family = label: " + row("", familyOrSecond).dropFirst(16))
    if !familyOrSecondBySource.isEmpty {
      lines.append("by source: family = label, family or second = label, second given")
    }
    lines += familyOrSecondBySource.keys.sorted().map { source in
      let (family, either) = (familyMatchBySource[source]!, familyOrSecondBySource[source]!)
      return "  \(source.padding(toLength: 14, withPad: " ", startingAt: 0))"
        + "\(family.correct)/\(family.total), \(either.correct)/\(either.total), "
        + "\(secondGivenBySource[source]!.correct)"
    }
    if let learned = learnedFamilies {
      lines.append(
        "family = label with families learned from the other half of each source's labels "
          + "(leave-half-out): \(learned.with)/\(learned.total) learning, "
          + "\(learned.without)/\(learned.total) without")
    }
    if let refit = learnedRefit {
      lines.append(
        "the same with the rule of learning refitted (\(refit.fitted)): "
          + "\(refit.inSample)/\(refit.total) in sample, "
          + "\(refit.heldOut)/\(refit.total) with each source's rule chosen on the others, "
          + "\(refit.first)/\(refit.total) with the grid's first (\(LearnedFamiliesScore.grid[0]))")
      lines += refit.heldOutBySource.map {
        "  \($0.source.padding(toLength: 14, withPad: " ", startingAt: 0))"
          + "\($0.heldOut)/\($0.total) held out, \($0.without)/\($0.total) without"
      }
    }
    if let refit = refittedBoundaries {
      lines.append(
        "top colour's family with the shopper thresholds refitted on the other sources "
          + "(leave-one-source-out): \(refit.heldOut)/\(refit.total) held out, "
          + "\(refit.inSample)/\(refit.total) refitted in sample, "
          + "\(refit.drawn)/\(refit.total) as drawn"
          + (refit.inSampleMoves.isEmpty
            ? "" : " (the in-sample refit moves \(refit.inSampleMoves.joined(separator: ", ")))"))
      lines += refit.bySource.map {
        "  \($0.source.padding(toLength: 14, withPad: " ", startingAt: 0))"
          + "\($0.heldOut)/\($0.total) held out, \($0.drawn)/\($0.total) as drawn"
      }
    }
    if let named = meanColourFamilies {
      lines.append(
        "product's family with the families named from the top colour's mean refitted on the "
          + "other sources (leave-one-source-out): \(named.heldOut)/\(named.total) held out, "
          + "\(named.inSample)/\(named.total) refitted in sample (shipped: "
          + "Resources/mean-colour-families.json), \(named.drawn)/\(named.total) from the values "
          + "the refit starts from, \(named.boxes)/\(named.total) by the bins' boxes alone")
      lines += named.bySource.map {
        "  \($0.source.padding(toLength: 14, withPad: " ", startingAt: 0))"
          + "\($0.heldOut)/\($0.total) held out, \($0.inSample)/\($0.total) in sample, "
          + "\($0.boxes)/\($0.total) by the boxes"
      }
    }
    lines.append("confusion (rows: label; columns: top colour's family):")
    lines += confusionTable()
    if listMisses && !misses.isEmpty {
      lines.append("misses:")
      lines += misses.map { "  \($0.file): \($0.expected), got \($0.got) (\($0.detail))" }
    }
    if listMisses && judgedByRule > 0 && !familyMismatches.isEmpty {
      lines.append("family mismatches (second family after the slash):")
      lines += familyMismatches.map {
        "  \($0.file): \($0.expected), got \($0.got)\($0.second.map { "/" + $0 } ?? "")"
          + " (\($0.detail))"
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The confusion matrix as aligned text, a column per family that was reported.
  func confusionTable() -> [String] {
    let labels = confusion.keys.sorted()
    let columns = Set(confusion.values.flatMap(\.keys)).sorted()
    let widths = columns.map { max($0.count, 3) + 1 }
    func cell(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(width - text.count, 0)) + text
    }
    let first = (labels.map(\.count).max() ?? 0) + 2
    var lines = [
      "".padding(toLength: first, withPad: " ", startingAt: 0)
        + zip(columns, widths).map { cell($0, $1) }.joined()
    ]
    for label in labels {
      let counts = confusion[label]!
      lines.append(
        "  " + label.padding(toLength: first - 2, withPad: " ", startingAt: 0)
          + zip(columns, widths).map { column, width in
            cell(counts[column].map(String.init) ?? ".", width)
          }.joined())
    }
    return lines
  }

  func json(title: String) -> JSONValue {
    func count(_ c: Count) -> JSONValue {
      .object([
        ("correct", .int(c.correct)), ("total", .int(c.total)),
        ("accuracy", .double((c.accuracy * 10000).rounded() / 10000)),
      ])
    }
    func counts(_ table: [String: Count]) -> JSONValue {
      .object(table.keys.sorted().map { ($0, count(table[$0]!)) })
    }
    func list(_ misses: [Miss]) -> JSONValue {
      .array(
        misses.map {
          // The second family only where one was given: every value of an entry is a string.
          .object(
            [
              ("file", .string($0.file)), ("expected", .string($0.expected)),
              ("got", .string($0.got)), ("detail", .string($0.detail)),
            ] + ($0.second.map { [("second", .string($0))] } ?? []))
        })
    }
    return .object([
      ("title", .string(title)),
      ("rule", .string(rule)),
      ("overall", count(overall)),
      ("families", counts(byFamily)),
      ("backgrounds", counts(byBackground)),
      ("sources", counts(bySource)),
      ("familyMatch", count(familyMatch)),
      ("familyMatchBySource", counts(familyMatchBySource)),
      ("colourAlone", count(colourAlone)),
      ("colourAloneBySource", counts(colourAloneBySource)),
      ("jewelleryByColour", count(jewelleryByColour)),
      ("jewelleryByColourBySource", counts(jewelleryByColourBySource)),
      (
        "secondFamily",
        .object([
          ("given", count(secondGiven)), ("familyOrSecond", count(familyOrSecond)),
          (
            "sources",
            .object(
              familyOrSecondBySource.keys.sorted().map { source in
                (
                  source,
                  .object([
                    ("given", count(secondGivenBySource[source]!)),
                    ("familyOrSecond", count(familyOrSecondBySource[source]!)),
                  ])
                )
              })
          ),
        ])
      ),
      (
        "learnedFamilies",
        learnedFamilies.map {
          .object([
            ("with", .int($0.with)), ("without", .int($0.without)), ("total", .int($0.total)),
          ])
        } ?? .null
      ),
      (
        "learnedFamiliesRefit",
        learnedRefit.map {
          .object([
            ("rule", .string($0.fitted.description)), ("inSample", .int($0.inSample)),
            ("heldOut", .int($0.heldOut)), ("without", .int($0.without)),
            ("total", .int($0.total)),
          ])
        } ?? .null
      ),
      (
        "refittedBoundaries",
        refittedBoundaries.map { refit in
          .object([
            ("heldOut", .int(refit.heldOut)), ("inSample", .int(refit.inSample)),
            ("drawn", .int(refit.drawn)), ("total", .int(refit.total)),
            ("inSampleMoves", .array(refit.inSampleMoves.map { .string($0) })),
            (
              "sources",
              .object(
                refit.bySource.map {
                  (
                    $0.source,
                    .object([
                      ("heldOut", .int($0.heldOut)), ("drawn", .int($0.drawn)),
                      ("total", .int($0.total)),
                    ])
                  )
                })
            ),
          ])
        } ?? .null
      ),
      (
        "meanColourFamilies",
        meanColourFamilies.map { named in
          .object([
            ("heldOut", .int(named.heldOut)), ("inSample", .int(named.inSample)),
            ("drawn", .int(named.drawn)), ("boxes", .int(named.boxes)),
            ("total", .int(named.total)),
            (
              "sources",
              .object(
                named.bySource.map {
                  (
                    $0.source,
                    .object([
                      ("heldOut", .int($0.heldOut)), ("inSample", .int($0.inSample)),
                      ("boxes", .int($0.boxes)), ("total", .int($0.total)),
                    ])
                  )
                })
            ),
          ])
        } ?? .null
      ),
      (
        "confusion",
        .object(
          confusion.keys.sorted().map { label in
            (
              label,
              .object(confusion[label]!.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })
            )
          })
      ),
      ("misses", list(misses)),
      ("familyMismatches", list(familyMismatches)),
    ])
  }
}

extension AnalysisParameters {
  /// "background suppression on, hue wrap off, …, merge distance 12" for reports.
  var improvementsSummary: String {
    let switches = AnalysisStep.allCases.map {
      "\($0.name) \(self[$0] ? "on" : "off")"
    }
    let merge =
      mergeDistance == 0
      ? "merge distance off" : "merge distance " + String(format: "%g", mergeDistance)
    return (switches + [merge]).joined(separator: ", ")
  }
}
