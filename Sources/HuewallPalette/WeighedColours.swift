import HuewallCore

/// A marked grid's counted samples grouped by colour, each colour with the summed weight the
/// foreground priors gave its samples: everything the bins, the merge and the lit side need.
///
/// A live wall keeps these beside each grid, so that a change of a control that only bins
/// (colours, sample sizes, priority, hue wrap, the merge, the families' steps) bins the
/// colours again and nothing else: a studio shot's counted samples hold a few thousand
/// colours. The sums are added per colour, where a run adds them sample by sample, so they can
/// differ in a double's last bits; the stored colours and shares are the same
/// (`SampleGridTests`, and every real photo under eight parameter sets).
public struct WeighedColours: Sendable, CountedSamples {
  /// Each colour of a counted sample (`0x00RRGGBB`), once, in the order the grid first shows
  /// it: bins are then first seen in the samples' order.
  let colors: [UInt32]
  /// Per colour: the summed weight of its samples that take the saturation priority.
  let prioritisedWeights: [Double]
  /// Per colour: the summed weight of its samples taken for skin that take none (empty when
  /// no sample does).
  let plainWeights: [Double]
  let counts: SampleCounts

  init(colors: [UInt32], prioritised: [Double], plain: [Double], counts: SampleCounts) {
    self.colors = colors
    prioritisedWeights = prioritised
    plainWeights = plain
    self.counts = counts
  }

  var count: Int { colors.count }
  func isCounted(_ i: Int) -> Bool { true }
  func color(_ i: Int) -> UInt32 { colors[i] }
  func weight(_ i: Int) -> (prioritised: Double, plain: Double) {
    (prioritisedWeights[i], plainWeights.isEmpty ? 0 : plainWeights[i])
  }

  /// The memory the colours take, for a cache's budget.
  public var byteCount: Int {
    colors.count * MemoryLayout<UInt32>.stride
      + (prioritisedWeights.count + plainWeights.count) * MemoryLayout<Double>.stride
  }

  /// The parameters the weighing reads, and nothing else: colours weighed under one of these
  /// serve every analysis with the same.
  public struct Parameters: Hashable, Sendable {
    let backdrop: BackdropMarks.Parameters
    let scenePrior: Bool
    let skinSuppression: Bool
    let skinWithoutPriority: Bool
    let garmentPrior: Bool
    /// Where the product is worn, the only part of its hint the weighing reads.
    let wornOn: BodyRegion?
  }
}

extension PaletteAnalyzer {
  /// Whether these analyses weigh colours (``weighing(_:marks:hint:)``): any step of the
  /// product path is on.
  public var weighsColours: Bool { usesProductPath }

  /// A kept grid's colours weighed with its backdrop already found, for
  /// ``analyze(_:)-(WeighedColours)``, whose colours are those of ``analyze(_:marks:hint:)``
  /// (the sums added per colour). Only when ``weighsColours``; `marks` as there.
  public func weighing(_ grid: SampleGrid, marks: BackdropMarks, hint: ProductHint = .none)
    -> WeighedColours
  {
    precondition(weighsColours, "weighing colours without a step of the product path")
    precondition(marks.bits.count == (grid.pixels.count + 63) / 64, "marks of another grid")
    var marked = grid
    marks.apply(to: &marked)
    return weighing(marked, backdrop: marks.backdrop, hint: hint)
  }
}

/// The samples the bins count, each with its colour and the weight the foreground priors gave
/// it: a grid's samples one by one (a run), or its colours each once with its samples' summed
/// weights (``WeighedColours``, kept by a live wall).
protocol CountedSamples {
  /// How many entries there are; only those that ``isCounted(_:)`` are binned.
  var count: Int { get }
  func isCounted(_ i: Int) -> Bool
  /// Entry `i`'s colour, `0x00RRGGBB`.
  func color(_ i: Int) -> UInt32
  /// Entry `i`'s weight that takes the saturation priority, and its weight that takes none
  /// (skin, when the parameters say so); a sample has one of them, the other 0.
  func weight(_ i: Int) -> (prioritised: Double, plain: Double)
}

/// A grid's sample counts and its backdrop, which an analysis reports beside its colours.
struct SampleCounts: Sendable {
  let samples: Int
  let skipped: Int
  let background: Int
  let skin: Int
  let backdrop: Backdrop
}

/// What the foreground priors made of a marked grid.
struct SampleWeights {
  /// A weight per sample.
  let weights: [Float]
  /// Whether each sample was taken for skin and takes no saturation priority (empty when
  /// none is).
  let plainSkin: [Bool]
  let alphaThreshold: UInt32
  let counts: SampleCounts

  /// Calls `body` with the samples of `grid` (the grid these weights were made for), one by
  /// one.
  func samples<Result>(of grid: SampleGrid, _ body: (GridSamples) -> Result) -> Result {
    grid.pixels.withUnsafeBufferPointer { pixels in
      weights.withUnsafeBufferPointer { weights in
        plainSkin.withUnsafeBufferPointer { plainSkin in
          body(
            GridSamples(
              pixels: pixels, weights: weights, plainSkin: plainSkin,
              alphaThreshold: alphaThreshold))
        }
      }
    }
  }
}

