/// How this shop's vendors name the colours Huewall sees, learned from its own catalogue.
///
/// Most catalogues carry a vendor colour on most products. Each analysed product whose vendor
/// colour names a chromatic family is an example: its top colour, filed under the vendor's
/// family. A product's family is then the examples' family where enough of them lie near its
/// colour and agree, and the default boundaries' otherwise. A shop that calls its lavenders
/// purple gets them purple, whatever the boundaries say, and the products without a vendor
/// colour follow; where its vendors disagree among themselves, nothing changes.
///
/// Only chromatic families learn: black, white and grey are what the photo steps (the lit side,
/// the neutral surface) decide, and a vendor's "black" on a charcoal photo is no boundary.
public struct FamilyCalibration: Sendable {
  /// Examples within this CIEDE2000 distance of a colour speak for it.
  public static let radius = 10.0
  /// At least this many examples must speak, the product's own left out…
  public static let minimumExamples = 5
  /// …and at least this share of them name one family.
  public static let agreement = 0.8

  /// How many examples each family has.
  public let examples: [ColorFamily: Int]
  private let points: [Point]

  private struct Point: Sendable {
    var lab: Lab
    var counts: [ColorFamily: Int]
  }

  /// Examples as (top colour's hex, vendor's family); neutral families and unreadable hexes
  /// are left out.
  public init(examples: some Sequence<(hex: String, family: ColorFamily)>) {
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
      return Point(lab: Lab(r: rgb.r, g: rgb.g, b: rgb.b), counts: counts)
    }
  }

  /// Whether a family can be learned from vendors (a chromatic one).
  public static func learns(_ family: ColorFamily) -> Bool {
    !family.isAchromatic && family != .multicolour
  }

  /// The family the examples give a product whose top colour is `hex`, without the product's
  /// own example (`own`, its vendor's family, when it is one); nil when too few examples are
  /// near or they do not agree. `near` keeps the counts found per hex between calls.
  public func family(
    ofHex hex: String, own: ColorFamily?, near: inout [String: [ColorFamily: Int]]
  ) -> ColorFamily? {
    let key = hex.lowercased()
    var counts: [ColorFamily: Int]
    if let known = near[key] {
      counts = known
    } else {
      guard let rgb = NamedColourTable.rgb(hex: key) else { return nil }
      counts = neighbours(of: Lab(r: rgb.r, g: rgb.g, b: rgb.b))
      near[key] = counts
    }
    if let own, Self.learns(own), let count = counts[own] {
      counts[own] = count - 1
    }
    let total = counts.values.reduce(0, +)
    guard total >= Self.minimumExamples,
      let (family, count) = counts.max(by: {
        $0.value < $1.value || ($0.value == $1.value && $0.key.rawValue > $1.key.rawValue)
      }),
      Double(count) >= Self.agreement * Double(total)
    else { return nil }
    return family
  }

  /// The examples within ``radius`` of `lab`, by family. CIE76 first rules out what is far
  /// beyond any CIEDE2000 radius (the two differ most for saturated colours, by about 5×).
  private func neighbours(of lab: Lab) -> [ColorFamily: Int] {
    let farSquared = (Self.radius * 6) * (Self.radius * 6)
    var counts: [ColorFamily: Int] = [:]
    for point in points where point.lab.distanceSquared(to: lab) <= farSquared {
      guard Lab.deltaE2000(point.lab, lab) <= Self.radius else { continue }
      for (family, count) in point.counts { counts[family, default: 0] += count }
    }
    return counts
  }
}
