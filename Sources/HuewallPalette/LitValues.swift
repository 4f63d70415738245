import Foundation
import HuewallCore

/// The value a colour's lit side reaches: a person names a surface by its lit side, while
/// its samples' mean or its bin's value sits lower, in the shade (a white shirt's folds, a
/// dark-grey body's underside).
enum LitValues {
  /// The share of a colour's sample weight below its lit value: high enough to leave the
  /// shade behind, low enough that specular highlights do not decide it.
  static let quantile = 0.9

  /// For each cluster index in `clusters`, the `quantile` of its samples' value (the maximum
  /// channel over 255), weighted like the samples; `slots` holds each entry's bin slot.
  static func measure<Samples: CountedSamples>(
    _ samples: Samples, slots: [Int32], clusterOfSlot: [Int32], clusters: [Int]
  ) -> [Double] {
    guard !clusters.isEmpty else { return [] }
    // The rank of each reported cluster, by cluster index (-1: not reported).
    var rankOfCluster = [Int](repeating: -1, count: (clusters.max() ?? 0) + 1)
    for (rank, cluster) in clusters.enumerated() { rankOfCluster[cluster] = rank }
    // The same by slot, so that each colour looks up one table.
    let rankOfSlot = clusterOfSlot.map { cluster in
      cluster >= 0 && Int(cluster) < rankOfCluster.count ? rankOfCluster[Int(cluster)] : -1
    }
    var histograms = [Double](repeating: 0, count: 256 * clusters.count)
    slots.withUnsafeBufferPointer { slots in
      rankOfSlot.withUnsafeBufferPointer { rankOfSlot in
        histograms.withUnsafeMutableBufferPointer { histograms in
          for i in 0..<slots.count where slots[i] >= 0 {
            let rank = rankOfSlot[Int(slots[i])]
            guard rank >= 0 else { continue }
            let color = samples.color(i)
            let value = max(Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF), Int(color & 0xFF))
            let (prioritised, plain) = samples.weight(i)
            histograms[rank * 256 + value] += prioritised + plain
          }
        }
      }
    }
    return (0..<clusters.count).map { rank in
      valueQuantile(quantile, of: histograms[rank * 256..<(rank + 1) * 256])
    }
  }
}

/// The value (level over 255) below which `share` of a histogram's weight lies; the
/// histogram's entries are the weights of the levels 0…255.
func valueQuantile(_ share: Double, of histogram: ArraySlice<Double>) -> Double {
  let total = histogram.reduce(0, +)
  var below = 0.0
  for (level, w) in zip(0..., histogram) {
    below += w
    if below >= share * total { return Double(level) / 255 }
  }
  return 1
}
