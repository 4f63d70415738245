import HuewallCore

/// Each foreground prior's weights on a marked grid, as a run makes them (``weigh``) on
/// weights of 1: a sample's weight under a setting of the priors is their product, in the
/// order a run multiplies them.
struct PriorWeights {
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
  init(_ grid: SampleGrid, _ weights: PriorWeights) {
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
