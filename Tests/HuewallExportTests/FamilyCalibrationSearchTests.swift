import Foundation
import Testing

@testable import HuewallColorWords

/// A large catalogue's examples are searched through a grid of CIELAB cells; these check the
/// grid against looking at every example.
@Suite("Finding a colour's nearest examples")
struct FamilyCalibrationSearchTests {
  /// A repeatable stream of numbers (SplitMix64), so that a failure can be replayed.
  struct Numbers {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
    mutating func hex() -> String {
      String(format: "#%02x%02x%02x", byte(), byte(), byte())
    }
    /// A colour near `hex`: each channel moved by up to `spread` levels.
    mutating func hex(near hex: String, spread: Int) -> String {
      let rgb = NamedColourTable.rgb(hex: hex)!
      func moved(_ channel: UInt8) -> Int {
        min(255, max(0, Int(channel) + Int(next() % UInt64(2 * spread + 1)) - spread))
      }
      return String(format: "#%02x%02x%02x", moved(rgb.r), moved(rgb.g), moved(rgb.b))
    }
  }

  static func lab(_ hex: String) -> Lab {
    let rgb = NamedColourTable.rgb(hex: hex)!
    return Lab(r: rgb.r, g: rgb.g, b: rgb.b)
  }

  @Test("the grid never leaves out a colour within reach, and passes over most of the rest")
  func gridKeepsEveryColourWithinReach() {
    var numbers = Numbers(state: 7)
    let labs = (0..<3000).map { _ in Self.lab(numbers.hex()) }
    let grid = LabGrid(labs)
    var visitedShare: [Double: [Double]] = [:]
    for _ in 0..<200 {
      let query = Self.lab(numbers.hex())
      for reach in [0.5, 2, 5, 15, 40] {
        var candidates = Set<Int>()
        grid.forEachCandidate(near: query, within: reach) { candidates.insert($0) }
        let within = labs.indices.filter { Lab.deltaE2000(labs[$0], query) <= reach }
        #expect(Set(within).isSubset(of: candidates), "reach \(reach)")
        visitedShare[reach, default: []].append(Double(candidates.count) / Double(labs.count))
      }
    }
    let meanShare = visitedShare.mapValues { $0.reduce(0, +) / Double($0.count) }
    #expect(meanShare[2]! < 0.1, "at ΔE00 2 the grid visits \(meanShare[2]!) of the colours")
    #expect(meanShare[0.5]! < meanShare[2]!)
  }

  @Test("the bound each colour is checked against never exceeds the distance itself")
  func boundIsBelowTheDistance() {
    var numbers = Numbers(state: 3)
    // Random pairs, and pairs near each other: greys, blues (where R_T is largest), saturated.
    var pairs: [(String, String)] = (0..<20_000).map { _ in (numbers.hex(), numbers.hex()) }
    for _ in 0..<20_000 {
      let hex = numbers.hex()
      pairs.append((hex, numbers.hex(near: hex, spread: 10)))
    }
    for centre in ["#808080", "#2030c0", "#3050ff", "#ff2010", "#10ff20", "#fafafa", "#050505"] {
      for _ in 0..<2_000 { pairs.append((centre, numbers.hex(near: centre, spread: 24))) }
    }
    var tightest = 0.0
    for (x, y) in pairs {
      let (labX, labY) = (Self.lab(x), Self.lab(y))
      let chroma = { (lab: Lab) in (lab.a * lab.a + lab.b * lab.b).squareRoot() }
      let bound = LabGrid.boundSquared(labX, chroma(labX), labY, chroma(labY)).squareRoot()
      let distance = Lab.deltaE2000(labX, labY)
      #expect(bound <= distance * (1 + 1e-9) + 1e-9, "\(x) \(y): bound \(bound), ΔE00 \(distance)")
      if distance > 1 { tightest = max(tightest, bound / distance) }
    }
    // A bound that is far below every distance would rule nothing out.
    #expect(tightest > 0.9)
  }

