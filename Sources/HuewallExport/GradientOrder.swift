/// The order of the colour wall: the original app's comparator on each product's first colour.
///
/// The app sorted with: if either v < 0.33, brighter first; else if either s < 0.125, more
/// saturated first; else higher hue first. That is a total order equal to sorting by the key
/// (dark?, dark ? −v : 0, grey?, grey ? −s : 0, −h) — chromatic colours by hue descending, then
/// greys by saturation descending, then darks by brightness descending — and ties go by
/// product id, so the order never depends on the input's order.
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
  let id: String

  public init(h: Double, s: Double, v: Double, id: String) {
    isDark = v < Self.darkBelow
    darkBrightness = isDark ? -v : 0
    isGrey = !isDark && s < Self.greyBelow
    greySaturation = isGrey ? -s : 0
    hue = isDark || isGrey ? 0 : -h
    self.id = id
  }

  public static func < (a: GradientKey, b: GradientKey) -> Bool {
    (a.isDark ? 1 : 0, a.darkBrightness, a.isGrey ? 1 : 0, a.greySaturation, a.hue, a.id)
      < (b.isDark ? 1 : 0, b.darkBrightness, b.isGrey ? 1 : 0, b.greySaturation, b.hue, b.id)
  }
}
