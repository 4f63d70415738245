public import HuewallCore

/// A marked grid's counted samples grouped by colour, each colour with its samples' summed
/// weights under every setting of the foreground priors (scene, skin, skin without priority,
/// garment), or under one: everything the bins, the merge and the lit side need.
///
/// A live wall keeps these beside each grid, so that a change of any control but the backdrop's
/// and the granularity bins the colours again and nothing else: a studio shot's counted samples
/// hold a few thousand colours. Each sample's weight is the one a run gives it; the sums are
/// added per colour and part, where a run adds them sample by sample, so they can differ in a
/// double's last bits. The stored colours and shares are the same (`SampleGridTests` under
/// every parameter set with each prior turned, `ProductPathTests` under all sixteen settings).
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
    /// As it acts on the grid (``PaletteAnalyzer/alphaThreshold(actingOn:)``).
    let alphaThreshold: UInt32
    /// Where the product is worn, the only part of its hint the weighing reads.
    let wornOn: BodyRegion?

    /// The memory the marks take (kept elsewhere too, most often: a cache's budget counts them
    /// again to be safe).
    public var byteCount: Int { marks.byteCount }
  }

  /// The foreground priors an analysis asks for: its steps of the weighing stage.
  public struct Priors: Hashable, Sendable {
    let steps: Set<AnalysisStep>

    init(_ parameters: AnalysisParameters) {
      steps = parameters.steps.filter { $0.stage == .weighing }
    }

    var scene: Bool { steps.contains(.scenePrior) }
    var skin: Bool { steps.contains(.skinSuppression) }
    var skinWithoutPriority: Bool { steps.contains(.skinWithoutPriority) }
    var garment: Bool { steps.contains(.garmentPrior) }
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

  /// The foreground priors these analyses ask for: kept colours weighed under others serve
  /// them only when kept for every setting.
  public var foregroundPriors: WeighedColours.Priors { .init(parameters) }

  /// What ``weighing(_:marks:hint:)`` reads for a product with `hint` whose grid has
  /// `outline` and `marks`: not the foreground priors, which the weighing serves all settings
  /// of.
  public func weighingParameters(
    for outline: GridOutline, hint: ProductHint, marks: BackdropMarks
  ) -> WeighedColours.Parameters {
    .init(marks: marks, alphaThreshold: alphaThreshold(actingOn: outline), wornOn: hint.wornOn)
  }

  /// What ``analyze(_:)-(WeighedColours)`` reads besides the colours: every parameter but
  /// the fill's (the alpha threshold and the steps of the backdrop stage), which reach it only
  /// through the backdrop marks the colours were weighed under. An analysis kept under these
  /// and the same ``weighingParameters(for:hint:marks:)`` serves a change of a backdrop control
  /// that leaves a photo's marks as they were.
  public var binningParameters: AnalysisParameters {
    var binning = parameters
    binning.alphaThreshold = 0
    binning.steps.subtract(AnalysisStep.acting(in: .backdrop))
    return binning
  }

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
    let weights = PriorWeights(marked, backdrop: marks.backdrop, hint: hint, by: self)
    return WeighedColours(
      weights: .everySetting(.init(marked, weights)), counts: weights.counts)
  }

  /// Analyses colours weighed by ``weighing(_:marks:hint:)`` under the same
  /// ``weighingParameters(for:hint:marks:)`` and serving these ``foregroundPriors``: weighs them
  /// by these priors, bins, merges and ranks them.
  public func analyze(_ weighed: WeighedColours) -> PaletteAnalysis {
    let counts = parameters[.skinSuppression] ? weighed.counts : weighed.counts.withoutSkin
    return analyze(weighed.weighed(by: foregroundPriors), counts: counts)
  }
}

/// Each foreground prior's weights on a marked grid, as a run makes them (``weigh``) on
/// weights of 1: a sample's weight under a setting of the priors is their product, in the
/// order a run multiplies them.
private struct PriorWeights {
  /// The scene prior (nil when the photo is not a scene).
  var scene: ScenePrior.Weights?
  /// One bit per sample, set where skin suppression damps it (to ``SkinRegions/weight``);
  /// empty when it damps none.
  var damped: [UInt64] = []
  /// Per row: 1 where it lies outside the garment's rows, else 0 (all 0 when the garment
  /// prior has no rows to weigh).
  var rowPart: [Int]
  /// Whether the garment prior has rows to weigh (a person, and a hint where it is worn).
  let garmentRows: Bool
  /// Whether the damped skin is a person's, which may take no saturation priority.
  let personSkin: Bool
  let counts: SampleCounts
  let alphaThreshold: UInt32

