import Foundation
import HuewallColorWords
import HuewallPalette
import Testing

@testable import HuewallLab

/// The families named from a colour's mean, refitted leave-one-source-out: a threshold that one
/// shop's photos ask for scores there only when another shop asks for it too.
@Suite struct MeanColourFamiliesScoreTests {
  /// Three products of `source` labelled `label` whose top colour's box is grey and whose mean
  /// is #7a7f74: a greyish green of chroma 6.7 at a hue angle of 127°, over the drawn neutral
  /// chroma (6).
  func greyishGreens(_ source: String, _ label: String) -> [MeanColourFamiliesScore.Scored] {
    (0..<3).map { _ in
      .init(source: source, label: label, drawn: .grey, hue: 0.24, mean: SIMD3(122, 127, 116))
    }
  }

  @Test func aChromaOnlyOneShopAsksForDoesNotHoldOut() throws {
    var score = MeanColourFamiliesScore()
    for image in greyishGreens("a", "grey") + greyishGreens("b", "green")
      + greyishGreens("c", "green")
    {
      score.add(image)
    }
    let result = try #require(score.leaveOneSourceOut())
    let bySource = Dictionary(uniqueKeysWithValues: result.bySource.map { ($0.source, $0) })
    // Fitted on b and c the mean names it green, which a does not: none of a's hold out.
    #expect(bySource["a"]?.heldOut == 0)
    #expect(bySource["b"]?.heldOut == 3 && bySource["c"]?.heldOut == 3)
    #expect(result.heldOut == 6 && result.inSample == 6 && result.drawn == 6)
    // The boxes alone file all nine grey: only a's are right.
    #expect(result.boxes == 3)
    #expect(result.fitted == .drawn)
  }

  /// Three products of `source` labelled `label` whose box is grey and whose mean is #7b7f76:
  /// a greyish green of chroma 5.5 at 127°, under the drawn neutral chroma (6).
  func faintGreens(_ source: String, _ label: String) -> [MeanColourFamiliesScore.Scored] {
    (0..<3).map { _ in
      .init(source: source, label: label, drawn: .grey, hue: 0.24, mean: SIMD3(123, 127, 118))
    }
  }

  /// Three true greys of `source`, which no threshold moves.
  func greys(_ source: String) -> [MeanColourFamiliesScore.Scored] {
    (0..<3).map { _ in
      .init(source: source, label: "grey", drawn: .grey, hue: 0, mean: SIMD3(128, 128, 128))
    }
  }

  @Test func aThresholdOnlyOneShopAsksForDoesNotMove() throws {
    var score = MeanColourFamiliesScore()
    for image in faintGreens("a", "green") + greys("b") + greys("c") { score.add(image) }
    let result = try #require(score.leaveOneSourceOut())
    // Lowering the neutral chroma would name a's three green and cost nothing, but only a
    // gains: the thresholds stay as drawn, and what is shipped is what holds out.
    #expect(result.fitted == .drawn)
    #expect(result.inSample == 6 && result.heldOut == 6)
  }

  @Test func aThresholdThreeShopsAskForMovesAndHoldsOut() throws {
    var score = MeanColourFamiliesScore()
    for image in faintGreens("a", "green") + faintGreens("b", "green") + faintGreens("c", "green")
      + greys("d")
    {
      score.add(image)
    }
    let result = try #require(score.leaveOneSourceOut())
    #expect(result.fitted.neutralChroma < MeanColourFamilies.drawn.neutralChroma)
    #expect(faintGreens("a", "green")[0].family(result.fitted) == .green)
    // Each of a, b and c held out, the other two still ask for the move.
    #expect(result.inSample == 12 && result.heldOut == 12 && result.drawn == 3)
  }

  @Test func aMulticolourProductAndOneWithoutAMeanKeepTheirFamily() {
    let multicolour = MeanColourFamiliesScore.Scored(
      source: "a", label: "multicolour", drawn: .multicolour, hue: 0.24,
      mean: SIMD3(122, 127, 116))
    let reference = MeanColourFamiliesScore.Scored(
      source: "a", label: "grey", drawn: .grey, hue: 0, mean: nil)
    #expect(multicolour.family(.drawn) == .multicolour)
    #expect(reference.family(.drawn) == .grey)
  }

  /// What `--refit-mean-colour-families` writes is what the kernel reads back.
  @Test func theDataFileReadsBackAsWritten() throws {
    var thresholds = MeanColourFamilies.drawn
    thresholds.neutralChroma = 5.7
    thresholds.purpleTo = 331.25
    let text = MeanColourFamiliesScore.json(thresholds)
    let read = try JSONDecoder().decode(MeanColourFamilies.self, from: Data(text.utf8))
    #expect(read == thresholds)
  }
}
