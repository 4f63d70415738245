import Foundation

/// Finds the elements of a JSON feed's top-level `products` array in bytes that arrive a chunk at
/// a time, and hands over each element's bytes whole, so that a feed of any length is decoded
/// one product at a time.
///
/// The scanner checks the document's outer structure itself (an object, its keys, colons and
/// commas) and keeps every value it sees — each element, and the values of other keys — for
/// Foundation's parser to check, so that a document it accepts is valid JSON.
struct JSONProductsScanner {
  /// What the scanner hands over.
  enum Event {
    /// One element of `products`, its 0-based index and the 1-based line it starts on.
    case element(Data, index: Int, line: Int)
    /// The value of another top-level key (checked for syntax, otherwise unused).
    case otherValue(Data, line: Int)
  }

  private enum State {
    case documentStart
    case keyOrEnd(first: Bool)
    case key
    case colon
    case memberValue
    case afterMember
    case elementOrEnd(first: Bool)
    case afterElement
    case end
  }

  private var state = State.documentStart
  private var line = 1
  private var key: [UInt8] = []
  private var keyEscaped = false
  private var sawProducts = false
  /// The document is the array of products itself, as some Shopify dumps are.
  private var isArray = false
  private var elementCount = 0
  /// The value being captured, when one is: its bytes, nesting depth and string state.
  private var value: [UInt8] = []
  private var capturing: Capture?

  private struct Capture {
    var isElement: Bool
    var line: Int
    var depth = 0
    var inString = false
    var escaped = false
    /// Numbers, `true`, `false`, `null`: they end at the first byte that cannot be in them.
    var scalar = false
  }

