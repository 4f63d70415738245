import Foundation

/// A colour in CIELAB (D65 white, as sRGB's), where equal distances look about equally
/// different.
public struct Lab: Sendable, Equatable {
  public var l: Double
  public var a: Double
  public var b: Double

  @inlinable
  public init(l: Double, a: Double, b: Double) {
    self.l = l
    self.a = a
    self.b = b
  }

  /// An sRGB colour (IEC 61966-2-1: the piecewise transfer curve, the D65 matrix).
  public init(r: UInt8, g: UInt8, b: UInt8) {
    self.init(red: Double(r), green: Double(g), blue: Double(b))
  }

  /// An sRGB colour of fractional channels (0…255), as a mean of samples is.
  public init(red: Double, green: Double, blue: Double) {
    func linear(_ c: Double) -> Double {
      let x = c / 255
      return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
    }
    let (rl, gl, bl) = (linear(red), linear(green), linear(blue))
    let x = 0.4124564 * rl + 0.3575761 * gl + 0.1804375 * bl
    let y = 0.2126729 * rl + 0.7151522 * gl + 0.0721750 * bl
    let z = 0.0193339 * rl + 0.1191920 * gl + 0.9503041 * bl
    func f(_ t: Double) -> Double {
      t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116
    }
    let (fx, fy, fz) = (f(x / 0.95047), f(y / 1.0), f(z / 1.08883))
    self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
  }

  /// CIE76 ΔE, squared: the analysis's merge compares it with a squared threshold.
  @inlinable @inline(__always)
  public func distanceSquared(to other: Lab) -> Double {
    let (dl, da, db) = (l - other.l, a - other.a, b - other.b)
    return dl * dl + da * da + db * db
  }

  /// CIE76: the Euclidean distance.
  public static func deltaE76(_ x: Lab, _ y: Lab) -> Double {
    ((x.l - y.l) * (x.l - y.l) + (x.a - y.a) * (x.a - y.a) + (x.b - y.b) * (x.b - y.b))
      .squareRoot()
  }

  /// CIEDE2000 with kL = kC = kH = 1, as Sharma, Wu and Dalal (2005) spell it out, hue
  /// angles in degrees.
  public static func deltaE2000(_ x: Lab, _ y: Lab) -> Double {
    let radians = Double.pi / 180
    // 25⁷, and x⁷ by multiplying: a family's band asks for thousands of these a catalogue.
    let twentyFive7 = 6_103_515_625.0
    func seventh(_ c: Double) -> Double {
      let square = c * c
      return square * square * square * c
    }
    let c1 = (x.a * x.a + x.b * x.b).squareRoot()
    let c2 = (y.a * y.a + y.b * y.b).squareRoot()
    let cMean = (c1 + c2) / 2
    let c7 = seventh(cMean)
    let g = 0.5 * (1 - (c7 / (c7 + twentyFive7)).squareRoot())
    let a1 = (1 + g) * x.a
    let a2 = (1 + g) * y.a
    let cp1 = (a1 * a1 + x.b * x.b).squareRoot()
    let cp2 = (a2 * a2 + y.b * y.b).squareRoot()
    func hue(_ b: Double, _ a: Double) -> Double {
      if a == 0 && b == 0 { return 0 }
      let h = atan2(b, a) / radians
      return h < 0 ? h + 360 : h
    }
    let hp1 = hue(x.b, a1)
    let hp2 = hue(y.b, a2)
    let dL = y.l - x.l
    let dC = cp2 - cp1
    var dh = 0.0
    if cp1 * cp2 != 0 {
      dh = hp2 - hp1
      if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
    }
    let dH = 2 * (cp1 * cp2).squareRoot() * sin(dh / 2 * radians)
    let lMean = (x.l + y.l) / 2
    let cpMean = (cp1 + cp2) / 2
    var hMean = hp1 + hp2
    if cp1 * cp2 != 0 {
      if abs(hp1 - hp2) <= 180 {
        hMean /= 2
      } else {
        hMean = hp1 + hp2 < 360 ? (hp1 + hp2 + 360) / 2 : (hp1 + hp2 - 360) / 2
      }
    }
    let t =
      1 - 0.17 * cos((hMean - 30) * radians) + 0.24 * cos(2 * hMean * radians)
      + 0.32 * cos((3 * hMean + 6) * radians) - 0.20 * cos((4 * hMean - 63) * radians)
    let hueOff = (hMean - 275) / 25
    let dTheta = 30 * exp(-hueOff * hueOff)
    let cp7 = seventh(cpMean)
    let rC = 2 * (cp7 / (cp7 + twentyFive7)).squareRoot()
    let l50 = (lMean - 50) * (lMean - 50)
    let sL = 1 + 0.015 * l50 / (20 + l50).squareRoot()
    let sC = 1 + 0.045 * cpMean
    let sH = 1 + 0.015 * cpMean * t
    let rT = -sin(2 * dTheta * radians) * rC
    let terms = (dL / sL, dC / sC, dH / sH)
    return (terms.0 * terms.0 + terms.1 * terms.1 + terms.2 * terms.2 + rT * terms.1 * terms.2)
      .squareRoot()
  }
}
