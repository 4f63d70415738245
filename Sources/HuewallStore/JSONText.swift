import HuewallCore

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
      JSONValue.appendQuoted(string, to: &out)
    }
    out += "]"
    return out
  }
}
