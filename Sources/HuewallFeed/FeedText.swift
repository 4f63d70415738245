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

  /// The bytes from the first one that is not whitespace, after any byte-order mark (also one
  /// that follows white space, as in some exports).
  static func firstBytes(of data: Data) -> Data.SubSequence {
    let bytes = utf8(data)
    var start = bytes.firstIndex { !isWhitespace($0) } ?? bytes.endIndex
    if bytes[start...].starts(with: [0xEF, 0xBB, 0xBF]) {
      let after = bytes.index(start, offsetBy: 3)
      start = bytes[after...].firstIndex { !isWhitespace($0) } ?? bytes.endIndex
    }
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
  /// The string without control characters other than tab and line breaks, and how many it
  /// lost. The store keeps text as C strings, which end at a NUL, so every text field is
  /// cleaned here, once, for every format: what the parser hands on is what is stored and
  /// exported. A C1 control (U+0080…U+009F) is what a Windows-1252 byte becomes in a feed that
  /// calls itself ISO-8859-1, as many do: it is read as the Windows-1252 character (0x96, a
  /// dash), and only the five bytes that encoding leaves undefined are dropped.
  var cleaned: (text: String, dropped: Int) {
    guard utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else {
      return (self, 0)
    }
    var scalars = String.UnicodeScalarView()
    var dropped = 0
    for scalar in unicodeScalars {
      if !scalar.isControl || scalar == "\t" || scalar == "\n" || scalar == "\r" {
        scalars.append(scalar)
      } else if (0x80...0x9F).contains(scalar.value),
        let meant = Windows1252.scalar(UInt8(scalar.value))
      {
        scalars.append(meant)
      } else {
        dropped += 1
      }
    }
    return (String(scalars), dropped)
  }
}

extension Optional where Wrapped == String {
  var nonEmptyTrimmed: String? { self?.nonEmptyTrimmed }
}

/// Windows-1252, the encoding spreadsheet programs in Western Europe and the Americas write,
/// which feeds often mislabel as ISO-8859-1.
enum Windows1252 {
  /// What bytes 0x80…0x9F stand for (ISO-8859-1 has C1 controls there); nil where the
  /// encoding defines nothing (0x81, 0x8D, 0x8F, 0x90, 0x9D).
  static let high: [Unicode.Scalar?] = [
    "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
    "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
    nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
    "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
  ]

  /// The character of one byte, or nil for the five bytes the encoding leaves undefined.
  static func scalar(_ byte: UInt8) -> Unicode.Scalar? {
    (0x80...0x9F).contains(byte) ? high[Int(byte - 0x80)] : Unicode.Scalar(byte)
  }
}
