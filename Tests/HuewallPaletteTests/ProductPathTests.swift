import HuewallColorWords
import HuewallCore
import HuewallPalette
import Testing

/// The product path's steps (deep shadows, scene prior, skin, garment prior, merging, dark
/// hues), each pinned on a small image where it changes the answer.
@Suite struct ProductPathTests {
  /// The reference parameters at granularity 1 with some steps switched.
  func parameters(_ change: (inout AnalysisParameters) -> Void) -> AnalysisParameters {
    var p = AnalysisParameters(granularity: 1)
    change(&p)
    return p
  }

  func analyse(
    _ buffer: PixelBuffer, _ parameters: AnalysisParameters, hint: ProductHint = .none
  ) throws -> PaletteAnalysis {
    try buffer.withView { try PaletteAnalyzer(parameters: parameters).analyze($0, hint: hint) }
  }

  func fill(_ buffer: inout PixelBuffer, _ xs: Range<Int>, _ ys: Range<Int>, _ color: Pixel) {
    for x in xs { for y in ys { buffer[x, y] = color } }
  }

  /// Background suppression with deep shadows, the rest off.
  var deepShadows: AnalysisParameters {
    parameters {
      $0[.backgroundSuppression] = true
      $0[.deepShadows] = true
    }
  }

  // MARK: deep shadows

  /// A warm backdrop, a white product, and a cast shadow beside it that darkens the backdrop
  /// smoothly to 65 % with its tint (warmer as it darkens).
  func whiteProductWithCastShadow(product: Pixel) -> PixelBuffer {
    var buffer = PixelBuffer(width: 60, height: 60, fill: Pixel(red: 224, green: 218, blue: 210))
    for x in 30..<58 {
      for y in 10..<50 {
        let depth = 1 - 0.35 * Double(min(x - 30, 10)) / 10
        buffer[x, y] = Pixel(
          red: UInt8(224 * depth), green: UInt8(218 * depth - 6 * (1 - depth)),
          blue: UInt8(210 * depth - 12 * (1 - depth)))
      }
    }
    fill(&buffer, 16..<30, 16..<44, product)
    return buffer
  }

  @Test func deepShadowsTakeATintedCastShadowForBackdrop() throws {
    let buffer = whiteProductWithCastShadow(product: Pixel(red: 248, green: 248, blue: 248))
    let shallow = try analyse(buffer, parameters { $0[.backgroundSuppression] = true })
    let deep = try analyse(buffer, deepShadows)
    #expect(shallow.colors.first?.family != .white)
    #expect(deep.colors.first?.family == .white)
    #expect(deep.samples - deep.background == 14 * 28)
  }

  @Test func deepShadowsLeaveANeutralGreyProductOnATintedBackdrop() throws {
    // A grey product (60 % of the backdrop's brightness) reached through a soft shadow: it is
    // darker like a shadow, but it lacks the backdrop's tint.
    var buffer = PixelBuffer(width: 40, height: 40, fill: Pixel(red: 224, green: 214, blue: 200))
    for x in 10..<30 {
      for (i, y) in (4..<10).enumerated() {
        let level = 1 - 0.07 * Double(i + 1)
        buffer[x, y] = Pixel(
          red: UInt8(224 * level), green: UInt8(214 * level), blue: UInt8(200 * level))
      }
    }
    fill(&buffer, 10..<30, 10..<30, Pixel(red: 135, green: 135, blue: 135))
    let deep = try analyse(buffer, deepShadows)
    #expect(deep.colors.first?.family == .grey)
  }

  @Test func deepShadowsTakeADarkBackdropsGradientForBackdrop() throws {
    // A low-key studio shot: a dark grey backdrop (brightness 44) that falls to 30 towards
    // the floor, darker than 85 % of it, with a small red product.
    var buffer = PixelBuffer(width: 40, height: 40, fill: Pixel(red: 44, green: 44, blue: 44))
    for y in 26..<40 {
      let level = UInt8(44 - (y - 25))
      for x in 0..<40 { buffer[x, y] = Pixel(red: level, green: level, blue: level) }
    }
    fill(&buffer, 16..<24, 10..<18, Pixel(red: 200, green: 30, blue: 30))
    let shallow = try analyse(buffer, parameters { $0[.backgroundSuppression] = true })
    let deep = try analyse(buffer, deepShadows)
    #expect(shallow.colors.first?.family == .black)
    #expect(deep.colors.first?.family == .red)
    #expect(deep.samples - deep.background == 8 * 8)
  }

