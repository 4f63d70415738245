import Foundation

/// The fields of a request body: a form (`application/x-www-form-urlencoded`) or a JSON
/// object, read strictly. A broken percent-encoding, bytes that are not UTF-8, a JSON value
/// that is not an object, a body over ``limit`` or of another media type are errors that say
/// what is wrong; nothing a client sends makes the reading trap.
public enum RequestFields {
  /// The largest body read, in bytes.
  public static let limit = 64 << 10

  /// How a body is read.
  public enum Kind: Sendable, Equatable {
    case form, json
  }

  /// The fields of `body` read as `contentType` (the `Content-Type` header) says. Without a
  /// type, a body that starts with `{` is JSON and any other a form. An empty body has no
  /// fields, whatever its type. A field given twice keeps its last value.
  public static func parse(_ body: some Collection<UInt8>, contentType: String?)
    throws(RequestBodyError) -> [String: String]
  {
    guard body.count <= limit else { throw RequestBodyError(.tooLarge(limit: limit)) }
    let bytes = Array(body)
    guard !bytes.isEmpty else { return [:] }
    switch try kind(of: bytes, contentType: contentType) {
    case .form: return try form(bytes)
    case .json: return try json(bytes)
    }
  }

  /// How `body` is read under `contentType`: the media type (before any `;`, in any case),
  /// and a `charset` parameter, which must be UTF-8 if given.
  public static func kind(of body: [UInt8], contentType: String?) throws(RequestBodyError)
    -> Kind
  {
    let header = contentType ?? ""
    let parts = header.split(separator: ";", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    let type = parts.first ?? ""
    for parameter in parts.dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard pair.first == "charset" else { continue }
      let charset = pair.count > 1 ? pair[1].trimmingCharacters(in: CharacterSet(["\""])) : ""
      guard charset == "utf-8" || charset == "utf8" else {
        throw RequestBodyError(.unsupportedType(header))
      }
    }
    switch type {
    case "application/x-www-form-urlencoded": return .form
    case "application/json": return .json
    case _ where type.hasPrefix("application/") && type.hasSuffix("+json"): return .json
    case "":
      let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
      return first == UInt8(ascii: "{") ? .json : .form
    default: throw RequestBodyError(.unsupportedType(header))
    }
  }

  /// The fields of a form: `name=value` pairs joined by `&`, with `+` for a space and `%`
  /// and two hexadecimal digits for any byte; the decoded bytes must be UTF-8. A pair
  /// without `=` has an empty value; empty pairs are skipped.
  public static func form(_ body: [UInt8]) throws(RequestBodyError) -> [String: String] {
    var fields: [String: String] = [:]
    var number = 0
    for pair in body.split(separator: UInt8(ascii: "&")) {
      number += 1
      let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
      let name: String
      switch decoded(pair[pair.startIndex..<equals]) {
      case .text(let text): name = text
      case .broken(let sequence):
        throw RequestBodyError(.brokenPercentEncoding(field: .number(number), sequence: sequence))
      case .notUTF8: throw RequestBodyError(.notUTF8(field: .number(number)))
      }
      let value = equals == pair.endIndex ? pair[equals...] : pair[(equals + 1)...]
      switch decoded(value) {
      case .text(let text): fields[name] = text
      case .broken(let sequence):
        throw RequestBodyError(.brokenPercentEncoding(field: .named(name), sequence: sequence))
      case .notUTF8: throw RequestBodyError(.notUTF8(field: .named(name)))
      }
    }
    return fields
  }

  /// The fields of a JSON object in UTF-8: strings as they are, numbers and booleans as
  /// their text (`true`, `2`, `0.5`); a null member is left out. A member given twice keeps
  /// its last value, as a form's field does.
  public static func json(_ body: [UInt8]) throws(RequestBodyError) -> [String: String] {
    guard String(validating: body, as: UTF8.self) != nil else {
      throw RequestBodyError(.notJSONObject("it is not UTF-8"))
    }
    let members: [String: Member]
    do {
      members = try JSONDecoder().decode([String: Member].self, from: Data(body))
    } catch let DecodingError.typeMismatch(_, context) where !context.codingPath.isEmpty {
      throw RequestBodyError(.unreadableValue(field: context.codingPath[0].stringValue))
    } catch DecodingError.typeMismatch {
      throw RequestBodyError(.notJSONObject("it is another kind of JSON value"))
    } catch {
      throw RequestBodyError(.notJSONObject("it is not valid JSON"))
    }
    // JSONDecoder keeps a key's first value; the body, now known to be a valid object, is
    // read again in order so that the last one wins.
    guard let ordered = orderedMembers(body) else { return members.compactMapValues(\.text) }
    var fields: [String: String] = [:]
    for (key, value) in ordered {
      fields[key] = (try? JSONDecoder().decode(Member.self, from: Data(value)))?.text
    }
    return fields
  }

