import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Google Merchant Center product data in XML: RSS 2.0 (`<rss><channel><item>`) or Atom 1.0
/// (`<feed><entry>`), the product attributes in the `g:` namespace.
enum MerchantXMLFeed {
  static let googleNamespace = "http://base.google.com/ns/1.0"
  static let atomNamespace = "http://www.w3.org/2005/Atom"

  /// Reads the feed's items in order, calling `each` with every one as its end tag is read.
  /// The text of a field is kept up to `maxFieldBytes`; a longer one marks the item.
  static func read(
    _ input: FeedInput, maxFieldBytes: Int = FeedParser.defaultMaxFieldBytes,
    each: (RawItem) throws -> Void
  ) throws {
    try withoutActuallyEscaping(each) { each in
      try read(input, maxFieldBytes: maxFieldBytes, escaping: each)
    }
  }

  private static func read(
    _ input: FeedInput, maxFieldBytes: Int, escaping each: @escaping (RawItem) throws -> Void
  ) throws {
    // From a stream libxml2 gets the document in chunks, so that a feed of any size is read in
    // the same memory; handed over in one piece, a document over 10 MB fails with libxml2's
    // "huge input lookup" error.
    // Foundation's XMLParser traps on an element or attribute name that is not UTF-8 (libxml2
    // passes such names on): bytes that are not the encoding the document declares are a
    // malformed document, refused before the parser sees them.
    if declaresUTF8(input.head), let (line, column) = try firstInvalidUTF8(in: input) {
      throw FeedError.Reason.invalidXML(
        detail: "bytes that are not UTF-8, the encoding the document declares", line: line,
        column: column)
    }
    // Foundation's XMLParser also crashes on a processing instruction without data
    // (`<?target?>`: it takes the length of libxml2's NULL data).
    if let (line, column) = try firstEmptyProcessingInstruction(in: input) {
      throw FeedError.Reason.invalidXML(
        detail: "a processing instruction without data (<?name?>), which cannot be read",
        line: line, column: column)
    }
    guard let source = input.stream() else {
      throw FeedError.Reason.unreadable(detail: "the feed cannot be opened")
    }
    let expanding = XMLEntityExpander(head: input.head).map { EntityExpandingStream(source, $0) }
    let parser = XMLParser(stream: (expanding as InputStream?) ?? source)
    parser.shouldProcessNamespaces = true
    parser.shouldResolveExternalEntities = false
    let reader = Reader(maxFieldBytes: maxFieldBytes, each: each)
    parser.delegate = reader
    let finished = parser.parse()
    if let error = reader.consumerError { throw error }
    if let failure = expanding?.failure {
      throw FeedError.Reason.invalidXML(
        detail: describe(89), line: failure.line, column: max(failure.column, 1))
    }
    if let used = reader.wrongNamespace {
      throw FeedError.Reason.wrongNamespace(used: used, expected: googleNamespace)
    }
    if let root = reader.wrongRoot {
      throw FeedError.Reason.unexpectedStructure(
        "the XML root element is <\(root)>; a Merchant feed is <rss> (RSS 2.0) or <feed> (Atom)")
    }
    // libxml2 reports some errors (a document that ends inside an element) without failing.
    if !finished || parser.parserError != nil {
      let code = (parser.parserError as NSError?)?.code ?? 0
      throw FeedError.Reason.invalidXML(
        detail: describe(code), line: max(parser.lineNumber, 1),
        column: max(parser.columnNumber, 1))
    }
    if reader.root == nil {
      throw FeedError.Reason.unexpectedStructure("the XML has no root element")
    }
  }

  /// Whether libxml2 will read the document as UTF-8: unless it starts as UTF-16 (a byte-order
  /// mark, or a NUL in its first two bytes) or its declaration is well-formed and names a
  /// single-byte encoding libxml2 converts from. Anything else — no declaration, `UTF-8`, a
  /// name libxml2 does not know, a declaration it cannot read (`encoding="ISO-8859-1'`) — is
  /// read as UTF-8, so that is what gets checked.
  static func declaresUTF8(_ head: Data) -> Bool {
    let start = Array(head.prefix(256))
    if start.starts(with: [0xFE, 0xFF]) || start.starts(with: [0xFF, 0xFE]) { return false }
    if start.count >= 2 && (start[0] == 0 || start[1] == 0) { return false }
    guard let name = declaredEncoding(start) else { return true }
    return !isSingleByte(name)
  }