  @Test func deepShadowsLeaveANavyProductOnABlackBackdrop() throws {
    // On a black backdrop a few levels are a navy sweater's shade, not the backdrop's.
    var buffer = PixelBuffer(width: 40, height: 40, fill: Pixel(red: 2, green: 2, blue: 2))
    fill(&buffer, 10..<30, 10..<30, Pixel(red: 16, green: 20, blue: 56))
    fill(&buffer, 10..<30, 24..<30, Pixel(red: 8, green: 10, blue: 28))
    let deep = try analyse(buffer, deepShadows)
    #expect(deep.samples - deep.background == 20 * 20)
    #expect(deep.colors.first?.family == .navy)
  }

  // MARK: backdrop tint

  @Test func backdropTintKeepsAWhiteProductAsBrightAsAWarmBackdrop() throws {
    // A warm backdrop and a neutral white product of its brightness, joined by a soft edge
    // that blends one into the other in small steps, as a lens blurs them.
    let backdrop = (red: 224.0, green: 214.0, blue: 200.0)
    let white = (red: 226.0, green: 225.0, blue: 224.0)
    var buffer = PixelBuffer(
      width: 40, height: 40, fill: Pixel(red: 224, green: 214, blue: 200))
    for x in 6..<34 {
      for y in 12..<28 {
        let t = min(1, Double(x - 6) / 6)
        buffer[x, y] = Pixel(
          red: UInt8(backdrop.red + t * (white.red - backdrop.red)),
          green: UInt8(backdrop.green + t * (white.green - backdrop.green)),
          blue: UInt8(backdrop.blue + t * (white.blue - backdrop.blue)))
      }
    }
    func analysis(keepingTint: Bool) throws -> PaletteAnalysis {
      try analyse(
        buffer,
        parameters {
          $0[.backgroundSuppression] = true
          $0[.deepShadows] = true
          $0[.backdropTint] = keepingTint
        })
    }
    let product = 22 * 16
    let off = try analysis(keepingTint: false)
    #expect(off.samples - off.background < product / 2, "the fill takes the product in")
    let on = try analysis(keepingTint: true)
    #expect(on.samples - on.background >= product)
    // The product's white (the original families call it silver below v 0.9).
    let top = try #require(on.colors.first)
    #expect(top.s < 0.1 && top.v >= 0.8, "\(top)")
  }

  // MARK: thin outlines

  /// A white appliance under the backdrop's warm light: its body is the backdrop's colour,
  /// parted from it by a one-pixel outline that falls between the samples (every fourth
  /// pixel), with a small black display on the body.
  func applianceWithThinOutline() -> PixelBuffer {
    let warm = Pixel(red: 224, green: 214, blue: 200)
    var buffer = PixelBuffer(width: 40, height: 40, fill: warm)
    fill(&buffer, 9..<31, 9..<31, Pixel(red: 120, green: 114, blue: 106))
    fill(&buffer, 10..<30, 10..<30, warm)
    fill(&buffer, 15..<18, 15..<18, Pixel(red: 10, green: 10, blue: 10))
    return buffer
  }

  @Test func thinOutlinesKeepAProductAsWarmAsItsBackdropWithinItsOutline() throws {
    let buffer = applianceWithThinOutline()
    func parameters(thinOutlines: Bool) -> AnalysisParameters {
      var p = deepShadows
      p.granularity = 4
      p[.neutralGreys] = true
      p[.thinOutlines] = thinOutlines
      return p
    }
    let off = try analyse(buffer, parameters(thinOutlines: false))
    #expect(off.samples - off.background == 1, "the fill steps over the outline")
    #expect(off.colors.first?.v == 0)
    let on = try analyse(buffer, parameters(thinOutlines: true))
    // The body's 5 × 5 samples, the display's one among them; the body's light colour wins.
    #expect(on.samples - on.background == 25)
    let top = try #require(on.colors.first)
    #expect(top.v >= 0.8, "\(top)")
    // A kept grid reads the pixels between its samples from its own links, on all four sides
    // of the outline, and gives the same.
    let kept = buffer.withView { SampleGrid($0, step: 4) }
    #expect(try PaletteAnalyzer(parameters: parameters(thinOutlines: true)).analyze(kept) == on)
  }