  /// Reads one chunk, calling `body` for every value completed in it.
  mutating func consume(_ chunk: Data, _ body: (Event) throws -> Void) throws {
    try chunk.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      var i = 0
      while i < bytes.count {
        let byte = bytes[i]
        if capturing != nil {
          if try capture(byte, body) { i += 1 }
          continue
        }
        if byte == 0x0A { line += 1 }
        try step(byte, body)
        i += 1
      }
    }
  }

  /// The end of the input: the document must be complete.
  mutating func finish(_ body: (Event) throws -> Void) throws {
    if let capture = capturing, capture.scalar {
      // A number or literal that runs to the end of the input ends there.
      capturing = nil
      try emit(capture, body)
    }
    guard case .end = state else {
      throw FeedError.Reason.invalidJSON(detail: "Unexpected end of file during JSON parse.")
    }
    if !sawProducts {
      throw FeedError.Reason.unexpectedStructure("the JSON object has no \"products\" array")
    }
  }

  // MARK: Structure

  private mutating func step(_ byte: UInt8, _ body: (Event) throws -> Void) throws {
    if FeedText.isWhitespace(byte), !isInKey { return }
    switch state {
    case .documentStart:
      if byte == UInt8(ascii: "[") {
        isArray = true
        sawProducts = true
        state = .elementOrEnd(first: true)
        return
      }
      guard byte == UInt8(ascii: "{") else {
        throw syntax("the document does not start with an object or an array")
      }
      state = .keyOrEnd(first: true)
    case .keyOrEnd(let first):
      if byte == UInt8(ascii: "}") && first {
        state = .end
      } else if byte == UInt8(ascii: "\"") {
        key.removeAll(keepingCapacity: true)
        keyEscaped = false
        state = .key
      } else {
        throw syntax("expected a key in double quotes")
      }
    case .key:
      if keyEscaped {
        keyEscaped = false
        key.append(byte)
      } else if byte == UInt8(ascii: "\\") {
        keyEscaped = true
        key.append(byte)
      } else if byte == UInt8(ascii: "\"") {
        state = .colon
      } else {
        key.append(byte)
      }
    case .colon:
      guard byte == UInt8(ascii: ":") else { throw syntax("expected ':' after a key") }
      state = .memberValue
    case .memberValue:
      if try decodedKey() == "products" {
        sawProducts = true
        guard byte == UInt8(ascii: "[") else {
          throw FeedError.Reason.unexpectedStructure("\"products\" is not an array")
        }
        state = .elementOrEnd(first: true)
      } else {
        begin(byte, isElement: false)
        _ = try capture(byte, body)
      }
    case .afterMember:
      if byte == UInt8(ascii: ",") {
        state = .keyOrEnd(first: false)
      } else if byte == UInt8(ascii: "}") {
        state = .end
      } else {
        throw syntax("expected ',' or '}' after a value")
      }
    case .elementOrEnd(let first):
      if byte == UInt8(ascii: "]") && first {
        state = isArray ? .end : .afterMember
      } else {
        begin(byte, isElement: true)
        _ = try capture(byte, body)
      }
    case .afterElement:
      if byte == UInt8(ascii: ",") {
        state = .elementOrEnd(first: false)
      } else if byte == UInt8(ascii: "]") {
        state = isArray ? .end : .afterMember
      } else {
        throw syntax("expected ',' or ']' after an element of \"products\"")
      }
    case .end:
      throw syntax("garbage at end")
    }
  }

  private var isInKey: Bool {
    if case .key = state { return true }
    return false
  }

  private func decodedKey() throws -> String {
    guard key.contains(UInt8(ascii: "\\")) else { return String(decoding: key, as: UTF8.self) }
    let quoted = Data([UInt8(ascii: "\"")] + key + [UInt8(ascii: "\"")])
    guard
      let decoded = try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed)
        as? String
    else { throw syntax("a key with an invalid escape") }
    return decoded
  }

  // MARK: Values

  private mutating func begin(_ byte: UInt8, isElement: Bool) {
    value.removeAll(keepingCapacity: true)
    var capture = Capture(isElement: isElement, line: line)
    capture.scalar =
      byte != UInt8(ascii: "{") && byte != UInt8(ascii: "[")
      && byte != UInt8(ascii: "\"")
    capturing = capture
  }

  /// Adds `byte` to the value being captured; false when the byte ends a number or literal
  /// without being part of it (it is then read again as structure).
  private mutating func capture(_ byte: UInt8, _ body: (Event) throws -> Void) throws -> Bool {
    guard var capture = capturing else { return false }
    if capture.scalar {
      let ends =
        FeedText.isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]")
        || byte == UInt8(ascii: "}")
      if ends {
        capturing = nil
        try emit(capture, body)
        return false
      }
      value.append(byte)
      return true
    }
    value.append(byte)
    if byte == 0x0A { line += 1 }
    if capture.inString {
      if capture.escaped {
        capture.escaped = false
      } else if byte == UInt8(ascii: "\\") {
        capture.escaped = true
      } else if byte == UInt8(ascii: "\"") {
        capture.inString = false
        if capture.depth == 0 {
          capturing = nil
          try emit(capture, body)
          return true
        }
      }
      capturing = capture
      return true
    }
    switch byte {
    case UInt8(ascii: "\""):
      capture.inString = true
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      capture.depth += 1
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      capture.depth -= 1
      if capture.depth == 0 {
        capturing = nil
        try emit(capture, body)
        return true
      }
      if capture.depth < 0 { throw syntax("unbalanced brackets") }
    default:
      break
    }
    capturing = capture
    return true
  }

  private mutating func emit(_ capture: Capture, _ body: (Event) throws -> Void) throws {
    let data = Data(value)
    if capture.isElement {
      state = .afterElement
      elementCount += 1
      try body(.element(data, index: elementCount - 1, line: capture.line))
    } else {
      state = .afterMember
      try body(.otherValue(data, line: capture.line))
    }
  }

  private func syntax(_ detail: String) -> FeedError.Reason {
    .invalidJSON(detail: "\(detail) on line \(line)")
  }
}
