import Foundation
import HuewallColorWords
import HuewallStore
import Testing

@Suite struct ImageCandidateTests {
  func image(_ position: Int, analysed: Bool = true, _ plainness: Double?) -> ImageCandidate {
    ImageCandidate(
      position: position, url: "https://i.example/\(position).jpg", sha256: "h\(position)",
      isAnalysed: analysed, plainness: plainness)
  }

  @Test func thePlainestAnalysedImageWins() {
    #expect(ImageCandidate.choose([image(0, 0.2), image(1, 0.9), image(2, 0.5)]) == 1)
  }

  @Test func aTieGoesToTheEarlierImage() {
    #expect(ImageCandidate.choose([image(0, 0.2), image(1, 0.8), image(2, 0.8)]) == 1)
    #expect(ImageCandidate.choose([image(0, 1), image(1, 1)]) == 0)
  }

  @Test func anImageWithoutAnalysisIsNeverChosenOverOneWithIt() {
    #expect(ImageCandidate.choose([image(0, analysed: false, nil), image(1, 0)]) == 1)
    #expect(ImageCandidate.choose([image(0, 0.9), image(1, analysed: false, nil)]) == 0)
  }

  @Test func anUnmeasuredAnalysisRanksBelowAnyMeasuredOne() {
    #expect(ImageCandidate.choose([image(0, nil), image(1, 0)]) == 1)
    #expect(ImageCandidate.choose([image(0, nil), image(1, nil)]) == 0)
  }

  @Test func withNothingAnalysedTheMainImageIsShown() {
    #expect(
      ImageCandidate.choose([image(0, analysed: false, nil), image(1, analysed: false, nil)])
        == 0)
    #expect(ImageCandidate.choose([]) == nil)
  }

  @Test func aDecisionHoldsWhileItsImageIsAmongTheProductsImages() {
    let decision = ColorOverride(
      productID: "p", family: .green, decidedAt: .distantPast, imageSHA256: "h0")
    #expect(decision.holds(forImages: ["h1", "h0"]))
    #expect(!decision.holds(forImages: ["h1", "h2"]))
    #expect(!decision.holds(forImages: []))
    let blind = ColorOverride(
      productID: "p", family: .green, decidedAt: .distantPast, imageSHA256: nil)
    #expect(blind.holds(forImages: []))
  }
}
