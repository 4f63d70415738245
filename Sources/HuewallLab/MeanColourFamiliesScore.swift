import Foundation
import HuewallColorWords
import HuewallPalette

/// The thresholds of the families named from a colour's mean (``MeanColourFamilies``) are
/// fitted on labelled photos; this refits them on all sources but one and names the held-out
/// source's products with the refit (leave-one-source-out), beside the refit on every source
/// (in sample, what `Resources/mean-colour-families.json` ships), the values the refit starts
/// from, and the bins' boxes alone.
struct MeanColourFamiliesScore {
  /// One image's product as its family is decided.
  struct Scored: Sendable {
    var source: String
    var label: String
    /// The family of the top colour's bin by the shopper boundaries, or multicolour.
    var drawn: ColorFamily
    /// The top colour's bin's hue (turns): where it lies in a band of hue, the survey's names
    /// decide the family from the mean.
    var hue: Double
    /// The top colour's mean (nil: the analysis did not measure it, and the bin decides).
    var mean: SIMD3<Double>?
    /// Whether silver counts as grey: the real-photo labels, judged by a rule, file silver so.
    var silverAsGrey = true
    /// The product's neutral tones, which keep silver for metal (``ProductRegionFamily``).
    var tones: NeutralTones?
    /// On jewellery, the metal the analysis took the top colour for (``DominantColor/metal``),
    /// decided by the shipped thresholds.
    var jewelleryMetal: ColorFamily?

    func family(_ thresholds: MeanColourFamilies) -> ColorFamily {
      guard drawn != .multicolour, let mean else { return drawn }
      let named = thresholds.family(drawn, hue: hue, mean: mean)
      return ProductRegionFamily.family(named, tones: tones, jewelleryMetal: jewelleryMetal)
    }

    func isCorrect(_ thresholds: MeanColourFamilies) -> Bool {
      ScoringRule.sameFamily(
        family(thresholds).rawValue, label: label, silverAsGrey: silverAsGrey)
    }
  }

  struct SourceScore: Equatable {
    var source: String
    var heldOut: Int
    var inSample: Int
    var boxes: Int
    var total: Int
  }

  struct Result: Equatable {
    var heldOut: Int
    var inSample: Int
    var drawn: Int
    var boxes: Int
    var total: Int
    var bySource: [SourceScore]
    /// The thresholds fitted on every source.
    var fitted: MeanColourFamilies
  }

  private(set) var scored: [Scored] = []

  /// Keeps a labelled image's product family as the bins' boxes decide it and its top
  /// colour's mean, when it has a source and the shopper boundaries filed it.
  mutating func add(_ item: LabelledImage, palette: PaletteAnalysis) {
    guard let source = item.source, let top = palette.colors.first, top.regions == .shopper,
      let family = palette.family
    else { return }
    let drawn = family == .multicolour ? family : top.boxFamily
    scored.append(
      Scored(
        source: source, label: item.family, drawn: drawn, hue: top.h, mean: top.meanRGB,
        silverAsGrey: item.body != nil, tones: top.neutralTones, jewelleryMetal: top.metal))
  }

  mutating func add(_ image: Scored) { scored.append(image) }

  /// Each threshold by name, for refitting and for the data file.
  static var thresholds: [(name: String, keyPath: WritableKeyPath<MeanColourFamilies, Double>)] {
    [
      ("neutralChroma", \.neutralChroma), ("greenTo", \.greenTo), ("purpleFrom", \.purpleFrom),
      ("purpleTo", \.purpleTo), ("navyChroma", \.navyChroma), ("beigeChroma", \.beigeChroma),
      ("beigeLightness", \.beigeLightness), ("yellowChroma", \.yellowChroma),
      ("yellowLightness", \.yellowLightness),
    ]
  }

  /// The values tried for each threshold, as factors of its drawn value.
  static let factors = [0.8, 0.9, 0.95, 1, 1.05, 1.1, 1.2]

  /// A threshold moves only where at least this many sources gain by the move.
  static let sourcesToMove = 2

  static func correct(_ images: [Scored], _ thresholds: MeanColourFamilies) -> Int {
    images.filter { $0.isCorrect(thresholds) }.count
  }

  /// The images named right, by source.
  static func correctBySource(_ images: [Scored], _ thresholds: MeanColourFamilies) -> [String:
    Int]
  {
    SourceCounts.correct(images, source: \.source) { $0.isCorrect(thresholds) }
  }

  /// The thresholds that name most of `images` right: from the drawn values, each threshold in
  /// turn takes the best of its tried values (two passes). It moves only for a gain that at
  /// least ``sourcesToMove`` sources share: a shop's own habit (H&M files salmon orange and
  /// light greys' lit sides as bright as another shop's whites) is no boundary, and a move
  /// that only one shop asks for lost 11 of 650 photos held out.
  static func fit(_ images: [Scored]) -> MeanColourFamilies {
    var thresholds = MeanColourFamilies.drawn
    var current = correctBySource(images, thresholds)
    for _ in 0..<2 {
      for (_, keyPath) in Self.thresholds {
        var best: (gain: Int, thresholds: MeanColourFamilies, counts: [String: Int])?
        for factor in factors {
          var candidate = thresholds
          candidate[keyPath: keyPath] = MeanColourFamilies.drawn[keyPath: keyPath] * factor
          let counts = correctBySource(images, candidate)
          let gain = counts.values.reduce(0, +) - current.values.reduce(0, +)
          guard gain > 0,
            SourceCounts.gaining(counts, over: current).count >= sourcesToMove,
            gain > best?.gain ?? 0
          else { continue }
          best = (gain, candidate, counts)
        }
        if let best { (thresholds, current) = (best.thresholds, best.counts) }
      }
    }
    return thresholds
  }

  /// Nil without images from at least two sources.
  func leaveOneSourceOut() -> Result? {
    let sources = Set(scored.map(\.source)).sorted()
    guard sources.count >= 2 else { return nil }
    let fitted = Self.fit(scored)
    let bySource = sources.map { source in
      let held = scored.filter { $0.source == source }
      let refit = Self.fit(scored.filter { $0.source != source })
      return SourceScore(
        source: source, heldOut: Self.correct(held, refit), inSample: Self.correct(held, fitted),
        boxes: held.filter {
          ScoringRule.sameFamily($0.drawn.rawValue, label: $0.label, silverAsGrey: $0.silverAsGrey)
        }.count, total: held.count)
    }
    return Result(
      heldOut: bySource.map(\.heldOut).reduce(0, +), inSample: Self.correct(scored, fitted),
      drawn: Self.correct(scored, .drawn), boxes: bySource.map(\.boxes).reduce(0, +),
      total: scored.count, bySource: bySource, fitted: fitted)
  }

  /// The fitted thresholds as the data file holds them.
  static func json(_ thresholds: MeanColourFamilies) -> String {
    let about =
      "Thresholds of MeanColourFamilies (Sources/HuewallPalette/MeanColourFamily.swift), on the CIELAB lightness, chroma and hue angle (degrees) of a colour's samples' mean, fitted on the labelled photos of ten shops by scripts/refit-mean-colour-families, which prints the score in sample and leave-one-source-out. A threshold leaves its drawn value (MeanColourFamilies.drawn) only for a gain that at least two shops share."
    let lines =
      ["  \"about\": \"\(about)\""]
      + Self.thresholds.map { name, keyPath in
        "  \"\(name)\": " + String(format: "%.2f", thresholds[keyPath: keyPath])
      }
    return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
  }
}
