import HuewallColorWords
import HuewallExport
import HuewallPalette

/// Families learned from labels as a shop learns them from its vendor colours
/// (``FamilyCalibration``), scored on the images they were not learned from: within each
/// source, its item groups fall into two halves; each half is filed by what the other half's
/// labels teach, and the score is set beside the same images filed without learning.
struct LearnedFamiliesScore {
  private struct Scored {
    var file: String
    var source: String
    var label: String
    var topHex: String?
    var family: ColorFamily?
  }

  private var scored: [Scored] = []

  mutating func add(_ item: LabelledImage, top: DominantColor?, family: ColorFamily?) {
    guard let source = item.source else { return }
    scored.append(
      Scored(
        file: item.file, source: source, label: item.family, topHex: top?.hex, family: family))
  }

  /// Images whose family equals the label with learning and without, of all scored.
  func leaveHalfOut() -> (with: Int, without: Int, total: Int)? {
    guard !scored.isEmpty else { return nil }
    var (with, without) = (0, 0)
    for source in Set(scored.map(\.source)) {
      let images = scored.filter { $0.source == source }
      for half in 0..<2 {
        let teaching = images.filter { Self.half(of: $0.file) != half }
        let calibration = FamilyCalibration(
          examples: teaching.compactMap { image -> (hex: String, family: ColorFamily)? in
            guard let hex = image.topHex, let family = ColorFamily(rawValue: image.label)
            else { return nil }
            return (hex, family)
          })
        var near: [String: [ColorFamily: Int]] = [:]
        for image in images where Self.half(of: image.file) == half {
          let plain = image.family?.rawValue
          let learned = calibration.refiled(
            image.family, topHex: image.topHex, vendor: nil, near: &near)?.rawValue
          if ScoringRule.sameFamily(plain, label: image.label) { without += 1 }
          if ScoringRule.sameFamily(learned, label: image.label) { with += 1 }
        }
      }
    }
    return (with, without, scored.count)
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
