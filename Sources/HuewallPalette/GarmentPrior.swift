import Foundation
import HuewallCore

/// On a photo of a person, the rows where the titled garment is worn weigh more: a tee over
/// shorts is the tee's colour when the title says tee.
enum GarmentPrior {
  /// Rows outside the region weigh this much. Set by hand with the garment prior (cb9d197);
  /// halving keeps a run's sums exact (``WeighedColours`` halves a sum where a run halves each
  /// weight).
  static let outside: Float = 0.5

  /// The rows, as shares of the height from the top, where each region usually lies in a
  /// catalogue photo of a person. Set by hand with the garment prior (cb9d197) from how
  /// catalogue photos frame a person; no sweep recorded.
  static func rows(of region: BodyRegion) -> ClosedRange<Double> {
    switch region {
    case .head: 0...0.45
    case .upperBody: 0.1...0.65
    case .lowerBody: 0.4...1
    case .wholeBody: 0...1
    case .feet: 0.6...1
    }
  }

  /// Per row of a grid of `rowCount` rows: whether it lies outside `region`'s rows.
  static func outsideRows(of region: BodyRegion, rowCount: Int) -> [Bool] {
    let band = rows(of: region)
    return (0..<rowCount).map { !band.contains((Double($0) + 0.5) / Double(rowCount)) }
  }

  static func weigh(_ grid: SampleGrid, region: BodyRegion, into weights: inout [Float]) {
    let rowCount = grid.rows
    let factor = outsideRows(of: region, rowCount: rowCount).map { $0 ? outside : 1 }
    for c in 0..<grid.columns {
      for r in 0..<rowCount { weights[c * rowCount + r] *= factor[r] }
    }
  }
}