  @Test func aGridWithoutItsLinksAnalysesAsWithoutThinOutlines() throws {
    // Without thin outlines nothing reads the pixels between the samples.
    let buffer = applianceWithThinOutline()
    var p = deepShadows
    p.granularity = 4
    let analyzer = try PaletteAnalyzer(parameters: p)
    let (direct, bare) = buffer.withView {
      (analyzer.analyze($0), SampleGrid($0, step: 4, links: false))
    }
    #expect(bare.byteCount == 4 * 10 * 10)
    #expect(analyzer.analyze(bare) == direct)
  }

  // MARK: scene prior

  /// A scene: a wall of grey, tan and dark-grey stripes that fills the frame (its border is
  /// not one colour, so there is no backdrop), with a smaller red product in the centre.
  func redProductInAScene() -> PixelBuffer {
    let stripes = [
      Pixel(red: 128, green: 128, blue: 128), Pixel(red: 150, green: 140, blue: 120),
      Pixel(red: 70, green: 70, blue: 70),
    ]
    var buffer = PixelBuffer(width: 60, height: 60)
    for x in 0..<60 { for y in 0..<60 { buffer[x, y] = stripes[x / 4 % 3] } }
    fill(&buffer, 24..<36, 20..<40, Pixel(red: 200, green: 30, blue: 30))
    return buffer
  }

  @Test func scenePriorFindsTheFramedProduct() throws {
    let buffer = redProductInAScene()
    let off = try analyse(buffer, parameters { $0[.backgroundSuppression] = true })
    let on = try analyse(
      buffer,
      parameters {
        $0[.backgroundSuppression] = true
        $0[.scenePrior] = true
      })
    #expect(off.background == 0)
    #expect(off.colors.first?.family != .red)
    #expect(on.colors.first?.family == .red)
  }

  @Test func scenePriorLeavesStudioShotsAlone() throws {
    var buffer = PixelBuffer(width: 40, height: 40)
    fill(&buffer, 16..<24, 16..<24, .red)
    fill(&buffer, 2..<6, 2..<6, .blue)
    let plain = try analyse(buffer, parameters { $0[.backgroundSuppression] = true })
    let prior = try analyse(
      buffer,
      parameters {
        $0[.backgroundSuppression] = true
        $0[.scenePrior] = true
      })
    #expect(prior.colors.map(\.bin) == plain.colors.map(\.bin))
    #expect(prior.colors.map(\.weight) == plain.colors.map(\.weight))
  }

  // MARK: skin

  static let skin = Pixel(red: 224, green: 172, blue: 140)
  static let garment = Pixel(red: 190, green: 20, blue: 30)

  @Test func skinNextToAGarmentGivesWayToTheGarment() throws {
    // On a white backdrop: 300 skin samples (weight 1 + 4 × 0.375 = 2.5 each) beat 150 red ones
    // (4.6 each) until skin is damped.
    var buffer = PixelBuffer(width: 40, height: 40)
    fill(&buffer, 5..<20, 5..<25, Self.skin)
    fill(&buffer, 20..<35, 5..<15, Self.garment)
    let off = try analyse(buffer, parameters { $0[.backgroundSuppression] = true })
    let on = try analyse(
      buffer,
      parameters {
        $0[.backgroundSuppression] = true
        $0[.skinSuppression] = true
      })
    #expect(off.colors.first?.family != .red)
    #expect(on.colors.first?.family == .red)
  }

