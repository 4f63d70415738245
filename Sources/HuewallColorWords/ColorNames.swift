import Foundation

/// A human name for a colour, from the named colours of CSS (CSS Color Module Level 4, §6.1
/// "Named Colors", https://www.w3.org/TR/css-color-4/#named-colors: the X11 names as browsers
/// know them), matched in CIELAB.
///
/// Distances are CIEDE2000 (ΔE₀₀), not CIE76: the named colours are sparse, and the plain
/// Euclidean ΔE of CIE76 overstates differences of saturated colours and bends blues towards
/// purple, so that a saturated royal blue comes out nearer a violet name than a blue one.
/// CIEDE2000's weights for lightness, chroma and hue (and its rotation term in the blue region)
/// follow what people see; its cost does not matter here, since ``name(ofHex:)`` keeps what it
/// found for each hex, and the analysis's bins give a few thousand distinct hexes at most.
public struct ColorNames: Sendable {
  /// One named colour.
  public struct Entry: Sendable, Equatable {
    /// The CSS keyword (`darkslategrey`).
    public var keyword: String
    /// The name as a storefront shows it (`Dark Slate Grey`).
    public var name: String
    public var rgb: (r: UInt8, g: UInt8, b: UInt8)
    public var lab: Lab

    public static func == (a: Entry, b: Entry) -> Bool {
      a.keyword == b.keyword && a.name == b.name && a.rgb == b.rgb
    }
  }

  /// The colours a name can be given from: the CSS list less ``aliases`` (the same colour
  /// under a second keyword), so that each colour has one name.
  public let entries: [Entry]

  public init() {
    entries = Self.table.split(separator: "\n").compactMap { line -> Entry? in
      let fields = line.split(separator: "|")
      guard fields.count == 3, let rgb = Self.rgb(hex: "#" + fields[2]) else { return nil }
      let keyword = String(fields[0])
      guard !Self.aliases.contains(keyword) else { return nil }
      return Entry(
        keyword: keyword, name: String(fields[1]), rgb: rgb, lab: Lab(r: rgb.r, g: rgb.g, b: rgb.b))
    }
  }

  /// The nearest named colour to `lab` by ΔE₀₀, and the distance; the first of the list wins
  /// a tie.
  public func nearest(to lab: Lab) -> (entry: Entry, deltaE: Double) {
    let nearest = nearestIndex(to: lab, among: entries)!
    return (entries[nearest.index], nearest.distance)
  }

  /// The name of a `#rrggbb` colour, nil when `hex` is not one.
  public func name(ofHex hex: String) -> String? {
    guard let rgb = Self.rgb(hex: hex) else { return nil }
    return nearest(to: Lab(r: rgb.r, g: rgb.g, b: rgb.b)).entry.name
  }