/// A grid's samples, one by one: a sample counts when it is opaque, not the backdrop, and
/// weighs more than 0.
struct GridSamples: CountedSamples {
  let pixels: UnsafeBufferPointer<UInt32>
  let weights: UnsafeBufferPointer<Float>
  let plainSkin: UnsafeBufferPointer<Bool>
  let alphaThreshold: UInt32

  var count: Int { pixels.count }

  @inline(__always)
  func isCounted(_ i: Int) -> Bool { pixels[i] >> 24 <= alphaThreshold && weights[i] > 0 }

  @inline(__always)
  func color(_ i: Int) -> UInt32 { pixels[i] & 0x00FF_FFFF }

  @inline(__always)
  func weight(_ i: Int) -> (prioritised: Double, plain: Double) {
    let weight = Double(weights[i])
    return !plainSkin.isEmpty && plainSkin[i] ? (0, weight) : (weight, 0)
  }
}

/// Groups samples by colour as they come, summing their weights: an open-addressing table of
/// the colours seen (each entry the colour's index above the colour, in one word, so that a
/// probe reads one place), kept at most half full, and the colours' sums beside it.
struct ColourGrouping: ~Copyable {
  private static let empty = UInt64.max
  /// The table; its capacity is `mask + 1`, a power of two.
  private var table: UnsafeMutablePointer<UInt64>
  private var mask: Int
  /// How far a hash is shifted down to index the table: 64 − log2(capacity).
  private var shift: UInt64
  /// The colours in the order first seen, and their sums: room for half the table.
  private var colors: UnsafeMutablePointer<UInt32>
  private var prioritised: UnsafeMutablePointer<Double>
  private var plain: UnsafeMutablePointer<Double>
  private var count = 0
  /// Whether any sample was added without the priority.
  private var anyPlain = false
  /// The last colour added and its index: neighbouring samples often share a colour.
  private var lastColor = UInt32.max
  private var lastIndex = 0

  /// A table with room for `expected` colours before it grows.
  init(expected: Int) {
    var capacity = 1024
    while capacity < expected * 2 { capacity <<= 1 }
    mask = capacity - 1
    shift = UInt64(64 - capacity.trailingZeroBitCount)
    table = .allocate(capacity: capacity)
    table.initialize(repeating: Self.empty, count: capacity)
    colors = .allocate(capacity: capacity / 2)
    prioritised = .allocate(capacity: capacity / 2)
    plain = .allocate(capacity: capacity / 2)
  }

  deinit {
    table.deallocate()
    colors.deallocate()
    prioritised.deallocate()
    plain.deallocate()
  }

  /// Adds a sample of `color` (`0x00RRGGBB`) whose weight is `weight`, with the saturation
  /// priority or without (one of them 0).
  @inline(__always)
  mutating func add(_ color: UInt32, weight: (prioritised: Double, plain: Double)) {
    let index = color == lastColor ? lastIndex : index(of: color)
    (lastColor, lastIndex) = (color, index)
    if weight.plain != 0 {
      anyPlain = true
      plain[index] += weight.plain
    } else {
      prioritised[index] += weight.prioritised
    }
  }

  /// The index of `color` among the colours, a new one when it is not there yet.
  @inline(__always)
  private mutating func index(of color: UInt32) -> Int {
    var slot = Int(truncatingIfNeeded: (UInt64(color) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    while true {
      let entry = table[slot]
      if entry == Self.empty { break }
      if UInt32(truncatingIfNeeded: entry) == color { return Int(entry >> 32) }
      slot = (slot + 1) & mask
    }
    let index = count
    table[slot] = UInt64(index) << 32 | UInt64(color)
    colors[index] = color
    prioritised[index] = 0
    plain[index] = 0
    count += 1
    if count * 2 > mask { grow() }
    return index
  }

  /// Doubles the table and the room for colours.
  private mutating func grow() {
    let capacity = (mask + 1) * 2
    table.deallocate()
    mask = capacity - 1
    shift -= 1
    table = .allocate(capacity: capacity)
    table.initialize(repeating: Self.empty, count: capacity)
    for index in 0..<count {
      let color = colors[index]
      var slot = Int(truncatingIfNeeded: (UInt64(color) &* 0x9E37_79B9_7F4A_7C15) >> shift)
      while table[slot] != Self.empty { slot = (slot + 1) & mask }
      table[slot] = UInt64(index) << 32 | UInt64(color)
    }
    func moved<T>(_ old: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
      let new = UnsafeMutablePointer<T>.allocate(capacity: capacity / 2)
      new.moveInitialize(from: old, count: count)
      old.deallocate()
      return new
    }
    colors = moved(colors)
    prioritised = moved(prioritised)
    plain = moved(plain)
  }

  /// The colours and their weights (no plain weights when every sample took the priority).
  consuming func finish() -> (colors: [UInt32], prioritised: [Double], plain: [Double]) {
    (
      Array(UnsafeBufferPointer(start: colors, count: count)),
      Array(UnsafeBufferPointer(start: prioritised, count: count)),
      anyPlain ? Array(UnsafeBufferPointer(start: plain, count: count)) : []
    )
  }
}
