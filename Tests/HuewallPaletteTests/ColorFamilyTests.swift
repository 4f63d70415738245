import Testing

@testable import HuewallColorWords
@testable import HuewallPalette

/// Every boundary of the family regions, from both sides. Hues in degrees.
@Suite struct ColorFamilyTests {
  func family(_ degrees: Double, _ s: Double, _ v: Double) -> ColorFamily {
    ColorFamily(h: degrees / 360, s: s, v: v)
  }

  @Test(arguments: [
    // black: dark and unsaturated, or very dark
    (220.0, 0.49, 0.29, ColorFamily.black), (220.0, 0.50, 0.29, .navy), (220.0, 0.49, 0.30, .navy),
    (220.0, 0.9, 0.14, .black), (220.0, 0.9, 0.15, .navy),
    // the neutrals, by value
    (0.0, 0.14, 0.90, .white), (0.0, 0.14, 0.89, .silver), (0.0, 0.14, 0.70, .silver),
    (0.0, 0.14, 0.69, .grey), (0.0, 0.15, 0.95, .pink),
    // beige: warm, pale, light
    (20.0, 0.3, 0.8, .beige), (19.9, 0.3, 0.8, .orange), (64.9, 0.3, 0.8, .beige),
    (65.0, 0.3, 0.8, .yellow), (40.0, 0.44, 0.8, .beige), (40.0, 0.45, 0.8, .gold),
    (40.0, 0.3, 0.65, .beige), (40.0, 0.3, 0.64, .brown),
    // brown: warm and dark
    (10.0, 0.6, 0.69, .brown), (10.0, 0.6, 0.70, .red), (9.9, 0.6, 0.5, .red),
    (44.9, 0.6, 0.5, .brown), (45.0, 0.6, 0.5, .gold),
    // red and its pale side, pink
    (11.9, 0.8, 0.8, .red), (12.0, 0.8, 0.8, .orange), (345.0, 0.8, 0.8, .red),
    (344.9, 0.8, 0.8, .pink), (0.0, 0.49, 0.75, .pink), (0.0, 0.50, 0.75, .red),
    (0.0, 0.49, 0.74, .red), (360.0, 0.8, 0.8, .red),
    // orange, gold, yellow
    (37.9, 0.8, 0.8, .orange), (38.0, 0.8, 0.8, .gold), (54.9, 0.8, 0.87, .gold),
    (54.9, 0.8, 0.88, .yellow), (55.0, 0.8, 0.8, .yellow), (67.9, 0.8, 0.8, .yellow),
    // green, blue, navy
    (68.0, 0.8, 0.8, .green), (164.9, 0.8, 0.8, .green), (165.0, 0.8, 0.8, .blue),
    (199.9, 0.8, 0.4, .blue), (200.0, 0.8, 0.4, .navy), (254.9, 0.8, 0.49, .navy),
    (254.9, 0.8, 0.50, .blue), (255.0, 0.8, 0.4, .purple),
    // purple and pink
    (289.9, 0.8, 0.8, .purple), (290.0, 0.8, 0.8, .pink), (290.0, 0.8, 0.54, .purple),
    (290.0, 0.8, 0.55, .pink),
  ])
  func boundary(degrees: Double, s: Double, v: Double, expected: ColorFamily) {
    #expect(family(degrees, s, v) == expected, "h \(degrees)° s \(s) v \(v)")
  }

