import HuewallCore

/// A marked grid's counted samples grouped by colour, each colour with the summed weight the
/// foreground priors gave its samples: everything the bins, the merge and the lit side need.
///
/// A product photo's counted samples hold few distinct colours (about one in six at a 1/4
/// decode of a shop-size JPEG), so binning the colours instead of the samples costs a fraction
/// of the kernel; and a live wall keeps these beside each grid, so that a change of a control
/// that only bins (colours, sample sizes, priority, hue wrap, the families) bins the colours
/// again and nothing else.
public struct WeighedColours: Sendable {
  /// Each colour of a counted sample (`0x00RRGGBB`), once, in the order the grid first shows
  /// it: bins are then first seen in the samples' order.
  let colors: [UInt32]
  /// Per colour: the summed weight of its samples that take the saturation priority.
  let prioritised: [Double]
  /// Per colour: the summed weight of its samples taken for skin that take none (empty when
  /// no sample does).
  let plain: [Double]
  /// The grid's samples, and of them the transparent ones, the backdrop's and the skin's.
  let samples: Int
  let skipped: Int
  let background: Int
  let skin: Int
  /// What the analysis took for the backdrop.
  let backdrop: Backdrop

  /// The summed weight of colour `i`'s samples, without the saturation priority.
  @inline(__always)
  func weight(_ i: Int) -> Double { plain.isEmpty ? prioritised[i] : prioritised[i] + plain[i] }

  /// The memory the colours take, for a cache's budget.
  public var byteCount: Int {
    colors.count * MemoryLayout<UInt32>.stride
      + (prioritised.count + plain.count) * MemoryLayout<Double>.stride
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

/// Groups samples by colour as they come, summing their weights.
struct ColourGrouping {
  private var slots: [Int32]
  private var keys: [UInt32]
  private var mask: Int
  private var colors: [UInt32] = []
  private var prioritised: [Double] = []
  private var plain: [Double] = []
  /// The last colour added and its index: neighbouring samples often share a colour.
  private var lastColor = UInt32.max
  private var lastIndex = 0

  /// A table of twice a power of two this many colours, grown as needed.
  init(expected: Int) {
    var capacity = 1024
    while capacity < expected * 2 { capacity <<= 1 }
    slots = [Int32](repeating: -1, count: capacity)
    keys = [UInt32](repeating: 0, count: capacity)
    mask = capacity - 1
  }

  /// Adds a sample of `color` (`0x00RRGGBB`) weighing `weight`, with the saturation priority
  /// or without (`plain`).
  @inline(__always)
  mutating func add(_ color: UInt32, weight: Double, plain isPlain: Bool) {
    let index = color == lastColor ? lastIndex : index(of: color)
    (lastColor, lastIndex) = (color, index)
    if isPlain {
      if plain.isEmpty { plain = [Double](repeating: 0, count: prioritised.count) }
      plain[index] += weight
    } else {
      prioritised[index] += weight
    }
  }

  /// The index of `color` among the colours, a new one when it is not there yet.
  @inline(__always)
  private mutating func index(of color: UInt32) -> Int {
    var slot = Self.hash(color) & mask
    while true {
      let found = slots[slot]
      if found < 0 { break }
      if keys[slot] == color { return Int(found) }
      slot = (slot + 1) & mask
    }
    let index = colors.count
    slots[slot] = Int32(index)
    keys[slot] = color
    colors.append(color)
    prioritised.append(0)
    if !plain.isEmpty { plain.append(0) }
    if colors.count * 2 > slots.count { grow() }
    return index
  }

  /// Fibonacci hashing: the multiplication's high bits mix every bit of the colour.
  @inline(__always)
  private static func hash(_ color: UInt32) -> Int {
    Int(truncatingIfNeeded: (UInt64(color) &* 0x9E37_79B9_7F4A_7C15) >> 32)
  }

  private mutating func grow() {
    let capacity = slots.count * 2
    slots = [Int32](repeating: -1, count: capacity)
    keys = [UInt32](repeating: 0, count: capacity)
    mask = capacity - 1
    for (index, color) in colors.enumerated() {
      var slot = Self.hash(color) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index)
      keys[slot] = color
    }
  }

  /// The colours and their weights.
  func finish() -> (colors: [UInt32], prioritised: [Double], plain: [Double]) {
    (colors, prioritised, plain)
  }
}
