import Foundation
import Synchronization

/// The XKCD colour survey's named colours (`NamedColours.table`), each filed in the family its
/// name states: how people name colours, as data, for the places where boxes on HSV cannot
/// follow them.
///
/// HSV hue is not what people see: a desaturated violet-blue (#503d99, h 252°) reads purple
/// while a vivid blue of the same hue reads blue. CIELAB with CIEDE2000 follows that, so
/// within a contested band of hue the nearest named colour decides.
public struct NamedColours: Sendable {
  /// One named colour of the survey.
  public struct Entry: Sendable {
    public var name: String
    public var hex: String
    public var family: ColorFamily
    public var lab: Lab
  }

  public let entries: [Entry]

  /// The survey's colours as `scripts/make-named-colours` filed them.
  public static let survey = NamedColours()

  private init() {
    entries = Self.table.split(separator: "\n").compactMap(Self.entry(line:))
  }

  /// One line of the table, `name|#rrggbb|family` (spaces around a field do not count).
  /// Read as bytes, without Foundation: every process reads the table before its first
  /// family, and Foundation's trimming took longer than a small photo's analysis.
  private static func entry(line: Substring) -> Entry? {
    let fields = line.utf8.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
      .map { field in
        let space = UInt8(ascii: " ")
        guard let first = field.firstIndex(where: { $0 != space }),
          let last = field.lastIndex(where: { $0 != space })
        else { return "" }
        return String(line[first...last])
      }
    guard fields.count == 3, let rgb = ColorNames.rgb(hex: fields[1]),
      let family = ColorFamily(rawValue: fields[2])
    else { return nil }
    return Entry(
      name: fields[0], hex: fields[1], family: family, lab: Lab(r: rgb.r, g: rgb.g, b: rgb.b))
  }

  /// The named colour nearest `lab` by CIEDE2000 among those filed in `families`.
  public func nearest(to lab: Lab, in families: Set<ColorFamily>) -> Entry? {
    Self.nearest(to: lab, among: entries.filter { families.contains($0.family) })
  }

  /// The colour nearest `lab` by CIEDE2000 of `candidates`, the first of equally near ones.
  static func nearest(to lab: Lab, among candidates: [Entry]) -> Entry? {
    nearestIndex(to: lab, among: candidates).map { candidates[$0.index] }
  }

  /// CIEDE2000's S_L at its largest (L̄ at 0 or 100: 1.747), rounded up.
  static let maxLightnessWeight = 1.75
}

/// A named colour placed in CIELAB: an entry of either named table (``NamedColours``,
/// ``ColorNames``), which share one nearest search.
protocol NamedColour {
  var lab: Lab { get }
}

extension NamedColours.Entry: NamedColour {}
extension ColorNames.Entry: NamedColour {}

/// The index of the colour nearest `lab` by CIEDE2000 of `candidates`, the first of equally
/// near ones, and its distance; nil when there are none.
///
/// A candidate whose lightness alone puts it farther than the nearest so far is skipped:
/// CIEDE2000 is at least |ΔL| / S_L, and S_L is at most ``NamedColours/maxLightnessWeight``
/// (the other terms add up to no less than 0, as |R_T| ≤ 2), so the result is a full search's.
/// The search starts from the nearest candidate by CIE76, so most names are skipped.
func nearestIndex(to lab: Lab, among candidates: [some NamedColour]) -> (
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
    guard abs(entry.l - lab.l) <= NamedColours.maxLightnessWeight * bestDistance else {
      continue
    }
    let distance = Lab.deltaE2000(lab, entry)
    if distance < bestDistance || distance == bestDistance && index < best {
      best = index
      bestDistance = distance
    }
  }
  return (best, bestDistance)
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
  let names: [NamedColours.Entry]

  init(degrees: Range<Double>, refiles: Set<ColorFamily>, among families: Set<ColorFamily>) {
    self.degrees = degrees
    self.refiles = refiles
    names = NamedColours.survey.entries.filter { families.contains($0.family) }
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
  static func family(of rgb: (r: UInt8, g: UInt8, b: UInt8), among names: [NamedColours.Entry])
    -> ColorFamily?
  {
    let nearest = NamedColours.nearest(to: Lab(r: rgb.r, g: rgb.g, b: rgb.b), among: names)
    return nearest.map { $0.family == .navy ? .blue : $0.family }
  }
}

/// The families the bands decided, by band and colour, so that each colour is searched for
/// once: the bins of a catalogue give a few thousand distinct colours at most. A server that
/// analyses with ever new parameters meets more; past ``limit`` the table starts over.
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
  /// sRGB of h (turns), s and v (0…1) as bytes.
  static func rgb(h: Double, s: Double, v: Double) -> (r: UInt8, g: UInt8, b: UInt8) {
    let c = hsvToRGB(h: h, s: s, v: v)
    return (UInt8(c.red), UInt8(c.green), UInt8(c.blue))
  }
}