  init(_ grid: SampleGrid, backdrop: Backdrop, hint: ProductHint, by analyzer: PaletteAnalyzer) {
    alphaThreshold = UInt32(analyzer.parameters.alphaThreshold)
    let n = grid.pixels.count
    let (skipped, background) = analyzer.transparency(of: grid)
    let scene = ScenePrior.isScene(backdrop: backdrop, skipped: skipped, samples: n)
    let opaque = n - skipped
    if scene { self.scene = ScenePrior.Weights(grid, alphaThreshold: alphaThreshold) }
    let skin = SkinRegions.find(
      in: grid, alphaThreshold: alphaThreshold, opaque: opaque, studio: !scene)
    if !skin.damped.isEmpty {
      damped = [UInt64](repeating: 0, count: (n + 63) / 64)
      for i in skin.damped { damped[Int(i) >> 6] |= 1 << UInt64(i & 63) }
    }
    personSkin = skin.person
    rowPart = [Int](repeating: 0, count: grid.rows)
    garmentRows =
      SkinRegions.isPerson(skin: skin.personSkin, opaque: opaque) && hint.wornOn != nil
    if garmentRows, let region = hint.wornOn {
      rowPart = GarmentPrior.outsideRows(of: region, rowCount: grid.rows).map { $0 ? 1 : 0 }
    }
    counts = .init(
      samples: grid.columns * grid.rows, skipped: skipped, background: background,
      skin: skin.personSkin, backdrop: backdrop)
  }
}

extension WeighedColours.EverySetting {
  /// The counted samples of a marked grid grouped by colour, each part of a colour's samples
  /// summed under `weights`.
  fileprivate init(_ grid: SampleGrid, _ weights: PriorWeights) {
    let (parts, scene) = (weights.garmentRows ? 2 : 1, weights.scene != nil)
    let alphaThreshold = weights.alphaThreshold
    // Per part of the rows and colour (part-major, `stride` colours a part): the undamped
    // samples' counts and scene sums. The damped ones (skin) are few: listed, summed after.
    let colors: [UInt32]
    let stride: Int
    let sums: Sums
    var damped: [DampedSample] = []
    if let numbers = grid.colourNumbers {
      stride = numbers.colours.count
      sums = Sums(size: parts * stride, scene: scene)
      if weights.counts.skipped == 0 && weights.counts.background == 0 {
        // Every sample is counted (nothing marked, nothing transparent): the grid's numbers
        // are already in the order its counted samples first show them.
        colors = numbers.colours
        numbers.numbers.withUnsafeBufferPointer { sampleNumbers in
          Self.sum(grid, weights, into: sums, stride: stride, damped: &damped) {
            Int(sampleNumbers[$0])
          }
        }
      } else {
        // Each colour's index given as its first counted sample is summed: no pass before.
        var renumbering = FirstSeenNumbers(numbers)
        grid.pixels.withUnsafeBufferPointer { pixels in
          numbers.numbers.withUnsafeBufferPointer { sampleNumbers in
            Self.sum(grid, weights, into: sums, stride: stride, damped: &damped) { i in
              pixels[i] >> 24 <= alphaThreshold
                ? Int(renumbering.number(of: Int(sampleNumbers[i]))) : -1
            }
          }
        }
        colors = renumbering.colours
      }
    } else {
      var indices = [Int32](repeating: -1, count: grid.pixels.count)
      colors = Self.group(grid, into: &indices, alphaThreshold)
      stride = colors.count
      sums = Sums(size: parts * stride, scene: scene)
      indices.withUnsafeBufferPointer { indices in
        Self.sum(grid, weights, into: sums, stride: stride, damped: &damped) { Int(indices[$0]) }
      }
    }
    defer { sums.deallocate() }
    let k = colors.count
    func part(_ p: Int) -> WeighedColours.Part {
      let range = p * stride..<p * stride + k
      return .init(count: Array(sums.count[range]), scene: scene ? Array(sums.scene[range]) : [])
    }
    // The damped colours, their indices ascending, and their sums added in the samples'
    // order, as the undamped ones are.
    var dampedColours: [Int32] = []
    var dampedParts = [WeighedColours.DampedPart](repeating: .init(), count: parts)
    if !damped.isEmpty {
      var isDamped = [Bool](repeating: false, count: k)
      for sample in damped { isDamped[Int(sample.slot) % stride] = true }
      // Each damped colour's place among them.
      var position = [Int32](repeating: -1, count: k)
      for c in 0..<k where isDamped[c] {
        position[c] = Int32(dampedColours.count)
        dampedColours.append(Int32(c))
      }
      let zeros = [Double](repeating: 0, count: dampedColours.count)
      dampedParts = Array(
        repeating: .init(
          count: .init(repeating: 0, count: dampedColours.count), damped: zeros,
          scene: scene ? zeros : [], sceneDamped: scene ? zeros : []), count: parts)
      for sample in damped {
        let (p, d) = (Int(sample.slot) / stride, Int(position[Int(sample.slot) % stride]))
        dampedParts[p].count[d] += 1
        dampedParts[p].damped[d] += Double(sample.skin)
        if scene {
          dampedParts[p].scene[d] += Double(sample.scene)
          dampedParts[p].sceneDamped[d] += Double(sample.scene * sample.skin)
        }
      }
    }
    self.init(
      colors: colors, undamped: part(0), undampedOutside: parts == 2 ? part(1) : .init(),
      dampedColours: dampedColours, damped: dampedParts[0],
      dampedOutside: parts == 2 ? dampedParts[1] : .init(), personSkin: weights.personSkin,
      garmentRows: weights.garmentRows)
  }