  /// The members of a valid JSON object, in order, each as its key and its value's bytes;
  /// nil when the bytes are not as expected.
  static func orderedMembers(_ body: [UInt8]) -> [(String, ArraySlice<UInt8>)]? {
    var index = 0
    func skipSpace() {
      while index < body.count, [0x20, 0x09, 0x0A, 0x0D].contains(body[index]) { index += 1 }
    }
    /// The index after the string that starts at `start`.
    func endOfString(_ start: Int) -> Int? {
      var at = start + 1
      while at < body.count {
        switch body[at] {
        case UInt8(ascii: "\\"): at += 2
        case UInt8(ascii: "\""): return at + 1
        default: at += 1
        }
      }
      return nil
    }
    /// The index after the value that starts at `start`.
    func endOfValue(_ start: Int) -> Int? {
      guard start < body.count else { return nil }
      switch body[start] {
      case UInt8(ascii: "\""): return endOfString(start)
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        var (at, depth) = (start, 0)
        while at < body.count {
          switch body[at] {
          case UInt8(ascii: "\""):
            guard let end = endOfString(at) else { return nil }
            at = end
            continue
          case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 { return at + 1 }
          default: break
          }
          at += 1
        }
        return nil
      default:
        var at = start
        while at < body.count,
          ![UInt8(ascii: ","), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D].contains(body[at])
        {
          at += 1
        }
        return at
      }
    }
    skipSpace()
    guard index < body.count, body[index] == UInt8(ascii: "{") else { return nil }
    index += 1
    var members: [(String, ArraySlice<UInt8>)] = []
    while true {
      skipSpace()
      guard index < body.count else { return nil }
      if body[index] == UInt8(ascii: "}") { return members }
      guard body[index] == UInt8(ascii: "\""), let keyEnd = endOfString(index),
        let key = try? JSONDecoder().decode(String.self, from: Data(body[index..<keyEnd]))
      else { return nil }
      index = keyEnd
      skipSpace()
      guard index < body.count, body[index] == UInt8(ascii: ":") else { return nil }
      index += 1
      skipSpace()
      guard let valueEnd = endOfValue(index) else { return nil }
      members.append((key, body[index..<valueEnd]))
      index = valueEnd
      skipSpace()
      guard index < body.count else { return nil }
      if body[index] == UInt8(ascii: ",") { index += 1 }
    }
  }

  /// A member of a JSON object as text, or nil for null.
  struct Member: Decodable {
    let text: String?

    init(from decoder: any Decoder) throws {
      let value = try decoder.singleValueContainer()
      if value.decodeNil() {
        text = nil
      } else if let string = try? value.decode(String.self) {
        text = string
      } else if let bool = try? value.decode(Bool.self) {
        text = bool ? "true" : "false"
      } else if let integer = try? value.decode(Int.self) {
        text = String(integer)
      } else if let number = try? value.decode(Double.self) {
        text = number.description
      } else {
        throw DecodingError.typeMismatch(
          String.self,
          .init(codingPath: decoder.codingPath, debugDescription: "not a string or a number"))
      }
    }
  }

  /// A form's name or value, decoded.
  enum Decoded {
    case text(String)
    /// A `%` without two hexadecimal digits: the sequence, printable.
    case broken(String)
    case notUTF8
  }

  static func decoded(_ raw: ArraySlice<UInt8>) -> Decoded {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.count)
    var index = raw.startIndex
    while index < raw.endIndex {
      let byte = raw[index]
      if byte == UInt8(ascii: "+") {
        bytes.append(0x20)
      } else if byte == UInt8(ascii: "%") {
        let digits = raw[(index + 1)..<min(index + 3, raw.endIndex)]
        guard digits.count == 2, let high = hex(digits.first!), let low = hex(digits.last!) else {
          return .broken(printable(raw[index..<(index + 1 + digits.count)]))
        }
        bytes.append(high << 4 | low)
        index += 2
      } else {
        bytes.append(byte)
      }
      index += 1
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { return .notUTF8 }
    return .text(text)
  }

  static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// Bytes as a message may quote them: printable ASCII as it is, any other byte as `\xNN`.
  static func printable(_ bytes: ArraySlice<UInt8>) -> String {
    bytes.map { (0x21...0x7E).contains($0) ? String(UnicodeScalar($0)) : "\\x" + hexPair($0) }
      .joined()
  }

  static func hexPair(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
