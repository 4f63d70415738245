import Foundation
public import HuewallColorWords

/// The family of a colour named from its samples' mean rather than its bin's centre, where
/// the two disagree in a way the labelled shops back.
///
/// A bin is 0.2 wide in saturation and value: an olive skirt, a khaki-green jacket, a mauve top
/// and a navy tee shot dark all sit in neutral bins, and their centres are grey, white or
/// black. Their samples' mean in CIELAB still has the chroma and the hue angle that people name
/// them by. The boxes on HSV stay the first word. Where the box lies in a band of hue whose
/// families the XKCD survey's names decide (blue or purple, purple or pink, yellow or green, red
/// or brown), the name nearest the mean decides, not the one nearest the bin's centre. Elsewhere
/// the mean overrides the box only in these moves:
/// - a black whose mean has a navy's chroma and hue angle is navy;
/// - a light neutral whose mean has a warm hue angle and some chroma is beige (a cream);
/// - a neutral or pink colour whose mean is chromatic and of a purple hue angle is purple
///   (mauve, lilac, plum); not a blue, whose most vivid (#0000ff) has a hue angle of 306°;
/// - a neutral, yellow, brown or beige colour whose mean is chromatic and of a green hue angle
///   is green (olive, khaki-green, sage); gold keeps its box, being a material;
/// - a light green whose mean lies on the yellow side of the survey's line is yellow (lemon);
/// - a beige or gold colour whose mean is light and of a yellow's chroma and hue angle is yellow
///   (a pastel or mustard yellow whose bin's centre is pale or dull): the survey's names of hue
///   angles 80° to green's with chroma from 30 are mostly yellows from lightness 75 on (43 of
///   62 names; the rest beiges, golds and oranges), and half of them below (12 of 24, beside
///   beiges and browns).
///
/// A colour the moves or the box file beige is white where the survey's nearest white or beige
/// name is a white: its off-white, eggshell and ivory lie where a warm light colour of little
/// chroma is a cream to the beige move.
///
/// Where green begins is read off the XKCD survey's names (``NamedColours``), not fitted:
/// below lightness 80 its green names start at a hue angle of 101° and its yellow, brown and
/// beige names end near 100°; from 80 on its greens start at 115° and its yellows end at 116°.
/// The other thresholds are data (`Resources/mean-colour-families.json`), fitted on the
/// labelled photos of ten shops; `scripts/refit-mean-colour-families` refits them and scores
/// them leave-one-source-out. A refit moves a threshold from its drawn value only where at
/// least two shops gain by it: the moves one shop alone asked for lost 11 of the 650 photos
/// held out.
public struct MeanColourFamilies: Sendable, Hashable, Codable {
  /// From this chroma a colour's mean is chromatic.
  public var neutralChroma: Double
  /// Up to this hue angle (degrees, CIELAB) a mean is green.
  public var greenTo: Double
  /// The hue angles of purple: from, up to (a refit may cross them, and then the move takes no
  /// colour).
  public var purpleFrom: Double
  public var purpleTo: Double
  /// From this chroma a black's mean of a navy hue angle is navy.
  public var navyChroma: Double
  /// From this chroma and this lightness a neutral's warm mean is beige.
  public var beigeChroma: Double
  public var beigeLightness: Double
  /// From this chroma and this lightness a beige or gold mean of a yellow hue angle is yellow.
  public var yellowChroma: Double
  public var yellowLightness: Double

  /// The hue angles of a navy black (blue to violet).
  static let navyHues = 250.0..<310.0
  /// From this hue angle a light neutral's mean may be beige (up to where green begins).
  static let beigeFrom = 50.0
  /// From this hue angle a light beige or gold mean may be yellow (up to where green begins).
  static let yellowFrom = 80.0
  /// From this lightness the survey's line between yellow and green lies at
  /// ``lightGreenFrom``, below it at ``greenFrom``.
  static let lightLightness = 80.0
  static let greenFrom = 100.0
  static let lightGreenFrom = 115.0