  /// A damped (skin) sample: where it is summed, and its weights.
  private struct DampedSample {
    let slot: Int32
    let skin: Float
    let scene: Float
  }

  /// Adds each counted sample (`index(i)` its colour's index, −1 for a sample not counted) to
  /// `sums` in its part of the rows, column by column as the grid keeps its samples; a
  /// damped one goes to `damped` instead.
  @inline(__always)
  private static func sum(
    _ grid: SampleGrid, _ weights: PriorWeights, into sums: Sums, stride: Int,
    damped: inout [DampedSample], index: (Int) -> Int
  ) {
    let (rows, hasScene) = (grid.rows, weights.scene != nil)
    let scene = weights.scene ?? ScenePrior.Weights.none
    grid.pixels.withUnsafeBufferPointer { pixels in
      weights.damped.withUnsafeBufferPointer { dampedBits in
        weights.rowPart.withUnsafeBufferPointer { rowPart in
          scene.withFactors { scene in
            for c in 0..<grid.columns {
              for r in 0..<rows {
                let i = c * rows + r
                let colour = index(i)
                guard colour >= 0 else { continue }
                let slot = rowPart[r] * stride + colour
                // The scene prior's weight, as a run multiplies it into a weight of 1.
                let sceneWeight =
                  hasScene ? scene.weight(column: c, row: r, pixel: pixels[i]) : 0
                if dampedBits.isEmpty || dampedBits[i >> 6] >> UInt64(i & 63) & 1 == 0 {
                  sums.count[slot] += 1
                  if hasScene { sums.scene[slot] += Double(sceneWeight) }
                } else {
                  damped.append(
                    .init(
                      slot: Int32(truncatingIfNeeded: slot), skin: SkinRegions.weight,
                      scene: sceneWeight))
                }
              }
            }
          }
        }
      }
    }
  }

  /// The colours of `grid`'s counted samples, in the order first seen, each sample's index
  /// among them put in `indices`.
  private static func group(
    _ grid: SampleGrid, into indices: inout [Int32], _ alphaThreshold: UInt32
  ) -> [UInt32] {
    var grouping = ColourGrouping(expected: grid.pixels.count / 8)
    indices.withUnsafeMutableBufferPointer { indices in
      grid.pixels.withUnsafeBufferPointer { pixels in
        for i in pixels.indices where pixels[i] >> 24 <= alphaThreshold {
          indices[i] = Int32(truncatingIfNeeded: grouping.index(of: pixels[i] & 0x00FF_FFFF))
        }
      }
    }
    return grouping.colors
  }

  /// The undamped sums while they are added, in buffers freed with ``deallocate()``.
  private struct Sums {
    let count: UnsafeMutableBufferPointer<UInt32>
    let scene: UnsafeMutableBufferPointer<Double>

    init(size: Int, scene: Bool) {
      count = .allocate(capacity: size)
      count.initialize(repeating: 0)
      self.scene = .allocate(capacity: scene ? size : 0)
      self.scene.initialize(repeating: 0)
    }

    func deallocate() {
      count.deallocate()
      scene.deallocate()
    }
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
