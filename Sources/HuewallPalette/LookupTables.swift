/// The analyzer's per-parameter tables, filled once and then only read.
///
/// They live in manually allocated memory so that the per-pixel loop reads them without
/// bounds checks; nothing writes to them after `init`, which is what makes sharing them
/// between threads safe.
final class LookupTables: @unchecked Sendable {
  /// `1 / d` for d in 0…255 (0 for 0), for the fast hue path.
  let inverse: UnsafeMutablePointer<Double>
  /// The value bin of each maximum channel.
  let valueBin: UnsafeMutablePointer<Int32>
  /// `1 / (sampleSize × maxChannel)` (0 for 0): the spread times this is the saturation in
  /// bins, within a few ulps (``Quantizer/fastBin(scaled:)`` allows for it).
  let saturationScale: UnsafeMutablePointer<Double>
  /// The factor of the saturation bonus for each maximum channel (1 unless dark pixels are
  /// damped).
  let bonusScale: UnsafeMutablePointer<Double>

  init(saturationValue: Quantizer, darkPixels: DarkPixels?) {
    inverse = .allocate(capacity: 256)
    bonusScale = .allocate(capacity: 256)
    valueBin = .allocate(capacity: 256)
    saturationScale = .allocate(capacity: 256)
    for maxC in 0...255 {
      saturationScale[maxC] = maxC == 0 ? 0 : saturationValue.reciprocal / Double(maxC)
      inverse[maxC] = maxC == 0 ? 0 : 1 / Double(maxC)
      bonusScale[maxC] = darkPixels?.bonusScale(maxChannel: maxC) ?? 1
      valueBin[maxC] = Int32(saturationValue.exactBin(Double(maxC) / 255))
    }
  }

  deinit {
    inverse.deallocate()
    bonusScale.deallocate()
    valueBin.deallocate()
    saturationScale.deallocate()
  }
}
