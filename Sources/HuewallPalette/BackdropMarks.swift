import HuewallCore

/// The samples of a kept grid that the backdrop fill took, under the parameters the fill
/// reads: a live wall keeps them beside the grid, so that a change of any other control
/// costs the rest of the kernel and not the fill (about a third of it on a studio shot).
public struct BackdropMarks: Sendable, Equatable {
  /// What the analysis took for the backdrop.
  public let backdrop: Backdrop
  /// One bit per sample, in the grid's order: set where the fill marked the sample.
  let bits: [UInt64]

  /// The memory the marks take, for a cache's budget.
  public var byteCount: Int { bits.count * MemoryLayout<UInt64>.stride }

  /// The parameters the fill reads, and nothing else: marks made under one of these hold for
  /// every analysis with the same.
  public struct Parameters: Hashable, Sendable {
    let backgroundSuppression: Bool
    let alphaThreshold: Int
    let deepShadows: Bool
    let backdropTint: Bool
    let thinOutlines: Bool

    init(_ parameters: AnalysisParameters) {
      backgroundSuppression = parameters.backgroundSuppression
      alphaThreshold = parameters.alphaThreshold
      deepShadows = parameters.deepShadows
      backdropTint = parameters.backdropTint
      thinOutlines = parameters.thinOutlines
    }
  }

  /// The marks of `grid` (before the fill) and of `marked` (after it).
  init(backdrop: Backdrop, before grid: SampleGrid, after marked: SampleGrid) {
    self.backdrop = backdrop
    var bits = [UInt64](repeating: 0, count: (grid.pixels.count + 63) / 64)
    for i in grid.pixels.indices where marked.pixels[i] != grid.pixels[i] {
      bits[i >> 6] |= 1 << UInt64(i & 63)
    }
    self.bits = bits
  }

  /// Marks `grid`'s samples as the fill did (``BackgroundMask/marked(_:)``).
  func apply(to grid: inout SampleGrid) {
    grid.pixels.withUnsafeMutableBufferPointer { pixels in
      for (word, value) in bits.enumerated() where value != 0 {
        var rest = value
        while rest != 0 {
          let i = word << 6 | rest.trailingZeroBitCount
          pixels[i] = BackgroundMask.marked(pixels[i])
          rest &= rest - 1
        }
      }
    }
  }
}

extension PaletteAnalyzer {
  /// The parameters these analyses' backdrop marks depend on: marks kept under them serve
  /// every analyzer whose ``backdropParameters`` are the same.
  public var backdropParameters: BackdropMarks.Parameters { .init(parameters) }

  /// Runs the backdrop fill on a copy of `grid` and keeps only what it marked.
  public func backdropMarks(in grid: SampleGrid) -> BackdropMarks {
    var marked = grid
    let backdrop = markBackdrop(in: &marked)
    return BackdropMarks(backdrop: backdrop, before: grid, after: marked)
  }

  /// Analyses a kept grid with its backdrop already found: the same result as
  /// ``analyze(_:hint:)``, without running the fill. `marks` must have come from
  /// ``backdropMarks(in:)`` on this grid, by an analyzer of the same ``backdropParameters``.
  public func analyze(_ grid: SampleGrid, marks: BackdropMarks, hint: ProductHint = .none)
    -> PaletteAnalysis
  {
    precondition(
      grid.step == parameters.granularity,
      "samples of step \(grid.step) for granularity \(parameters.granularity)")
    precondition(marks.bits.count == (grid.pixels.count + 63) / 64, "marks of another grid")
    var marked = grid
    marks.apply(to: &marked)
    return analyzeMarked(marked, backdrop: marks.backdrop, hint: hint)
  }
}
