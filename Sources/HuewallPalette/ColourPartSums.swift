import HuewallCore

extension WeighedColours {
  /// A sum per part of a colour's samples that the priors treat alike (damped skin or not, in
  /// the garment's rows or not, with the scene prior's weight or without), kept only for the
  /// parts the photo has: a studio shot with no skin keeps a count per colour.
  struct PartSums: Sendable {
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
    func weights(under priors: Priors) -> ColourWeights {
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
      return ColourWeights(colors: colors, prioritised: prioritised, plain: plain)
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

extension WeighedColours.PartSums {
  /// The counted samples of a marked grid grouped by colour, each part of a colour's samples
  /// summed under `factors`.
  init(_ grid: SampleGrid, _ factors: PriorFactors) {
    let (parts, scene) = (factors.garmentRows ? 2 : 1, factors.scene != nil)
    let alphaThreshold = factors.alphaThreshold
    // Per part of the rows and colour (part-major, `stride` colours a part): the undamped
    // samples' counts and scene sums. The damped ones (skin) are few: listed, summed after.
    let colors: [UInt32]
    let stride: Int
    let sums: SumBuffers
    var damped: [DampedSample] = []
    if let numbers = grid.colourNumbers {
      stride = numbers.colours.count
      sums = SumBuffers(size: parts * stride, scene: scene)
      if factors.counts.skipped == 0 && factors.counts.background == 0 {
        // Every sample is counted (nothing marked, nothing transparent): the grid's numbers
        // are already in the order its counted samples first show them.
        colors = numbers.colours
        numbers.numbers.withUnsafeBufferPointer { sampleNumbers in
          Self.sum(grid, factors, into: sums, stride: stride, damped: &damped) {
            Int(sampleNumbers[$0])
          }
        }
      } else {
        // Each colour's index given as its first counted sample is summed: no pass before.
        var renumbering = FirstSeenNumbers(numbers)
        grid.pixels.withUnsafeBufferPointer { pixels in
          numbers.numbers.withUnsafeBufferPointer { sampleNumbers in
            Self.sum(grid, factors, into: sums, stride: stride, damped: &damped) { i in
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
      sums = SumBuffers(size: parts * stride, scene: scene)
      indices.withUnsafeBufferPointer { indices in
        Self.sum(grid, factors, into: sums, stride: stride, damped: &damped) { Int(indices[$0]) }
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
      dampedOutside: parts == 2 ? dampedParts[1] : .init(), personSkin: factors.personSkin,
      garmentRows: factors.garmentRows)
  }

  /// A damped (skin) sample: where it is summed, and its factors.
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
    _ grid: SampleGrid, _ factors: PriorFactors, into sums: SumBuffers, stride: Int,
    damped: inout [DampedSample], index: (Int) -> Int
  ) {
    let (rows, hasScene) = (grid.rows, factors.scene != nil)
    let scene = factors.scene ?? ScenePrior.Factors.none
    grid.pixels.withUnsafeBufferPointer { pixels in
      factors.damped.withUnsafeBufferPointer { dampedBits in
        factors.rowPart.withUnsafeBufferPointer { rowPart in
          scene.withBuffers { scene in
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
  private struct SumBuffers {
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
