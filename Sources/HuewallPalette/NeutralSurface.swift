import Foundation
import HuewallColorWords
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
    value(of: NeutralTones.histogram(samples))
  }

  /// The same from the weight of the counted neutral samples by value
  /// (``NeutralTones/histogram(_:)``), which the metal test reads too.
  static func value(of neutralHistogram: [Double]) -> Double? {
    let valueLimit = Int((ceiling * 255).rounded(.up))
    let below = neutralHistogram[..<valueLimit]
    guard below.contains(where: { $0 > 0 }) else { return nil }
    return valueQuantile(quantile, of: below)
  }
}
