import HuewallCore

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

/// A grid's sample counts and its backdrop, which an analysis reports beside its colours, and
/// whether the product is jewellery, which names its light colours by their metal.
struct SampleCounts: Sendable {
  let samples: Int
  let skipped: Int
  let background: Int
  let skin: Int
  let backdrop: Backdrop
  /// The hint names a piece of jewellery or a watch (``ProductHint/isJewellery``).
  let jewellery: Bool

  /// The counts of an analysis that does not look for skin.
  var withoutSkin: SampleCounts {
    .init(
      samples: samples, skipped: skipped, background: background, skin: 0, backdrop: backdrop,
      jewellery: jewellery)
  }
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

/// Numbers colours as they come, in the order first seen: an open-addressing table of the
/// colours seen (each entry the colour's index above the colour, in one word, so that a probe
/// reads one place), kept at most half full.
struct ColourGrouping: ~Copyable {
  private static let empty = UInt64.max
  /// The table; its capacity is `mask + 1`, a power of two.
  private var table: UnsafeMutablePointer<UInt64>
  private var mask: Int
  /// How far a hash is shifted down to index the table: 64 − log2(capacity).
  private var shift: UInt64
  /// The colours in the order first seen.
  private(set) var colors: [UInt32] = []
  /// The last colour numbered and its index: neighbouring samples often share a colour.
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
    colors.reserveCapacity(expected)
  }

  deinit { table.deallocate() }

  /// The index of `color` (`0x00RRGGBB`) among the colours, a new one when it is not there yet.
  @inline(__always)
  mutating func index(of color: UInt32) -> Int {
    if color == lastColor { return lastIndex }
    var slot = Int(truncatingIfNeeded: (UInt64(color) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    while true {
      let entry = table[slot]
      if entry == Self.empty { break }
      if UInt32(truncatingIfNeeded: entry) == color {
        (lastColor, lastIndex) = (color, Int(entry >> 32))
        return lastIndex
      }
      slot = (slot + 1) & mask
    }
    let index = colors.count
    table[slot] = UInt64(index) << 32 | UInt64(color)
    colors.append(color)
    if colors.count * 2 > mask { grow() }
    (lastColor, lastIndex) = (color, index)
    return index
  }

  /// Doubles the table.
  private mutating func grow() {
    let capacity = (mask + 1) * 2
    table.deallocate()
    mask = capacity - 1
    shift -= 1
    table = .allocate(capacity: capacity)
    table.initialize(repeating: Self.empty, count: capacity)
    for (index, color) in colors.enumerated() {
      var slot = Int(truncatingIfNeeded: (UInt64(color) &* 0x9E37_79B9_7F4A_7C15) >> shift)
      while table[slot] != Self.empty { slot = (slot + 1) & mask }
      table[slot] = UInt64(index) << 32 | UInt64(color)
    }
  }
}
