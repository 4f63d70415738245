import Foundation

/// Colours filed by where they lie in CIELAB, so that finding the ones near a colour looks at
/// the few cells around it, not at every colour: a catalogue of 100,000 products has about as
/// many examples, each placed by its own mean, and each product asks for its nearest.
///
/// CIEDE2000 has no index of its own, so a cell is passed over only where a lower bound proves
/// none of its colours near enough. With kL = kC = kH = 1,
///
///     ΔE00² ≥ (ΔL / S_L)² + (1 − √3/2) · (Δa² + Δb²) / S_C²
///
/// because |R_T| ≤ √3 (R_C ≤ 2, 2Δθ ≤ 60°) turns the chroma and hue terms into at least
/// (1 − √3/2) of their squares' sum; S_H ≤ S_C (T < 3); the primed a′ = (1 + G)·a with
/// 0 ≤ G ≤ ½ makes the primed distance at least the plain one and C′ ≤ 1.5·C, so that
/// S_C ≤ 1 + 0.03375·(C₁ + C₂); and S_L, which grows with |L̄ − 50|, is at most 1.7475. Where
/// both colours have b ≥ 0, R_T is nil to a millionth and the cross term's floor almost 1. The same
/// bound with each colour's own values (``boundSquared(_:_:_:_:)``) then rules out most of what a
/// visited cell holds before the distance itself is measured.
struct LabGrid: Sendable {
  /// A cell's side in lightness and in a and b.
  private static let side = (l: 5.0, ab: 8.0)
  /// 1 − √3/2, a little under, so that rounding never passes over a cell it should visit.
  private static let crossTermFloor = 0.1339
  /// The floor where both colours have b ≥ 0: their primed hue angles, and so their mean, lie
  /// from 0° to 180°, at least 95° from the 275° where R_T lives (Δθ ≤ 30°·e^−14.4, |R_T| under
  /// 2·10⁻⁶), so the cross term takes almost nothing.
  private static let warmCrossTermFloor = 0.9999
  /// The cross term's floor between colours whose b are at least `b1` and `b2`.
  private static func crossTermFloor(_ b1: Double, _ b2: Double) -> Double {
    b1 >= 0 && b2 >= 0 ? warmCrossTermFloor : crossTermFloor
  }
  /// The largest S_L (at L̄ = 0 or 100), a little over.
  private static let largestSL = 1.7476

  private let labs: [Lab]
  private let chromas: [Double]
  /// The lowest corner of the first cell.
  private let origin: Lab
  private let cells: (l: Int, a: Int, b: Int)
  /// The colours of cell `c` are `members[starts[c]..<starts[c + 1]]`.
  private let starts: [Int]
  private let members: [Int]
  /// The largest chroma in each cell, and among all colours.
  private let cellChroma: [Double]
  private let largestChroma: Double

  init(_ labs: [Lab]) {
    self.labs = labs
    chromas = labs.map { ($0.a * $0.a + $0.b * $0.b).squareRoot() }
    largestChroma = chromas.max() ?? 0
    let side = Self.side
    let low = Lab(
      l: labs.map(\.l).min() ?? 0, a: labs.map(\.a).min() ?? 0, b: labs.map(\.b).min() ?? 0)
    let high = Lab(
      l: labs.map(\.l).max() ?? 0, a: labs.map(\.a).max() ?? 0, b: labs.map(\.b).max() ?? 0)
    origin = low
    let cells = (
      Int((high.l - low.l) / side.l) + 1, Int((high.a - low.a) / side.ab) + 1,
      Int((high.b - low.b) / side.ab) + 1
    )
    self.cells = cells
    let cellCount = cells.0 * cells.1 * cells.2
    let cellOf = labs.map { lab in
      Self.index(
        Int((lab.l - low.l) / side.l), Int((lab.a - low.a) / side.ab),
        Int((lab.b - low.b) / side.ab), in: cells)
    }
    var starts = [Int](repeating: 0, count: cellCount + 1)
    for cell in cellOf { starts[cell + 1] += 1 }
    for cell in 0..<cellCount { starts[cell + 1] += starts[cell] }
    var next = starts
    var members = [Int](repeating: 0, count: labs.count)
    var cellChroma = [Double](repeating: 0, count: cellCount)
    for (index, cell) in cellOf.enumerated() {
      members[next[cell]] = index
      next[cell] += 1
      cellChroma[cell] = max(cellChroma[cell], chromas[index])
    }
    self.starts = starts
    self.members = members
    self.cellChroma = cellChroma
  }

