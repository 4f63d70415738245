/// The original algorithm's RGB → HSV on 0…255 integers, each component in 0…1.
///
/// Kept literal (divisions in Double, in the reference's order) because the bins depend on the
/// last bit of `h`; the kernel only calls it for values near a bin boundary.
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