  public init(
    neutralChroma: Double, greenTo: Double, purpleFrom: Double, purpleTo: Double,
    navyChroma: Double, beigeChroma: Double, beigeLightness: Double, yellowChroma: Double,
    yellowLightness: Double
  ) {
    self.neutralChroma = neutralChroma
    self.greenTo = greenTo
    self.purpleFrom = purpleFrom
    self.purpleTo = purpleTo
    self.navyChroma = navyChroma
    self.beigeChroma = beigeChroma
    self.beigeLightness = beigeLightness
    self.yellowChroma = yellowChroma
    self.yellowLightness = yellowLightness
  }

  /// Where a refit starts: values chosen before any photo was scored (chroma 6 for a colour a
  /// person calls coloured, purple from 305° to 345°, green up to 200°, the survey's light
  /// yellows from chroma 30 and lightness 75), so that a refit moves a value only for a gain
  /// that two shops share.
  public static let drawn = MeanColourFamilies(
    neutralChroma: 6, greenTo: 200, purpleFrom: 305, purpleTo: 345, navyChroma: 8,
    beigeChroma: 8, beigeLightness: 60, yellowChroma: 30, yellowLightness: 75)

  /// The thresholds shipped with Huewall.
  public static let shipped: MeanColourFamilies = ShippedResource.json(
    "mean-colour-families", folder: "Resources", in: .module)

  /// The family of a colour filed `drawn` by its bin of hue `hue` (turns) whose samples' mean
  /// is `mean` (sRGB channels, 0…255). Where the survey's names decide the band of hue the bin
  /// lies in, the name nearest the mean decides (``ColorFamily/named(_:hue:rgb:)``); the
  /// moves, which stand in for those names elsewhere, name the rest.
  public func family(_ drawn: ColorFamily, hue: Double, mean: SIMD3<Double>) -> ColorFamily {
    let bytes = mean.rounded(.toNearestOrAwayFromZero).clamped(
      lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 255))
    if let named = ColorFamily.named(
      drawn, hue: hue, rgb: (UInt8(bytes.x), UInt8(bytes.y), UInt8(bytes.z)))
    {
      return named
    }
    let lab = Lab(red: mean.x, green: mean.y, blue: mean.z)
    let byMoves = moved(drawn, lab: lab)
    return byMoves == .beige ? Self.whiteOrBeige(lab) : byMoves
  }

  /// The survey's names of whites and beiges: an off-white (#ffffe4), eggshell or ivory is
  /// white to the people who named them, a pale (#fff9d0), putty or beige is beige.
  static let whitesAndBeiges = NamedColourTable.survey.entries.filter {
    $0.family == .white || $0.family == .beige
  }

  /// White where the survey's nearest white or beige name is a white: a warm off-white shirt
  /// lit a little grey has a cream's hue angle and chroma, and yet its nearest name is
  /// "off white", not "pale" or "beige".
  static func whiteOrBeige(_ lab: Lab) -> ColorFamily {
    NamedColourTable.nearest(to: lab, among: whitesAndBeiges)?.family == .white ? .white : .beige
  }

  /// The family the mean's moves give, before the survey's whites take back an off-white.
  private func moved(_ drawn: ColorFamily, lab: Lab) -> ColorFamily {
    let chroma = (lab.a * lab.a + lab.b * lab.b).squareRoot()
    var angle = atan2(lab.b, lab.a) * 180 / .pi
    if angle < 0 { angle += 360 }
    let neutral = [ColorFamily.black, .white, .grey, .silver].contains(drawn)
    let chromatic = chroma >= neutralChroma
    let light = lab.l >= Self.lightLightness
    let greenBegins = light ? Self.lightGreenFrom : Self.greenFrom
    if drawn == .black && chroma >= navyChroma && Self.navyHues.contains(angle) {
      return .navy
    }
    if neutral && chroma >= beigeChroma && lab.l >= beigeLightness && angle >= Self.beigeFrom
      && angle < greenBegins
    {
      return .beige
    }
    if drawn == .beige || drawn == .gold, chroma >= yellowChroma, lab.l >= yellowLightness,
      angle >= Self.yellowFrom && angle < greenBegins
    {
      return .yellow
    }
    if chromatic && angle >= purpleFrom && angle < purpleTo && (neutral || drawn == .pink) {
      return .purple
    }
    if chromatic && angle >= greenBegins && angle < greenTo
      && (neutral || [.yellow, .brown, .beige].contains(drawn))
    {
      return .green
    }
    if drawn == .green && chromatic && light && angle < Self.lightGreenFrom { return .yellow }
    return drawn
  }
}
