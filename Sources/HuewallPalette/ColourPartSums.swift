import HuewallCore

extension WeighedColours.EverySetting {
  /// The counted samples of a marked grid grouped by colour, each part of a colour's samples
  /// summed under `factors`.
  init(_ grid: SampleGrid, _ factors: PriorFactors) {
    let (parts, scene) = (factors.garmentRows ? 2 : 1, factors.scene != nil)
    let alphaThreshold = factors.alphaThreshold
    // Per part of the rows and colour (part-major, `stride` colours a part): the undamped
    // samples' counts and scene sums. The damped ones (skin) are few: listed, summed after.
    let colors: [UInt32]
    let stride: Int
    let sums: Sums
    var damped: [DampedSample] = []
    if let numbers = grid.colourNumbers {
      stride = numbers.colours.count
      sums = Sums(size: parts * stride, scene: scene)
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
      sums = Sums(size: parts * stride, scene: scene)
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
    _ grid: SampleGrid, _ factors: PriorFactors, into sums: Sums, stride: Int,
    damped: inout [DampedSample], index: (Int) -> Int
  ) {
    let (rows, hasScene) = (grid.rows, factors.scene != nil)
    let scene = factors.scene ?? ScenePrior.Weights.none
    grid.pixels.withUnsafeBufferPointer { pixels in
      factors.damped.withUnsafeBufferPointer { dampedBits in
        factors.rowPart.withUnsafeBufferPointer { rowPart in
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
