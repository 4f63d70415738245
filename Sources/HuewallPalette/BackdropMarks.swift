public import HuewallCore

/// The samples of a kept grid that the backdrop fill took, under the fill's plan
/// (``FillPlan``): a live wall keeps them beside the grid, so that a change of any other
/// control, or of a backdrop control that leaves the plan as it was, costs the rest of the
/// kernel and not the fill (about a third of it on a studio shot).
public struct BackdropMarks: Sendable, Equatable {
  /// What the analysis took for the backdrop.
  public let backdrop: Backdrop
  /// One bit per sample, in the grid's order: set where the fill marked the sample.
  let bits: [UInt64]

  /// The memory the marks take, for a cache's budget.
  public var byteCount: Int { bits.count * MemoryLayout<UInt64>.stride }

  /// The marks of `grid` (before the fill) and of `marked` (after it).
  init(backdrop: Backdrop, before grid: SampleGrid, after marked: SampleGrid) {
    self.backdrop = backdrop
    let (count, wordCount) = (grid.pixels.count, (grid.pixels.count + 63) / 64)
    bits = grid.pixels.withUnsafeBufferPointer { before in
      marked.pixels.withUnsafeBufferPointer { after in
        [UInt64](unsafeUninitializedCapacity: wordCount) { bits, words in
          words = wordCount
          // A fill that marked nothing left the pixels shared: no sample to compare.
          guard before.baseAddress != after.baseAddress else {
            bits.baseAddress?.initialize(repeating: 0, count: wordCount)
            return
          }
          for word in 0..<wordCount {
            var value: UInt64 = 0
            for j in 0..<min(64, count - word << 6) {
              let i = word << 6 | j
              value |= (after[i] != before[i] ? 1 : 0) << UInt64(j)
            }
            bits[word] = value
          }
        }
      }
    }
  }

  /// Marks `grid`'s samples as the fill did (``BackgroundMask/marked(_:)``).
  func apply(to grid: inout SampleGrid) {
    // Nothing marked leaves the grid's pixels shared, not copied.
    guard bits.contains(where: { $0 != 0 }) else { return }
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
  /// What the backdrop fill will do on `grid` under these parameters: marks kept under one
  /// plan serve every analyzer whose plan for the grid is the same.
  public func fillPlan(for grid: SampleGrid) -> FillPlan { fillPlan(for: grid.outline) }

  /// The same, from the grid's outline alone (a kept grid's).
  public func fillPlan(for outline: GridOutline) -> FillPlan {
    guard parameters[.backgroundSuppression] else { return .off }
    return FillPlan(
      outline, alphaThreshold: alphaThreshold(actingOn: outline),
      deepShadows: parameters[.deepShadows], keepsTint: parameters[.backdropTint],
      thinOutlines: parameters[.thinOutlines])
  }

  /// The alpha threshold as it acts on the grid of `outline`: every threshold at or above the
  /// grid's largest alpha treats it alike (any threshold, a JPEG), so marks and weighings kept
  /// under one serve them all.
  func alphaThreshold(actingOn outline: GridOutline) -> UInt32 {
    let threshold = UInt32(parameters.alphaThreshold)
    return outline.largestAlpha.map { min(threshold, $0) } ?? threshold
  }

  /// Runs the backdrop fill on a copy of `grid` and keeps only what it marked.
  public func backdropMarks(in grid: SampleGrid) -> BackdropMarks {
    backdropMarks(in: grid, plan: fillPlan(for: grid))
  }

  /// Runs the fill `plan` (made for `grid`) on a copy of `grid` and keeps only what it marked.
  public func backdropMarks(in grid: SampleGrid, plan: FillPlan) -> BackdropMarks {
    var marked = grid
    let backdrop = BackgroundMask.mark(in: &marked, plan: plan)
    return BackdropMarks(backdrop: backdrop, before: grid, after: marked)
  }

  /// Analyses a kept grid with its backdrop already found: the same result as
  /// ``analyze(_:hint:)``, without running the fill. `marks` must have come from
  /// ``backdropMarks(in:)`` on this grid, by an analyzer of the same ``fillPlan(for:)``.
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
