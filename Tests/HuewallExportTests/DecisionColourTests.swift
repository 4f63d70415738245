import Foundation
import HuewallCore
import HuewallPalette
import HuewallStore
import Testing

@testable import HuewallColorWords
@testable import HuewallExport

/// A decision's colour comes from the product (or, failing that, from the catalogue), never
/// from a fixed swatch the product never had; and what it adds keeps the shares' sum.
@Suite struct DecisionColourTests {
  let date = Date(timeIntervalSince1970: 1_800_000_000)

  func stored(_ hex: String, _ family: String, share: Double) -> StoredColor {
    let rgb = NamedColourTable.rgb(hex: hex)!
    let hsv = referenceHSV(red: Int(rgb.r), green: Int(rgb.g), blue: Int(rgb.b))
    return StoredColor(
      h: hsv.h, s: hsv.s, v: hsv.v, hex: hex, share: share, weight: share * 100,
      family: ColorFamily(rawValue: family)!)
  }

  func decision(_ id: String, _ family: String, hex: String? = nil) -> ColorOverride {
    ColorOverride(
      productID: id, family: ColorFamily(rawValue: family)!, hex: hex, decidedAt: date,
      imageSHA256: nil)
  }

  func entry(_ id: String, _ colors: [StoredColor]) -> ExportEntry {
    ExportEntry(
      id: id, title: id, brand: nil, vendorColor: nil, link: nil, imageURL: nil,
      isRemoved: false, imageSHA256: fakeHash(id), colors: colors, family: colors.first?.family)
  }

  /// A lavender top whose analysis found its lavender (in the purple family) behind the
  /// studio white.
  var lavenderTop: [StoredColor] {
    [stored("#f4f4f4", "white", share: 0.55), stored("#c8a2e0", "purple", share: 0.35)]
  }

  @Test func aLavenderDecidedPurpleStaysLavender() {
    let colors = ColorDecision.apply(decision("top", "purple"), to: lavenderTop)
    #expect(colors.first?.hex == "#c8a2e0")
    #expect(colors.map(\.hex) == ["#c8a2e0", "#f4f4f4"])
    #expect(!colors.contains { $0.hex == ColorFamily.purple.swatch })
  }

  @Test func withoutAColourOfTheFamilyTheCataloguesTypicalOneIsShown() {
    // Three purples in the catalogue: the typical one is the one in the middle, in CIELAB.
    let catalogue = [
      entry("a", [stored("#e6d6f0", "purple", share: 0.6)]),
      entry(
        "b", [stored("#9b6fc0", "purple", share: 0.5), stored("#ffffff", "white", share: 0.3)]),
      entry("c", [stored("#4b1f6f", "purple", share: 0.7)]),
      entry("d", [stored("#d9c21a", "yellow", share: 0.8)]),
    ]
    let typical = FamilyColors(entries: catalogue)
    #expect(typical.typical(of: .purple)?.hex == "#9b6fc0")
    #expect(typical.typical(of: .yellow)?.hex == "#d9c21a")
    #expect(typical.typical(of: .red) == nil)

    let mug = [stored("#3d994c", "green", share: 0.8)]
    let purple = ColorDecision.apply(decision("mug", "purple"), to: mug, typical: typical)
    #expect(purple.first?.hex == "#9b6fc0")
    #expect(purple.first?.family == .purple)
    // A pale yellow decided yellow in a catalogue whose yellow is its own: not #fdd835.
    let yellow = ColorDecision.apply(decision("mug", "yellow"), to: mug, typical: typical)
    #expect(yellow.first?.hex == "#d9c21a")
    // A family the catalogue does not have at all: the family's swatch, the last resort.
    let red = ColorDecision.apply(decision("mug", "red"), to: mug, typical: typical)
    #expect(red.first?.hex == ColorFamily.red.swatch)
  }

  @Test func anAddedColourKeepsTheSharesSum() {
    let jacket = [
      stored("#ffffff", "white", share: 0.5), stored("#296acc", "blue", share: 0.3),
      stored("#17234d", "navy", share: 0.2),
    ]
    // Orange lies far from the jacket's white, blue and navy: a stand-in comes first.
    for override in [decision("j", "orange"), decision("j", "red", hex: "#aa2222")] {
      let colors = ColorDecision.apply(override, to: jacket)
      let sum = colors.reduce(0) { $0 + $1.share }
      #expect(abs(sum - 1.0) < 1e-9, "\(colors.map(\.share))")
      #expect(colors.count == 4)
      #expect(colors[0].share == 0.5)
      // The analysis's colours keep their proportions.
      #expect(abs(colors[1].share / colors[2].share - 0.5 / 0.3) < 1e-9)
    }
    // One colour: the added one takes at most half, so the analysis's stays in sight.
    let mug = ColorDecision.apply(
      decision("mug", "red"), to: [stored("#3d994c", "green", share: 0.8)])
    #expect(mug.map(\.share) == [0.4, 0.4])
  }

