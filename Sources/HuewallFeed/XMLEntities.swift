import Foundation

/// Expands the general entities a Merchant XML feed declares in its internal DTD subset before
/// libxml2 sees the references.
///
/// Foundation's XMLParser (swift-corelibs-foundation) drops the first run of text after every
/// reference to a declared entity: `A&ie;B` reached the reader as `AB`, and `A&ext;B`, with an
/// external entity it does not load, as `A`, so that an image link after one was lost. The
/// references in text are therefore replaced in the bytes: an internal entity by its value (its
/// own references expanded, within bounds), an external one by nothing, as it is never loaded.
/// Attribute values, comments, CDATA and processing instructions are left as they are;
/// references to entities the document does not declare stay for libxml2 to refuse.
struct XMLEntityExpander {
  /// Why a document's entities cannot be expanded: self-reference or runaway size.
  struct Failure: Error {
    var line: Int
    var column: Int
  }

  /// The most bytes one entity may expand to.
  static let maxExpansion = 1 << 20
  /// All expansions of a document together may add this many bytes, plus as many as the
  /// document has, ten times over (the billion laughs need far more).
  static let expansionAllowance = 1 << 20

  private enum Entity {
    case value([UInt8])
    case external
  }

  private enum State {
    case prolog(remaining: Int)
    case text
    /// After `<`, until the kind of markup is known (tag, comment, CDATA, instruction).
    case open
    case tag(quote: UInt8?)
    /// Inside a comment, CDATA section or processing instruction: until `>` comes after at
    /// least `needed` of `closer` in a row (`-->`, `]]>`, `?>`); `seen` counts them.
    case markup(closer: UInt8, needed: Int, seen: Int)
    case reference
  }

  private var entities: [String: Entity]
  private var expansions: [String: [UInt8]] = [:]
  private var state: State
  private var held: [UInt8] = []
  private var line = 1
  private var column = 0
  private var consumed = 0
  private var expanded = 0

  /// An expander for the document that starts with `head`, or nil when its head has no
  /// internal subset that declares general entities (nothing to expand, nothing to change).
  init?(head: Data) {
    let bytes = [UInt8](head)
    if bytes.count >= 2 && (bytes[0] == 0 || bytes[1] == 0 || bytes[0] == 0xFE || bytes[0] == 0xFF)
    {
      return nil  // UTF-16: libxml2 converts it; the bytes are not ASCII-compatible
    }
    guard let (entities, end) = Self.declarations(in: bytes), !entities.isEmpty else {
      return nil
    }
    self.entities = entities
    state = .prolog(remaining: end)
  }