  /// The red, green and blue of `#rrggbb` (case ignored), nil for anything else.
  public static func rgb(hex: String) -> (r: UInt8, g: UInt8, b: UInt8)? {
    let digits = hex.utf8
    guard digits.count == 7, digits.first == UInt8(ascii: "#"),
      digits.dropFirst().allSatisfy({
        ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102)
      }),
      let value = UInt32(hex.dropFirst(), radix: 16)
    else { return nil }
    return (UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff))
  }

  /// Keywords of the CSS list that name a colour a keyword before them names too
  /// (`darkgray` = `darkgrey`, `cyan` = `aqua`, `magenta` = `fuchsia`): Huewall writes "grey",
  /// as its families do.
  public static let aliases: Set<String> = [
    "cyan", "magenta", "darkgray", "darkslategray", "dimgray", "gray", "lightgray",
    "lightslategray", "slategray",
  ]

  /// CSS Color Module Level 4, §6.1 Named Colors (W3C Candidate Recommendation): all 148
  /// keywords with their sRGB values, in the specification's order, and the name Huewall shows
  /// for each (the keyword split into words).
  static let table = """
    aliceblue|Alice Blue|f0f8ff
    antiquewhite|Antique White|faebd7
    aqua|Aqua|00ffff
    aquamarine|Aquamarine|7fffd4
    azure|Azure|f0ffff
    beige|Beige|f5f5dc
    bisque|Bisque|ffe4c4
    black|Black|000000
    blanchedalmond|Blanched Almond|ffebcd
    blue|Blue|0000ff
    blueviolet|Blue Violet|8a2be2
    brown|Brown|a52a2a
    burlywood|Burlywood|deb887
    cadetblue|Cadet Blue|5f9ea0
    chartreuse|Chartreuse|7fff00
    chocolate|Chocolate|d2691e
    coral|Coral|ff7f50
    cornflowerblue|Cornflower Blue|6495ed
    cornsilk|Cornsilk|fff8dc
    crimson|Crimson|dc143c
    cyan|Cyan|00ffff
    darkblue|Dark Blue|00008b
    darkcyan|Dark Cyan|008b8b
    darkgoldenrod|Dark Goldenrod|b8860b
    darkgray|Dark Gray|a9a9a9
    darkgreen|Dark Green|006400
    darkgrey|Dark Grey|a9a9a9
    darkkhaki|Dark Khaki|bdb76b
    darkmagenta|Dark Magenta|8b008b
    darkolivegreen|Dark Olive Green|556b2f
    darkorange|Dark Orange|ff8c00
    darkorchid|Dark Orchid|9932cc
    darkred|Dark Red|8b0000
    darksalmon|Dark Salmon|e9967a
    darkseagreen|Dark Sea Green|8fbc8f
    darkslateblue|Dark Slate Blue|483d8b
    darkslategray|Dark Slate Gray|2f4f4f
    darkslategrey|Dark Slate Grey|2f4f4f
    darkturquoise|Dark Turquoise|00ced1
    darkviolet|Dark Violet|9400d3
    deeppink|Deep Pink|ff1493
    deepskyblue|Deep Sky Blue|00bfff
    dimgray|Dim Gray|696969
    dimgrey|Dim Grey|696969
    dodgerblue|Dodger Blue|1e90ff
    firebrick|Firebrick|b22222
    floralwhite|Floral White|fffaf0
    forestgreen|Forest Green|228b22
    fuchsia|Fuchsia|ff00ff
    gainsboro|Gainsboro|dcdcdc
    ghostwhite|Ghost White|f8f8ff
    gold|Gold|ffd700
    goldenrod|Goldenrod|daa520
    gray|Gray|808080
    green|Green|008000
    greenyellow|Green Yellow|adff2f
    grey|Grey|808080
    honeydew|Honeydew|f0fff0
    hotpink|Hot Pink|ff69b4
    indianred|Indian Red|cd5c5c
    indigo|Indigo|4b0082
    ivory|Ivory|fffff0
    khaki|Khaki|f0e68c
    lavender|Lavender|e6e6fa
    lavenderblush|Lavender Blush|fff0f5
    lawngreen|Lawn Green|7cfc00
    lemonchiffon|Lemon Chiffon|fffacd
    lightblue|Light Blue|add8e6
    lightcoral|Light Coral|f08080
    lightcyan|Light Cyan|e0ffff
    lightgoldenrodyellow|Light Goldenrod Yellow|fafad2
    lightgray|Light Gray|d3d3d3
    lightgreen|Light Green|90ee90
    lightgrey|Light Grey|d3d3d3
    lightpink|Light Pink|ffb6c1
    lightsalmon|Light Salmon|ffa07a
    lightseagreen|Light Sea Green|20b2aa
    lightskyblue|Light Sky Blue|87cefa
    lightslategray|Light Slate Gray|778899
    lightslategrey|Light Slate Grey|778899
    lightsteelblue|Light Steel Blue|b0c4de
    lightyellow|Light Yellow|ffffe0
    lime|Lime|00ff00
    limegreen|Lime Green|32cd32
    linen|Linen|faf0e6
    magenta|Magenta|ff00ff
    maroon|Maroon|800000
    mediumaquamarine|Medium Aquamarine|66cdaa
    mediumblue|Medium Blue|0000cd
    mediumorchid|Medium Orchid|ba55d3
    mediumpurple|Medium Purple|9370db
    mediumseagreen|Medium Sea Green|3cb371
    mediumslateblue|Medium Slate Blue|7b68ee
    mediumspringgreen|Medium Spring Green|00fa9a
    mediumturquoise|Medium Turquoise|48d1cc
    mediumvioletred|Medium Violet Red|c71585
    midnightblue|Midnight Blue|191970
    mintcream|Mint Cream|f5fffa
    mistyrose|Misty Rose|ffe4e1
    moccasin|Moccasin|ffe4b5
    navajowhite|Navajo White|ffdead
    navy|Navy|000080
    oldlace|Old Lace|fdf5e6
    olive|Olive|808000
    olivedrab|Olive Drab|6b8e23
    orange|Orange|ffa500
    orangered|Orange Red|ff4500
    orchid|Orchid|da70d6
    palegoldenrod|Pale Goldenrod|eee8aa
    palegreen|Pale Green|98fb98
    paleturquoise|Pale Turquoise|afeeee
    palevioletred|Pale Violet Red|db7093
    papayawhip|Papaya Whip|ffefd5
    peachpuff|Peach Puff|ffdab9
    peru|Peru|cd853f
    pink|Pink|ffc0cb
    plum|Plum|dda0dd
    powderblue|Powder Blue|b0e0e6
    purple|Purple|800080
    rebeccapurple|Rebecca Purple|663399
    red|Red|ff0000
    rosybrown|Rosy Brown|bc8f8f
    royalblue|Royal Blue|4169e1
    saddlebrown|Saddle Brown|8b4513
    salmon|Salmon|fa8072
    sandybrown|Sandy Brown|f4a460
    seagreen|Sea Green|2e8b57
    seashell|Seashell|fff5ee
    sienna|Sienna|a0522d
    silver|Silver|c0c0c0
    skyblue|Sky Blue|87ceeb
    slateblue|Slate Blue|6a5acd
    slategray|Slate Gray|708090
    slategrey|Slate Grey|708090
    snow|Snow|fffafa
    springgreen|Spring Green|00ff7f
    steelblue|Steel Blue|4682b4
    tan|Tan|d2b48c
    teal|Teal|008080
    thistle|Thistle|d8bfd8
    tomato|Tomato|ff6347
    turquoise|Turquoise|40e0d0
    violet|Violet|ee82ee
    wheat|Wheat|f5deb3
    white|White|ffffff
    whitesmoke|White Smoke|f5f5f5
    yellow|Yellow|ffff00
    yellowgreen|Yellow Green|9acd32
    """
}

/// ``ColorNames`` with what it found kept by hex, for an export that names the same few
/// thousand bin colours over and over. Not shared between threads.
package final class ColorNamer {
  package let names: ColorNames
  private var found: [String: String] = [:]

  package init(names: ColorNames = ColorNames()) { self.names = names }

  /// The name of `hex` (`#rrggbb`), or nil when it is not one.
  package func name(ofHex hex: String) -> String? {
    let key = hex.lowercased()
    if let name = found[key] { return name }
    guard let name = names.name(ofHex: key) else { return nil }
    found[key] = name
    return name
  }
}
