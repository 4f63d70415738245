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

  @Test("enough agreeing examples near a colour file it in their family")
  func agreeingExamplesTeach() {
    let calibration = FamilyCalibration(examples: Self.examples(Self.teals, .green))
    var near: [String: [ColorFamily: Int]] = [:]
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
    var near: [String: [ColorFamily: Int]] = [:]
    let few = FamilyCalibration(examples: Self.examples(Array(Self.teals.prefix(4)), .green))
    #expect(few.family(ofHex: "#1a9a9a", own: nil, near: &near) == nil)
    near = [:]
    let split = FamilyCalibration(
      examples: Self.examples(Array(Self.teals.prefix(3)), .green)
        + Self.examples(Array(Self.teals.suffix(3)), .blue))
    #expect(split.family(ofHex: "#1a9a9a", own: nil, near: &near) == nil)
    near = [:]
    let neutral = FamilyCalibration(examples: Self.examples(Self.teals, .grey))
    #expect(neutral.examples.isEmpty)
    #expect(neutral.family(ofHex: "#1a9a9a", own: nil, near: &near) == nil)
  }

  @Test("a product's own vendor colour is not among its examples")
  func ownExampleLeftOut() {
    let calibration = FamilyCalibration(
      examples: Self.examples(Array(Self.teals.prefix(5)), .green))
    var near: [String: [ColorFamily: Int]] = [:]
    #expect(calibration.family(ofHex: "#1a9a9a", own: nil, near: &near) == .green)
    #expect(calibration.family(ofHex: "#1a9a9a", own: .green, near: &near) == nil)
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
