/// A JSON value whose objects keep their keys in the order written, for line-oriented
/// output that people read as well as parse (Foundation's encoder does not keep key order).
public enum JSONValue: Sendable, Equatable {
  case string(String)
  case int(Int)
  case double(Double)
  case bool(Bool)
  case array([JSONValue])
  case object([(String, JSONValue)])
  case null

  public static func == (a: JSONValue, b: JSONValue) -> Bool { a.serialized() == b.serialized() }

  /// Compact JSON text, no trailing newline.
  public func serialized() -> String {
    var out = ""
    write(to: &out)
    return out
  }

  private func write(to out: inout String) {
    switch self {
    case .string(let s): Self.appendQuoted(s, to: &out)
    case .int(let i): out += String(i)
    case .double(let d): Self.appendNumber(d, to: &out)
    case .bool(let b): out += b ? "true" : "false"
    case .null: out += "null"
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (i, (key, value)) in members.enumerated() {
        if i > 0 { out += "," }
        Self.appendQuoted(key, to: &out)
        out += ":"
        value.write(to: &out)
      }
      out += "}"
    }
  }

  /// Appends `d` as a JSON number: integral values without a fraction (1 rather than 1.0),
  /// others in shortest form, and null for what JSON cannot say (NaN, infinities).
  public static func appendNumber(_ d: Double, to out: inout String) {
    if !d.isFinite {
      out += "null"
    } else if d == d.rounded(), d.magnitude < 1e15 {
      out += String(Int(d))
    } else {
      out += String(d)
    }
  }

  /// Appends `s` as a JSON string literal (`/` is not escaped).
  public static func appendQuoted(_ s: String, to out: inout String) {
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let c where c.value < 0x20:
        let hex = String(c.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
