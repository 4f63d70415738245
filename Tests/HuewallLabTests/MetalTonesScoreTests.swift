import Foundation
import HuewallColorWords
import HuewallPalette
import Testing

@testable import HuewallLab

/// The values that tell metal, refitted leave-one-source-out: a pair leaves the shipped one
/// only where two shops gain by it, and a held-out shop is scored by the pair the others choose.
@Suite struct MetalTonesScoreTests {
  /// Three products of `source` labelled `label` whose top colour is silver by its colour and
  /// whose neutral tones are `tones`.
  func lightNeutrals(_ source: String, _ label: String, _ tones: NeutralTones)
    -> [MetalTonesScore.Scored]
  {
    (0..<3).map { _ in
      .init(
        source: source, label: label, colourFamily: .silver, tones: tones,
        shares: [.silver: 1], regions: .shopper, silverAsGrey: false)
    }
  }

  /// Steel with few highlights: metal only to a pair looser than the shipped one.
  let dullSteel = NeutralTones(spread: 0.5, highlights: 0.06)
  /// A matte light grey: metal to no pair of the grid but its loosest.
  let matte = NeutralTones(spread: 0.15, highlights: 0.03)

  @Test func aLooserPairOneShopAsksForDoesNotMove() throws {
    var score = MetalTonesScore()
    for image in lightNeutrals("a", "silver", dullSteel) + lightNeutrals("b", "grey", matte)
      + lightNeutrals("c", "grey", matte)
    {
      score.add(image)
    }
    let result = try #require(score.leaveOneSourceOut())
    // Highlights ≥ 0.05 would keep a's steel silver at no cost, but only a gains.
    #expect(result.fitted == .shipped)
    #expect(result.shipped == 6 && result.inSample == 6 && result.heldOut == 6)
    // By the colour alone all nine are silver: only a's are right.
    #expect(result.colourAlone == 3)
  }

  @Test func aLooserPairTwoShopsAskForMovesAndHoldsOutOnlyWhereTheOthersAgree() throws {
    var score = MetalTonesScore()
    for image in lightNeutrals("a", "silver", dullSteel) + lightNeutrals("b", "silver", dullSteel)
      + lightNeutrals("c", "grey", matte)
    {
      score.add(image)
    }
    let result = try #require(score.leaveOneSourceOut())
    #expect(result.fitted.highlights < NeutralTones.Metal.shipped.highlights)
    #expect(result.fitted.highlights <= dullSteel.highlights)
    #expect(!matte.isMetallic(result.fitted))
    #expect(result.inSample == 9 && result.shipped == 3)
    // Held out, a is scored by the pair b alone asks for, which does not move: likewise b.
    let bySource = Dictionary(uniqueKeysWithValues: result.bySource.map { ($0.source, $0.heldOut) })
    #expect(bySource == ["a": 0, "b": 0, "c": 3])
    #expect(result.heldOut == 3)
  }

  @Test func onlySilverMovesAndAMulticolourProductStays() {
    let grey = MetalTonesScore.Scored(
      source: "a", label: "grey", colourFamily: .silver, tones: matte, shares: [.silver: 1],
      regions: .shopper, silverAsGrey: false)
    #expect(grey.family(.shipped) == .grey)
    #expect(grey.family(nil) == .silver)
    let multicolour = MetalTonesScore.Scored(
      source: "a", label: "multicolour", colourFamily: .silver, tones: matte,
      shares: [.red: 0.3, .blue: 0.3, .green: 0.3], regions: .shopper, silverAsGrey: false)
    #expect(multicolour.family(.shipped) == .multicolour)
  }
}
