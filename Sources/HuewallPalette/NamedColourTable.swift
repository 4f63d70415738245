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
  /// Trimmed without Foundation, whose trimming cost more than a small photo's analysis: every
  /// process reads the table before its first family.
  private static func entry(line: Substring) -> Entry? {
    let fields = line.split(separator: "|").map { field in
      field.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
    }.map { String($0) }
    guard fields.count == 3, fields[1].utf8.count == 7, fields[1].first == "#",
      let value = UInt32(fields[1].dropFirst(), radix: 16),
      let family = ColorFamily(rawValue: fields[2])
    else { return nil }
    let lab = Lab(r: UInt8(value >> 16), g: UInt8(value >> 8 & 0xff), b: UInt8(value & 0xff))
    return Entry(name: fields[0], hex: fields[1], family: family, lab: lab)
  }

  /// The named colour nearest `lab` by CIEDE2000 among those filed in `families`.
  public func nearest(to lab: Lab, in families: Set<ColorFamily>) -> Entry? {
    Self.nearest(to: lab, among: entries.filter { families.contains($0.family) })
  }

  /// The colour nearest `lab` by CIEDE2000 of `candidates`, the first of equally near ones.
  static func nearest(to lab: Lab, among candidates: [Entry]) -> Entry? {
    var best: Entry?
    var bestDistance = Double.infinity
    for entry in candidates {
      let distance = Lab.deltaE2000(lab, entry.lab)
      if distance < bestDistance {
        best = entry
        bestDistance = distance
      }
    }
    return best
  }
}

extension ColorFamily {
  /// Blue or purple for a colour in the band where HSV hue cannot tell them apart, by the
  /// nearest named colour of either (navy counts as blue). Kept per colour: the bins of a
  /// catalogue give a few thousand distinct colours at most.
  static func blueOrPurple(h: Double, s: Double, v: Double) -> ColorFamily {
    let rgb = Self.rgb(h: h, s: s, v: v)
    let key = UInt32(rgb.r) << 16 | UInt32(rgb.g) << 8 | UInt32(rgb.b)
    if let known = decided.withLock({ $0[key] }) { return known }
    let nearest = NamedColours.nearest(
      to: Lab(r: rgb.r, g: rgb.g, b: rgb.b), among: bluesAndPurples)
    let family: ColorFamily = nearest?.family == .purple ? .purple : .blue
    decided.withLock { $0[key] = family }
    return family
  }

  private static let decided = Mutex<[UInt32: ColorFamily]>([:])

  /// The survey's blues, purples and navies, in the survey's order: picked once, not on every
  /// colour the band decides.
  private static let bluesAndPurples = NamedColours.survey.entries.filter {
    [.blue, .purple, .navy].contains($0.family)
  }

  /// sRGB of h (turns), s and v (0…1) as bytes.
  static func rgb(h: Double, s: Double, v: Double) -> (r: UInt8, g: UInt8, b: UInt8) {
    let c = DominantColor.rgb(h: h, s: s, v: v)
    return (UInt8(c.red), UInt8(c.green), UInt8(c.blue))
  }
}
