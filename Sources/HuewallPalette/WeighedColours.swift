import HuewallCore

/// A marked grid's counted samples grouped by colour, each colour with its samples' summed
/// weights under every setting of the foreground priors (scene, skin, skin without priority,
/// garment), or under one: everything the bins, the merge and the lit side need.
///
/// A live wall keeps these beside each grid, so that a change of any control but the backdrop's
/// and the granularity bins the colours again and nothing else: a studio shot's counted samples
/// hold a few thousand colours. Each sample's weight is the one a run gives it; the sums are
/// added per colour, where a run adds them sample by sample, so they can differ in a double's
/// last bits. The stored colours and shares are the same (`SampleGridTests`, and every real
/// photo under eight parameter sets).
public struct WeighedColours: Sendable {
  /// The sums, for every setting of the priors or for one.
  let weights: Weights
  /// The counts with the person's skin, as skin suppression reports them.
  let counts: SampleCounts

  enum Weights: Sendable {
    case everySetting(EverySetting)
    /// Weighed under these priors only: what is kept of a photo whose colours are too many to
    /// keep for every setting (a scene's noise).
    case oneSetting(Priors, SelectedColours)
  }

  /// The memory the colours take, for a cache's budget.
  public var byteCount: Int {
    switch weights {
    case .everySetting(let every): every.byteCount
    case .oneSetting(_, let selected): selected.byteCount
    }
  }

  /// Whether these serve an analysis under `priors`.
  public func serves(_ priors: Priors) -> Bool {
    switch weights {
    case .everySetting: true
    case .oneSetting(let kept, _): kept == priors
    }
  }

  /// These colours under `priors` alone: less to keep where the priors tell many parts apart.
  public func narrowed(to priors: Priors) -> WeighedColours {
    .init(weights: .oneSetting(priors, weighed(by: priors)), counts: counts)
  }

  /// The colours with the weights `priors` give their samples, for the bins.
  func weighed(by priors: Priors) -> SelectedColours {
    switch weights {
    case .everySetting(let every): return every.weighed(by: priors)
    case .oneSetting(let kept, let selected):
      precondition(kept == priors, "colours weighed under other foreground priors")
      return selected
    }
  }

  /// What the weighing reads, and nothing else: colours weighed under one of these serve
  /// every analysis with the same (whose priors they serve). The backdrop is what the fill
  /// marked, compared sample by sample: a change of a backdrop control that leaves a photo's
  /// marks as they were leaves its colours weighed.
  public struct Parameters: Equatable, Sendable {
    let marks: BackdropMarks
    let alphaThreshold: Int
    /// Where the product is worn, the only part of its hint the weighing reads.
    let wornOn: BodyRegion?
  }

  /// The foreground priors an analysis asks for.
  public struct Priors: Hashable, Sendable {
    var scene: Bool
    var skin: Bool
    var skinWithoutPriority: Bool
    var garment: Bool
  }

  /// A sum per part of a colour's samples that the priors treat alike (damped skin or not, in
  /// the garment's rows or not, with the scene prior's weight or without), kept only for the
  /// parts the photo has: a studio shot with no skin keeps a count per colour.
  struct EverySetting: Sendable {
    /// Each colour of a counted sample (`0x00RRGGBB`), once, in the order the grid first
    /// shows it: bins are then first seen in the samples' order.
    let colors: [UInt32]
    /// Per colour: its samples that no prior damps, in the garment's rows (all rows when the
    /// photo has no garment's rows).
    let undamped: Part
    /// Per colour: those outside the garment's rows (empty when the photo has none).
    let undampedOutside: Part
    /// The colours that have skin samples a skin region damps, their indices in `colors`
    /// ascending, with those samples' sums.
    let dampedColours: [Int32]
    let damped: DampedPart
    let dampedOutside: DampedPart
    /// Whether the person's skin takes no saturation priority when the parameters say so.
    let personSkin: Bool
    /// Whether the garment prior has rows to weigh (a person, and a hint where it is worn).
    let garmentRows: Bool

    var byteCount: Int {
      colors.count * MemoryLayout<UInt32>.stride + undamped.byteCount
        + undampedOutside.byteCount + dampedColours.count * MemoryLayout<Int32>.stride
        + damped.byteCount + dampedOutside.byteCount
    }

