import Testing

@testable import HuewallExport

/// The wall's order (docs: DESIGN §4): chromatic colours by hue descending, then greys
/// (s < 0.125) by saturation descending, then darks (v < 0.33) by brightness descending; a
/// test that finds equal values falls through to the next, as the original comparator did.
@Suite struct GradientOrderTests {
  /// Sorts (id, h, s, v) by the gradient key and returns the ids.
  func order(_ items: [(String, Double, Double, Double)]) -> [String] {
    items.map { (GradientKey(h: $0.1, s: $0.2, v: $0.3, id: $0.0), $0.0) }
      .sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// The original app's comparator: if either v < 0.33, brighter first; else if either
  /// s < 0.125, more saturated first; else higher hue first — a test that finds equal values
  /// falls through to the next — then brightness and the id for what it leaves tied.
  func original(
    _ a: (String, Double, Double, Double), _ b: (String, Double, Double, Double)
  ) -> Bool {
    if (a.3 < 0.33 || b.3 < 0.33) && a.3 != b.3 { return a.3 > b.3 }
    if (a.2 < 0.125 || b.2 < 0.125) && a.2 != b.2 { return a.2 > b.2 }
    if a.1 != b.1 { return a.1 > b.1 }
    if a.3 != b.3 { return a.3 > b.3 }
    return a.0 < b.0
  }

  @Test func chromaticColoursGoByHueDescending() {
    // Hand-worked: hue 0.99 (red) first, then 0.6 (blue), 0.36 (green), 0.07 (orange).
    #expect(
      order([
        ("green", 0.36, 0.6, 0.6), ("red", 0.99, 0.8, 0.8), ("orange", 0.07, 0.8, 1),
        ("blue", 0.6, 0.8, 0.8),
      ]) == ["red", "blue", "green", "orange"])
  }

  @Test func chromaticOfEqualHueGoBrighterFirst() {
    // Same hue: saturation does not matter; brightness breaks the tie, then the id.
    #expect(order([("a", 0.5, 0.2, 0.4), ("b", 0.5, 1, 1)]) == ["b", "a"])
    #expect(order([("b", 0.5, 0.2, 0.6), ("a", 0.5, 1, 0.6)]) == ["a", "b"])
  }

  @Test func greysComeAfterChromaticBySaturationDescending() {
    // Hand-worked: every chromatic colour (even hue 0) before any grey; among greys s 0.12
    // before s 0.1 before s 0; a grey's hue does not count.
    #expect(
      order([
        ("g0", 0.9, 0, 1), ("g10", 0.1, 0.1, 0.5), ("red0", 0, 0.2, 0.5),
        ("g12", 0.5, 0.12, 0.8),
      ]) == ["red0", "g12", "g10", "g0"])
  }

  @Test func greysOfEqualSaturationFallThroughToHueThenBrightness() {
    // Hand-worked: at s = 0 the comparator's saturation test ties and its hue test decides:
    // the grey binned at hue 0.59 first; the two at hue 0 tie there too and go brighter first
    // (white v 1 before grey v 0.6), not by id.
    #expect(
      order([("HW-012", 0, 0, 1), ("HW-013", 0, 0, 0.6), ("HW-016", 0.59, 0, 0.8)])
        == ["HW-016", "HW-012", "HW-013"])
    #expect(order([("a", 0, 0, 0.6), ("b", 0, 0, 1)]) == ["b", "a"])
  }

  @Test func darksComeLastByBrightnessDescending() {
    // Hand-worked: the grey (v 0.6) and the chromatic colour come before every dark; darks go
    // 0.32, 0.2, 0 whatever their hue or saturation.
    #expect(
      order([
        ("d0", 0.5, 0.9, 0), ("d20", 0.62, 0.6, 0.2), ("grey", 0, 0, 0.6),
        ("d32", 0.1, 0, 0.32), ("blue", 0.6, 0.8, 0.8),
      ])
        == ["blue", "grey", "d32", "d20", "d0"])
  }

  @Test func darksOfEqualBrightnessFallThroughToSaturationThenHue() {
    // Hand-worked, all at v 0.2: the black (s 0) meets the saturation test with each coloured
    // dark and goes after both; the navy (s 0.6, h 0.62) and the dark green (s 0.4, h 0.36)
    // are both saturated, so hue decides: navy first, whatever the ids.
    #expect(
      order([("a-black", 0, 0, 0.2), ("b-green", 0.36, 0.4, 0.2), ("c-navy", 0.62, 0.6, 0.2)])
        == ["c-navy", "b-green", "a-black"])
    // Two near-blacks at s 0 fall through to hue.
    #expect(order([("a", 0.1, 0, 0.2), ("b", 0.9, 0, 0.2)]) == ["b", "a"])
  }

  @Test func boundaries() {
    // v = 0.33 is not dark; s = 0.125 is not grey.
    #expect(order([("dark", 0.5, 0.5, 0.329), ("light", 0.5, 0.5, 0.33)]) == ["light", "dark"])
    #expect(order([("grey", 0.1, 0.124, 0.5), ("tinted", 0.1, 0.125, 0.5)]) == ["tinted", "grey"])
    // A dark colour with more saturation still goes after a grey.
    #expect(order([("dark", 0.5, 1, 0.3), ("grey", 0.5, 0, 0.34)]) == ["grey", "dark"])
  }

  @Test func tiesGoByIdWhateverTheInputOrder() {
    let items = [("c", 0.3, 0.5, 0.5), ("a", 0.3, 0.5, 0.5), ("b", 0.3, 0.5, 0.5)]
    #expect(order(items) == ["a", "b", "c"])
    #expect(order(items.reversed()) == ["a", "b", "c"])
  }

  @Test func keyEqualsTheOriginalComparatorOnEveryPair() {
    // Quantised values around every boundary, all pairs both ways.
    let hues = [0.0, 0.07, 0.5, 0.62, 0.99, 1.0]
    let levels = [0.0, 0.1, 0.12, 0.125, 0.2, 0.32, 0.33, 0.4, 0.6, 1.0]
    var items: [(String, Double, Double, Double)] = []
    for h in hues {
      for s in levels {
        for v in levels { items.append(("\(h)/\(s)/\(v)", h, s, v)) }
      }
    }
    for a in items {
      for b in items {
        let byKey =
          GradientKey(h: a.1, s: a.2, v: a.3, id: a.0)
          < GradientKey(h: b.1, s: b.2, v: b.3, id: b.0)
        if byKey != original(a, b) {
          Issue.record("key and comparator disagree on \(a) < \(b)")
          return
        }
      }
    }
    #expect(order(items) == items.sorted(by: original).map(\.0))
  }
}
