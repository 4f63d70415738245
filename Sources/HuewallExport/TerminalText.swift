/// Text from data (notes, titles, ids, messages, URLs) made safe to print on a terminal, so
/// that a note cannot clear the screen, move the cursor or forge a line of output.
///
/// Control characters are shown escaped, the way Swift writes them: a line feed as `\n`, a
/// carriage return as `\r`, a tab as `\t`, and any other C0 or C1 control, DEL, a line or
/// paragraph separator and a bidirectional override or isolate as `\u{1B}`. Everything else,
/// a backslash included, is printed as it is.
public enum TerminalText {
  /// `text` with its control characters escaped.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where isControl(scalar):
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Prints `line`, escaped, on standard output.
  public static func print(_ line: String) {
    Swift.print(escaped(line))
  }

  /// C0 and C1 controls, DEL, U+2028 and U+2029, and the bidirectional embeddings,
  /// overrides and isolates (U+202A…U+202E, U+2066…U+2069).
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
