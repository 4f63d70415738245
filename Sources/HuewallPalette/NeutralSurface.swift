import Foundation
import HuewallCore

/// The value of a product's neutral tones below silver, which files a dark neutral colour
/// black or grey (``AnalysisParameters/neutralSurface``). A black product's tones stay dark
/// while a dark-grey or steel one's go on into mid greys, even where its darkest bin weighs
/// most.
enum NeutralSurface {
  /// The share of the tones' weight below their value. Lower than the lit side's
  /// ``LitValues/quantile``: a black product's lighter trims and reflections are neutral
  /// tones too, and would decide its top tenth.
  static let quantile = 0.7
  /// Tones at or above this value are silver or white, not part of a dark surface.
  static let ceiling = 0.7

  /// The ``quantile`` of the value of the counted samples that are neutral (chroma below
  /// ``ColorFamily/neutralChroma``) and below ``ceiling``, weighted like the samples; nil
  /// when there are none.
  static func measure<Samples: CountedSamples>(_ samples: Samples) -> Double? {
    // In whole channel levels: x / 255 < limit exactly when x < ⌈limit × 255⌉.
    let chromaLimit = Int((ColorFamily.neutralChroma * 255).rounded(.up))
    let valueLimit = Int((ceiling * 255).rounded(.up))
    var histogram = [Double](repeating: 0, count: 256)
    for i in 0..<samples.count where samples.isCounted(i) {
      let color = samples.color(i)
      let (r, g, b) = (Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF), Int(color & 0xFF))
      let high = max(r, g, b)
      guard high < valueLimit, high - min(r, g, b) < chromaLimit else { continue }
      let (prioritised, plain) = samples.weight(i)
      histogram[high] += prioritised + plain
    }
    guard histogram.contains(where: { $0 > 0 }) else { return nil }
    return valueQuantile(quantile, of: histogram[...])
  }
}
