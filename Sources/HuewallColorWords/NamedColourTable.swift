import Foundation
import Synchronization

/// A table of named colours placed in CIELAB, searched by CIEDE2000. Two tables are read:
/// ``survey``, the XKCD colour survey's names, each filed in the family its name states (how
/// people name colours, as data, for the places where boxes on HSV cannot follow them), and
/// ``css``, the named colours of CSS, which give a colour its human name in the exports.
///
/// HSV hue is not what people see: a desaturated violet-blue (#503d99, h 252°) reads purple
/// while a vivid blue of the same hue reads blue. CIELAB with CIEDE2000 follows that, so
/// within a contested band of hue the nearest named colour decides.
///
/// Distances are CIEDE2000 (ΔE₀₀), not CIE76: the named colours are sparse, and the plain
/// Euclidean ΔE of CIE76 overstates differences of saturated colours and bends blues towards
/// purple, so that a saturated royal blue comes out nearer a violet name than a blue one.
public struct NamedColourTable: Sendable {
  /// One named colour.
  public struct Entry: Sendable, Equatable {
    /// The name as people wrote it (`acid green`) or as a storefront shows it
    /// (`Dark Slate Grey`).
    public var name: String
    /// The CSS keyword (`darkslategrey`); nil in the survey.
    public var keyword: String?
    /// `#rrggbb` in lowercase.
    public var hex: String
    /// The family the survey's name states; nil in the CSS table, which files none.
    public var family: ColorFamily?
    public var lab: Lab

    public init(
      name: String, keyword: String? = nil, hex: String, family: ColorFamily? = nil, lab: Lab
    ) {
      self.name = name
      self.keyword = keyword
      self.hex = hex
      self.family = family
      self.lab = lab
    }

    /// The entry for `hex`, placed in CIELAB; nil when `hex` is not `#rrggbb`.
    init?(name: String, keyword: String? = nil, hex: String, family: ColorFamily? = nil) {
      guard let rgb = NamedColourTable.rgb(hex: hex) else { return nil }
      self.init(
        name: name, keyword: keyword, hex: hex, family: family,
        lab: Lab(r: rgb.r, g: rgb.g, b: rgb.b))
    }

    /// The red, green and blue of ``hex``.
    public var rgb: (r: UInt8, g: UInt8, b: UInt8) { NamedColourTable.rgb(hex: hex)! }
  }

  public let entries: [Entry]

  /// The entries of `table`'s lines, three fields each, read by `entry`.
  private init(table: String, entry: ([String]) -> Entry?) {
    entries = table.split(separator: "\n").compactMap { line in
      let fields = Self.fields(of: line)
      return fields.count == 3 ? entry(fields) : nil
    }
  }

  /// The XKCD survey's colours as `scripts/make-named-colours` filed them (`name|#rrggbb|family`).
  public static let survey = NamedColourTable(table: surveyTable) { fields in
    ColorFamily(rawValue: fields[2]).flatMap { Entry(name: fields[0], hex: fields[1], family: $0) }
  }

  /// The colours a name can be given from: the CSS list (`keyword|Name|rrggbb`) less
  /// ``cssAliases`` (the same colour under a second keyword), so that each colour has one
  /// name.
  public static let css = NamedColourTable(table: cssTable) { fields in
    guard !cssAliases.contains(fields[0]) else { return nil }
    return Entry(name: fields[1], keyword: fields[0], hex: "#" + fields[2])
  }

