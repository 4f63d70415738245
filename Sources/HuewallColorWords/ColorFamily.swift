import Foundation

/// The shopping colour families a colour is filed under, modelled on the colour values of
/// Shopify's Standard Product Taxonomy.
public enum ColorFamily: String, Sendable, CaseIterable, Codable {
  case black, white, grey, silver, beige, brown, red, orange, yellow, gold, green, blue, navy,
    purple, pink
  /// A product whose top colours belong to several chromatic families; never a single colour's.
  case multicolour

  /// The family a person or a file names: case and surrounding spaces ignored, and `gray` and
  /// `multicolor` read as Huewall's spellings; nil for any other word.
  public init?(name: String) {
    let name = name.trimmingCharacters(in: .whitespaces).lowercased()
    self.init(rawValue: ["gray": "grey", "multicolor": "multicolour"][name] ?? name)
  }

  /// The family as a storefront or a feed shows it: `Navy`, `Multicolour`.
  public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

  /// Black, white, grey and silver: families of lightness alone, which count towards no
  /// multicolour and which vendors' names do not teach (``FamilyCalibration``).
  public var isAchromatic: Bool {
    switch self {
    case .black, .white, .grey, .silver: true
    default: false
    }
  }

  /// The colour that stands for the family where no product shows one: a decision without a
  /// hex in a catalogue without any colour of the family, and the page's family chips. Each
  /// lies inside its family's region by both boundaries; nil for multicolour, which is no one
  /// colour.
  public var swatch: String? {
    switch self {
    case .black: "#1a1a1a"
    case .white: "#fafafa"
    case .grey: "#808080"
    case .silver: "#c0c0c0"
    case .beige: "#e3d3b0"
    case .brown: "#7b4a2b"
    case .red: "#c62828"
    case .orange: "#ef6c00"
    case .yellow: "#fdd835"
    case .gold: "#c9a227"
    case .green: "#2e7d32"
    case .blue: "#1e6fd9"
    case .navy: "#1b2a4a"
    case .purple: "#6a1b9a"
    case .pink: "#f06292"
    case .multicolour: nil
    }
  }

  /// Which boundaries file a colour.
  public enum Regions: Sendable, Hashable {
    /// The first boundaries, drawn by hand on HSV.
    case original
    /// Boundaries checked against how people name product colours
    /// (``AnalysisParameters/shopperFamilies``).
    case shopper
  }

  /// The family of a colour given as h (turns, 0…1), s and v (0…1), by the original
  /// boundaries.
  public init(h: Double, s: Double, v: Double) {
    self.init(h: h, s: s, v: v, regions: .original)
  }

  /// The family of a colour given as h (turns, 0…1), s and v (0…1).
  ///
  /// Every region is stated here and nowhere else; the rules are checked in order, so each
  /// line only has to separate what the lines above left. Degrees are h × 360.
  public init(h: Double, s: Double, v: Double, regions: Regions) {
    let degrees = (h - h.rounded(.down)) * 360
    switch regions {
    case .original:
      self =
        switch (degrees, s, v) {
        case (_, ..<0.5, ..<0.30), (_, _, ..<0.15): .black
        case (_, ..<0.15, 0.90...): .white
        case (_, ..<0.15, 0.70...): .silver
        case (_, ..<0.15, _): .grey
        case (20..<65, ..<0.45, 0.65...): .beige
        case (10..<45, _, ..<0.70): .brown
        case (..<12, ..<0.5, 0.75...), (345..., ..<0.5, 0.75...): .pink
        case (..<12, _, _), (345..., _, _): .red
        case (..<38, _, _): .orange
        case (..<55, _, ..<0.88): .gold
        case (..<68, _, _): .yellow
        case (..<165, _, _): .green
        case (200..<255, _, ..<0.50): .navy
        case (..<255, _, _): .blue
        case (..<290, _, _): .purple
        case (_, _, ..<0.55): .purple
        default: .pink
        }
    case .shopper:
      self.init(h: h, s: s, v: v, shopper: .drawn)
    }
  }

  /// The family of a colour by the shopper boundaries drawn with `boundaries`' thresholds:
  /// ``ShopperBoundaries/drawn`` files every colour; others refit them to scored photos.
  public init(h: Double, s: Double, v: Double, shopper b: ShopperBoundaries) {
    self.init(h: h, s: s, v: v, shopper: b, withoutName: nil)
  }

  /// The same, with the survey's name `withoutName` (if any) left out of the named bands:
  /// how a colour is filed when its own name is not there to decide it.
  init(h: Double, s: Double, v: Double, shopper b: ShopperBoundaries, withoutName: String?) {
    let degrees = (h - h.rounded(.down)) * 360
    // A colour is neutral by its chroma (s × v), not its saturation: a warm steel in the
    // shade (s 0.18, v 0.5) is grey while a pale pink shirt (s 0.18, v 0.95) is pink.
    let neutral = s * v < b.neutralChroma
    // The boxes; within the bands of ``NamedBand/all``, ``asNamed`` then lets the nearest
    // named colour decide between the families they draw there.
    let drawn: ColorFamily =
      switch (degrees, s, v) {
      case (_, ..<0.5, ..<b.blackValue), (_, _, ..<0.15): .black
      case _ where neutral && v >= b.whiteValue: .white
      case _ where neutral && v >= b.silverValue: .silver
      case _ where neutral: .grey
      case (20..<65, ..<b.beigeSaturation, b.beigeValue...): .beige
      case (10..<45, _, ..<b.brownValue): .brown
      // Pale and light warm reds are pink, and so are the light bluish reds of hot pink.
      case (..<20, ..<0.5, b.pinkValue...), (345..., ..<0.5, b.pinkValue...),
        (345..<352, ..<0.8, b.pinkValue...):
        .pink
      case (..<12, _, _), (345..., _, _): .red
      case (..<38, _, _): .orange
      case (..<55, _, ..<0.88): .gold
      // A dark yellow is olive, which shoppers file as green.
      case (55..<68, _, ..<0.70): .green
      case (..<68, _, _): .yellow
      case (..<173, _, _): .green
      // Navy is the darkest blue: people still call marine, prussian or twilight blue
      // (v 0.42–0.48 in the XKCD colour survey) blue.
      case (200..<255, _, ..<b.navyValue): .navy
      case (..<255, _, _): .blue
      case (..<290, _, _): .purple
      // A dark bluish red is burgundy, a red.
      case (330..., _, ..<0.55): .red
      case (_, _, ..<0.55): .purple
      default: .pink
      }
    self = Self.asNamed(
      drawn, degrees: degrees, h: h, s: s, v: v, paleYellowSaturation: b.paleYellowSaturation,
      withoutName: withoutName)
  }

