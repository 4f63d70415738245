import Foundation
import HuewallColorWords
import HuewallCore
import HuewallDecode
import HuewallPalette
import Testing

/// ``NeutralTones``: the product's neutral samples tell metal from a matte light grey, on shop
/// photos labelled by the shop's own colour (`../shared/shopphotos`, read in place).
@Suite struct NeutralToneTests {
  /// H&M's light grey garments, which H&M files "grey": a shirt, a jacket, a sweater, a coat.
  static let matteGreys = [
    "hm_0905890004.jpg", "hm_0861660002.jpg", "hm_0878604002.jpg", "hm_0784392001.jpg",
  ]
  /// A necklace H&M files "silver".
  static let silverNecklace = "hm_0853198002.jpg"

  @Test(.enabled(if: ShopPhotoTops.has(matteGreys), "../shared/shopphotos is absent"))
  func aLightGreyGarmentShowsNoMetal() throws {
    for file in Self.matteGreys {
      let top = try ShopPhotoTops.topColour(file)
      let tones = try #require(top.neutralTones, "\(file): a light neutral top colour")
      #expect(!tones.isMetallic(), "\(file): \(tones)")
      // Its family by colour alone is silver; the region files it as the shop does.
      #expect(top.colourFamily == .silver, "\(file)")
      #expect(ProductRegionFamily.family(top.colourFamily, tones: tones) == .grey, "\(file)")
      #expect(top.family == .grey, "\(file)")
    }
  }

  @Test(.enabled(if: ShopPhotoTops.has([silverNecklace]), "../shared/shopphotos is absent"))
  func aSilverChainShowsMetal() throws {
    let top = try ShopPhotoTops.topColour(Self.silverNecklace)
    let tones = try #require(top.neutralTones)
    #expect(tones.isMetallic(), "\(tones)")
    #expect(ProductRegionFamily.family(top.colourFamily, tones: tones) == .silver)
    #expect(top.family == .silver)
  }

  @Test(.enabled(if: ShopPhotoTops.has([silverNecklace]), "../shared/shopphotos is absent"))
  func theReferenceMeasuresNoTones() throws {
    #expect(
      try ShopPhotoTops.topColour(Self.silverNecklace, preset: .reference).neutralTones == nil)
  }

  @Test("the shipped values that tell metal are read from their data file, and the docs say them")
  func shippedMetal() throws {
    let metal = NeutralTones.Metal.shipped
    #expect(metal.highlights > 0 && metal.highlights < 1 && metal.spread > 0 && metal.spread < 1)
    // A refit that moves the values moves these sentences too.
    let highlights = "\(Int((metal.highlights * 100).rounded())) %"
    func text(_ path: String) throws -> String {
      try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        .replacingOccurrences(of: "\n", with: " ")
    }
    #expect(
      try text("docs/CONFIGURATION.md").contains(
        "show metal (at least \(highlights) highlights and a spread of value of \(metal.spread)"),
      "docs/CONFIGURATION.md (shopperFamilies) does not state \(metal)")
    #expect(
      try text("README.md").contains(
        "show at least \(highlights) highlights (value 0.9 and above) and a spread of value of at "
          + "least \(metal.spread) between"),
      "README.md (silver only where the product shows metal) does not state \(metal)")
  }

  @Test func onlySilverMovesAndOnlyWithTones() {
    let matte = NeutralTones(spread: 0.1, highlights: 0)
    let metal = NeutralTones(spread: 0.4, highlights: 0.2)
    #expect(ProductRegionFamily.family(.silver, tones: matte) == .grey)
    #expect(ProductRegionFamily.family(.silver, tones: metal) == .silver)
    #expect(ProductRegionFamily.family(.silver, tones: nil) == .silver)
    #expect(ProductRegionFamily.family(.white, tones: matte) == .white)
    #expect(ProductRegionFamily.family(.grey, tones: metal) == .grey)
    // Highlights alone (a white trim) or contrast alone (a dark print) are not metal.
    #expect(!NeutralTones(spread: 0.1, highlights: 0.5).isMetallic())
    #expect(!NeutralTones(spread: 0.6, highlights: 0.02).isMetallic())
  }
}