  /// The fields of one line, `a|b|c`, spaces around a field left out. Read as bytes, without
  /// Foundation: every process reads the survey before its first family, and Foundation's
  /// trimming took longer than a small photo's analysis.
  private static func fields(of line: Substring) -> [String] {
    line.utf8.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false).map { field in
      let space = UInt8(ascii: " ")
      guard let first = field.firstIndex(where: { $0 != space }),
        let last = field.lastIndex(where: { $0 != space })
      else { return "" }
      return String(line[first...last])
    }
  }

  /// The nearest named colour to `lab` by ΔE₀₀, and the distance; the first of the table wins
  /// a tie.
  public func nearest(to lab: Lab) -> (entry: Entry, deltaE: Double) {
    let nearest = Self.nearestIndex(to: lab, among: entries)!
    return (entries[nearest.index], nearest.distance)
  }

  /// The named colour nearest `lab` by CIEDE2000 among those filed in `families`.
  public func nearest(to lab: Lab, in families: Set<ColorFamily>) -> Entry? {
    Self.nearest(to: lab, among: entries.filter { $0.family.map(families.contains) ?? false })
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

  /// The colour nearest `lab` by CIEDE2000 of `candidates`, the first of equally near ones.
  public static func nearest(to lab: Lab, among candidates: [Entry]) -> Entry? {
    nearestIndex(to: lab, among: candidates).map { candidates[$0.index] }
  }

  /// CIEDE2000's S_L at its largest (L̄ at 0 or 100: 1.747), rounded up.
  static let maxLightnessWeight = 1.75

  /// The index of the colour nearest `lab` by CIEDE2000 of `candidates`, the first of equally
  /// near ones, and its distance; nil when there are none.
  ///
  /// A candidate whose lightness alone puts it farther than the nearest so far is skipped:
  /// CIEDE2000 is at least |ΔL| / S_L, and S_L is at most ``maxLightnessWeight`` (the other
  /// terms add up to no less than 0, as |R_T| ≤ 2), so the result is a full search's. The
  /// search starts from the nearest candidate by CIE76, so most names are skipped.
  static func nearestIndex(to lab: Lab, among candidates: [Entry]) -> (
    index: Int, distance: Double
  )? {
    guard !candidates.isEmpty else { return nil }
    let seed = candidates.indices.min {
      candidates[$0].lab.distanceSquared(to: lab) < candidates[$1].lab.distanceSquared(to: lab)
    }!
    var best = seed
    var bestDistance = Lab.deltaE2000(lab, candidates[seed].lab)
    for index in candidates.indices where index != seed {
      let entry = candidates[index].lab
      guard abs(entry.l - lab.l) <= maxLightnessWeight * bestDistance else { continue }
      let distance = Lab.deltaE2000(lab, entry)
      if distance < bestDistance || distance == bestDistance && index < best {
        best = index
        bestDistance = distance
      }
    }
    return (best, bestDistance)
  }
}

/// A band of hue where boxes on HSV split what people see as one family: there the nearest
/// named colour of the survey (CIEDE2000, as a colour's name is chosen) decides between the
/// band's families.
struct NamedBand: Sendable {
  /// The band, in degrees of hue.
  let degrees: Range<Double>
  /// The families the boxes file there that the band decides again.
  let refiles: Set<ColorFamily>
  /// The survey's names of the families the band chooses among, in the survey's order: picked
  /// once, not on every colour the band decides.
  let names: [NamedColourTable.Entry]

  init(degrees: Range<Double>, refiles: Set<ColorFamily>, among families: Set<ColorFamily>) {
    self.degrees = degrees
    self.refiles = refiles
    names = NamedColourTable.survey.entries.filter { $0.family.map(families.contains) ?? false }
  }

  /// Every band, none overlapping another.
  static let all = [
    // A lavender (#a6a3cc) or blue-violet (#503d99) is purple, a vivid royal blue of the
    // same hue stays blue.
    NamedBand(degrees: 173..<290, refiles: [.blue, .purple], among: [.blue, .navy, .purple]),
    // A violet-leaning magenta (#9e43a2 "medium purple", #a00498) is purple, a hot pink
    // pink. It stops where the boxes' burgundy begins: a dark raspberry (#990f49) has a red's
    // name nearest, which no name of this band would give.
    NamedBand(degrees: 290..<330, refiles: [.purple, .pink], among: [.purple, .pink]),
    // A greenish yellow (#cdfd02) is yellow, a yellowish green (#b6c406, "baby puke green")
    // green.
    NamedBand(degrees: 55..<80, refiles: [.yellow, .green], among: [.yellow, .green]),
    // A rust red (#aa2704) is red, a reddish brown (#6e1005 "reddy brown") brown: the boxes
    // cut them at a hue (12°), people by how brown they look.
    NamedBand(degrees: 0..<20, refiles: [.red, .brown], among: [.red, .brown]),
  ]

