import Foundation

/// Byte-order marks and text encodings of feed files.
enum FeedText {
  /// `data` as UTF-8 without a byte-order mark. UTF-16 with a byte-order mark (what spreadsheet
  /// programs write as "Unicode text") is converted; anything else is returned as it is.
  static func utf8(_ data: Data) -> Data {
    if data.starts(with: [0xEF, 0xBB, 0xBF]) { return Data(data.dropFirst(3)) }
    if isUTF16(data), let text = String(data: data, encoding: .utf16) {
      var text = text
      if text.first == "\u{FEFF}" { text.removeFirst() }
      return Data(text.utf8)
    }
    return data
  }

  /// Whether `data` starts with a UTF-16 byte-order mark; such feeds are converted whole.
  static func isUTF16(_ data: Data) -> Bool {
    data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF])
  }

  /// The bytes from the first one that is not whitespace, after any byte-order mark.
  static func firstBytes(of data: Data) -> Data.SubSequence {
    let bytes = utf8(data)
    let start = bytes.firstIndex { !isWhitespace($0) } ?? bytes.endIndex
    return bytes[start...]
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}

extension String {
  /// The string without surrounding whitespace and newlines, or nil when nothing is left.
  var nonEmptyTrimmed: String? {
    // Most values have nothing to trim; look at the end bytes before walking characters.
    guard let head = utf8.first, let tail = utf8.last else { return nil }
    if (0x21..<0x80).contains(head) && (0x21..<0x80).contains(tail) { return self }
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return nil }
    return String(self[first...last])
  }
}

extension String {
  /// The string without control characters other than tab and line breaks. The store keeps
  /// text as C strings, which end at a NUL, so every text field is cleaned here, once, for
  /// every format: what the parser hands on is what is stored and exported.
  var withoutControlCharacters: String {
    guard utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return self }
    var scalars = String.UnicodeScalarView()
    for scalar in unicodeScalars
    where !scalar.isControl || scalar == "\t" || scalar == "\n" || scalar == "\r" {
      scalars.append(scalar)
    }
    return String(scalars)
  }
}

extension Optional where Wrapped == String {
  var nonEmptyTrimmed: String? { self?.nonEmptyTrimmed }
}