  @Test func aProductSizedSkinToneRegionIsTheProduct() throws {
    // A beige coat filling most of the frame is skin-coloured, but too large to be skin: damped,
    // it would lose to the blue.
    var buffer = PixelBuffer(
      width: 30, height: 30, fill: Pixel(red: 255, green: 255, blue: 255, alpha: 127))
    fill(&buffer, 0..<30, 0..<20, Self.skin)
    fill(&buffer, 0..<30, 20..<30, Pixel(red: 40, green: 90, blue: 200))
    let on = try analyse(buffer, parameters { $0[.skinSuppression] = true })
    #expect(on.colors.first?.bin == PaletteAnalyzer.reference.bin(red: 224, green: 172, blue: 140))
  }

  /// A light-grey backdrop with two skin regions (a person: face and arm) or one (a
  /// skin-toned product), and a white garment of 150 samples.
  func personOrProduct(skinRegions: Int) -> PixelBuffer {
    var buffer = PixelBuffer(width: 40, height: 40, fill: Pixel(red: 214, green: 214, blue: 214))
    if skinRegions == 2 {
      fill(&buffer, 5..<20, 5..<15, Self.skin)
      fill(&buffer, 5..<20, 17..<27, Self.skin)
    } else {
      fill(&buffer, 5..<20, 5..<25, Self.skin)
    }
    fill(&buffer, 20..<35, 5..<15, Pixel(red: 250, green: 250, blue: 250))
    return buffer
  }

  @Test func skinWithoutPriorityGivesWayToAWhiteGarment() throws {
    // 300 damped skin samples (0.3 × 2.5 = 0.75 each) still beat 150 white ones (1 each)
    // while skin keeps its saturation bonus; without it they weigh 0.3.
    let buffer = personOrProduct(skinRegions: 2)
    func analysis(plainSkin: Bool) throws -> PaletteAnalysis {
      try analyse(
        buffer,
        parameters {
          $0[.backgroundSuppression] = true
          $0[.skinSuppression] = true
          $0[.skinWithoutPriority] = plainSkin
        })
    }
    let off = try analysis(plainSkin: false)
    let on = try analysis(plainSkin: true)
    #expect(off.colors.first?.bin == PaletteAnalyzer.reference.bin(red: 224, green: 172, blue: 140))
    // The product's white (the original families call it silver below v 0.9).
    let top = try #require(on.colors.first)
    #expect(top.s < 0.1 && top.v >= 0.8, "\(top)")
    #expect(on.skin == 300)
  }

  @Test func keptColoursWeighSkinWithoutPriorityApartWhateverThePriority() throws {
    // The live wall keeps a photo's colours weighed and bins them again under a new priority.
    // The person's skin must stay without priority: 300 samples of 0.3 (90) against the
    // white garment's 150; given the bonus at priority 9 they would weigh 394.
    let p = parameters {
      $0[.backgroundSuppression] = true
      $0[.skinSuppression] = true
      $0[.skinWithoutPriority] = true
    }
    var higher = p
    higher.saturationPriority = 9
    let (kept, tuned) = (
      try PaletteAnalyzer(parameters: p), try PaletteAnalyzer(parameters: higher)
    )
    let grid = personOrProduct(skinRegions: 2).withView { SampleGrid($0, step: 1) }
    let weighed = kept.weighedColours(grid, marks: kept.backdropMarks(in: grid))
    let analysis = tuned.analyze(weighed)
    let top = try #require(analysis.colors.first)
    #expect(top.s < 0.1 && top.v >= 0.8, "\(top)")
    #expect(analysis.skin == 300)
    #expect(analysis.colors.map(\.hex) == tuned.analyze(grid).colors.map(\.hex))
  }

