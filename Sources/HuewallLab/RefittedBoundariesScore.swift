import Foundation
import HuewallColorWords
import HuewallPalette

/// The shopper boundaries' thresholds (``ShopperBoundaries``) were chosen on scored photos, so
/// their in-sample figure flatters them. This refits them on all sources but one and files the
/// held-out source's top colours with the refit (leave-one-source-out), beside the same refit
/// on every source (in sample) and the boundaries as drawn: a threshold that only holds where
/// it was chosen shows as a gap between the last two and the first.
struct RefittedBoundariesScore {
  /// One image's top colour as the shopper boundaries file it.
  struct Scored: Sendable {
    var source: String
    var label: String
    var h: Double
    var s: Double
    var v: Double
    /// Whether silver counts as grey: the real-photo labels, judged by a rule, file silver so.
    var silverAsGrey = true
  }

  /// Each source's images filed by thresholds refitted on the others, and as drawn.
  struct SourceScore: Equatable {
    var source: String
    var heldOut: Int
    var drawn: Int
    var total: Int
  }

  /// Leave-one-source-out, in-sample and as-drawn counts of top colours whose family is the
  /// label.
  struct Result: Equatable {
    var heldOut: Int
    var inSample: Int
    var drawn: Int
    var total: Int
    var bySource: [SourceScore]
    /// The thresholds the in-sample refit moves, as `name drawn→refitted`.
    var inSampleMoves: [String]
  }

  private(set) var scored: [Scored] = []

  /// Keeps the top colour of a labelled image with a source, when the shopper boundaries
  /// filed it; the values are those that filed its family (its mean saturation and lit or
  /// surface value where the analysis measured them).
  mutating func add(_ item: LabelledImage, top: DominantColor?) {
    guard let source = item.source, let top, top.regions == .shopper else { return }
    scored.append(
      Scored(
        source: source, label: item.family, h: top.h, s: top.filedSaturation,
        v: top.filedValue, silverAsGrey: item.body != nil))
  }

  /// Keeps an image already reduced to what files its family.
  mutating func add(_ image: Scored) { scored.append(image) }

  /// The values tried for each threshold: the drawn one and two steps either side.
  static let steps = [-0.1, -0.05, 0, 0.05, 0.1]

  /// Images whose top colour `boundaries` file in the label's family (silver counts as grey
  /// where the labels file it so).
  static func correct(_ images: [Scored], _ boundaries: ShopperBoundaries) -> Int {
    images.filter { image in
      let family = ColorFamily(h: image.h, s: image.s, v: image.v, shopper: boundaries)
      return ScoringRule.sameFamily(
        family.rawValue, label: image.label, silverAsGrey: image.silverAsGrey)
    }.count
  }

  /// The thresholds that file most of `images` right: from the drawn boundaries, each
  /// threshold in turn takes its best value (two passes); a tie keeps the value nearer the
  /// drawn one, so that a threshold moves only for a gain.
  static func fit(_ images: [Scored]) -> ShopperBoundaries {
    var boundaries = ShopperBoundaries.drawn
    for _ in 0..<2 {
      for (_, keyPath) in ShopperBoundaries.thresholds {
        let drawn = ShopperBoundaries.drawn[keyPath: keyPath]
        var best = (score: correct(images, boundaries), value: boundaries[keyPath: keyPath])
        for step in steps {
          var candidate = boundaries
          candidate[keyPath: keyPath] = drawn + step
          let score = correct(images, candidate)
          if score > best.score || score == best.score && abs(step) < abs(best.value - drawn) {
            best = (score, drawn + step)
          }
        }
        boundaries[keyPath: keyPath] = best.value
      }
    }
    return boundaries
  }

  /// Nil without images from at least two sources.
  func leaveOneSourceOut() -> Result? {
    let sources = Set(scored.map(\.source)).sorted()
    guard sources.count >= 2 else { return nil }
    let bySource = sources.map { source in
      let held = scored.filter { $0.source == source }
      let refit = Self.fit(scored.filter { $0.source != source })
      return SourceScore(
        source: source, heldOut: Self.correct(held, refit),
        drawn: Self.correct(held, .drawn), total: held.count)
    }
    let inSample = Self.fit(scored)
    let moves = ShopperBoundaries.thresholds.compactMap { name, keyPath -> String? in
      let (drawn, refit) = (ShopperBoundaries.drawn[keyPath: keyPath], inSample[keyPath: keyPath])
      guard drawn != refit else { return nil }
      return "\(name) \(drawn.twoDecimals)→\(refit.twoDecimals)"
    }
    return Result(
      heldOut: bySource.map(\.heldOut).reduce(0, +), inSample: Self.correct(scored, inSample),
      drawn: bySource.map(\.drawn).reduce(0, +), total: scored.count, bySource: bySource,
      inSampleMoves: moves)
  }
}

extension Double {
  /// Two decimals, for thresholds.
  fileprivate var twoDecimals: String { String(format: "%.2f", self) }
}

extension ShopperBoundaries {
  /// Each threshold by name, for refitting.
  static var thresholds: [(name: String, keyPath: WritableKeyPath<Self, Double>)] {
    [
      ("blackValue", \.blackValue), ("neutralChroma", \.neutralChroma),
      ("whiteValue", \.whiteValue), ("silverValue", \.silverValue),
      ("beigeSaturation", \.beigeSaturation), ("beigeValue", \.beigeValue),
      ("brownValue", \.brownValue), ("pinkValue", \.pinkValue), ("navyValue", \.navyValue),
      ("paleYellowSaturation", \.paleYellowSaturation),
    ]
  }
}
