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

  /// `cut`: where the chromatic run starts on the hue circle (``HueCut``); nil keeps the
  /// comparator's run from hue 1 down to 0.
  public init(h: Double, s: Double, v: Double, id: String, cut: HueCut? = nil) {
    isDark = v < Self.darkBelow
    darkBrightness = isDark ? -v : 0
    // A dark pair of equal brightness meets the saturation test next, so greyness counts
    // for darks too.
    isGrey = s < Self.greyBelow
    greySaturation = isGrey ? -s : 0
    // Only chromatic colours ever meet each other at the hue test with the cut in force;
    // greys and darks keep the comparator's fall-through to hue.
    if let cut, !isDark, !isGrey {
      hue = cut.distance(to: h)
    } else {
      hue = -h
    }
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

/// Where the wall's chromatic run starts: the middle of the widest gap between the hues of the
/// catalogue's chromatic first colours.
///
/// The comparator runs hue from 1 down to 0, and 1 and 0 are the same red, so a catalogue's
/// reds end up at both ends of the run. A person reads the wall as one gradient: cut the
/// circle where the catalogue has no colours and one colour is never split. The run still goes
/// by hue descending from the cut, wrapping once. When the widest gap is the one across the
/// seam (no colour near hue 0), the order is the comparator's.
public struct HueCut: Sendable, Equatable {
  /// The hue the run starts just below, in [0, 1).
  public let start: Double

  public init(start: Double) { self.start = start }

  /// The cut for colours `(h, s, v)`, nil when fewer than two chromatic hues leave nothing
  /// to cut.
  public static func widestGap(in colors: some Sequence<(h: Double, s: Double, v: Double)>)
    -> HueCut?
  {
    let hues = Set(
      colors.lazy.filter { $0.v >= GradientKey.darkBelow && $0.s >= GradientKey.greyBelow }
        .map { $0.h - $0.h.rounded(.down) }
    ).sorted()
    guard hues.count >= 2, let lowest = hues.first, let highest = hues.last else { return nil }
    // The gap across the seam first: on a tie the comparator's own order wins.
    var best = (width: lowest + 1 - highest, below: highest)
    for (a, b) in zip(hues, hues.dropFirst()) where b - a > best.width {
      best = (b - a, a)
    }
    let middle = best.below + best.width / 2
    return HueCut(start: middle - middle.rounded(.down))
  }

  /// How far below the cut `h` lies, going down the circle: 0 just below the cut, nearly 1
  /// just above it.
  func distance(to h: Double) -> Double {
    let d = start - (h - h.rounded(.down))
    return d < 0 ? d + 1 : d
  }
}
