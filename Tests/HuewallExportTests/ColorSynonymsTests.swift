import HuewallPalette
import Testing

@testable import HuewallColorWords
@testable import HuewallExport

@Suite struct ColorSynonymsTests {
  let synonyms = ColorSynonyms()

  @Test(arguments: [
    ("BLK", ColorFamily.black), ("BK", .black), ("Black", .black), ("space-black", .black),
    ("Space_Black", .black), ("SPACE BLACK", .black), ("NVY", .navy), ("navy blue", .navy),
    ("Navy-Blue", .navy), ("GRY", .grey), ("heather grey", .grey), ("Heather Gray", .grey),
    ("WHT", .white), ("off-white", .white), ("Off White", .white), ("ivory", .white),
    ("RED", .red), ("BLU", .blue), ("GRN", .green), ("forest-green", .green), ("GLD", .gold),
    ("SLV", .silver), ("Sand", .beige), ("cream", .beige), ("BRN", .brown), ("PRP", .purple),
    ("Blush", .pink), ("Tangerine", .orange), ("Multi", .multicolour), ("teal", .blue),
    ("Crème", .beige), ("  black  ", .black),
  ])
  func defaults(code: String, family: ColorFamily) {
    #expect(synonyms.family(of: code) == family, "\(code)")
  }

  @Test func normalisationIgnoresCaseSpacesDashesUnderscoresAndAccents() {
    #expect(ColorSynonyms.normalise("Space_Black") == "spaceblack")
    #expect(ColorSynonyms.normalise(" Off-White ") == "offwhite")
    #expect(ColorSynonyms.normalise("CRÈME") == "creme")
    #expect(ColorSynonyms.normalise("-_ ") == "")
  }

  @Test func unknownCodesHaveNoFamily() {
    #expect(synonyms.family(of: "Sunshine") == nil)
    #expect(synonyms.family(of: "001") == nil)
    #expect(synonyms.family(of: "") == nil)
    #expect(synonyms.family(of: "GR") == nil)  // green or grey: ambiguous, left out
  }

  @Test func compoundCodesUseTheirLastKnownWordAndFirstPart() {
    #expect(synonyms.family(of: "Dark Forest Green") == .green)
    #expect(synonyms.family(of: "Midnight Sunshine") == .navy)
    #expect(synonyms.family(of: "Sunshine-Yellow") == .yellow)
    #expect(synonyms.family(of: "Navy/White") == .navy)
    #expect(synonyms.family(of: "Sunshine / Black") == .black)
    #expect(synonyms.family(of: "Rose Gold") == .gold)
  }

  @Test func extraCodesAddAndOverride() {
    let extended = ColorSynonyms(extra: ["Sunshine": .yellow, "sand": .brown, "ZZ-9": .purple])
    #expect(extended.family(of: "SUNSHINE") == .yellow)
    #expect(extended.family(of: "Sand") == .brown)
    #expect(extended.family(of: "zz 9") == .purple)
    #expect(extended.family(of: "BLK") == .black)
  }

  /// Each default sits in the family its usual colour falls in under ColorFamily's regions.
  @Test(arguments: [
    ("cream", 0xFF_FD_D0), ("ivory", 0xFF_FF_F0), ("teal", 0x00_80_80), ("navy", 0x1F_2A_4D),
    ("burgundy", 0x80_00_20), ("maroon", 0x80_00_00), ("coral", 0xFF_7F_50),
    ("camel", 0xC1_9A_6B), ("mauve", 0xE0_B0_FF), ("magenta", 0xFF_00_FF), ("silver", 0xC0_C0_C0),
    ("turquoise", 0x40_E0_D0), ("chocolate", 0x7B_3F_00), ("mustard", 0xFF_DB_58),
  ])
  func defaultsAgreeWithTheHSVRegions(code: String, rgb: Int) {
    let r = Double(rgb >> 16 & 0xFF)
    let g = Double(rgb >> 8 & 0xFF)
    let b = Double(rgb & 0xFF)
    let maxC = max(r, g, b)
    let minC = min(r, g, b)
    let d = maxC - minC
    var h = 0.0
    if d > 0 {
      h = maxC == r ? (g - b) / d : maxC == g ? (b - r) / d + 2 : (r - g) / d + 4
      if h < 0 { h += 6 }
      h /= 6
    }
    let family = ColorFamily(h: h, s: maxC == 0 ? 0 : d / maxC, v: maxC / 255)
    #expect(synonyms.family(of: code) == family, "\(code)")
  }

  @Test func disagreement() {
    #expect(!familiesDisagree(vendor: .black, analysed: .black, colorFamilies: [.black]))
    #expect(familiesDisagree(vendor: .black, analysed: .navy, colorFamilies: [.navy]))
    #expect(!familiesDisagree(vendor: nil, analysed: .navy, colorFamilies: [.navy]))
    #expect(!familiesDisagree(vendor: .navy, analysed: nil, colorFamilies: []))
    // Multicolour agrees with any family among the product's colours, and with multicolour.
    #expect(
      !familiesDisagree(vendor: .red, analysed: .multicolour, colorFamilies: [.blue, .red, .green]))
    #expect(
      familiesDisagree(vendor: .pink, analysed: .multicolour, colorFamilies: [.blue, .red, .green]))
    #expect(!familiesDisagree(vendor: .multicolour, analysed: .multicolour, colorFamilies: [.blue]))
    #expect(familiesDisagree(vendor: .multicolour, analysed: .blue, colorFamilies: [.blue]))
  }
}
