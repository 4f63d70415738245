import Foundation

/// PHP 8's `round($x)` for 0 decimals, which the original algorithm's bins depend on.
///
/// PHP first rounds to 15 significant digits, then rounds half away from zero with
/// `floor(y + 0.5)`. Plain `.rounded()` disagrees for values such as 1.4999999999999998
/// (PHP gives 2), which moves 28,720 of the 2^24 colours into another bin.
public func phpRound(_ x: Double) -> Double {
  guard x.isFinite, x != 0 else { return x }
  let magnitude = x.magnitude
  // floor(log10(|x|)) through the C library's log10, exactly as PHP's php_intlog10abs.
  let precisionPlaces = 14 - Int(log10(magnitude).rounded(.down))
  if precisionPlaces > 0 && precisionPlaces < 15 {
    let scale = powerOfTen[precisionPlaces]
    let preRounded = roundHalfAwayFromZero(x * scale) / scale
    return roundHalfAwayFromZero(preRounded)
  }
  if magnitude >= 1e15 { return x }
  return roundHalfAwayFromZero(x)
}

/// PHP's `php_round_helper` for `PHP_ROUND_HALF_UP`.
@inline(__always)
func roundHalfAwayFromZero(_ y: Double) -> Double {
  y >= 0 ? (y + 0.5).rounded(.down) : (y - 0.5).rounded(.up)
}

/// Powers of ten that are exact doubles (PHP takes them from a table, not from `pow`).
let powerOfTen: [Double] = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]