  /// The square of a lower bound of CIEDE2000 between two colours (`cx`, `cy` their chromas),
  /// the cells' bound with the pair's own values: S_L at their mean lightness, and G, the primed
  /// a and S_C exactly; only the cross term's floor and S_H ≤ S_C remain. It needs no angle, so
  /// it costs a fraction of the distance itself, and it rules out most of what a cell holds.
  static func boundSquared(_ x: Lab, _ cx: Double, _ y: Lab, _ cy: Double) -> Double {
    let cMean = (cx + cy) / 2
    let square = cMean * cMean
    let c7 = square * square * square * cMean
    let g = 0.5 * (1 - (c7 / (c7 + 6_103_515_625.0)).squareRoot())
    let (ax, ay) = ((1 + g) * x.a, (1 + g) * y.a)
    let sC =
      1 + 0.045 * ((ax * ax + x.b * x.b).squareRoot() + (ay * ay + y.b * y.b).squareRoot()) / 2
    let l50 = ((x.l + y.l) / 2 - 50) * ((x.l + y.l) / 2 - 50)
    let lTerm = (x.l - y.l) / (1 + 0.015 * l50 / (20 + l50).squareRoot())
    let (da, db) = (ax - ay, x.b - y.b)
    let floor = crossTermFloor(x.b, y.b)
    return lTerm * lTerm + floor * (da * da + db * db) / (sC * sC)
  }

  private static func index(_ l: Int, _ a: Int, _ b: Int, in cells: (Int, Int, Int)) -> Int {
    (l * cells.1 + a) * cells.2 + b
  }

  /// Calls `body` with the index of every colour whose CIEDE2000 distance from `lab` may be
  /// at most `reach`, and some farther ones; never leaves one within reach out.
  func forEachCandidate(near lab: Lab, within reach: Double, _ body: (Int) -> Void) {
    guard !labs.isEmpty else { return }
    let side = Self.side
    // A colour exactly at `reach` stays in, whatever the last bit of rounding.
    let reach = reach * (1 + 1e-9) + 1e-9
    let chroma = (lab.a * lab.a + lab.b * lab.b).squareRoot()
    let lReach = reach * Self.largestSL
    let abReach =
      reach * (1 + 0.03375 * (chroma + largestChroma)) / Self.crossTermFloor.squareRoot()
    func range(_ centre: Double, _ reach: Double, _ start: Double, _ side: Double, _ count: Int)
      -> ClosedRange<Int>?
    {
      let first = max(0, Int(((centre - reach - start) / side).rounded(.down)))
      let last = min(count - 1, Int(((centre + reach - start) / side).rounded(.down)))
      return first <= last ? first...last : nil
    }
    guard let lCells = range(lab.l, lReach, origin.l, side.l, cells.l),
      let aCells = range(lab.a, abReach, origin.a, side.ab, cells.a),
      let bCells = range(lab.b, abReach, origin.b, side.ab, cells.b)
    else { return }
    func gap(_ value: Double, _ low: Double, _ high: Double) -> Double {
      value < low ? low - value : value > high ? value - high : 0
    }
    func sL(_ lMean: Double) -> Double {
      let l50 = (lMean - 50) * (lMean - 50)
      return 1 + 0.015 * l50 / (20 + l50).squareRoot()
    }
    for l in lCells {
      let lLow = origin.l + Double(l) * side.l
      let dL = gap(lab.l, lLow, lLow + side.l)
      let lTerm = dL / max(sL((lab.l + lLow) / 2), sL((lab.l + lLow + side.l) / 2))
      guard lTerm <= reach else { continue }
      for a in aCells {
        let aLow = origin.a + Double(a) * side.ab
        let dA = gap(lab.a, aLow, aLow + side.ab)
        for b in bCells {
          let cell = Self.index(l, a, b, in: (cells.l, cells.a, cells.b))
          guard starts[cell] < starts[cell + 1] else { continue }
          let bLow = origin.b + Double(b) * side.ab
          let dB = gap(lab.b, bLow, bLow + side.ab)
          let sC = 1 + 0.03375 * (chroma + cellChroma[cell])
          let floor = Self.crossTermFloor(lab.b, bLow)
          let bound = lTerm * lTerm + floor * (dA * dA + dB * dB) / (sC * sC)
          guard bound <= reach * reach else { continue }
          for member in members[starts[cell]..<starts[cell + 1]]
          where Self.boundSquared(lab, chroma, labs[member], chromas[member]) <= reach * reach {
            body(member)
          }
        }
      }
    }
  }
}
