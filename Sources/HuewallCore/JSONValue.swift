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
    case .double(let d): out += d.isFinite ? Self.number(d) : "null"
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

  /// Integral values print without a fraction (1 rather than 1.0); others in shortest form.
  private static func number(_ d: Double) -> String {
    if d == d.rounded(), d.magnitude < 1e15 { return String(Int(d)) }
    return String(d)
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