  @Test func oneSkinToneRegionOnAStudioBackdropKeepsItsPriority() throws {
    // One region is no person: a tan product, damped like skin but with its bonus.
    let p = parameters {
      $0[.backgroundSuppression] = true
      $0[.skinSuppression] = true
      $0[.skinWithoutPriority] = true
    }
    let product = try analyse(personOrProduct(skinRegions: 1), p)
    #expect(
      product.colors.first?.bin == PaletteAnalyzer.reference.bin(red: 224, green: 172, blue: 140))
    #expect(product.skin == 0)
  }

  // MARK: garment prior

  @Test func aTitleNamesTheGarment() {
    #expect(ProductHint(title: "Women's skirt").wornOn == .lowerBody)
    #expect(ProductHint(title: "T shirts woman t shirt").wornOn == .upperBody)
    #expect(ProductHint(title: "Jeans man jeans").wornOn == .lowerBody)
    #expect(ProductHint(title: "Cap").wornOn == .head)
    #expect(ProductHint(title: "Summer dresses").wornOn == .wholeBody)
    #expect(ProductHint(title: "2 slice toaster").wornOn == nil)
    #expect(ProductHint(title: "Toaster", productType: "Apparel > Shorts").wornOn == .lowerBody)
  }

  @Test func anImageSharedByProductsTakesTheFirstProductsTitle() {
    let tankTop = ProductHint(title: "Tank top")
    #expect(
      ProductHint.ofFirst([(id: "b", title: "Shorts"), (id: "a", title: "Tank top")]) == tankTop)
    #expect(
      ProductHint.ofFirst([(id: "a", title: "Tank top"), (id: "b", title: "Shorts")]) == tankTop)
    // An empty first title is no hint: the next title is another product's.
    #expect(ProductHint.ofFirst([(id: "b", title: "Shorts"), (id: "a", title: "")]) == nil)
    #expect(ProductHint.ofFirst([(id: String, title: String)]()) == nil)
  }

  @Test func garmentPriorWeighsTheRowsOfTheTitledGarment() throws {
    // A person (a head at the top, arms beside the top), a navy top over red shorts of equal
    // size: the title decides.
    var buffer = PixelBuffer(
      width: 20, height: 40, fill: Pixel(red: 255, green: 255, blue: 255, alpha: 127))
    fill(&buffer, 6..<14, 0..<6, Self.skin)
    fill(&buffer, 0..<2, 8..<16, Self.skin)
    fill(&buffer, 18..<20, 8..<16, Self.skin)
    fill(&buffer, 2..<18, 8..<22, Pixel(red: 20, green: 30, blue: 110))
    fill(&buffer, 2..<18, 24..<38, Pixel(red: 200, green: 25, blue: 25))
    let p = parameters {
      $0[.skinSuppression] = true
      $0[.garmentPrior] = true
    }
    let top = try analyse(buffer, p, hint: ProductHint(title: "Tank top"))
    let shorts = try analyse(buffer, p, hint: ProductHint(title: "Shorts"))
    let none = try analyse(buffer, p)
    #expect(top.colors.first?.family == .navy)
    #expect(shorts.colors.first?.family == .red)
    #expect(none.colors.first?.family == .red)
  }

  @Test func oneWeighingServesEverySettingOfTheForegroundPriors() throws {
    // The live wall weighs a photo's colours once per backdrop and bins them under whatever
    // priors the page asks: a person in a navy top over red shorts, on a backdrop of stripes
    // (a scene: no one colour at the border) and on a transparent one (a cut-out).
    var scene = PixelBuffer(width: 20, height: 40)
    for x in 0..<20 {
      for y in 0..<40 {
        scene[x, y] =
          (x + y) % 3 == 0
          ? Pixel(red: 90, green: 140, blue: 60) : Pixel(red: 200, green: 190, blue: 120)
      }
    }
    let cutOut = PixelBuffer(
      width: 20, height: 40, fill: Pixel(red: 255, green: 255, blue: 255, alpha: 127))
    func person(on backdrop: PixelBuffer) -> PixelBuffer {
      var buffer = backdrop
      fill(&buffer, 6..<14, 0..<6, Self.skin)
      fill(&buffer, 0..<2, 8..<16, Self.skin)
      fill(&buffer, 18..<20, 8..<16, Self.skin)
      fill(&buffer, 2..<18, 8..<22, Pixel(red: 20, green: 30, blue: 110))
      fill(&buffer, 2..<18, 24..<38, Pixel(red: 200, green: 25, blue: 25))
      return buffer
    }
    let hint = ProductHint(title: "Tank top")
    var sceneChanged = false
    for buffer in [person(on: scene), person(on: cutOut), personOrProduct(skinRegions: 2)] {
      let grid = buffer.withView { SampleGrid($0, step: 1) }
      let kept = try PaletteAnalyzer(
        parameters: parameters {
          $0[.backgroundSuppression] = true
          $0.mergeDistance = 12
        })
      let marks = kept.backdropMarks(in: grid)
      let weighed = kept.weighedColours(grid, marks: marks, hint: hint)
      var results: [[String]] = []
      for setting in 0..<16 {
        let analyzer = try PaletteAnalyzer(
          parameters: parameters {
            $0[.backgroundSuppression] = true
            $0.mergeDistance = 12
            $0[.scenePrior] = setting & 1 != 0
            $0[.skinSuppression] = setting & 2 != 0
            $0[.skinWithoutPriority] = setting & 4 != 0
            $0[.garmentPrior] = setting & 8 != 0
          })
        #expect(
          analyzer.weighingParameters(for: grid.outline, hint: hint, marks: marks)
            == kept.weighingParameters(for: grid.outline, hint: hint, marks: marks))
        let run = analyzer.analyze(grid, hint: hint)
        #expect(sameButForRounding(analyzer.analyze(weighed), run), "setting \(setting)")
        results.append(run.colors.map(\.hex))
      }
      // The priors change this photo's colours, or the comparisons above prove little.
      #expect(Set(results).count > 1)
      if results[1] != results[0] { sceneChanged = true }
    }
    #expect(sceneChanged)
  }

  // MARK: merging and dark hues

  @Test func mergingJoinsOneSurfaceSplitByABinEdge() throws {
    // A green split between hue bins 0.33 and 0.34 (ΔE about 2), 10 samples each, against 15
    // blue ones: merged, the green wins with both halves' weight.
    let column =
      Array(repeating: Pixel(red: 40, green: 200, blue: 41), count: 10)
      + Array(repeating: Pixel(red: 40, green: 200, blue: 42), count: 10)
      + Array(repeating: Pixel(red: 30, green: 60, blue: 220), count: 15)
    let buffer = image(columns: [column])
    let off = try analyse(buffer, parameters { _ in })
    let on = try analyse(buffer, parameters { $0.mergeDistance = 12 })
    #expect(off.colors.first?.family == .blue)
    #expect(on.colors.first?.family == .green)
    #expect(on.colors.count == 2)
    #expect(on.colors.first?.weight == off.colors[1].weight + off.colors[2].weight)
  }

  @Test func darkHuesKeepADampedNavyNavy() throws {
    // Navy at v 0.14: damping files every sample as neutral, so its bin is black.
    let buffer = image(columns: [Array(repeating: Pixel(red: 8, green: 12, blue: 36), count: 10)])
    let off = try analyse(buffer, parameters { $0[.darkPixelDamping] = true })
    let on = try analyse(
      buffer,
      parameters {
        $0[.darkPixelDamping] = true
        $0[.darkHues] = true
      })
    #expect(off.colors.first?.s == 0)
    let navy = try #require(on.colors.first)
    #expect(abs(navy.h - 0.6429) < 0.001)
    #expect(navy.s > 0.7)
    #expect(navy.bin == off.colors.first?.bin)
  }

  @Test func theReferenceLeavesEveryNewStepOff() {
    let p = AnalysisParameters.reference
    #expect(!p[.deepShadows] && !p[.scenePrior] && !p[.skinSuppression] && !p[.garmentPrior])
    #expect(p.mergeDistance == 0 && !p[.darkHues])
    let product = Preset.product.parameters
    #expect(product[.deepShadows] && product[.scenePrior] && product[.skinSuppression])
    #expect(product.mergeDistance == 12 && product[.darkHues] && product[.garmentPrior])
    #expect(!p[.skinWithoutPriority] && !p[.shopperFamilies] && !p[.backdropTint])
    #expect(product[.skinWithoutPriority] && product[.shopperFamilies] && product[.backdropTint])
    #expect(!p[.thinOutlines] && product[.thinOutlines])
    #expect(!p[.meanSaturation] && product[.meanSaturation])
    #expect(!p[.neutralSurface] && product[.neutralSurface])
  }
}

extension PaletteAnalyzer {
  static let reference = try! PaletteAnalyzer(parameters: AnalysisParameters(granularity: 1))
}
