import Foundation
import HuewallColorWords
import HuewallCore
import HuewallDecode
import HuewallPalette
import Testing

/// ``ProductRegionFamily/jewelleryMetal(_:)``: a product the feed names as jewellery or a watch
/// has its light colours named by its metal, gold where a warm tint shows, else silver.
@Suite struct JewelleryMetalTests {
  @Test func aTitleOrATypeNamesJewellery() {
    #expect(ProductHint(title: "Flirty Perfa ring pk (Ring)").isJewellery)
    #expect(ProductHint(title: "Class GP Lotta hoop pk").isJewellery)
    #expect(ProductHint(title: "Cool Arizona ear cuff (Earring)").isJewellery)
    #expect(ProductHint(title: "Steel watch, 40 mm").isJewellery)
    #expect(ProductHint(title: "Lotta", productType: "Jewelry > Necklaces").isJewellery)
    // Words that only contain one.
    #expect(!ProductHint(title: "Spring dress").isJewellery)
    #expect(!ProductHint(title: "Stringy knit top").isJewellery)
    #expect(!ProductHint(title: "Watchman jacket").isJewellery)
    #expect(!ProductHint(title: "2 slice toaster").isJewellery)
    #expect(!ProductHint.none.isJewellery)
  }

  /// A colour of the shopper boundaries in a white bin whose samples' mean is `mean`.
  func lightColour(share: Double, mean: SIMD3<Double>) -> DominantColor {
    DominantColor(
      bin: HSVBin(hue: 0, saturation: 0, value: 5), h: 0, s: 0, v: 1, weight: share, share: share,
      meanRGB: mean, regions: .shopper)
  }

  static let backdropWhite = SIMD3<Double>(240, 240, 238)
  static let paleGold = SIMD3<Double>(225, 208, 172)
  static let steel = SIMD3<Double>(200, 200, 202)

  @Test func aTwentiethOfWarmLightMakesGold() {
    #expect(lightColour(share: 0.1, mean: Self.paleGold).colourFamily == .beige)
    let gold = [
      lightColour(share: 0.9, mean: Self.backdropWhite),
      lightColour(share: 0.05, mean: Self.paleGold),
    ]
    #expect(ProductRegionFamily.jewelleryMetal(gold) == .gold)
    let silver = [
      lightColour(share: 0.9, mean: Self.backdropWhite),
      lightColour(share: 0.04, mean: Self.paleGold),
      lightColour(share: 0.06, mean: Self.steel),
    ]
    #expect(ProductRegionFamily.jewelleryMetal(silver) == .silver)
    #expect(ProductRegionFamily.jewelleryMetal([]) == .silver)
  }

  @Test func onlyLightAndBeigeColoursTakeTheMetal() {
    for family in [ColorFamily.white, .grey, .silver, .beige, .gold] {
      #expect(ProductRegionFamily.takesMetal(family), "\(family)")
    }
    for family in [ColorFamily.black, .pink, .red, .blue, .green, .brown, .purple, .multicolour] {
      #expect(!ProductRegionFamily.takesMetal(family), "\(family)")
    }
  }

  @Test func aMetalIsNotAlsoTheLightItShows() {
    // A gold ring whose top colour's bin is white gets no second family "white"; a white
    // product near grey still does.
    #expect(ColorFamily.second(of: .gold, h: 0, s: 0, v: 1) == nil)
    #expect(ColorFamily.second(of: .silver, h: 0, s: 0, v: 1) == nil)
    #expect(ColorFamily.second(of: .white, h: 0, s: 0, v: 0.8) == .silver)
  }

  // MARK: through the analysis

  /// A ring on a light grey studio backdrop: a bright patch of backdrop the fill does not take
  /// (lighter than the border, as a vignette's centre) holds a thin square ring of `metal`'s
  /// light and shade.
  static func ring(light: Pixel, shade: Pixel) -> PixelBuffer {
    var buffer = PixelBuffer(width: 80, height: 80, fill: Pixel(red: 222, green: 222, blue: 220))
    for x in 15..<65 { for y in 15..<65 { buffer[x, y] = Pixel(red: 246, green: 246, blue: 244) } }
    for x in 28..<52 {
      for y in 28..<52 where x < 33 || x >= 47 || y < 33 || y >= 47 {
        buffer[x, y] = (x + y) % 3 == 0 ? shade : light
      }
    }
    return buffer
  }

