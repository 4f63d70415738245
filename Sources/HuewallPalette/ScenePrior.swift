import Foundation
import HuewallCore

/// Where the border is not one backdrop, the product is what the photo is framed on: samples
/// weigh less towards the edges (a centre prior) and where their colour crowds the border
/// band more than the inside (a boundary prior, as in saliency detection).
enum ScenePrior {
  /// The centre prior's standard deviation, as a share of the width and of the height. Set by
  /// hand with the product preset on the real photos (cb9d197); no sweep recorded.
  static let sigma = 0.3
  /// The border band, as a share of each side. Set by hand with ``sigma`` (cb9d197).
  static let band = 0.08

  /// Whether a marked grid is a scene: no uniform backdrop, and not a cut-out on a
  /// transparent one (at most a quarter of its `samples` `skipped`).
  static func isScene(backdrop: Backdrop, skipped: Int, samples: Int) -> Bool {
    !backdrop.isColor && skipped * 4 < samples
  }

  /// Multiplies each sample's weight in `weights` by the prior's (``Factors``).
  static func weigh(_ grid: SampleGrid, into weights: inout [Float], alphaThreshold: UInt32) {
    let prior = Factors(grid, alphaThreshold: alphaThreshold)
    guard !prior.isUniform else { return }
    let (columns, rows) = (grid.columns, grid.rows)
    grid.pixels.withUnsafeBufferPointer { pixels in
      weights.withUnsafeMutableBufferPointer { weights in
        prior.withBuffers { factors in
          for c in 0..<columns {
            for r in 0..<rows {
              let i = c * rows + r
              weights[i] *= factors.weight(column: c, row: r, pixel: pixels[i])
            }
          }
        }
      }
    }
  }

  /// What the prior makes of a grid: a sample's weight is its column's and its row's centre
  /// weights times its colour cell's share inside, so that a weighing reads it sample by
  /// sample where a run multiplies it into an array, and both get the same floats.
  struct Factors {
    /// The centre prior across the columns and down the rows.
    let across: [Float]
    let down: [Float]
    /// Per colour cell of 32 levels a channel: 1 minus the share of its density on the
    /// border, squared.
    let keep: [Float]
    /// Whether every sample weighs 1: the border or the inside holds no counted sample.
    let isUniform: Bool

    /// Every sample weighing 1.
    static let none = Factors(across: [], down: [], keep: [], isUniform: true)

    private init(across: [Float], down: [Float], keep: [Float], isUniform: Bool) {
      (self.across, self.down, self.keep, self.isUniform) = (across, down, keep, isUniform)
    }

    init(_ grid: SampleGrid, alphaThreshold: UInt32) {
      let (columns, rows) = (grid.columns, grid.rows)
      func gaussian(_ count: Int) -> [Float] {
        (0..<count).map { i in
          let u = (Double(i) + 0.5) / Double(count) - 0.5
          return Float(exp(-u * u / (2 * sigma * sigma)))
        }
      }
      across = gaussian(columns)
      down = gaussian(rows)
      let bandColumns = max(1, Int(Double(columns) * band))
      let bandRows = max(1, Int(Double(rows) * band))
      var borderCount = [Int32](repeating: 0, count: 512)
      var insideCount = [Int32](repeating: 0, count: 512)
      grid.pixels.withUnsafeBufferPointer { pixels in
        borderCount.withUnsafeMutableBufferPointer { border in
          insideCount.withUnsafeMutableBufferPointer { inside in
            for c in 0..<columns {
              let edgeColumn = c < bandColumns || c >= columns - bandColumns
              for r in 0..<rows {
                let p = pixels[c * rows + r]
                guard p >> 24 <= alphaThreshold else { continue }
                if edgeColumn || r < bandRows || r >= rows - bandRows {
                  border[Self.cell(p)] &+= 1
                } else {
                  inside[Self.cell(p)] &+= 1
                }
              }
            }
          }
        }
      }
      let borderTotal = borderCount.reduce(0) { $0 + Int($1) }
      let insideTotal = insideCount.reduce(0) { $0 + Int($1) }
      isUniform = borderTotal == 0 || insideTotal == 0
      // The share of a colour's density that lies on the border: 1 for the room's colours,
      // near 0 for what only the middle shows.
      var keep = [Float](repeating: 1, count: 512)
      for i in 0..<512 where !isUniform && borderCount[i] > 0 {
        let outside = Double(borderCount[i]) / Double(borderTotal)
        let inside = Double(insideCount[i]) / Double(insideTotal)
        let onBorder = outside / (outside + inside)
        keep[i] = Float((1 - onBorder) * (1 - onBorder))
      }
      self.keep = keep
    }

    /// A pixel's colour cell: r >> 5, g >> 5, b >> 5.
    @inline(__always)
    static func cell(_ p: UInt32) -> Int {
      Int(p >> 21 & 7) << 6 | Int(p >> 13 & 7) << 3 | Int(p >> 5 & 7)
    }

    /// Calls `body` with the factors readable sample by sample.
    @inline(__always)
    func withBuffers<Result>(_ body: (Buffers) -> Result) -> Result {
      across.withUnsafeBufferPointer { across in
        down.withUnsafeBufferPointer { down in
          keep.withUnsafeBufferPointer { keep in
            body(Buffers(across: across, down: down, keep: keep, isUniform: isUniform))
          }
        }
      }
    }

    /// ``Factors`` read in a loop.
    struct Buffers {
      let across: UnsafeBufferPointer<Float>
      let down: UnsafeBufferPointer<Float>
      let keep: UnsafeBufferPointer<Float>
      let isUniform: Bool

      /// The weight of the sample at `column`, `row` whose pixel is `pixel`.
      @inline(__always)
      func weight(column: Int, row: Int, pixel: UInt32) -> Float {
        isUniform ? 1 : across[column] * down[row] * keep[Factors.cell(pixel)]
      }
    }
  }
}