  /// Whether `name` (lowercased) is one of the single-byte encodings a shop's feed declares,
  /// spelt exactly: a name that only starts like one (`cp125____F-8`, found by the fuzzer) is
  /// unknown to libxml2, which then reads the bytes as UTF-8.
  static func isSingleByte(_ name: String) -> Bool {
    if name == "latin1" || name == "iso_8859-1" { return true }
    for prefix in ["iso-8859-", "windows-", "cp"] where name.hasPrefix(prefix) {
      guard let number = Int(name.dropFirst(prefix.count)),
        String(number) == name.dropFirst(prefix.count)
      else { return false }
      return prefix == "iso-8859-"
        ? (1...16).contains(number) && number != 12
        : (1250...1258).contains(number)
    }
    return false
  }

  /// The encoding name of a well-formed XML declaration at the start of `bytes`, lowercased
  /// (`<?xml version="1.0" encoding="ISO-8859-1"?>` → `iso-8859-1`), or nil. Well-formed as
  /// XML 1.0 has it: `<?xml`, the version, the encoding, optionally `standalone`, white space
  /// between them and nothing else; libxml2 does not take the encoding from any other.
  private static func declaredEncoding(_ bytes: [UInt8]) -> String? {
    var text = Substring(String(decoding: bytes, as: UTF8.self))
    if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
    guard text.hasPrefix("<?xml"), let end = text.range(of: "?>") else { return nil }
    var rest = text[text.index(text.startIndex, offsetBy: 5)..<end.lowerBound]
    func space() -> Bool {
      let count = rest.prefix { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }.count
      rest = rest.dropFirst(count)
      return count > 0
    }
    // S name S? = S? quoted value, the value read up to its closing quote.
    func attribute(_ name: String) -> Substring? {
      guard space(), rest.hasPrefix(name) else { return nil }
      rest = rest.dropFirst(name.count)
      _ = space()
      guard rest.first == "=" else { return nil }
      rest = rest.dropFirst()
      _ = space()
      guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
      rest = rest.dropFirst()
      guard let close = rest.firstIndex(of: quote) else { return nil }
      let value = rest[..<close]
      rest = rest[rest.index(after: close)...]
      return value
    }
    guard let version = attribute("version"), version.hasPrefix("1."), version.count > 2,
      version.dropFirst(2).allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    guard let name = attribute("encoding"), let first = name.first, first.isASCII,
      first.isLetter,
      name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
    else { return nil }
    let beforeStandalone = rest
    if let standalone = attribute("standalone") {
      guard standalone == "yes" || standalone == "no" else { return nil }
    } else {
      rest = beforeStandalone
    }
    _ = space()
    return rest.isEmpty ? name.lowercased() : nil
  }

