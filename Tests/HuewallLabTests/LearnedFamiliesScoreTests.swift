import Foundation
import HuewallTestSupport
import Testing

@testable import HuewallLab

/// The halves the shop's own words are scored on (``LearnedFamiliesScore``): each half must
/// hold products of every source, or nothing is learned for that source.
@Suite struct LearnedFamiliesScoreTests {
  @Test func twoViewsOfOneProductFallInOneHalf() {
    #expect(
      LearnedFamiliesScore.half(of: "saleor_ascii-shirt-front.png")
        == LearnedFamiliesScore.half(of: "saleor_ascii-shirt-back.png"))
    #expect(
      LearnedFamiliesScore.half(of: "presta16_ps16_Blouse_image_5.jpg")
        == LearnedFamiliesScore.half(of: "presta16_ps16_Blouse_image_6.jpg"))
  }

  /// H&M's files are named by article number alone (`hm_0881577005.jpg`); read as a view
  /// number, it put all 338 in one half.
  @Test(.enabled(if: ShopPhotos.isPresent, "../shared/shopphotos is absent"))
  func everyShopsProductsFallInBothHalves() throws {
    let text = try String(
      contentsOf: ShopPhotos.folder.appendingPathComponent("labels.tsv"), encoding: .utf8)
    var halves: [String: [Int]] = [:]
    for line in text.split(separator: "\n").dropFirst() {
      let file = String(line.split(separator: "\t")[0])
      let source = String(file.prefix { $0 != "_" })
      halves[source, default: [0, 0]][LearnedFamiliesScore.half(of: file)] += 1
    }
    #expect(halves.count == 5)
    for (source, counts) in halves {
      #expect(counts[0] > 0 && counts[1] > 0, "\(source): \(counts)")
    }
    // H&M's 338 split near even.
    let hm = try #require(halves["hm"])
    #expect(min(hm[0], hm[1]) > 338 / 3, "hm: \(hm)")
  }
}
