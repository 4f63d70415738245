/// One axis of the HSV grid: the reference's `round(x / sampleSize)` as a bin index.
///
/// The exact path (a division and ``phpRound(_:)``) is only needed when `x / sampleSize` lies
/// within 1e-9 of a half-integer; elsewhere a multiplication and `floor(y + 0.5)` give the same
/// index, because PHP's pre-rounding moves a value below 1000 by less than 1e-11.
struct Quantizer: Sendable {
  let sampleSize: Double
  let reciprocal: Double
  /// Bins from 0 up to the bin of 1.0, the largest value h, s or v can take.
  let binCount: Int

  init(sampleSize: Double) {
    self.sampleSize = sampleSize
    self.reciprocal = 1 / sampleSize
    self.binCount = Int(phpRound(1 / sampleSize)) + 1
  }

  /// The bin of `x`.
  @inline(__always)
  func bin(_ x: Double) -> Int {
    fastBin(scaled: x * reciprocal) ?? exactBin(x)
  }

  /// The bin of a value already multiplied by ``reciprocal`` (within a few ulps), or nil when
  /// it is too close to a rounding boundary to decide without the exact value.
  @inline(__always)
  func fastBin(scaled y: Double) -> Int? {
    let shifted = y + 0.5
    // Truncation is floor here (y ≥ 0), and unlike `rounded(.down)` never calls libm.
    let index = Int(shifted)
    let pastBoundary = shifted - Double(index)
    guard pastBoundary > 1e-9, pastBoundary < 1 - 1e-9 else { return nil }
    return index
  }

  /// The reference's computation, for values near a boundary.
  func exactBin(_ x: Double) -> Int {
    Int(phpRound(x / sampleSize))
  }

  /// The quantised value the reference reports for `bin`: `round(x / size) * size`.
  func value(ofBin bin: Int) -> Double {
    Double(bin) * sampleSize
  }
}
