import HuewallColorWords
import HuewallPalette
import Testing

@testable import HuewallLab

/// The shopper thresholds refitted leave-one-source-out: a threshold that one shop's photos
/// ask for scores there only when another shop asks for it too.
@Suite struct RefittedBoundariesScoreTests {
  /// Three light neutral tops of value 0.9, labelled `label`, from `source`.
  func lightNeutrals(_ source: String, _ label: String) -> [RefittedBoundariesScore.Scored] {
    (0..<3).map { _ in .init(source: source, label: label, h: 0, s: 0, v: 0.9) }
  }

  @Test func aThresholdOnlyOneShopAsksForDoesNotHoldOut() throws {
    // Two shops call v 0.9 grey, one white: the drawn boundaries file it white (0.85).
    var score = RefittedBoundariesScore()
    for image in lightNeutrals("a", "grey") + lightNeutrals("b", "white")
      + lightNeutrals("c", "grey")
    {
      score.add(image)
    }
    let result = try #require(score.leaveOneSourceOut())
    #expect(result.drawn == 3, "only b's whites are right as drawn")
    // On all three shops the refit raises white above 0.9: the six greys are then silver,
    // which counts as grey.
    #expect(result.inSample == 6)
    #expect(result.inSampleMoves == ["whiteValue 0.85→0.95"])
    // Held out, each shop meets a refit that does not follow it: a (b and c tie, so white
    // stays at 0.85), b (a and c raise it), c (a and b tie).
    #expect(result.heldOut == 0)
    #expect(
      result.bySource.map(\.source) == ["a", "b", "c"]
        && result.bySource.allSatisfy { $0.heldOut == 0 && $0.total == 3 })
  }

  @Test func aThresholdEveryShopAsksForHoldsOut() throws {
    var score = RefittedBoundariesScore()
    for image in lightNeutrals("a", "grey") + lightNeutrals("b", "grey") {
      score.add(image)
    }
    let result = try #require(score.leaveOneSourceOut())
    #expect(result.drawn == 0)
    #expect(result.inSample == 6)
    #expect(result.heldOut == 6)
  }

  @Test func oneSourceCannotBeHeldOut() {
    var score = RefittedBoundariesScore()
    for image in lightNeutrals("a", "grey") { score.add(image) }
    #expect(score.leaveOneSourceOut() == nil)
  }

  /// Each refitted threshold moves the boundary it names, and only that one.
  @Test func aThresholdMovesTheBoundaryItNames() {
    var raisedWhite = ShopperBoundaries.drawn
    raisedWhite.whiteValue = 0.95
    // A light neutral at v 0.9: white from 0.85, silver below a white of 0.95.
    #expect(ColorFamily(h: 0, s: 0, v: 0.9, shopper: .drawn) == .white)
    #expect(ColorFamily(h: 0, s: 0, v: 0.9, shopper: raisedWhite) == .silver)
    // A dark blue at v 0.42 (h 220°): navy below 0.45, blue below a navy value of 0.40.
    var lowerNavy = ShopperBoundaries.drawn
    lowerNavy.navyValue = 0.40
    #expect(ColorFamily(h: 220.0 / 360, s: 0.8, v: 0.42, shopper: .drawn) == .navy)
    #expect(ColorFamily(h: 220.0 / 360, s: 0.8, v: 0.42, shopper: lowerNavy) == .blue)
    // The raised white leaves a chromatic colour alone.
    #expect(ColorFamily(h: 220.0 / 360, s: 0.8, v: 0.42, shopper: raisedWhite) == .navy)
  }
}
