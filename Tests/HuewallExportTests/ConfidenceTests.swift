import Foundation
import HuewallStore
import Testing

@testable import HuewallColorWords
@testable import HuewallExport

/// Confidence from what the analysis knows, and the review queue's order.
@Suite struct ConfidenceTests {
  func product(
    _ id: String, family: String? = nil, vendorFamily: String? = nil, disagreement: Bool = false,
    _ colors: [(String, Double)]
  ) -> ColorsDocument.ExportedProduct {
    let exported = colors.map { family, share in
      ColorsDocument.ExportedColor(
        h: 0, s: 0, v: 0, hex: "#000000", share: share, family: ColorFamily(rawValue: family)!)
    }
    var p = ColorsDocument.ExportedProduct(
      id: id, title: id, brand: nil, vendorColor: vendorFamily,
      vendorFamily: vendorFamily.flatMap(ColorFamily.init(rawValue:)), link: nil, imageUrl: nil,
      position: 1, family: (family ?? colors.first?.0).flatMap(ColorFamily.init(rawValue:)),
      disagreement: disagreement, colors: exported)
    p.confidence = Confidence.of(p)
    return p
  }

  @Test func aDominantColourWithAWideMarginIsCertain() {
    #expect(Confidence.of(product("a", [("blue", 0.8), ("blue", 0.1), ("white", 0.1)])) == 1)
  }

  @Test func aCloseSecondOfAnotherFamilyLowersIt() {
    let close = Confidence.of(product("a", [("blue", 0.45), ("white", 0.4), ("blue", 0.15)]))
    let wide = Confidence.of(product("a", [("blue", 0.45), ("blue", 0.4), ("white", 0.15)]))
    #expect(close < Confidence.threshold)
    #expect(wide > close, "a second colour of the same family is no rival")
  }

  @Test func theVendorsWordMovesIt() {
    let colors = [("blue", 0.5), ("white", 0.25), ("grey", 0.25)]
    let alone = Confidence.of(product("a", colors))
    let agrees = Confidence.of(product("a", vendorFamily: "blue", colors))
    let disagrees = Confidence.of(
      product("a", vendorFamily: "red", disagreement: true, colors))
    #expect(disagrees < alone && alone < agrees)
  }

  @Test func twoLargeColoursOfDifferentFamiliesAreMulticolour() {
    #expect(Confidence.isMulticolour(product("a", [("red", 0.5), ("blue", 0.3), ("red", 0.2)])))
    #expect(!Confidence.isMulticolour(product("a", [("red", 0.5), ("red", 0.3), ("blue", 0.2)])))
    #expect(Confidence.isMulticolour(product("a", family: "multicolour", [("red", 0.9)])))
  }

  @Test func aPersonsDecisionIsCertainAndNeverReviewed() {
    var p = product("a", [("red", 0.3), ("blue", 0.3), ("green", 0.3)])
    p.decidedBy = ColorsDocument.DecidedBy.override
    #expect(Confidence.of(p) == 1)
    #expect(Confidence.isSettled(p))
    #expect(ReviewQueue.items([p]).isEmpty)
  }

  @Test func theQueueGoesSetAsideThenDisagreementThenUnsureThenMulticolour() {
    let sure = product("sure", [("blue", 0.9), ("white", 0.1)])
    let multi = product("multi", [("blue", 0.6), ("red", 0.3), ("white", 0.1)])
    let unsure = product("unsure", [("blue", 0.3), ("white", 0.28), ("grey", 0.2)])
    let disagreeing = product(
      "disagree", vendorFamily: "red", disagreement: true, [("blue", 0.9), ("white", 0.1)])
    var setAside = product("aside", [("blue", 0.9), ("white", 0.1)])
    setAside.override = ColorsDocument.OverrideSummary(
      family: .navy, hex: nil, name: nil, note: nil, decidedAt: Date(), current: false)
    let items = ReviewQueue.items([sure, multi, unsure, disagreeing, setAside])
    #expect(items.map(\.product.id) == ["aside", "disagree", "unsure", "multi"])
    #expect(items[0].reasons == [.imageChanged])
    #expect(items[1].reasons == [.disagreement])
    #expect(items[2].reasons.contains(.lowConfidence))
    #expect(items[3].reasons == [.multicolour])
    #expect(Confidence.isSettled(sure) && !Confidence.isSettled(disagreeing))
  }
}
