/// The order of the colour wall: the original app's comparator on each product's first colour.
///
/// The app sorted with: if either v < 0.33, brighter first; else if either s < 0.125, more
/// saturated first; else higher hue first, where a test that finds equal values falls through
/// to the next. Sorting by the key (dark?, dark ? −v : 0, grey?, grey ? −s : 0, −h, −v, id)
/// agrees with it wherever it decides — chromatic colours by hue
/// descending, then greys by saturation descending, then darks by brightness descending — and
/// keeps its fall-through on ties: two greys of equal saturation, or two darks of equal
/// brightness, go by hue as the comparator's last test does. Brightness, then the product id,
/// break what is left, so the order never depends on the input's order.
public struct GradientKey: Comparable, Sendable {
  /// Below this value a colour is dark.
  public static let darkBelow = 0.33
  /// Below this saturation a colour is grey.
  public static let greyBelow = 0.125

  let isDark: Bool
  let darkBrightness: Double
  let isGrey: Bool
  let greySaturation: Double
  let hue: Double
  let brightness: Double
  let id: String

  public init(h: Double, s: Double, v: Double, id: String) {
    isDark = v < Self.darkBelow
    darkBrightness = isDark ? -v : 0
    // A dark pair of equal brightness meets the saturation test next, so greyness counts
    // for darks too.
    isGrey = s < Self.greyBelow
    greySaturation = isGrey ? -s : 0
    hue = -h
    brightness = -v
    self.id = id
  }

  public static func < (a: GradientKey, b: GradientKey) -> Bool {
    let left = (
      a.isDark ? 1 : 0, a.darkBrightness, a.isGrey ? 1 : 0, a.greySaturation, a.hue, a.brightness
    )
    let right = (
      b.isDark ? 1 : 0, b.darkBrightness, b.isGrey ? 1 : 0, b.greySaturation, b.hue, b.brightness
    )
    return left != right ? left < right : a.id < b.id
  }
}
