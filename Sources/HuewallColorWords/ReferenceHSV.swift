/// The original algorithm's RGB → HSV on 0…255 integers, each component in 0…1.
///
/// Kept literal (divisions in Double, in the reference's order) because the bins depend on the
/// last bit of `h`; the kernel only calls it for values near a bin boundary.
@inlinable
public func referenceHSV(red r: Int, green g: Int, blue b: Int) -> (h: Double, s: Double, v: Double)
{
  let maxC = max(r, g, b)
  let minC = min(r, g, b)
  let d = maxC - minC
  let v = Double(maxC) / 255
  let s = maxC == 0 ? 0 : Double(d) / Double(maxC)
  let h: Double
  if d == 0 {
    h = 0
  } else if maxC == r {
    var t = Double(g - b) / Double(d)
    if t < 0 { t += 6 }
    h = t / 6
  } else if maxC == g {
    h = (Double(b - r) / Double(d) + 2) / 6
  } else {
    h = (Double(r - g) / Double(d) + 4) / 6
  }
  return (h, s, v)
}

/// h (turns, 0…1), s and v (0…1, clamped) as sRGB channels 0…255: the colour a bin or a
/// family's point stands for.
@inlinable
public func hsvToRGB(h: Double, s: Double, v: Double) -> (red: Int, green: Int, blue: Int) {
  let s = min(max(s, 0), 1)
  let v = min(max(v, 0), 1)
  var h6 = (h - h.rounded(.down)) * 6
  if h6 >= 6 { h6 = 0 }
  let sector = Int(h6)
  let f = h6 - Double(sector)
  let p = v * (1 - s)
  let q = v * (1 - f * s)
  let t = v * (1 - (1 - f) * s)
  let (r, g, b): (Double, Double, Double) =
    switch sector {
    case 0: (v, t, p)
    case 1: (q, v, p)
    case 2: (p, v, t)
    case 3: (p, q, v)
    case 4: (t, p, v)
    default: (v, p, q)
    }
  return (Int((r * 255).rounded()), Int((g * 255).rounded()), Int((b * 255).rounded()))
}
