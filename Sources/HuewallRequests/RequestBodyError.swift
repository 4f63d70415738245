/// Why the body of a request gives no fields, in words for the client that sent it.
public struct RequestBodyError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong with the body.
  public enum Reason: Sendable, Equatable {
    /// Longer than the limit, in bytes.
    case tooLarge(limit: Int)
    /// A media type (or a charset) other than a form or JSON in UTF-8.
    case unsupportedType(String)
    /// A `%` in the form not followed by two hexadecimal digits; the field and the
    /// sequence as sent.
    case brokenPercentEncoding(field: Field, sequence: String)
    /// A form field whose bytes, once decoded, are not UTF-8.
    case notUTF8(field: Field)
    /// A JSON body that is not UTF-8 or not a JSON object (the parser's words).
    case notJSONObject(String)
    /// A member of the JSON object that is not a string, a number, a boolean or null.
    case unreadableValue(field: String)
  }

  /// A form field, by its name, or by its place when the name itself cannot be read.
  public enum Field: Sendable, Equatable, CustomStringConvertible {
    case named(String)
    /// The field's place in the form, from 1.
    case number(Int)

    public var description: String {
      switch self {
      case .named(let name): "\"\(Self.shown(name))\""
      case .number(let number): "number \(number)"
      }
    }

    /// `text` with quotes, backslashes and control characters escaped, and cut to 64
    /// characters, for a message that quotes what a client sent.
    static func shown(_ text: String) -> String {
      var shown = ""
      for scalar in text.unicodeScalars.prefix(64) {
        switch scalar {
        case "\"", "\\": shown += "\\\(scalar)"
        case _ where scalar.properties.generalCategory == .control:
          shown += "\\u{\(String(scalar.value, radix: 16))}"
        default: shown.unicodeScalars.append(scalar)
        }
      }
      return text.unicodeScalars.count > 64 ? shown + "…" : shown
    }
  }

  public let reason: Reason

  public init(_ reason: Reason) {
    self.reason = reason
  }

  public var description: String {
    switch reason {
    case .tooLarge(let limit):
      "the body is larger than \(limit / 1024) KB"
    case .unsupportedType(let type):
      "a body of type \"\(Field.shown(type))\" is not read: send a form "
        + "(application/x-www-form-urlencoded) or a JSON object (application/json), in UTF-8"
    case .brokenPercentEncoding(let field, let sequence):
      "the form field \(field) has \"\(sequence)\", which is not a percent-encoded byte "
        + "(% and two hexadecimal digits; a % itself is %25)"
    case .notUTF8(let field):
      "the form field \(field) is not UTF-8 text"
    case .notJSONObject(let why):
      "the body is not a JSON object: \(why)"
    case .unreadableValue(let field):
      "the JSON member \"\(Field.shown(field))\" is not text, a number, true, false or null"
    }
  }
}