  /// The products: each photo holds a colour near the decided family though the
  /// analysis filed it in another; that colour is shown, renamed, never an invented swatch.
  @Test func aColourFiledInAnotherFamilyButNearTheDecidedOneIsKept() {
    let cases: [(colors: [StoredColor], family: String, kept: String)] = [
      // A lavender hoodie filed blue, decided purple.
      (
        [stored("#f2f2f2", "white", share: 0.5), stored("#aba3cc", "blue", share: 0.4)],
        "purple", "#aba3cc"
      ),
      // A navy tee whose dark blue was filed blue, decided navy.
      (
        [stored("#ffffff", "white", share: 0.45), stored("#2e3d66", "blue", share: 0.4)],
        "navy", "#2e3d66"
      ),
      // A pale yellow top filed white, decided yellow.
      (
        [stored("#feffcc", "white", share: 0.7), stored("#e0e0e0", "silver", share: 0.2)],
        "yellow", "#feffcc"
      ),
    ]
    for (colors, family, kept) in cases {
      let decided = ColorDecision.apply(decision("p", family), to: colors)
      #expect(decided.first?.hex == kept, "\(family): \(decided.map(\.hex))")
      #expect(decided.first?.family.rawValue == family)
      #expect(decided.count == colors.count, "nothing invented: \(decided.map(\.hex))")
      #expect(!ColorDecision.needsTypical(decision("p", family), colors: colors))
    }
  }

  @Test func theNearestColourWinsAndTheLargerShareOnATie() {
    // Two colours filed purple (distance 0): the larger share is shown.
    let two = [
      stored("#ffffff", "white", share: 0.4), stored("#6a3d9e", "purple", share: 0.2),
      stored("#8e5cc7", "purple", share: 0.3),
    ]
    #expect(ColorDecision.apply(decision("p", "purple"), to: two).first?.hex == "#8e5cc7")
    // A colour filed purple beats a heavier blue only near purple.
    let mixed = [stored("#3553a8", "blue", share: 0.6), stored("#6a3d9e", "purple", share: 0.1)]
    #expect(ColorDecision.apply(decision("p", "purple"), to: mixed).first?.hex == "#6a3d9e")
  }

  @Test func aPhotoWithNothingNearTheFamilyShowsAStandInAndSaysSo() throws {
    let mug = [stored("#3d994c", "green", share: 0.8)]
    #expect(FamilyRegions.distance(ofHex: "#3d994c", to: .red) > FamilyRegions.near)
    #expect(ColorDecision.needsTypical(decision("mug", "red"), colors: mug))
    #expect(ColorDecision.apply(decision("mug", "red"), to: mug).first?.hex == "#c62828")
    // The export says a stand-in shows, and only for it.
    let set = try LivePage.Side.live(
      entries: [], parameters: AnalysisParameters(), preset: .product
    ).set
    let wall = WallCatalogue(
      entries: [entry("mug", mug), entry("cup", mug)], parameterSet: set,
      synonyms: ColorSynonyms(), overrides: [decision("mug", "red"), decision("cup", "green")])
    let products = Dictionary(uniqueKeysWithValues: wall.placed.map { ($0.product.id, $0.product) })
    #expect(products["mug"]?.override?.standIn == true)
    #expect(products["cup"]?.override?.standIn == nil)
  }

  @Test func aColoursFamilyByItsHexAlone() {
    #expect(FamilyRegions.family(ofHex: "#aba3cc", regions: .shopper) != nil)
    #expect(FamilyRegions.family(ofHex: "#1a1a1a", regions: .shopper) == .black)
    #expect(FamilyRegions.family(ofHex: "#c62828", regions: .original) == .red)
    #expect(FamilyRegions.distance(ofHex: "#c62828", to: .red) == 0)
  }

