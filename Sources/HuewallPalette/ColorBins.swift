import Foundation

/// Weighted sums per bin key — weight and the weighted red, green and blue — in first-seen
/// order: what the product path needs to merge bins and report their mean colours.
struct ColorBins {
  /// The slot of each key plus one (0: not seen), when keys are few enough for a table.
  private var slotOfKey: [Int32]
  /// The same, for sample sizes so fine that a table would not fit.
  private var sparseSlots: [Int: Int] = [:]
  private let dense: Bool
  private(set) var keys: [Int] = []
  private(set) var weights: [Double] = []
  private(set) var red: [Double] = []
  private(set) var green: [Double] = []
  private(set) var blue: [Double] = []

  init(keyCount: Int, denseLimit: Int) {
    dense = keyCount <= denseLimit
    slotOfKey = dense ? Array(repeating: 0, count: keyCount) : []
    for array in [\ColorBins.weights, \.red, \.green, \.blue] {
      self[keyPath: array].reserveCapacity(512)
    }
    keys.reserveCapacity(512)
  }

  var count: Int { keys.count }

  /// Adds a sample to its key's bin and returns the bin's slot.
  @inline(__always) @discardableResult
  mutating func add(_ weight: Double, to key: Int, red r: Int, green g: Int, blue b: Int) -> Int {
    let slot: Int
    if dense {
      let stored = Int(slotOfKey[key])
      if stored == 0 {
        slot = newSlot(key)
        slotOfKey[key] = Int32(slot + 1)
      } else {
        slot = stored - 1
      }
    } else if let stored = sparseSlots[key] {
      slot = stored
    } else {
      slot = newSlot(key)
      sparseSlots[key] = slot
    }
    weights[slot] += weight
    red[slot] += weight * Double(r)
    green[slot] += weight * Double(g)
    blue[slot] += weight * Double(b)
    return slot
  }

  private mutating func newSlot(_ key: Int) -> Int {
    keys.append(key)
    weights.append(0)
    red.append(0)
    green.append(0)
    blue.append(0)
    return keys.count - 1
  }

  /// The weighted mean colour of a slot, channels 0…255.
  func mean(_ slot: Int) -> RGB {
    let w = weights[slot]
    return RGB(red: red[slot] / w, green: green[slot] / w, blue: blue[slot] / w)
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