  /// The bytes to hand libxml2 for the next chunk of the document.
  mutating func consume(_ chunk: some Collection<UInt8>) throws(Failure) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(chunk.count)
    for byte in chunk {
      consumed += 1
      if byte == 0x0A {
        line += 1
        column = 0
      } else {
        column += 1
      }
      try step(byte, into: &out)
    }
    return out
  }

  /// The bytes held back at the end of the document (a `&` or `<` that nothing followed).
  mutating func finish() -> [UInt8] {
    defer { held.removeAll() }
    return held
  }

  private mutating func step(_ byte: UInt8, into out: inout [UInt8]) throws(Failure) {
    switch state {
    case .prolog(let remaining):
      out.append(byte)
      state = remaining > 1 ? .prolog(remaining: remaining - 1) : .text
    case .text:
      if byte == UInt8(ascii: "<") {
        held = [byte]
        state = .open
      } else if byte == UInt8(ascii: "&") {
        held = [byte]
        state = .reference
      } else {
        out.append(byte)
      }
    case .open:
      held.append(byte)
      let (comment, cdata) = (Self.commentOpener, Self.cdataOpener)
      if held == comment {
        state = .markup(closer: UInt8(ascii: "-"), needed: 2, seen: 0)
      } else if held == cdata {
        state = .markup(closer: UInt8(ascii: "]"), needed: 2, seen: 0)
      } else if held == Self.instructionOpener {
        state = .markup(closer: UInt8(ascii: "?"), needed: 1, seen: 0)
      } else if comment.starts(with: held) || cdata.starts(with: held) {
        return
      } else {
        // A tag: its bytes so far go through the tag state (a quote or `>` among them).
        let rest = held.dropFirst()
        out.append(UInt8(ascii: "<"))
        held.removeAll()
        state = .tag(quote: nil)
        for byte in rest { try step(byte, into: &out) }
        return
      }
      out += held
      held.removeAll()
    case .tag(let quote):
      out.append(byte)
      if let quote {
        if byte == quote { state = .tag(quote: nil) }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        state = .tag(quote: byte)
      } else if byte == UInt8(ascii: ">") {
        state = .text
      }
    case .markup(let closer, let needed, let seen):
      out.append(byte)
      if byte == UInt8(ascii: ">") && seen >= needed {
        state = .text
      } else {
        state = .markup(closer: closer, needed: needed, seen: byte == closer ? seen + 1 : 0)
      }
    case .reference:
      if byte == UInt8(ascii: ";") {
        let name = String(decoding: held.dropFirst(), as: UTF8.self)
        out += try replacement(of: name) ?? held + [byte]
        held.removeAll()
        state = .text
      } else if Self.isNameByte(byte) && held.count < 256 {
        held.append(byte)
      } else {
        // Not a reference (a stray `&`): libxml2 says what is wrong with it.
        out += held
        held.removeAll()
        state = .text
        try step(byte, into: &out)
      }
    }
  }

  /// The openings of the markup whose text is left alone, read once rather than per tag.
  private static let commentOpener = Array("<!--".utf8)
  private static let cdataOpener = Array("<![CDATA[".utf8)
  private static let instructionOpener = Array("<?".utf8)

  /// What a reference to `name` becomes, or nil to leave it as written.
  private mutating func replacement(of name: String) throws(Failure) -> [UInt8]? {
    switch entities[name] {
    case nil:
      return nil
    case .external:
      return []
    case .value:
      var visiting: Set<String> = []
      guard let value = expansion(of: name, visiting: &visiting) else {
        throw Failure(line: line, column: column)
      }
      expanded += value.count
      guard expanded <= Self.expansionAllowance + 10 * consumed else {
        throw Failure(line: line, column: column)
      }
      return value
    }
  }

  /// The value of internal entity `name` with the references to declared entities in it
  /// expanded; nil when it refers to itself or grows past ``maxExpansion``.
  private mutating func expansion(of name: String, visiting: inout Set<String>) -> [UInt8]? {
    if let done = expansions[name] { return done }
    guard case .value(let value) = entities[name], visiting.insert(name).inserted else {
      return nil
    }
    defer { visiting.remove(name) }
    var out: [UInt8] = []
    var i = 0
    while i < value.count {
      if value[i] == UInt8(ascii: "&"),
        let end = value[(i + 1)...].firstIndex(of: UInt8(ascii: ";")),
        value[(i + 1)..<end].allSatisfy(Self.isNameByte)
      {
        let inner = String(decoding: value[(i + 1)..<end], as: UTF8.self)
        switch entities[inner] {
        case .external:
          break
        case .value:
          guard let text = expansion(of: inner, visiting: &visiting) else { return nil }
          out += text
        case nil:
          out += value[i...end]
        }
        i = end + 1
      } else {
        out.append(value[i])
        i += 1
      }
      if out.count > Self.maxExpansion { return nil }
    }
    expansions[name] = out
    return out
  }

  /// Letters, digits, `_`, `-`, `.`, `:`, `#` (character references) and every byte of a
  /// multi-byte character: enough to tell a reference from a stray `&`.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || (byte >= 0x30 && byte <= 0x3A) || (byte >= 0x41 && byte <= 0x5A)
      || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "#")
  }

  // MARK: The internal subset

  /// The general entities declared in the internal subset of the `<!DOCTYPE …>` at the start
  /// of `bytes`, and the offset just past that declaration; nil when there is no internal
  /// subset or it does not end within `bytes`. The first declaration of a name wins.
  private static func declarations(in bytes: [UInt8]) -> ([String: Entity], Int)? {
    guard let doctype = find("<!DOCTYPE", in: bytes, from: 0),
      !startsElement(before: doctype, in: bytes)
    else { return nil }
    var i = doctype + 9
    var quote: UInt8?
    // Up to the `[` of the internal subset, past the quoted system and public ids.
    while i < bytes.count {
      let byte = bytes[i]
      if let q = quote {
        if byte == q { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        return nil
      } else if byte == UInt8(ascii: "[") {
        break
      }
      i += 1
    }
    i += 1
    var entities: [String: Entity] = [:]
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "]") {
        guard let close = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        return (entities, close + 1)
      }
      if starts("<!--", in: bytes, at: i) {
        guard let end = find("-->", in: bytes, from: i + 4) else { return nil }
        i = end + 3
      } else if starts("<?", in: bytes, at: i) {
        guard let end = find("?>", in: bytes, from: i + 2) else { return nil }
        i = end + 2
      } else if starts("<!", in: bytes, at: i) {
        guard let end = declarationEnd(in: bytes, from: i) else { return nil }
        if starts("<!ENTITY", in: bytes, at: i),
          let (name, declared) = entity(in: Array(bytes[(i + 8)..<end])),
          entities[name] == nil, !predefined.contains(name)
        {
          entities[name] = declared
        }
        i = end + 1
      } else {
        i += 1
      }
    }
    return nil
  }

  /// XML's own entities: libxml2 expands them, whatever a document declares for them.
  private static let predefined: Set<String> = ["lt", "gt", "amp", "apos", "quot"]

  /// `name` and what it is, from the text between `<!ENTITY` and `>`; nil for a parameter
  /// entity (`% name`) or a declaration that does not parse.
  private static func entity(in declaration: [UInt8]) -> (String, Entity)? {
    var tokens: [(quoted: Bool, bytes: [UInt8])] = []
    var i = 0
    while i < declaration.count {
      let byte = declaration[i]
      if FeedText.isWhitespace(byte) {
        i += 1
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        guard let end = declaration[(i + 1)...].firstIndex(of: byte) else { return nil }
        tokens.append((true, Array(declaration[(i + 1)..<end])))
        i = end + 1
      } else {
        let end = declaration[i...].firstIndex(where: FeedText.isWhitespace) ?? declaration.count
        tokens.append((false, Array(declaration[i..<end])))
        i = end
      }
    }
    guard tokens.count >= 2, !tokens[0].quoted, tokens[0].bytes != [UInt8(ascii: "%")] else {
      return nil
    }
    let name = String(decoding: tokens[0].bytes, as: UTF8.self)
    if tokens[1].quoted { return (name, .value(tokens[1].bytes)) }
    let keyword = String(decoding: tokens[1].bytes, as: UTF8.self)
    return keyword == "SYSTEM" || keyword == "PUBLIC" ? (name, .external) : nil
  }

  /// The `>` that ends the markup declaration starting at `start`, outside quotes.
  private static func declarationEnd(in bytes: [UInt8], from start: Int) -> Int? {
    var quote: UInt8?
    for i in start..<bytes.count {
      let byte = bytes[i]
      if let q = quote {
        if byte == q { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        return i
      }
    }
    return nil
  }

  /// Whether an element starts before `offset`: a DOCTYPE after the root is not the document's.
  private static func startsElement(before offset: Int, in bytes: [UInt8]) -> Bool {
    var i = 0
    while i < offset {
      if bytes[i] == UInt8(ascii: "<"), i + 1 < offset {
        let next = bytes[i + 1]
        if next != UInt8(ascii: "?") && next != UInt8(ascii: "!") { return true }
      }
      i += 1
    }
    return false
  }

  private static func starts(_ text: String, in bytes: [UInt8], at offset: Int) -> Bool {
    bytes[offset...].starts(with: text.utf8)
  }

  private static func find(_ text: String, in bytes: [UInt8], from offset: Int) -> Int? {
    let pattern = Array(text.utf8)
    guard offset <= bytes.count - pattern.count else { return nil }
    for i in offset...(bytes.count - pattern.count) where bytes[i] == pattern[0] {
      if bytes[i..<(i + pattern.count)].elementsEqual(pattern) { return i }
    }
    return nil
  }
}

