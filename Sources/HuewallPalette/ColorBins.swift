import Foundation
import HuewallColorWords

/// Weighted sums per bin key — weight and the weighted red, green and blue — in first-seen
/// order: what the product path needs to merge bins and report their mean colours.
///
/// Every sample of the product path is added here, so the storage is allocated once at its
/// largest (one slot per key or per sample, whichever is fewer) and read without bounds checks;
/// ``BinRun`` adds the samples.
final class ColorBins {
  /// The slot of each key plus one (0: not seen), when keys are few enough for a table.
  private let slotOfKey: UnsafeMutablePointer<Int32>
  /// The same, for sample sizes so fine that a table would not fit.
  private var sparseSlots: [Int: Int] = [:]
  private let dense: Bool
  /// Per slot: the weight and the weighted red, green and blue, in that lane order.
  fileprivate let sums: UnsafeMutablePointer<SIMD4<Double>>
  private let keyOfSlot: UnsafeMutablePointer<Int>
  private(set) var count = 0

  /// Bins for `samples` samples whose keys lie in 0..<`keyCount`.
  init(keyCount: Int, denseLimit: Int, samples: Int) {
    dense = keyCount <= denseLimit
    let slotCapacity = max(1, dense ? min(keyCount, samples) : samples)
    slotOfKey = .allocate(capacity: dense ? keyCount : 0)
    if dense { slotOfKey.initialize(repeating: 0, count: keyCount) }
    sums = .allocate(capacity: slotCapacity)
    keyOfSlot = .allocate(capacity: slotCapacity)
  }

  deinit {
    slotOfKey.deallocate()
    sums.deallocate()
    keyOfSlot.deallocate()
  }

  /// The slot of `key`, a new one (its sums zero) when the key was not seen yet.
  @inline(__always)
  fileprivate func slot(of key: Int) -> Int {
    if dense {
      let stored = Int(slotOfKey[key])
      if stored != 0 { return stored - 1 }
      let slot = newSlot(key)
      slotOfKey[key] = Int32(slot + 1)
      return slot
    } else if let stored = sparseSlots[key] {
      return stored
    } else {
      let slot = newSlot(key)
      sparseSlots[key] = slot
      return slot
    }
  }

  private func newSlot(_ key: Int) -> Int {
    let slot = count
    keyOfSlot[slot] = key
    sums[slot] = .zero
    count += 1
    return slot
  }

  func key(_ slot: Int) -> Int { keyOfSlot[slot] }
  func weight(_ slot: Int) -> Double { sums[slot][0] }
  func red(_ slot: Int) -> Double { sums[slot][1] }
  func green(_ slot: Int) -> Double { sums[slot][2] }
  func blue(_ slot: Int) -> Double { sums[slot][3] }

  /// The weighted mean colour of a slot, channels 0…255.
  func mean(_ slot: Int) -> RGB {
    let w = weight(slot)
    return RGB(red: red(slot) / w, green: green(slot) / w, blue: blue(slot) / w)
  }
}

/// Adds samples to ``ColorBins`` in scan order, keeping the sums of the bin the last sample
/// went to in registers: neighbouring samples of one surface mostly share a bin, and each of
/// their additions then waits on the previous one's result rather than on a store and a load.
/// The additions, their order and their precision are those of adding to memory.
struct BinRun {
  let bins: ColorBins
  private let sums: UnsafeMutablePointer<SIMD4<Double>>
  /// The slot whose sums are in `sum` (-1: none yet).
  private var current = -1
  private var sum = SIMD4<Double>.zero

  init(_ bins: ColorBins) {
    self.bins = bins
    sums = bins.sums
  }

  /// Adds a sample to its key's bin and returns the bin's slot.
  @inline(__always)
  mutating func add(_ weight: Double, to key: Int, red r: Int, green g: Int, blue b: Int) -> Int {
    let slot = bins.slot(of: key)
    if slot != current {
      if current >= 0 { sums[current] = sum }
      current = slot
      sum = sums[slot]
    }
    sum += SIMD4(weight, weight * Double(r), weight * Double(g), weight * Double(b))
    return slot
  }

  /// Writes the running bin's sums back; the bins are complete after this.
  mutating func finish() {
    if current >= 0 { sums[current] = sum }
    current = -1
  }
}

/// A colour with fractional 0…255 channels: a mean of samples.
struct RGB {
  var red: Double
  var green: Double
  var blue: Double

  /// h, s and v in 0…1, as the reference converts integers (but on fractional channels).
  var hsv: (h: Double, s: Double, v: Double) {
    let maxC = max(red, green, blue)
    let d = maxC - min(red, green, blue)
    let s = maxC <= 0 ? 0 : d / maxC
    guard d > 0 else { return (0, s, maxC / 255) }
    var t: Double
    if maxC == red {
      t = (green - blue) / d
      if t < 0 { t += 6 }
    } else if maxC == green {
      t = (blue - red) / d + 2
    } else {
      t = (red - green) / d + 4
    }
    return (t / 6, s, maxC / 255)
  }

  /// CIELAB (D65) of the sRGB colour.
  var lab: Lab {
    func linear(_ c: Double) -> Double {
      let x = c / 255
      return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055).pow24
    }
    let (r, g, b) = (linear(red), linear(green), linear(blue))
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    func f(_ t: Double) -> Double { t > 0.008856 ? t.cubeRoot : 7.787 * t + 16.0 / 116 }
    let (fx, fy, fz) = (f(x), f(y), f(z))
    return Lab(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
  }
}

extension Double {
  fileprivate var pow24: Double { pow(self, 2.4) }
  fileprivate var cubeRoot: Double { cbrt(self) }
}