  /// The shopper boundaries where the XKCD survey's names (``NamedColourTable/survey``) show
  /// that boxes on HSV split what people see as one family:
  /// - in the bands of ``NamedBand/all`` (blue or purple, purple or pink, yellow or green, red
  ///   or brown), the nearest named colour decides;
  /// - a pale colour from 45° on is yellow, not beige, once its saturation reaches 0.35: the
  ///   retail naming levels of colornamer file the survey's pale yellows there (#fff599 is
  ///   "soft yellow"), while the palest (cream, the survey's beige, s ≈ 0.25) stay beige.
  ///
  /// Gold keeps its box: a metallic gold (#c7a428) lies nearer the survey's yellow names than
  /// its gold ones; gold is a material, which no colour alone tells apart.
  static func asNamed(
    _ drawn: ColorFamily, degrees: Double, h: Double, s: Double, v: Double,
    paleYellowSaturation: Double, withoutName: String? = nil
  ) -> ColorFamily {
    if drawn == .beige && degrees >= 45 && s >= paleYellowSaturation { return .yellow }
    guard let band = NamedBand.deciding(drawn, degrees: degrees) else { return drawn }
    let rgb = rgb(h: h, s: s, v: v)
    guard let withoutName else {
      return DecidedFamilies.shared.family(of: rgb, band: band) ?? drawn
    }
    let names = NamedBand.all[band].names.filter { $0.name != withoutName }
    return NamedBand.family(of: rgb, among: names) ?? drawn
  }

  /// Families that each hold at least this share make a product multicolour when there are
  /// three or more of them.
  public static let multicolourShare = 0.12

  /// The family of a product whose heaviest colour is filed `heaviest` and whose colours'
  /// families hold `shares` of its weight: the one multicolour rule. Multicolour when three or
  /// more chromatic families each hold at least ``multicolourShare``; by the shopper
  /// boundaries, navy counts as blue (the lit and shaded sides of one pair of jeans are not two
  /// colours) and a family holding half keeps the product (a red dress's shading spreads over
  /// red, pink and purple, yet it is red).
  public static func ofProduct(
    heaviest: ColorFamily, shares: [ColorFamily: Double], regions: Regions
  ) -> ColorFamily {
    var merged = shares
    if regions == .shopper, let navy = merged.removeValue(forKey: .navy) {
      merged[.blue, default: 0] += navy
    }
    if regions == .shopper, (shares.values.max() ?? 0) >= 0.5 { return heaviest }
    let strongChromatic = merged.filter { family, share in
      share >= multicolourShare && !family.isAchromatic
    }
    return strongChromatic.count >= 3 ? .multicolour : heaviest
  }

  /// Below this chroma (s × v) the shopper boundaries call a colour neutral.
  public static let neutralChroma = ShopperBoundaries.drawn.neutralChroma

  /// Whether the shopper boundaries call a colour of this saturation and value neutral.
  public static func isNeutral(s: Double, v: Double) -> Bool { s * v < neutralChroma }
}

/// The thresholds of the shopper boundaries that were chosen on scored photos, apart from
/// the rules, so that `huewall-lab evaluate` can refit them on some shops and score them on
/// another (leave-one-source-out): a threshold that only holds for the photos it was chosen
/// on shows there as a loss.
public struct ShopperBoundaries: Sendable, Hashable {
  /// Below this value a colour of saturation under 0.5 is black.
  public var blackValue = 0.25
  /// Below this chroma (s × v) a colour is neutral: white, silver or grey by its value.
  public var neutralChroma = 0.1
  /// From this value a neutral colour is white.
  public var whiteValue = 0.85
  /// From this value a neutral colour below white is silver.
  public var silverValue = 0.70
  /// Below this saturation, and from ``beigeValue``, a colour of 20°–65° is beige.
  public var beigeSaturation = 0.5
  /// From this value a pale colour of 20°–65° is beige.
  public var beigeValue = 0.55
  /// Below this value a colour of 10°–45° is brown.
  public var brownValue = 0.70
  /// From this value a pale red is pink.
  public var pinkValue = 0.75
  /// Below this value a blue of 200°–255° is navy.
  public var navyValue = 0.45
  /// From this saturation a pale colour of 45°–65° is yellow rather than beige: the retail
  /// naming levels of colornamer file the survey's pale yellows there.
  public var paleYellowSaturation = 0.35

  public init() {}

  /// The boundaries every analysis files colours with.
  public static let drawn = ShopperBoundaries()
}