    /// The colours with the weights `priors` give their samples.
    func weighed(by priors: Priors) -> SelectedColours {
      let scene = !undamped.scene.isEmpty && priors.scene
      let garment = priors.skin && priors.garment && garmentRows
      let plainSkin = priors.skin && priors.skinWithoutPriority && personSkin
      // A garment's outside rows weigh half: halving a sum is exact, as halving each weight is.
      let outside = garment ? 0.5 : 1
      var prioritised = [Double](repeating: 0, count: colors.count)
      var plain = [Double](repeating: 0, count: plainSkin ? colors.count : 0)
      func sum(_ part: Part, _ i: Int) -> Double {
        scene ? part.scene[i] : Double(part.count[i])
      }
      for i in colors.indices {
        prioritised[i] = sum(undamped, i)
        if garmentRows { prioritised[i] += outside * sum(undampedOutside, i) }
      }
      func sum(_ part: DampedPart, _ d: Int) -> Double {
        switch (scene, priors.skin) {
        case (false, false): Double(part.count[d])
        case (false, true): part.damped[d]
        case (true, false): part.scene[d]
        case (true, true): part.sceneDamped[d]
        }
      }
      for (d, colour) in dampedColours.enumerated() {
        var weight = sum(damped, d)
        if garmentRows { weight += outside * sum(dampedOutside, d) }
        if plainSkin {
          plain[Int(colour)] += weight
        } else {
          prioritised[Int(colour)] += weight
        }
      }
      return SelectedColours(colors: colors, prioritised: prioritised, plain: plain)
    }
  }

  /// Some samples of each colour: how many (each weighs 1 with no scene prior) and, on a
  /// scene, their summed scene-prior weight (empty when the photo is not a scene).
  struct Part: Sendable {
    var count: [UInt32] = []
    var scene: [Double] = []

    var byteCount: Int {
      count.count * MemoryLayout<UInt32>.stride + scene.count * MemoryLayout<Double>.stride
    }
  }

  /// Damped skin samples of each colour of `dampedColours`: their weights before the skin
  /// step and after it, with no scene prior and with it (empty when not a scene).
  struct DampedPart: Sendable {
    var count: [UInt32] = []
    var damped: [Double] = []
    var scene: [Double] = []
    var sceneDamped: [Double] = []

    var byteCount: Int {
      count.count * MemoryLayout<UInt32>.stride
        + (damped.count + scene.count + sceneDamped.count) * MemoryLayout<Double>.stride
    }
  }
}

/// Weighed colours under one setting of the priors: each colour once, counted where its
/// samples weigh anything (the scene prior gives 0 to a colour only the border shows).
struct SelectedColours: Sendable, CountedSamples {
  let colors: [UInt32]
  let prioritised: [Double]
  /// Empty when no sample takes the priority away.
  let plain: [Double]

  init(colors: [UInt32], prioritised: [Double], plain: [Double]) {
    self.colors = colors
    self.prioritised = prioritised
    // Kept only where a sample weighs something there.
    self.plain = plain.contains { $0 != 0 } ? plain : []
  }

  var byteCount: Int {
    colors.count * MemoryLayout<UInt32>.stride
      + (prioritised.count + plain.count) * MemoryLayout<Double>.stride
  }

  var count: Int { colors.count }
  func isCounted(_ i: Int) -> Bool { prioritised[i] > 0 || (!plain.isEmpty && plain[i] > 0) }
  func color(_ i: Int) -> UInt32 { colors[i] }
  func weight(_ i: Int) -> (prioritised: Double, plain: Double) {
    (prioritised[i], plain.isEmpty ? 0 : plain[i])
  }
}

extension PaletteAnalyzer {
  /// Whether these analyses weigh colours (``weighing(_:marks:hint:)``): any step of the
  /// product path is on.
  public var weighsColours: Bool { usesProductPath }

  /// A kept grid's colours weighed with its backdrop already found, for
  /// ``analyze(_:)-(WeighedColours)``, whose colours are those of ``analyze(_:marks:hint:)``
  /// (the sums added per colour) under any foreground priors. Only when ``weighsColours``;
  /// `marks` as there.
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

  /// The counts of an analysis that does not look for skin.
  var withoutSkin: SampleCounts {
    .init(samples: samples, skipped: skipped, background: background, skin: 0, backdrop: backdrop)
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
