import Foundation
import HuewallColorWords

/// Reads the `analyses.colors` column (a JSON array of flat objects with string and number
/// values, as the store writes it) without a `JSONDecoder` per row, which would cost more than
/// the rest of a large export. Anything it does not expect goes to `JSONDecoder` instead.
enum StoredColorsParser {
  /// The colours `text` holds; nil when it is not a JSON array of ``StoredColor``.
  static func parse(_ text: String) -> [StoredColor]? {
    var text = text
    if let colors = text.withUTF8({ fastParse($0) }) { return colors }
    return try? JSONDecoder().decode([StoredColor].self, from: Data(text.utf8))
  }

  static func fastParse(_ bytes: UnsafeBufferPointer<UInt8>) -> [StoredColor]? {
    var i = 0
    let n = bytes.count
    func skipSpace() {
      while i < n, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 {
        i += 1
      }
    }
    func expect(_ byte: UInt8) -> Bool {
      skipSpace()
      guard i < n, bytes[i] == byte else { return false }
      i += 1
      return true
    }
    /// A string without escapes (colour families, hex codes and keys never have any).
    func string() -> String? {
      guard expect(0x22) else { return nil }
      let start = i
      while i < n, bytes[i] != 0x22 {
        if bytes[i] == 0x5C { return nil }
        i += 1
      }
      guard i < n else { return nil }
      defer { i += 1 }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    }
    func number() -> Double? {
      skipSpace()
      let start = i
      while i < n,
        (0x30...0x39).contains(bytes[i]) || bytes[i] == 0x2E || bytes[i] == 0x2D
          || bytes[i] == 0x2B || bytes[i] == 0x65 || bytes[i] == 0x45
      {
        i += 1
      }
      guard i > start else { return nil }
      return Double(
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
    }

    guard expect(0x5B) else { return nil }
    var colors: [StoredColor] = []
    if expect(0x5D) { return colors }
    repeat {
      guard expect(0x7B) else { return nil }
      var h: Double?
      var s: Double?
      var v: Double?
      var share: Double?
      var weight: Double?
      var hex: String?
      var family: ColorFamily?
      var mean: String?
      if !expect(0x7D) {
        repeat {
          guard let key = string(), expect(0x3A) else { return nil }
          switch key {
          case "h": h = number()
          case "s": s = number()
          case "v": v = number()
          case "share": share = number()
          case "weight": weight = number()
          case "hex": hex = string()
          case "family": family = string().flatMap(ColorFamily.init(name:))
          case "mean": mean = string()
          default: return nil
          }
        } while expect(0x2C)
        guard expect(0x7D) else { return nil }
      }
      guard let h, let s, let v, let share, let weight, let hex, let family else { return nil }
      colors.append(
        StoredColor(
          h: h, s: s, v: v, hex: hex, share: share, weight: weight, family: family, mean: mean))
    } while expect(0x2C)
    guard expect(0x5D) else { return nil }
    skipSpace()
    return i == n ? colors : nil
  }
}