  /// The index in ``all`` of the band that decides a colour the boxes file as `drawn` at
  /// `degrees`, if any.
  static func deciding(_ drawn: ColorFamily, degrees: Double) -> Int? {
    all.firstIndex { $0.refiles.contains(drawn) && $0.degrees.contains(degrees) }
  }

  /// The family of the name nearest `rgb` among `names` (navy counts as blue: how dark a
  /// blue must be to be navy is the boxes' to say).
  static func family(of rgb: (r: UInt8, g: UInt8, b: UInt8), among names: [NamedColourTable.Entry])
    -> ColorFamily?
  {
    let nearest = NamedColourTable.nearest(to: Lab(r: rgb.r, g: rgb.g, b: rgb.b), among: names)
    return nearest?.family.map { $0 == .navy ? .blue : $0 }
  }
}

/// The families the bands decided, by band and colour, so that each colour is searched for
/// once: the bins' centres of a catalogue give a few thousand distinct colours at most, and its
/// reported colours' means (``ColorFamily/named(_:hue:rgb:)``) one each at most. A large
/// catalogue, or a server that analyses with ever new parameters, meets more; past ``limit``
/// the table starts over.
final class DecidedFamilies: Sendable {
  /// The most colours kept.
  let limit: Int
  private let families = Mutex<[UInt32: ColorFamily]>([:])

  init(limit: Int) { self.limit = limit }

  /// The one every analysis uses (100,000 colours: a few megabytes).
  static let shared = DecidedFamilies(limit: 100_000)

  /// How many colours are kept now.
  var count: Int { families.withLock { $0.count } }

  /// The family the band at `index` of ``NamedBand/all`` gives `rgb`.
  func family(of rgb: (r: UInt8, g: UInt8, b: UInt8), band index: Int) -> ColorFamily? {
    let key = UInt32(index) << 24 | UInt32(rgb.r) << 16 | UInt32(rgb.g) << 8 | UInt32(rgb.b)
    if let known = families.withLock({ $0[key] }) { return known }
    let family = NamedBand.family(of: rgb, among: NamedBand.all[index].names)
    if let family {
      families.withLock { families in
        if families.count >= limit { families.removeAll(keepingCapacity: true) }
        families[key] = family
      }
    }
    return family
  }
}

extension ColorFamily {
  /// `family`, filed by a box of hue `hue` (turns), decided again where that hue lies in a
  /// band of ``NamedBand/all``: by the survey's name nearest `rgb`, the colour's own samples'
  /// mean, rather than the box's centre, which sits up to half a bin's saturation and value
  /// away (a marine-blue dress whose bin's centre is a violet's).
  /// Nil outside every band: there the boxes and the moves of a colour's mean decide.
  public static func named(
    _ family: ColorFamily, hue: Double, rgb: (r: UInt8, g: UInt8, b: UInt8)
  ) -> ColorFamily? {
    let degrees = (hue - hue.rounded(.down)) * 360
    guard let band = NamedBand.deciding(family, degrees: degrees) else { return nil }
    return DecidedFamilies.shared.family(of: rgb, band: band) ?? family
  }

  /// sRGB of h (turns), s and v (0…1) as bytes.
  static func rgb(h: Double, s: Double, v: Double) -> (r: UInt8, g: UInt8, b: UInt8) {
    let c = hsvToRGB(h: h, s: s, v: v)
    return (UInt8(c.red), UInt8(c.green), UInt8(c.blue))
  }
}
