import HuewallPalette
import Testing

@testable import HuewallCLI

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

  @Test func theDrawnBoundariesAreTheAnalysisOwn() {
    // The refit starts from the boundaries every analysis files colours with.
    for (h, s, v) in [(0.0, 0.0, 0.9), (0.7, 0.5, 0.6), (0.1, 0.4, 0.8), (0.6, 0.8, 0.3)] {
      #expect(
        ColorFamily(h: h, s: s, v: v, shopper: .drawn)
          == ColorFamily(h: h, s: s, v: v, regions: .shopper))
    }
  }
}
