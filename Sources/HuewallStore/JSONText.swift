/// A minimal JSON writer for the list columns that the product sync writes row by row, where a
/// `JSONEncoder` per row would cost more than the SQL itself. Output is plain JSON that any
/// reader (GRDB's decoder, `sqlite3`'s `json_each`) accepts; `/` is not escaped.
enum JSONText {
  static func array(_ strings: some Sequence<String>) -> String {
    var out = "["
    var first = true
    for string in strings {
      if !first { out += "," }
      first = false
      appendQuoted(string, to: &out)
    }
    out += "]"
    return out
  }

  private static func appendQuoted(_ string: String, to out: inout String) {
    out += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