  /// Where the first bytes that are not UTF-8 are, as a 1-based line and column (in
  /// characters), or nil when the whole input is UTF-8. Reads the input a chunk at a time; a
  /// character split between chunks is carried over.
  static func firstInvalidUTF8(in input: FeedInput) throws -> (line: Int, column: Int)? {
    struct Found: Error { var line: Int, column: Int }
    var carry: [UInt8] = []
    var line = 1
    var column = 1
    func check(_ bytes: [UInt8]) throws {
      var parser = Unicode.UTF8.ForwardParser()
      var iterator = bytes.makeIterator()
      while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid(let scalar):
          if scalar.count == 1 && scalar.first == 0x0A {
            line += 1
            column = 1
          } else {
            column += 1
          }
        case .emptyInput:
          return
        case .error:
          throw Found(line: line, column: column)
        }
      }
    }
    do {
      try input.forEachChunk { chunk in
        var bytes = carry + Array(chunk)
        carry = Self.incompleteTail(of: bytes)
        bytes.removeLast(carry.count)
        try check(bytes)
      }
      try check(carry)  // a character cut off by the end of the input is an error
    } catch let found as Found {
      return (found.line, found.column)
    }
    return nil
  }

  /// Where the first processing instruction without data (`<?name?>`, `<?name ?>`) starts, as
  /// a 1-based line and byte column, or nil. The XML declaration does not count: libxml2 never
  /// reports it as a processing instruction. Only `<?xml` and a space at the very start of the
  /// document (after a byte-order mark, if any) is the declaration; `<?xml?>` there, or an
  /// `xml` target anywhere else, is read as an instruction like any other.
  static func firstEmptyProcessingInstruction(in input: FeedInput) throws -> (
    line: Int, column: Int
  )? {
    enum State { case text, open, target, space, question }
    struct Found: Error { var line: Int, column: Int }
    var state = State.text
    var target: [UInt8] = []
    var line = 1
    var column = 0
    var start = (line: 1, column: 1)
    var offset = 0  // of the byte being read
    var startOffset = 0  // of the last "<"
    var afterSpace = false  // the target was followed by white space
    let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    let declarationOffset = input.head.starts(with: byteOrderMark) ? 3 : 0
    do {
      try input.forEachChunk { chunk in
        for byte in chunk {
          defer { offset += 1 }
          column += 1
          let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
          switch (state, byte) {
          case (.open, UInt8(ascii: "?")):
            state = .target
            target.removeAll(keepingCapacity: true)
            afterSpace = false
          case (.target, UInt8(ascii: "?")) where !target.isEmpty, (.space, UInt8(ascii: "?")):
            state = .question
          case (.target, _) where isSpace:
            state = target.isEmpty ? .text : .space
            afterSpace = true
          case (.target, _):
            if target.count < 4 { target.append(byte | 0x20) }  // enough to tell "xml"
          case (.space, _) where isSpace:
            break
          case (.question, UInt8(ascii: ">")):
            let isDeclaration =
              target == Array("xml".utf8) && afterSpace && startOffset == declarationOffset
            if !isDeclaration { throw Found(line: start.line, column: start.column) }
            state = .text
          case (_, UInt8(ascii: "<")):
            state = .open
            start = (line, column)
            startOffset = offset
          default:
            state = .text
          }
          if byte == 0x0A {
            line += 1
            column = 0
          }
        }
      }
    } catch let found as Found {
      return (found.line, found.column)
    }
    return nil
  }

  /// The last bytes of `bytes` when they begin a character that needs more bytes than follow.
  private static func incompleteTail(of bytes: [UInt8]) -> [UInt8] {
    for back in 1...min(3, bytes.count) {
      let byte = bytes[bytes.count - back]
      if byte & 0xC0 == 0x80 { continue }  // a continuation byte: look further back
      let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
      return length > back ? Array(bytes.suffix(back)) : []
    }
    return []
  }

  /// libxml2's error numbers in words, for the common ones.
  private static func describe(_ code: Int) -> String {
    switch code {
    case 4: "the document is empty"
    case 5: "the document ends inside an element, or has content after its root element"
    case 9: "a character that XML does not allow"
    case 26: "an entity that is not declared (HTML entities such as &nbsp; are not XML)"
    case 68: "a name is missing or malformed"
    case 73: "a tag is not closed with >"
    case 76: "a closing tag does not match its opening tag"
    case 89: "entities that refer to themselves or expand too much"
    case 201: "a namespace prefix that is not declared (the g: prefix needs xmlns:g)"
    default: "XML error \(code)"
    }
  }

  private final class Reader: NSObject, XMLParserDelegate {
    var root: String?
    var wrongRoot: String?
    /// The namespace an item's `id` was in when it was not Google's, nor Atom's own.
    var wrongNamespace: String?
    /// The line the last item started on: an item on the same line gets its column too.
    private var lastItemLine = 0
    /// What `each` threw; the parse is aborted and the error rethrown.
    var consumerError: (any Error)?
    private let each: (RawItem) throws -> Void
    private let maxFieldBytes: Int
    private var itemCount = 0

    init(maxFieldBytes: Int, each: @escaping (RawItem) throws -> Void) {
      self.maxFieldBytes = maxFieldBytes
      self.each = each
    }

    private var depth = 0
    private var itemDepth = 0
    private var current: Fields?
    /// The direct child of the item being read, when it is one that fills a field.
    private var element: (name: String, google: Bool)?
    private var text = ""
    /// Whether the element's text grew past the limit; what came after was not kept.
    private var overflow = false

    /// The `g:` attributes read, and what product field each fills.
    private static let googleFields: [String: String] = [
      "id": "id", "title": "title", "link": "link", "image_link": "image",
      "additional_image_link": "image", "brand": "brand", "color": "color", "price": "price",
      "availability": "availability", "item_group_id": "itemGroupId", "size": "size",
    ]

    /// The values of one item; plain RSS/Atom `title` and `link` fill in for missing `g:` ones.
    private struct Fields {
      var item: RawItem
      /// Atom's own `<id>`, the id when there is no `g:id` (Google's Atom example has none).
      var atomID: String?
      var googleTitle: String?
      var plainTitle: String?
      var googleLink: String?
      var plainLink: String?
      var image: String?
      var additionalImages: [String] = []
      /// The namespace of an `id` or `image_link` child that is not Google's.
      var foreignNamespace: String?
    }

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      depth += 1
      let namespace = namespaceURI ?? ""
      if depth == 1 {
        root = name
        if name != "rss" && name != "feed" {
          wrongRoot = name
          parser.abortParsing()
        }
        return
      }
      if current == nil {
        if (name == "item" && namespace.isEmpty)
          || (name == "entry" && namespace == MerchantXMLFeed.atomNamespace)
        {
          itemCount += 1
          var item = RawItem(position: itemCount, line: parser.lineNumber)
          if parser.lineNumber == lastItemLine { item.column = max(parser.columnNumber, 1) }
          lastItemLine = parser.lineNumber
          current = Fields(item: item)
          itemDepth = depth
        }
        return
      }
      guard depth == itemDepth + 1 else { return }
      let google = Self.isGoogle(namespace)
      if !google, name == "id" || name == "image_link", namespace != MerchantXMLFeed.atomNamespace,
        current?.foreignNamespace == nil
      {
        current?.foreignNamespace = namespace
      }
      let read =
        google
        ? Self.googleFields[name] != nil
        : name == "title" || name == "link"
          || (name == "id" && namespace == MerchantXMLFeed.atomNamespace)
      element = read ? (name, google) : nil
      text = ""
      overflow = false
      // Atom: <link rel="alternate" href="…"/>, the product page.
      if !google && name == "link", let href = attributes["href"],
        (attributes["rel"] ?? "alternate") == "alternate", current?.plainLink == nil
      {
        current?.plainLink = href
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      add(string)
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
      add(String(decoding: block, as: UTF8.self))
    }

    private func add(_ string: String) {
      guard element != nil, !overflow else { return }
      if text.utf8.count + string.utf8.count > maxFieldBytes {
        overflow = true
        text = ""
      } else {
        text += string
      }
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      defer { depth -= 1 }
      guard var fields = current else { return }
      // Taken out while it changes, so that an item's list of images is not copied for each
      // of its elements (40,000 additional_image_link cost the square of that).
      current = nil
      if depth == itemDepth + 1, let element {
        if overflow, fields.item.tooLong == nil {
          fields.item.tooLong =
            element.google ? Self.googleFields[element.name] : Optional(element.name)
        }
        let value = text.nonEmptyTrimmed
        switch (element.google, element.name) {
        case (true, "id"): fields.item.id = value
        case (false, "id"): fields.atomID = value
        case (true, "title"): fields.googleTitle = value
        case (false, "title"): fields.plainTitle = value
        case (true, "link"): fields.googleLink = value
        case (false, "link"): if let value { fields.plainLink = value }
        case (true, "image_link"): fields.image = value
        case (true, "additional_image_link"): if let value { fields.additionalImages.append(value) }
        case (true, "brand"): fields.item.brand = value
        case (true, "color"): fields.item.color = value
        case (true, "price"): fields.item.price = value
        case (true, "availability"): fields.item.availability = value
        case (true, "item_group_id"): fields.item.itemGroupId = value
        case (true, "size"): fields.item.size = value
        default: break
        }
        self.element = nil
        current = fields
      } else if depth == itemDepth {
        var item = fields.item
        item.id = item.id ?? fields.atomID
        item.title = fields.googleTitle ?? fields.plainTitle
        item.link = fields.googleLink ?? fields.plainLink
        item.images = (fields.image.map { [$0] } ?? []) + fields.additionalImages
        current = nil
        if item.id == nil, let namespace = fields.foreignNamespace {
          // Every item would be "no id": the feed says once what is wrong instead.
          wrongNamespace = namespace
          parser.abortParsing()
          return
        }
        do { try each(item) } catch {
          consumerError = error
          parser.abortParsing()
        }
      } else {
        current = fields
      }
    }

    /// Google's namespace, also as some feeds misspell it (https, trailing slash).
    private static func isGoogle(_ namespace: String) -> Bool {
      namespace == MerchantXMLFeed.googleNamespace
        || namespace == "https://base.google.com/ns/1.0"
        || namespace == MerchantXMLFeed.googleNamespace + "/"
    }
  }
}
