import Foundation

/// How this shop's vendors name the colours Huewall sees, learned from its own catalogue.
///
/// Most catalogues carry a vendor colour on most products. Each analysed product whose vendor
/// colour names a chromatic family is an example: its top colour, filed under the vendor's
/// family. A product's family is then the family its nearest examples agree on, and the
/// default boundaries' where too few lie near or they disagree. A shop that calls its salmons
/// orange gets them orange, whatever the boundaries say, and the products without a vendor
/// colour follow; where its vendors disagree among themselves, nothing changes.
///
/// A colour is placed by its samples' mean where the analysis measured one (the product's own
/// colour), and by its bin's centre otherwise: two salmons of one bin differ in their means,
/// and the shop's words follow the finer one.
///
/// Only chromatic families learn: black, white and grey are what the photo steps (the lit side,
/// the neutral surface) decide, and a vendor's "black" on a charcoal photo is no boundary.
public struct FamilyCalibration: Sendable {
  /// How many examples, how near and how much in agreement speak for a colour: fitted on the
  /// labelled photos (`Lexicon/family-calibration.json`, `scripts/refit-family-calibration`).
  public struct Rule: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The examples nearest a colour speak for it, this many… (the examples of one colour speak
    /// together: where no mean was stored, a bin's centre may hold many)
    public var nearest: Int
    /// …within this CIEDE2000 distance;
    public var radius: Double
    /// at least this many must speak, the product's own left out…
    public var minimumExamples: Int
    /// …and at least this share of them name one family.
    public var agreement: Double

    public init(nearest: Int, radius: Double, minimumExamples: Int, agreement: Double) {
      self.nearest = nearest
      self.radius = radius
      self.minimumExamples = minimumExamples
      self.agreement = agreement
    }

    public var description: String {
      let radius = self.radius.rounded() == self.radius ? "\(Int(self.radius))" : "\(self.radius)"
      let speaking = nearest == .max ? "every example" : "the \(nearest) nearest"
      return "\(speaking) within ΔE00 \(radius), at least \(minimumExamples) speaking, "
        + "\(Int((agreement * 100).rounded())) % agreeing"
    }

    /// The rule shipped with Huewall.
    public static let shipped: Rule = ShippedResource.json(
      "family-calibration", folder: "Lexicon", in: .module)
  }

  /// The examples near a colour, nearest first; kept per colour between calls.
  public typealias Neighbourhoods = [String: [Neighbour]]

  /// One colour among the examples, with its examples' families.
  public struct Neighbour: Sendable {
    var hex: String
    var distance: Double
    var counts: [ColorFamily: Int]
  }

  public let rule: Rule
  /// How many examples each family has.
  public let examples: [ColorFamily: Int]
  private let points: [Point]
  private let grid: LabGrid

  private struct Point: Sendable {
    var hex: String
    var lab: Lab
    var counts: [ColorFamily: Int]
  }

  /// Examples as (top colour's hex, vendor's family); neutral families and unreadable hexes
  /// are left out.
  public init(
    examples: some Sequence<(hex: String, family: ColorFamily)>, rule: Rule = .shipped
  ) {
    self.rule = rule
    var byHex: [String: [ColorFamily: Int]] = [:]
    var perFamily: [ColorFamily: Int] = [:]
    for (hex, family) in examples where Self.learns(family) {
      guard NamedColourTable.rgb(hex: hex) != nil else { continue }
      byHex[hex.lowercased(), default: [:]][family, default: 0] += 1
      perFamily[family, default: 0] += 1
    }
    self.examples = perFamily
    points = byHex.sorted { $0.key < $1.key }.map { hex, counts in
      let rgb = NamedColourTable.rgb(hex: hex)!
      return Point(hex: hex, lab: Lab(r: rgb.r, g: rgb.g, b: rgb.b), counts: counts)
    }
    grid = LabGrid(points.map(\.lab))
  }

  /// Whether a family can be learned from vendors (a chromatic one).
  public static func learns(_ family: ColorFamily) -> Bool {
    !family.isAchromatic && family != .multicolour
  }

  /// The family the examples give a product whose top colour is `hex`, without the product's
  /// own example (`own`, its vendor's family, when it is one: an example of that family at this
  /// very colour); nil when too few examples are near or they do not agree. `near` keeps the
  /// examples found per hex between calls.
  public func family(ofHex hex: String, own: ColorFamily?, near: inout Neighbourhoods)
    -> ColorFamily?
  {
    let key = hex.lowercased()
    let neighbours: [Neighbour]
    if let known = near[key] {
      neighbours = known
    } else {
      guard let rgb = NamedColourTable.rgb(hex: key) else { return nil }
      neighbours = self.neighbours(of: Lab(r: rgb.r, g: rgb.g, b: rgb.b), hex: key)
      near[key] = neighbours
    }
    var counts: [ColorFamily: Int] = [:]
    var total = 0
    for neighbour in neighbours where total < rule.nearest {
      for (family, count) in neighbour.counts {
        let ownExample = neighbour.hex == key && family == own ? 1 : 0
        counts[family, default: 0] += count - ownExample
        total += count - ownExample
      }
    }
    guard total >= rule.minimumExamples,
      let (family, count) = counts.max(by: {
        $0.value < $1.value || ($0.value == $1.value && $0.key.rawValue > $1.key.rawValue)
      }),
      Double(count) >= rule.agreement * Double(total)
    else { return nil }
    return family
  }

  /// The example colours within the rule's radius of `lab`, nearest first (ties by hex, as
  /// the points are sorted), or as many of them as the rule can reach: the search starts
  /// near and widens to the radius only while too few examples lie within reach (counting
  /// the colour's own, at `hex`, one short, whichever family asks). CIE76 rules out what is
  /// far beyond any CIEDE2000 radius (the two differ most for saturated colours, by about 5×).
  private func neighbours(of lab: Lab, hex: String) -> [Neighbour] {
    let farSquared = (rule.radius * 6) * (rule.radius * 6)
    var reach = rule.radius / 8
    while true {
      reach = min(reach, rule.radius)
      var found: [(index: Int, distance: Double)] = []
      grid.forEachCandidate(near: lab, within: reach) { index in
        let point = points[index]
        guard point.lab.distanceSquared(to: lab) <= farSquared else { return }
        let distance = Lab.deltaE2000(point.lab, lab)
        if distance <= reach { found.append((index, distance)) }
      }
      found.sort { ($0.distance, $0.index) < ($1.distance, $1.index) }
      var examples = 0
      for (index, _) in found where examples < rule.nearest {
        let point = points[index]
        examples += point.counts.values.reduce(0, +) - (point.hex == hex ? 1 : 0)
      }
      if reach >= rule.radius || examples >= rule.nearest {
        return found.map {
          Neighbour(
            hex: points[$0.index].hex, distance: $0.distance, counts: points[$0.index].counts)
        }
      }
      reach *= 2
    }
  }
}
