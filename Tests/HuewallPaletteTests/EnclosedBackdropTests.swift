import Foundation
import HuewallColorWords
import HuewallCore
import HuewallDecode
import HuewallPalette
import Testing

/// ``EnclosedBackdrop``: the backdrop the fill cannot reach inside a ring or a necklace is
/// backdrop too, and a light product within an outline is not.
@Suite struct EnclosedBackdropTests {
  static let backdrop = Pixel(red: 226, green: 226, blue: 226)
  static let gold = Pixel(red: 200, green: 160, blue: 60)

  func analyse(_ buffer: PixelBuffer, _ preset: Preset = .product) throws -> PaletteAnalysis {
    var parameters = preset.parameters
    parameters.granularity = 1
    return try buffer.withView { try PaletteAnalyzer(parameters: parameters).analyze($0) }
  }

  /// A 60 × 60 backdrop with a gold ring (radii 21 to 24, wider than a sample) around the
  /// middle, the inside of the ring `inside`; and how many pixels the ring and its inside have.
  func ring(inside: Pixel) -> (buffer: PixelBuffer, ring: Int, inside: Int) {
    var buffer = PixelBuffer(width: 60, height: 60, fill: Self.backdrop)
    var (ringCount, insideCount) = (0, 0)
    for x in 0..<60 {
      for y in 0..<60 {
        let (dx, dy) = (Double(x) - 29.5, Double(y) - 29.5)
        let r = (dx * dx + dy * dy).squareRoot()
        if r < 21 {
          buffer[x, y] = inside
          insideCount += 1
        } else if r < 24 {
          buffer[x, y] = Self.gold
          ringCount += 1
        }
      }
    }
    return (buffer, ringCount, insideCount)
  }

  @Test func theInsideOfARingIsBackdrop() throws {
    let (buffer, ring, _) = ring(inside: Self.backdrop)
    let analysis = try analyse(buffer)
    // Every sample but the ring's is backdrop, so the ring's gold is the only colour.
    #expect(analysis.samples - analysis.background == ring)
    #expect(analysis.colors.count == 1)
    let top = try #require(analysis.colors.first)
    #expect(top.share == 1)
    #expect(top.h > 0.08 && top.h < 0.17 && top.s > 0.5, "\(top)")
  }

  @Test func aLightProductWithinARingIsNot() throws {
    // 24 levels lighter than the backdrop: a white product, not the backdrop.
    let white = Pixel(red: 250, green: 250, blue: 250)
    let (buffer, ring, inside) = ring(inside: white)
    let analysis = try analyse(buffer)
    #expect(analysis.samples - analysis.background == ring + inside)
    #expect(analysis.colors.contains { $0.s == 0 && $0.v == 1 }, "\(analysis.colors)")
  }

  /// Insides the fill leaves open (the backdrop's tint, no brighter than the border): within
  /// the tolerance of the reached backdrop (226) they are backdrop, beyond it a product.
  @Test(arguments: [(220, true), (222, true), (212, false), (216, false)])
  func anEnclosedPieceIsBackdropOnlyNearTheBackdropsOwnLevel(level: Int, isBackdrop: Bool) throws {
    let grey = Pixel(red: UInt8(level), green: UInt8(level), blue: UInt8(level))
    let (buffer, ring, inside) = ring(inside: grey)
    let analysis = try analyse(buffer)
    #expect(analysis.samples - analysis.background == (isBackdrop ? ring : ring + inside))
  }

  @Test func theReferencePresetLooksForNoBackdrop() throws {
    let (buffer, _, _) = ring(inside: Self.backdrop)
    let analysis = try analyse(buffer, .reference)
    #expect(analysis.background == 0)
  }

  // MARK: shop photos

  /// Photos whose top colour was the backdrop left inside the product, with the shop's own
  /// family: two H&M necklaces (silver) and a work light in its cage (OroCommerce, yellow).
  static let backdropWon: [(file: String, family: ColorFamily)] = [
    ("hm_0560047002.jpg", .silver), ("hm_0919017001.jpg", .silver),
    ("oro_5TU10-600-Watt-Bulb-Work-Light.jpg", .yellow),
  ]
  /// White products on a white backdrop that must stay white: a scrub set and clogs
  /// (OroCommerce).
  static let whiteProducts = [
    "oro_6UB33-Men-s-White-Scrub-Set.jpg", "oro_9OL25-Women-s-White-Slip-On-Clogs.jpg",
  ]

  @Test(.enabled(if: ShopPhotoTops.has(backdropWon.map(\.file)), "../shared/shopphotos is absent"))
  func theProductWinsOverTheBackdropLeftInsideIt() throws {
    for (file, family) in Self.backdropWon {
      let top = try ShopPhotoTops.topColour(file)
      // The colour's own family: whether the product shows metal is another step's question.
      #expect(top.colourFamily == family, "\(file): \(top)")
    }
  }

  @Test(.enabled(if: ShopPhotoTops.has(whiteProducts), "../shared/shopphotos is absent"))
  func whiteProductsStayWhite() throws {
    for file in Self.whiteProducts {
      #expect(try ShopPhotoTops.topColour(file).family == .white, "\(file)")
    }
  }
}