  /// The shopper boundaries, where they differ from the original ones.
  @Test(arguments: [
    // black up to v 0.25 (the rule a person judges black by)
    (220.0, 0.4, 0.24, ColorFamily.black), (220.0, 0.4, 0.26, .navy), (0.0, 0.0, 0.26, .grey),
    // neutral by chroma s × v < 0.1: a shaded warm steel is grey, a pale pink shirt pink
    (36.0, 0.19, 0.5, .grey), (36.0, 0.21, 0.5, .brown), (350.0, 0.18, 0.95, .pink),
    (0.0, 0.1, 0.99, .white), (0.0, 0.12, 0.90, .pink),
    // white from v 0.85 (a white product's lit side), silver from 0.70
    (0.0, 0.05, 0.85, .white), (0.0, 0.05, 0.84, .silver), (0.0, 0.05, 0.69, .grey),
    // beige to s 0.5 and down to v 0.55
    (25.0, 0.49, 0.6, .beige), (25.0, 0.5, 0.6, .brown), (25.0, 0.4, 0.54, .brown),
    // pink: pale warm reds to 20°, and light hot pink to 352° below s 0.8
    (16.0, 0.4, 0.8, .pink), (16.0, 0.5, 0.8, .orange), (346.0, 0.79, 0.8, .pink),
    (346.0, 0.8, 0.8, .red), (352.0, 0.6, 0.9, .red), (346.0, 0.6, 0.74, .red),
    // navy below v 0.45, a darker blue than by the original boundaries (0.50)
    (220.0, 0.8, 0.44, .navy), (220.0, 0.8, 0.45, .blue),
    // olive is green, a bright yellow stays yellow (from 55° to 80° by the nearest named
    // colour: #b3b324 is the survey's "mustard green")
    (60.0, 0.8, 0.5, .green), (60.0, 0.8, 0.7, .green), (60.0, 0.8, 0.9, .yellow),
    // green to 173° (0.48 turns)
    (172.9, 0.5, 0.7, .green), (173.0, 0.5, 0.7, .blue),
    // burgundy is red, a dark plum purple
    (335.0, 0.9, 0.4, .red), (329.9, 0.9, 0.4, .purple), (335.0, 0.9, 0.6, .pink),
  ])
  func shopperBoundary(degrees: Double, s: Double, v: Double, expected: ColorFamily) {
    #expect(
      ColorFamily(h: degrees / 360, s: s, v: v, regions: .shopper) == expected,
      "h \(degrees)° s \(s) v \(v)")
  }

  @Test func oneFamilyHoldingHalfIsNotMulticolourByShopperBoundaries() {
    func analysis(_ regions: ColorFamily.Regions, _ shares: [ColorFamily: Double])
      -> PaletteAnalysis
    {
      let red = DominantColor(
        bin: HSVBin(hue: 0, saturation: 5, value: 5), h: 0, s: 1, v: 1, weight: 1, share: 0.5,
        regions: regions)
      return PaletteAnalysis(
        colors: [red], samples: 1, skipped: 0, background: 0, totalWeight: 1,
        familyShares: shares)
    }
    let shading: [ColorFamily: Double] = [.red: 0.6, .pink: 0.15, .purple: 0.13]
    #expect(analysis(.original, shading).family == .multicolour)
    #expect(analysis(.shopper, shading).family == .red)
    let print: [ColorFamily: Double] = [.red: 0.4, .blue: 0.3, .green: 0.2]
    #expect(analysis(.shopper, print).family == .multicolour)
  }

  @Test func navyAndBlueAreOneColourOfAMulticolourProductByShopperBoundaries() {
    // A white blouse over jeans whose lit side is blue and shaded side navy, with an
    // embroidered red flower: two colours, not three.
    let white = DominantColor(
      bin: HSVBin(hue: 0, saturation: 0, value: 4), h: 0, s: 0, v: 0.8, weight: 1, share: 0.3,
      litValue: 0.9, regions: .shopper)
    let jeans: [ColorFamily: Double] = [
      .silver: 0.2, .grey: 0.15, .navy: 0.14, .blue: 0.13, .red: 0.13,
    ]
    func family(_ first: DominantColor, _ shares: [ColorFamily: Double]) -> ColorFamily? {
      PaletteAnalysis(
        colors: [first], samples: 1, skipped: 0, background: 0, totalWeight: 1,
        familyShares: shares
      ).family
    }
    #expect(family(white, jeans) == .white)
    var original = white
    original.regions = .original
    #expect(family(original, jeans) == .multicolour)
    // A third hue still makes it multicolour.
    #expect(family(white, jeans.merging([.green: 0.12]) { $1 }) == .multicolour)
  }

  @Test func multicolourNeedsThreeStrongChromaticFamilies() {
    func analysis(_ shares: [ColorFamily: Double]) -> PaletteAnalysis {
      let red = DominantColor(
        bin: HSVBin(hue: 0, saturation: 5, value: 5), h: 0, s: 1, v: 1, weight: 1, share: 0.3)
      return PaletteAnalysis(
        colors: [red], samples: 1, skipped: 0, background: 0, totalWeight: 1,
        familyShares: shares)
    }
    #expect(analysis([.red: 0.3, .blue: 0.3, .green: 0.12]).family == .multicolour)
    #expect(analysis([.red: 0.3, .blue: 0.3, .green: 0.11]).family == .red)
    #expect(analysis([.red: 0.3, .blue: 0.3, .white: 0.4]).family == .red)
  }
}
