import Foundation
import HuewallCore

/// Skin, found per sample in YCbCr with the box of Chai and Ngan (1999), grouped into
/// 4-connected regions (hot pink and orange, which RGB skin rules take for skin, fall outside). A region weighs little unless it is as large as
/// a product would be (a beige coat, a tan bag): then it is the product.
enum SkinRegions {
  /// What a skin sample weighs. Set by hand with the product preset on the real photos
  /// (cb9d197); no sweep recorded.
  static let weight: Float = 0.3
  /// A region holding more than this share of the image's opaque samples (backdrop included)
  /// is taken for a product. Set by hand with ``weight`` (cb9d197).
  static let productShare = 0.35

  @inline(__always)
  static func isSkin(_ p: UInt32) -> Bool {
    let r = Int(p >> 16 & 0xFF)
    let g = Int(p >> 8 & 0xFF)
    let b = Int(p & 0xFF)
    // Chai and Ngan (1999): 77 ≤ Cb ≤ 127 and 133 ≤ Cr ≤ 173, in fixed point (× 1000).
    let y = 299 * r + 587 * g + 114 * b
    let cr = 713 * (r * 1000 - y) / 1000 + 128_000
    let cb = 564 * (b * 1000 - y) / 1000 + 128_000
    return cr >= 133_000 && cr <= 173_000 && cb >= 77_000 && cb <= 127_000 && r > 60
  }

  /// Damps the skin-coloured regions smaller than a product; returns how many samples were
  /// taken for a person's skin and marks them in `mask`, which stays empty when there are none
  /// (as when the only skin on a studio shot is one region).
  @discardableResult
  static func weigh(
    _ grid: SampleGrid, into weights: inout [Float], alphaThreshold: UInt32, opaque: Int,
    studio: Bool, mask: inout [Bool]
  ) -> Int {
    let found = find(in: grid, alphaThreshold: alphaThreshold, opaque: opaque, studio: studio)
    mask = found.person ? [Bool](repeating: false, count: grid.pixels.count) : []
    weights.withUnsafeMutableBufferPointer { weights in
      mask.withUnsafeMutableBufferPointer { mask in
        for i in found.damped {
          weights[Int(i)] *= weight
          if found.person { mask[Int(i)] = true }
        }
      }
    }
    return found.personSkin
  }

  /// The skin samples the step damps, and whether they are a person's.
  struct Found {
    /// The samples of the skin regions smaller than a product, region after region.
    var damped: [Int32] = []
    /// Whether they are a person's skin (which may then take no saturation priority); false
    /// when there are none.
    var person = false

    /// How many samples were taken for a person's skin.
    var personSkin: Int { person ? damped.count : 0 }
  }

  /// Finds the skin-coloured regions smaller than a product.
  static func find(in grid: SampleGrid, alphaThreshold: UInt32, opaque: Int, studio: Bool)
    -> Found
  {
    let (columns, rows) = (grid.columns, grid.rows)
    let n = grid.pixels.count
    // A photo whose numbered colours hold no skin tone has no skin.
    if let numbers = grid.colourNumbers, !numbers.colours.contains(where: isSkin) {
      return .init()
    }
    var candidates = 0
    // 0: not skin, 1: skin not yet in a region, 2: done.
    var state = [UInt8](unsafeUninitializedCapacity: n) { state, count in
      grid.forEachSample(opaqueAndPassing: isSkin, alphaThreshold: alphaThreshold) { i, skin in
        state[i] = skin ? 1 : 0
        candidates &+= skin ? 1 : 0
      }
      count = n
    }
    guard candidates > 0 else { return .init() }
    let largest = Int(productShare * Double(opaque))
    // The samples of the regions kept (no larger than `largest`), region after region, and
    // each kept region's size; every sample is pushed on the stack at most once.
    let stack = UnsafeMutableBufferPointer<Int>.allocate(capacity: candidates)
    defer { stack.deallocate() }
    var sizes: [Int] = []
    let damped = [Int32](unsafeUninitializedCapacity: candidates) { members, memberCount in
      memberCount = 0
      state.withUnsafeMutableBufferPointer { state in
        var depth = 0
        @inline(__always) func visit(_ j: Int) {
          if state[j] == 1 {
            state[j] = 2
            stack[depth] = j
            depth += 1
          }
        }
        for start in 0..<n where state[start] == 1 {
          state[start] = 2
          stack[0] = start
          depth = 1
          let first = memberCount
          while depth > 0 {
            depth -= 1
            let i = stack[depth]
            members[memberCount] = Int32(truncatingIfNeeded: i)
            memberCount += 1
            let (c, r) = (i / rows, i % rows)
            if r > 0 { visit(i - 1) }
            if r < rows - 1 { visit(i + 1) }
            if c > 0 { visit(i - rows) }
            if c < columns - 1 { visit(i + rows) }
          }
          let size = memberCount - first
          if size <= largest { sizes.append(size) } else { memberCount = first }
        }
      }
    }
    // On a studio shot a person shows as several skin regions (face, arms, legs); one
    // skin-toned object alone on the backdrop is more likely the product (a tan boot, a beige
    // bag): it is still damped, but it is not a person's skin.
    let minimum = max(4, Int(personRegionShare * Double(opaque)))
    let person = !studio || sizes.lazy.filter { $0 >= minimum }.count >= 2
    return Found(damped: damped, person: person && !damped.isEmpty)
  }
  /// A skin region this share of the opaque samples or larger counts towards a person. Set by
  /// hand when skin without priority became a person's only (af3b2bc: a tan boot on a studio
  /// shot is one region, no person).
  static let personRegionShare = 0.005
  /// Skin on at least this share of the opaque samples (backdrop included) means a person is
  /// in the photo. Set by hand with the skin regions (cb9d197); no sweep recorded.
  static let personShare = 0.03

  /// Whether `skin` samples of a person's skin (what ``weigh(_:into:alphaThreshold:opaque:studio:mask:)``
  /// returns) among `opaque` ones mean a person is in the photo.
  static func isPerson(skin: Int, opaque: Int) -> Bool {
    Double(skin) >= personShare * Double(opaque)
  }
}