  /// The rule as it reads, on every example: those within the radius (and CIE76 6× the
  /// radius), nearest first and by hex on a tie, counted until `nearest` have spoken.
  static func everyExample(
    _ examples: [(hex: String, family: ColorFamily)], rule: FamilyCalibration.Rule,
    hex: String, own: ColorFamily?
  ) -> ColorFamily? {
    var byHex: [String: [ColorFamily: Int]] = [:]
    for (hex, family) in examples { byHex[hex, default: [:]][family, default: 0] += 1 }
    let query = lab(hex)
    let near = byHex.compactMap { exampleHex, counts -> (String, Double, [ColorFamily: Int])? in
      let lab = lab(exampleHex)
      let distance = Lab.deltaE2000(lab, query)
      guard distance <= rule.radius, Lab.deltaE76(lab, query) <= 6 * rule.radius else {
        return nil
      }
      return (exampleHex, distance, counts)
    }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
    var counts: [ColorFamily: Int] = [:]
    var total = 0
    for (exampleHex, _, families) in near where total < rule.nearest {
      for (family, count) in families {
        let ownExample = exampleHex == hex && family == own ? 1 : 0
        counts[family, default: 0] += count - ownExample
        total += count - ownExample
      }
    }
    let top = counts.max {
      $0.value < $1.value || ($0.value == $1.value && $0.key.rawValue > $1.key.rawValue)
    }
    guard total >= rule.minimumExamples, let top,
      Double(top.value) >= rule.agreement * Double(total)
    else { return nil }
    return top.key
  }

  @Test(
    "a large catalogue's products are filed as if every example had been looked at",
    arguments: [
      FamilyCalibration.Rule.shipped,
      FamilyCalibration.Rule(nearest: 3, radius: 6, minimumExamples: 2, agreement: 0.6),
      FamilyCalibration.Rule(nearest: .max, radius: 10, minimumExamples: 3, agreement: 0.7),
    ])
  func sameFamiliesAsEveryExample(rule: FamilyCalibration.Rule) {
    var numbers = Numbers(state: 11)
    let families: [ColorFamily] = [.red, .orange, .yellow, .green, .blue, .purple, .pink, .brown]
    // Clusters of near colours, each mostly one family, as a shop's products are, and a few
    // examples repeated at one colour (a bin's centre where no mean was stored).
    var examples: [(hex: String, family: ColorFamily)] = []
    for _ in 0..<150 {
      let centre = numbers.hex()
      let family = families[Int(numbers.next() % UInt64(families.count))]
      for _ in 0..<(1 + numbers.next() % 12) {
        let other = families[Int(numbers.next() % UInt64(families.count))]
        examples.append(
          (numbers.hex(near: centre, spread: 14), numbers.next() % 4 == 0 ? other : family))
      }
      if numbers.next() % 5 == 0 { examples += Array(repeating: (centre, family), count: 3) }
    }
    let calibration = FamilyCalibration(examples: examples, rule: rule)
    var near: FamilyCalibration.Neighbourhoods = [:]
    var learned = 0
    var queries = examples.prefix(300).map { ($0.hex, Optional($0.family)) }
    for _ in 0..<300 { queries.append((numbers.hex(), nil)) }
    for (hex, own) in queries {
      let expected = Self.everyExample(examples, rule: rule, hex: hex, own: own)
      #expect(calibration.family(ofHex: hex, own: own, near: &near) == expected, "\(hex)")
      // The same colour asked for again, from the kept neighbourhoods, by another family.
      let otherOwn: ColorFamily = own == .red ? .blue : .red
      #expect(
        calibration.family(ofHex: hex, own: otherOwn, near: &near)
          == Self.everyExample(examples, rule: rule, hex: hex, own: otherOwn), "\(hex) again")
      if expected != nil { learned += 1 }
    }
    #expect(learned > 50, "only \(learned) colours learned: the catalogue teaches too little")
  }
}
