import Foundation
import HuewallPalette
import HuewallStore
import Testing

@testable import HuewallColorWords
@testable import HuewallExport

/// A shop's vendor colours teach how its photos map to its families.
@Suite("Families learned from the shop's vendor colours")
struct FamilyCalibrationTests {
  /// Teals of h 180°, which the default boundaries file blue.
  static let teals = ["#1a9a9a", "#1b9b99", "#199a9b", "#1a999a", "#1c9a9a", "#1a9b9c"]

  static func examples(_ hexes: [String], _ family: ColorFamily) -> [(
    hex: String, family: ColorFamily
  )] {
    hexes.map { ($0, family) }
  }

  /// The five nearest within ΔE00 10, all five speaking and 80 % agreeing: a rule of these
  /// tests' own, so that they hold whatever rule a refit ships.
  static let strict = FamilyCalibration.Rule(
    nearest: 5, radius: 10, minimumExamples: 5, agreement: 0.8)

  @Test("enough agreeing examples near a colour file it in their family")
  func agreeingExamplesTeach() {
    let calibration = FamilyCalibration(
      examples: Self.examples(Self.teals, .green), rule: Self.strict)
    var near: FamilyCalibration.Neighbourhoods = [:]
    #expect(calibration.examples == [.green: 6])
    #expect(calibration.family(ofHex: "#1a9a9b", own: nil, near: &near) == .green)
    // Far from every example: the default boundaries decide.
    #expect(calibration.family(ofHex: "#2040c0", own: nil, near: &near) == nil)
    #expect(calibration.refiled(.blue, topHex: "#1a9a9a", vendor: nil, near: &near) == .green)
    #expect(calibration.refiled(.blue, topHex: "#2040c0", vendor: nil, near: &near) == .blue)
    // Neutral and multicolour products are never refiled.
    #expect(calibration.refiled(.grey, topHex: "#1a9a9a", vendor: nil, near: &near) == .grey)
    #expect(
      calibration.refiled(.multicolour, topHex: "#1a9a9a", vendor: nil, near: &near)
        == .multicolour)
  }

  @Test("too few examples, split examples and neutral examples teach nothing")
  func weakExamplesTeachNothing() {
    var near: FamilyCalibration.Neighbourhoods = [:]
    let few = FamilyCalibration(
      examples: Self.examples(Array(Self.teals.prefix(4)), .green), rule: Self.strict)
    #expect(few.family(ofHex: "#1a9a9a", own: nil, near: &near) == nil)
    near = [:]
    let split = FamilyCalibration(
      examples: Self.examples(Array(Self.teals.prefix(3)), .green)
        + Self.examples(Array(Self.teals.suffix(3)), .blue), rule: Self.strict)
    #expect(split.family(ofHex: "#1a9a9a", own: nil, near: &near) == nil)
    near = [:]
    let neutral = FamilyCalibration(examples: Self.examples(Self.teals, .grey), rule: Self.strict)
    #expect(neutral.examples.isEmpty)
    #expect(neutral.family(ofHex: "#1a9a9a", own: nil, near: &near) == nil)
  }

  @Test("a product's own vendor colour is not among its examples")
  func ownExampleLeftOut() {
    let calibration = FamilyCalibration(
      examples: Self.examples(Array(Self.teals.prefix(5)), .green), rule: Self.strict)
    var near: FamilyCalibration.Neighbourhoods = [:]
    #expect(calibration.family(ofHex: "#1a9a9a", own: nil, near: &near) == .green)
    #expect(calibration.family(ofHex: "#1a9a9a", own: .green, near: &near) == nil)
  }

  @Test("the nearest examples speak, not every example within reach")
  func nearestExamplesSpeak() {
    // Five greens right at the colour (ΔE00 under 1), six blues within the radius but farther
    // off (ΔE00 about 7).
    let blues = ["#1a93a3", "#1b92a4", "#1992a2", "#1a93a4", "#1c92a3", "#1a91a2"]
    let greens = Array(Self.teals.prefix(5))
    let examples = Self.examples(greens, .green) + Self.examples(blues, .blue)
    let colour = "#1a9a9a"
    func distance(_ hex: String) -> Double {
      let (a, b) = (NamedColourTable.rgb(hex: colour)!, NamedColourTable.rgb(hex: hex)!)
      return Lab.deltaE2000(Lab(r: a.r, g: a.g, b: a.b), Lab(r: b.r, g: b.g, b: b.b))
    }
    let farthestGreen = greens.map(distance).max()!
    for blue in blues { #expect(distance(blue) > farthestGreen && distance(blue) < 10, "\(blue)") }
    var near: FamilyCalibration.Neighbourhoods = [:]
    let nearest = FamilyCalibration(examples: examples, rule: Self.strict)
    #expect(nearest.family(ofHex: colour, own: nil, near: &near) == .green)
    // Counting every example within the radius, 5 of 11 agree: nothing is learned.
    near = [:]
    let everyExample = FamilyCalibration(
      examples: examples,
      rule: .init(nearest: .max, radius: 10, minimumExamples: 5, agreement: 0.8))
    #expect(everyExample.family(ofHex: colour, own: nil, near: &near) == nil)
  }

  @Test("the product's own example leaves its place to the next nearest")
  func ownExampleMakesRoom() {
    let calibration = FamilyCalibration(
      examples: Self.examples(Self.teals, .green), rule: Self.strict)
    var near: FamilyCalibration.Neighbourhoods = [:]
    // Six examples: with the product's own left out, five still speak.
    #expect(calibration.family(ofHex: "#1a9a9a", own: .green, near: &near) == .green)
    // A product of another colour has no example here to leave out: a product whose vendor
    // colour is green but whose colour is a teal's neighbour keeps all five.
    let five = FamilyCalibration(
      examples: Self.examples(Array(Self.teals.prefix(5)), .green), rule: Self.strict)
    near = [:]
    #expect(five.family(ofHex: "#1a9a9b", own: .green, near: &near) == .green)
    #expect(five.family(ofHex: "#1a9a9a", own: .green, near: &near) == nil)
  }

  @Test("the shipped rule is read from its data file, and the docs say it")
  func shippedRule() throws {
    let rule = FamilyCalibration.Rule.shipped
    #expect(rule.nearest >= rule.minimumExamples)
    #expect(rule.radius > 0 && rule.agreement > 0.5 && rule.agreement <= 1)
    // A refit that moves the numbers moves these sentences too.
    let radius = rule.radius.rounded() == rule.radius ? "\(Int(rule.radius))" : "\(rule.radius)"
    let agreement = "\(Int((rule.agreement * 100).rounded())) %"
    func text(_ path: String) throws -> String {
      try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        .replacingOccurrences(of: "\n", with: " ")
    }
    let configurationStatesIt = try text("docs/CONFIGURATION.md").contains(
      "where of the \(rule.nearest) analysed products with a vendor colour whose top colours lie "
        + "nearest a product's (by their samples' mean, within CIEDE2000 \(radius)) at least "
        + "\(rule.minimumExamples) speak and \(agreement) name one chromatic family")
    #expect(configurationStatesIt, "docs/CONFIGURATION.md (learnFamilies) does not state \(rule)")
    let readmeStatesIt = try text("README.md").contains(
      "Where of the \(rule.nearest) examples nearest a product's top colour (its own left out) "
        + "within CIEDE2000 \(radius) at least \(rule.minimumExamples) speak and \(agreement) "
        + "name one family")
    #expect(readmeStatesIt, "README.md (the shop's own words) does not state \(rule)")
  }

  /// Salmons that one bin holds: the bin's centre is a pink; their means differ.
  static let salmonBin = "#e07a7a"

  @Test("a colour is learned on its samples' mean, read back from the store")
  func learnedOnTheMean() async throws {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let oranges = ["#e8845c", "#e9855d", "#e7835b", "#e8865e", "#e9845c", "#e7845d"]
    var seeds = oranges.enumerated().map { index, mean in
      Seed(
        id: "salmon-\(index)", vendorColor: "Orange",
        colors: [meanColor(mean: mean)], family: .pink)
    }
    seeds.append(Seed(id: "unnamed-salmon", colors: [meanColor(mean: "#e8855c")], family: .pink))
    // The same bin, but a mean of a pink the oranges are far from.
    seeds.append(Seed(id: "unnamed-pink", colors: [meanColor(mean: "#e0709a")], family: .pink))
    let (store, set) = try makeStore(in: scratch, seeds: seeds)
    var synonyms = ColorSynonyms()
    synonyms.learnsFamilies = true
    let wall = try await WallCatalogue(store: store, parameterSet: set, synonyms: synonyms)
    let products = Dictionary(uniqueKeysWithValues: wall.placed.map { ($0.product.id, $0.product) })
    #expect(products["unnamed-salmon"]?.family == .orange)
    #expect(products["unnamed-pink"]?.family == .pink)
    #expect(products["unnamed-salmon"]?.colors.first?.namingHex == "#e8855c")
    #expect(wall.calibration?.examples == [.orange: 6])
  }

  /// A colour of ``salmonBin`` whose samples' mean is `mean`.
  func meanColor(mean: String) -> StoredColor {
    var stored = color(0, 0.45, 0.88, hex: Self.salmonBin)
    stored.mean = mean
    return stored
  }

  func catalogue(learning: Bool) async throws -> WallCatalogue {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    var seeds = Self.teals.enumerated().map { index, hex in
      Seed(
        id: "teal-\(index)", vendorColor: "Green", colors: [color(0.5, 0.83, 0.6, hex: hex)],
        family: .blue)
    }
    seeds.append(
      Seed(id: "unnamed-teal", colors: [color(0.5, 0.83, 0.6, hex: "#1a9a9a")], family: .blue))
    seeds.append(
      Seed(
        id: "royal", vendorColor: "Blue", colors: [color(0.63, 0.83, 0.75, hex: "#2040c0")],
        family: .blue))
    let (store, set) = try makeStore(in: scratch, seeds: seeds)
    var synonyms = ColorSynonyms()
    synonyms.learnsFamilies = learning
    return try await WallCatalogue(store: store, parameterSet: set, synonyms: synonyms)
  }

  @Test("the wall files products as the shop's vendors do, and their disagreements clear")
  func wallLearnsFromTheCatalogue() async throws {
    let learned = try await catalogue(learning: true)
    let products = Dictionary(
      uniqueKeysWithValues: learned.placed.map { ($0.product.id, $0.product) })
    #expect(products["unnamed-teal"]?.family == .green)
    #expect(products["teal-0"]?.family == .green)
    #expect(products["teal-0"]?.disagreement == false)
    #expect(products["royal"]?.family == .blue)
    #expect(learned.calibration?.examples == [.green: 6, .blue: 1])

    let plain = try await catalogue(learning: false)
    let before = Dictionary(uniqueKeysWithValues: plain.placed.map { ($0.product.id, $0.product) })
    #expect(before["unnamed-teal"]?.family == .blue)
    #expect(before["teal-0"]?.disagreement == true)
    #expect(plain.calibration == nil)
  }
}