  @Test func theExportAndTheLiveWallShareTheRule() throws {
    let catalogue = [
      entry("top", lavenderTop),
      entry("mug", [stored("#3d994c", "green", share: 0.8)]),
      entry("cup", [stored("#7a4fa0", "purple", share: 0.6)]),
    ]
    let decisions = [decision("top", "purple"), decision("mug", "purple")]
    let set = try LivePage.Side.live(
      entries: [], parameters: AnalysisParameters(), preset: .product
    ).set
    let wall = WallCatalogue(
      entries: catalogue, parameterSet: set, synonyms: ColorSynonyms(), overrides: decisions)
    let products = Dictionary(uniqueKeysWithValues: wall.placed.map { ($0.product.id, $0.product) })
    #expect(products["top"]?.colors.first?.hex == "#c8a2e0")
    // The mug has no purple of its own: the catalogue's purples are the lavender and the cup's.
    let typical = FamilyColors(entries: catalogue).typical(of: .purple)?.hex
    #expect(["#c8a2e0", "#7a4fa0"].contains(typical ?? ""))
    #expect(products["mug"]?.colors.first?.hex == typical)
    // The live wall's line applies the same rule with the same catalogue.
    let live = LivePage.decided(
      colors: catalogue[1].colors!, family: .green, images: [fakeHash("mug")],
      by: decisions[1], typical: FamilyColors(entries: catalogue))
    #expect(live.colors.first?.hex == typical && live.decided)
  }

  // MARK: Compare

  func wall(_ colors: [String: StoredColor], overrides: [ColorOverride] = []) throws
    -> WallCatalogue
  {
    let set = try LivePage.Side.live(
      entries: [], parameters: AnalysisParameters(), preset: .product
    ).set
    return WallCatalogue(
      entries: colors.keys.sorted().map { entry($0, [colors[$0]!]) }, parameterSet: set,
      synonyms: ColorSynonyms(), overrides: overrides)
  }

  @Test func compareListsFamilyChangesFirstThenVisibleChangesLargestFirst() throws {
    let a = try wall([
      "shift": stored("#991f1f", "red", share: 0.5),
      "small": stored("#2a6acc", "blue", share: 0.5),
      "large": stored("#2a6acc", "blue", share: 0.5),
      "medium": stored("#3d994c", "green", share: 0.5),
      "family": stored("#1e6fd9", "blue", share: 0.5),
      "same": stored("#ffffff", "white", share: 0.5),
    ])
    let b = try wall([
      "shift": stored("#991f26", "red", share: 0.5),
      "small": stored("#2e6ecf", "blue", share: 0.5),
      "large": stored("#5a8ae0", "blue", share: 0.5),
      "medium": stored("#2f8a5a", "green", share: 0.5),
      "family": stored("#1b2a4a", "navy", share: 0.5),
      "same": stored("#ffffff", "white", share: 0.5),
    ])
    let changes = ComparePage.changes(from: a, to: b)
    #expect(
      changes.map(\.id) == ["family", "large", "medium"], "\(changes.map { ($0.id, $0.deltaE) })")
    #expect(changes.dropFirst().allSatisfy { $0.deltaE >= ComparePage.visibleDeltaE })
    #expect(changes[1].deltaE > changes[2].deltaE)
    // #991f1f → #991f26 and the other small shift are too small to see: counted, not listed.
    #expect(ComparePage.unseenChanges(from: a, to: b) == 2)
  }

  @Test func compareHonoursDecisionsOnBothSides() throws {
    let decided = [decision("p", "navy", hex: "#1b2a4a")]
    let a = try wall(["p": stored("#3d994c", "green", share: 0.5)], overrides: decided)
    let b = try wall(["p": stored("#2f8a5a", "green", share: 0.5)], overrides: decided)
    #expect(a.placed.first?.product.colors.first?.hex == "#1b2a4a")
    #expect(ComparePage.changes(from: a, to: b).isEmpty)
  }

  @Test func bothWallsOfAComparisonStartAtOneHue() throws {
    // Alone, each wall would cut at its own widest gap; together they cut at one.
    let a = try wall([
      "r": stored("#cc2929", "red", share: 0.5), "g": stored("#29cc3a", "green", share: 0.5),
      "b": stored("#2950cc", "blue", share: 0.5),
    ])
    let b = try wall([
      "r": stored("#cc2929", "red", share: 0.5), "g": stored("#29cc3a", "green", share: 0.5),
      "b": stored("#cc29b8", "pink", share: 0.5),
    ])
    #expect(a.placed.first?.product.id != b.placed.first?.product.id)
    let cut = try #require(WallCatalogue.commonCut([a, b]))
    let (x, y) = (a.cut(at: cut), b.cut(at: cut))
    #expect(x.placed.first?.product.id == y.placed.first?.product.id)
    #expect(x.placed.map(\.product.position) == [1, 2, 3])
  }
}
