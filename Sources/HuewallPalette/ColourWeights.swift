import HuewallCore

/// Each colour once with its samples' summed weights under one setting of the priors, for the
/// bins: counted where its samples weigh anything (the scene prior gives 0 to a colour only
/// the border shows).
struct ColourWeights: Sendable, CountedSamples {
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
