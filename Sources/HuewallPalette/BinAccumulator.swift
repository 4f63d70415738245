/// Sums weights per bin key and remembers the order in which keys were first seen.
protocol BinAccumulator {
  mutating func add(_ weight: Double, to key: Int)
  func forEachInFirstSeenOrder(_ body: (_ key: Int, _ weight: Double) -> Void)
}

/// A weight per possible key: the common case (3,636 keys at the default sample sizes).
///
/// Every sample adds at least 1, so a zero weight means "not seen yet".
struct DenseBins: BinAccumulator {
  private var weights: [Double]
  private var firstSeen: [Int] = []

  init(keyCount: Int) {
    weights = Array(repeating: 0, count: keyCount)
    firstSeen.reserveCapacity(512)
  }

  @inline(__always)
  mutating func add(_ weight: Double, to key: Int) {
    if weights[key] == 0 { firstSeen.append(key) }
    weights[key] += weight
  }

  func forEachInFirstSeenOrder(_ body: (Int, Double) -> Void) {
    for key in firstSeen { body(key, weights[key]) }
  }
}

/// A dictionary of seen keys, for sample sizes so fine that a dense table would not fit.
struct SparseBins: BinAccumulator {
  private var slotOfKey: [Int: Int] = [:]
  private var keys: [Int] = []
  private var weights: [Double] = []

  mutating func add(_ weight: Double, to key: Int) {
    if let slot = slotOfKey[key] {
      weights[slot] += weight
    } else {
      slotOfKey[key] = keys.count
      keys.append(key)
      weights.append(weight)
    }
  }

  func forEachInFirstSeenOrder(_ body: (Int, Double) -> Void) {
    for (key, weight) in zip(keys, weights) { body(key, weight) }
  }
}