/// The bytes of a feed with its entities expanded (``XMLEntityExpander``), for libxml2, which
/// pulls its input from a stream.
final class EntityExpandingStream: InputStream {
  private let source: InputStream
  private var expander: XMLEntityExpander
  private var buffer: [UInt8] = []
  private var offset = 0
  private var ended = false
  /// Where the expansion was refused; the stream then ends there. It does not report an error:
  /// XMLParser would ask for `streamError`, which a subclass cannot answer without a crash.
  private(set) var failure: XMLEntityExpander.Failure?

  init(_ source: InputStream, _ expander: XMLEntityExpander) {
    self.source = source
    self.expander = expander
    super.init(data: Data())
  }

  override func open() { source.open() }
  override func close() { source.close() }
  override var hasBytesAvailable: Bool { offset < buffer.count || !ended }

  override func read(_ destination: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
    while offset == buffer.count {
      if ended || failure != nil { return 0 }
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      let count = source.read(&chunk, maxLength: chunk.count)
      if count < 0 { return -1 }
      offset = 0
      if count == 0 {
        ended = true
        buffer = expander.finish()
      } else {
        do {
          buffer = try expander.consume(chunk[..<count])
        } catch {
          failure = error
          return 0
        }
      }
    }
    let count = min(length, buffer.count - offset)
    buffer.withUnsafeBufferPointer { all in
      destination.update(from: all.baseAddress! + offset, count: count)
    }
    offset += count
    return count
  }
}