  static let goldRing = ring(
    light: Pixel(red: 226, green: 206, blue: 160), shade: Pixel(red: 168, green: 140, blue: 90))
  static let silverRing = ring(
    light: Pixel(red: 205, green: 205, blue: 207), shade: Pixel(red: 120, green: 120, blue: 122))

  func analyse(_ buffer: PixelBuffer, title: String?) throws -> PaletteAnalysis {
    var parameters = Preset.product.parameters
    parameters.granularity = 1
    return try buffer.withView {
      try PaletteAnalyzer(parameters: parameters).analyze($0, hint: ProductHint(title: title))
    }
  }

  @Test func aGoldRingIsGoldAndASilverRingSilver() throws {
    for (buffer, metal) in [(Self.goldRing, ColorFamily.gold), (Self.silverRing, .silver)] {
      let photoAlone = try analyse(buffer, title: "Perfa pack")
      #expect(photoAlone.family == .white, "without the word, the backdrop's leftovers win")
      let jewellery = try analyse(buffer, title: "Perfa ring pack")
      #expect(jewellery.family == metal)
      #expect(jewellery.colors.first?.metal == metal)
      // The colours stay the photo's: only their families move.
      #expect(jewellery.colors.map(\.hex) == photoAlone.colors.map(\.hex))
    }
  }

  @Test func aStoneKeepsItsColour() throws {
    var earring = Self.goldRing
    // A blue stone set inside the ring.
    for x in 37..<43 { for y in 37..<43 { earring[x, y] = Pixel(red: 40, green: 80, blue: 220) } }
    let analysis = try analyse(earring, title: "Vega earring")
    let blue = try #require(analysis.colors.first { $0.colourFamily == .blue })
    #expect(blue.metal == nil)
    #expect(blue.family == .blue)
    #expect(analysis.colors.contains { $0.metal == .gold })
  }

  @Test func keptColoursNameTheMetalAsARunDoes() throws {
    // The live wall weighs a kept grid's colours once and bins them again: the hint's word
    // reaches the naming there too.
    var parameters = Preset.product.parameters
    parameters.granularity = 1
    let analyzer = try PaletteAnalyzer(parameters: parameters)
    let grid = Self.goldRing.withView { SampleGrid($0, step: 1) }
    let hint = ProductHint(title: "Perfa ring pack")
    let weighed = analyzer.weighedColours(grid, marks: analyzer.backdropMarks(in: grid), hint: hint)
    let live = analyzer.analyze(weighed)
    let run = analyzer.analyze(grid, hint: hint)
    #expect(live.family == .gold)
    #expect(live.colors.map(\.family) == run.colors.map(\.family))
    #expect(live.colors.map(\.hex) == run.colors.map(\.hex))
  }

  @Test func theReferenceNamesNoMetal() throws {
    let analysis = try Self.goldRing.withView {
      try PaletteAnalyzer(parameters: AnalysisParameters(granularity: 1))
        .analyze($0, hint: ProductHint(title: "Perfa ring pack"))
    }
    #expect(analysis.colors.allSatisfy { $0.metal == nil })
  }

  // MARK: on shop photos

  /// H&M's jewellery, filed by H&M's own colour (`../shared/shopphotos`, read in place).
  static let goldRings = ("hm_0933409001.jpg", "Flirty Perfa ring pk (Ring)")
  static let silverHoop = ("hm_0928858002.jpg", "Class Halvar hoop (Earring)")

  @Test(
    .enabled(
      if: ShopPhotoTops.has([goldRings.0, silverHoop.0]), "../shared/shopphotos is absent"))
  func thinJewelleryOnWhiteIsNamedByItsMetal() throws {
    for ((file, title), metal) in [(Self.goldRings, ColorFamily.gold), (Self.silverHoop, .silver)] {
      #expect(try ShopPhotoTops.topColour(file).family == .white, "\(file): the photo alone")
      #expect(try ShopPhotoTops.topColour(file, title: title).family == metal, "\(file)")
    }
  }
}
