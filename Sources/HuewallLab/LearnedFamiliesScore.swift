import Foundation
import HuewallColorWords
import HuewallExport
import HuewallPalette

/// Families learned from labels as a shop learns them from its vendor colours
/// (``FamilyCalibration``), scored on the images they were not learned from: within each
/// source, its item groups fall into two halves; each half is filed by what the other half's
/// labels teach, and the score is set beside the same images filed without learning.
///
/// The rule's numbers are fitted: ``refit()`` scores every rule of ``grid`` this way, ships the
/// best over all sources, and scores each source by the rule the other sources chose.
struct LearnedFamiliesScore {
  private struct Scored {
    var source: String
    /// The half of its source the image falls in (``half(of:)``).
    var half: Int
    var label: String
    var topHex: String?
    var family: ColorFamily?
  }

  /// Per source, the images whose family equals the label with learning and without.
  struct BySource {
    var with: [String: Int] = [:]
    var without: [String: Int] = [:]
    var total: [String: Int] = [:]

    var sum: (with: Int, without: Int, total: Int) {
      (with.values.reduce(0, +), without.values.reduce(0, +), total.values.reduce(0, +))
    }
  }

  /// The refit: the rule chosen over all sources, its score, and each source scored by the rule
  /// the other sources chose.
  struct Refit {
    var fitted: FamilyCalibration.Rule
    /// The grid's first rule (the one used before) in sample.
    var first: Int
    var inSample: Int
    var heldOut: Int
    var without: Int
    var total: Int
    var heldOutBySource: [(source: String, heldOut: Int, without: Int, total: Int)]
  }

  private var scored: [Scored] = []

  mutating func add(_ item: LabelledImage, top: DominantColor?, family: ColorFamily?) {
    guard let source = item.source else { return }
    scored.append(
      Scored(
        source: source, half: Self.half(of: item.file), label: item.family,
        topHex: top.flatMap { $0.meanHex ?? $0.hex }, family: family))
  }

  /// Images whose family equals the label with learning and without, of all scored.
  func leaveHalfOut(rule: FamilyCalibration.Rule = .shipped) -> (
    with: Int, without: Int, total: Int
  )? {
    guard !scored.isEmpty else { return nil }
    return bySource(rule: rule).sum
  }

  /// The rules a refit chooses from: the one the calibration began with (every example within
  /// ΔE00 10, at least 5, 80 % agreeing; it was placed by the bin's centre then), then the
  /// nearest 3, 5 or 7 examples within 10, 15 or 20, a majority of them at least, 60 % or 80 %
  /// agreeing.
  static let grid: [FamilyCalibration.Rule] = {
    var rules = [
      FamilyCalibration.Rule(nearest: .max, radius: 10, minimumExamples: 5, agreement: 0.8)
    ]
    for nearest in [3, 5, 7] {
      for radius in [10.0, 15, 20] {
        for agreement in [0.8, 0.6] {
          rules.append(
            FamilyCalibration.Rule(
              nearest: nearest, radius: radius, minimumExamples: nearest / 2 + 1,
              agreement: agreement))
        }
      }
    }
    return rules
  }()

  /// Every rule of ``grid`` scored; the first best over all sources is the fitted one.
  func refit() -> Refit? {
    guard !scored.isEmpty else { return nil }
    let scores = Self.grid.map { self.bySource(rule: $0) }
    func best(leaving left: String?) -> Int {
      var chosen = 0
      var top = Int.min
      for (index, score) in scores.enumerated() {
        let sum = score.with.filter { $0.key != left }.values.reduce(0, +)
        if sum > top { (chosen, top) = (index, sum) }
      }
      return chosen
    }
    let fitted = best(leaving: nil)
    let sources = scores[0].total.keys.sorted()
    let perSource = sources.map { source in
      let score = scores[best(leaving: source)]
      return (
        source: source, heldOut: score.with[source]!, without: score.without[source]!,
        total: score.total[source]!
      )
    }
    let sum = scores[fitted].sum
    return Refit(
      fitted: Self.grid[fitted], first: scores[0].sum.with, inSample: sum.with,
      heldOut: perSource.map { $0.heldOut }.reduce(0, +), without: sum.without, total: sum.total,
      heldOutBySource: perSource)
  }

  private func bySource(rule: FamilyCalibration.Rule) -> BySource {
    var result = BySource()
    for source in Set(scored.map(\.source)) {
      let images = scored.filter { $0.source == source }
      var (with, without) = (0, 0)
      for half in 0..<2 {
        let teaching = images.filter { $0.half != half }
        let calibration = FamilyCalibration(
          examples: teaching.compactMap { image -> (hex: String, family: ColorFamily)? in
            guard let hex = image.topHex, let family = ColorFamily(rawValue: image.label)
            else { return nil }
            return (hex, family)
          }, rule: rule)
        var near: FamilyCalibration.Neighbourhoods = [:]
        for image in images where image.half == half {
          let plain = image.family?.rawValue
          let learned = calibration.refiled(
            image.family, topHex: image.topHex, vendor: nil, near: &near)?.rawValue
          if ScoringRule.sameFamily(plain, label: image.label) { without += 1 }
          if ScoringRule.sameFamily(learned, label: image.label) { with += 1 }
        }
      }
      result.with[source] = with
      result.without[source] = without
      result.total[source] = images.count
    }
    return result
  }

  /// The fitted rule as `Lexicon/family-calibration.json` holds it.
  static func json(_ rule: FamilyCalibration.Rule) -> String {
    let about =
      "The rule of FamilyCalibration (Sources/HuewallColorWords/FamilyCalibration.swift): how many of a colour's nearest examples, within which CIEDE2000 distance, and how many agreeing, file it the way a shop's vendor colours do. Fitted on the labelled photos of ten shops, each source's products learning from the other half of its own, by scripts/refit-family-calibration, which prints the score in sample and with the rule chosen on the other sources."
    return """
      {
        "about": "\(about)",
        "nearest": \(rule.nearest),
        "radius": \(rule.radius),
        "minimumExamples": \(rule.minimumExamples),
        "agreement": \(rule.agreement)
      }

      """
  }

  /// The longest number a view word has (`_2`, `-12`); a longer one is the product's own
  /// number (H&M's article numbers, `hm_0881577005`), which the group keeps.
  static let viewNumberDigits = 2

  /// The half an image's item group falls in. The group is the file name less its extension
  /// and a last view word (`-front`, `-back`, `_2`), so that two photos of one product are
  /// never split; the half comes from an FNV-1a hash of it, the same on every machine.
  static func half(of file: String) -> Int {
    var stem = Substring(file)
    if let dot = stem.lastIndex(of: ".") { stem = stem[..<dot] }
    if let mark = stem.lastIndex(where: { $0 == "-" || $0 == "_" }) {
      let last = stem[stem.index(after: mark)...]
      let viewNumber =
        !last.isEmpty && last.count <= viewNumberDigits && last.allSatisfy(\.isNumber)
      if last == "front" || last == "back" || viewNumber {
        stem = stem[..<mark]
      }
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in stem.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return Int(hash % 2)
  }
}
