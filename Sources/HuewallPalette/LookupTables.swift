/// The analyzer's per-parameter tables, filled once and then only read.
///
/// They live in manually allocated memory so that the per-pixel loop reads them without
/// bounds checks; nothing writes to them after `init`, which is what makes sharing them
/// between threads safe.
final class LookupTables: @unchecked Sendable {
  /// `1 / d` for d in 0…255 (0 for 0), for the fast hue path.
  let inverse: UnsafeMutablePointer<Double>
  /// `saturationBin * svBins + valueBin` for index `maxChannel << 8 | (maxChannel − minChannel)`:
  /// both bins depend on those two numbers only, so the table is exact by construction.
  let saturationValueKey: UnsafeMutablePointer<UInt32>
  /// The factor of the saturation bonus for each maximum channel (1 unless dark pixels are
  /// damped).
  let bonusScale: UnsafeMutablePointer<Double>

  init(saturationValue: Quantizer, darkPixels: DarkPixels?) {
    inverse = .allocate(capacity: 256)
    bonusScale = .allocate(capacity: 256)
    saturationValueKey = .allocate(capacity: 256 * 256)
    saturationValueKey.initialize(repeating: 0, count: 256 * 256)
    let svBins = saturationValue.binCount
    for maxC in 0...255 {
      inverse[maxC] = maxC == 0 ? 0 : 1 / Double(maxC)
      bonusScale[maxC] = darkPixels?.bonusScale(maxChannel: maxC) ?? 1
      let valueBin = saturationValue.exactBin(Double(maxC) / 255)
      let neutral = maxC < darkPixels?.neutralBelow ?? 0
      for d in 0...maxC {
        let s = maxC == 0 ? 0 : Double(d) / Double(maxC)
        let saturationBin = neutral ? 0 : saturationValue.bin(s)
        saturationValueKey[maxC << 8 | d] = UInt32(saturationBin * svBins + valueBin)
      }
    }
  }

  deinit {
    inverse.deallocate()
    bonusScale.deallocate()
    saturationValueKey.deallocate()
  }
}
