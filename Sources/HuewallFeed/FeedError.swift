import Foundation

/// Why a feed as a whole could not be read, with the file or URL it came from. Nothing of such a
/// feed is used: a feed read in part would mark the products it lost as removed.
public struct FeedError: Error, Sendable, Equatable {
  public enum Reason: Sendable, Equatable {
    /// The feed has no bytes, or only whitespace.
    case empty
    /// The feed could not be read (a file that vanished, an I/O error).
    case unreadable(detail: String)
    /// The feed is larger than the configured limit.
    case tooLarge(limit: Int)
    /// Not a feed at all; `looksLike` says what it seems to be ("an HTML page").
    case unrecognized(looksLike: String)
    /// The JSON does not parse; `detail` says where when it can.
    case invalidJSON(detail: String)
    /// The XML does not parse, at `line` and `column` (1-based).
    case invalidXML(detail: String, line: Int, column: Int)
    /// The text is not UTF-8, UTF-16 or Windows-1252. No reader throws it any more: CSV and TSV
    /// fields replace the bytes Windows-1252 leaves undefined (``FeedItemWarning``).
    case undecodableText
    /// The document parses but is not shaped like the format (a JSON object without a
    /// `products` array, an XML root other than `<rss>` or `<feed>`).
    case unexpectedStructure(String)
    /// A CSV or TSV feed without a header row.
    case noHeader
    /// The header row has none of the names a required column may have.
    case missingColumn(String, accepted: [String])
    /// A quoted CSV or TSV field that is never closed; it would swallow the rest of the file.
    case unterminatedQuote(line: Int)
    /// The feed parses but has no items.
    case noItems
    /// Every item of the feed was rejected; `itemErrors` says why, item by item.
    case noValidItems(itemErrors: [FeedItemError])
  }

  /// The file path or URL of the feed.
  public var source: String
  /// The format the feed was read as, when it got that far.
  public var format: FeedFormat?
  public var reason: Reason

  public init(source: String, format: FeedFormat?, reason: Reason) {
    self.source = source
    self.format = format
    self.reason = reason
  }
}

extension FeedError.Reason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .empty:
      "the feed is empty"
    case .unreadable(let detail):
      "cannot read the feed (\(detail))"
    case .tooLarge(let limit):
      "the feed is larger than \(limit) bytes (fetch.maxDocumentBytes)"
    case .unrecognized(let looksLike):
      "not a product feed: the content looks like \(looksLike)"
    case .invalidJSON(let detail):
      "invalid JSON (\(detail))"
    case .invalidXML(let detail, let line, let column):
      "invalid XML at line \(line), column \(column) (\(detail))"
    case .undecodableText:
      "the text is neither UTF-8, UTF-16 nor Windows-1252"
    case .unexpectedStructure(let detail):
      detail
    case .noHeader:
      "no header row"
    case .missingColumn(let column, let accepted):
      "no \(column) column in the header row (accepted names: \(accepted.joined(separator: ", ")))"
    case .unterminatedQuote(let line):
      "the quoted field that starts on line \(line) is never closed"
    case .noItems:
      "the feed has no items"
    case .noValidItems(let errors):
      "all \(errors.count) items were rejected"
        + (errors.first.map { "; the first: \($0)" } ?? "")
    }
  }
}

extension FeedError: LocalizedError {
  public var errorDescription: String? {
    "\(source): \(format.map { "\($0.displayName) feed: " } ?? "")\(reason)"
  }
}

extension FeedError: CustomStringConvertible {
  public var description: String { errorDescription ?? "\(reason)" }
}

/// Why one item of a feed was skipped. The rest of the feed is read on.
public struct FeedItemError: Sendable, Hashable {
  /// Which URL of an item is at fault.
  public enum URLField: String, Sendable, Hashable {
    case link
    case image
  }

  public enum Reason: Sendable, Hashable {
    /// The item has no id, or an empty one.
    case missingID
    /// The item has no image URL.
    case missingImage
    /// A URL whose scheme is not `http`, `https` or `file` (`javascript:`, `data:`, `ftp:`).
    case unsupportedScheme(URLField, url: String)
    /// A value that is not a URL at all.
    case invalidURL(URLField, value: String)
    /// A `file` URL in a feed that was itself read from the web.
    case fileURLInRemoteFeed(URLField, url: String)
    /// A relative URL in a feed read without a base URL to resolve it against.
    case relativeURL(URLField, value: String)
    /// An earlier item, at `firstPosition`, already has this id.
    case duplicateID(firstPosition: Int)
    /// The item is not shaped like the format's items (a JSON value of the wrong type).
    case malformed(String)
    /// The id holds a control character: the store keeps text as C strings, where a NUL
    /// would cut the id short and make distinct ids one.
    case controlCharacterInID(scalar: UInt32)
    /// A field longer than ``FeedParser/maxFieldBytes``, in UTF-8 bytes; `field` is the
    /// product's field (`title`, `image`, …).
    case fieldTooLong(field: String, limit: Int)
  }

  /// The item's 1-based position in the feed: its index among the JSON array's elements, the
  /// XML feed's `<item>`/`<entry>` elements or the data rows of a CSV or TSV feed. The Huewall
  /// products made from one Shopify product share its position.
  public var position: Int
  /// The 1-based line of the feed file where the item starts, for text and XML formats.
  public var line: Int?
  /// The item's id, when it has one.
  public var id: String?
  public var reason: Reason

  public init(position: Int, line: Int? = nil, id: String? = nil, reason: Reason) {
    self.position = position
    self.line = line
    self.id = id
    self.reason = reason
  }
}

extension FeedItemError.Reason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .missingID:
      "no id"
    case .missingImage:
      "no image URL"
    case .unsupportedScheme(let field, let url):
      "\(field.rawValue) URL \"\(url)\" is not http, https or file"
    case .invalidURL(let field, let value):
      "\(field.rawValue) \"\(value)\" is not a valid URL"
    case .fileURLInRemoteFeed(let field, let url):
      "\(field.rawValue) URL \"\(url)\" is a local file and the feed is not"
    case .relativeURL(let field, let value):
      "\(field.rawValue) \"\(value)\" is a relative URL and the feed has no base URL"
    case .duplicateID(let first):
      "duplicate id: item \(first) already has it"
    case .malformed(let detail):
      "malformed item: \(detail)"
    case .controlCharacterInID(let scalar):
      "the id holds a control character (U+\(hex(scalar)))"
    case .fieldTooLong(let field, let limit):
      "\(field) is longer than \(limit) bytes (feed.maxFieldBytes)"
    }
  }
}

extension FeedItemError: CustomStringConvertible {
  public var description: String { "\(place): \(reason)" }

  /// `item 3 (line 17, id "NP-JS")`.
  var place: String {
    var place = "item \(position)"
    var details: [String] = []
    if let line { details.append("line \(line)") }
    if let id { details.append("id \"\(id)\"") }
    if !details.isEmpty { place += " (\(details.joined(separator: ", ")))" }
    return place
  }
}

/// Something read from an item that the product keeps, but not as the feed wrote it.
public struct FeedItemWarning: Sendable, Hashable {
  public enum Reason: Sendable, Hashable {
    /// A CSV or TSV field whose bytes are neither UTF-8 nor Windows-1252 (0x81, 0x8D, 0x8F,
    /// 0x90, 0x9D are undefined there): read as Windows-1252 with U+FFFD for those bytes.
    case replacedBytes(field: String)
    /// A Huewall JSON item has a key Huewall does not read (a `family` or `colorOverride`
    /// added by hand does nothing): said once a feed, for the first item that has it, with
    /// the number of items that do.
    case unknownKey(String, items: Int)
  }

  /// As in ``FeedItemError``.
  public var position: Int
  public var line: Int?
  public var id: String?
  public var reason: Reason

  public init(position: Int, line: Int? = nil, id: String? = nil, reason: Reason) {
    self.position = position
    self.line = line
    self.id = id
    self.reason = reason
  }
}

extension FeedItemWarning.Reason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .replacedBytes(let field):
      "\(field) has bytes that are neither UTF-8 nor Windows-1252, replaced with U+FFFD"
    case .unknownKey(let key, let items):
      "unknown key \"\(key)\" is ignored"
        + (items > 1 ? " (\(items) items have it)" : "")
        + "; a product's keys are \(JSONFeed.productKeys.joined(separator: ", "))"
    }
  }
}

extension FeedItemWarning: CustomStringConvertible {
  public var description: String {
    FeedItemError(position: position, line: line, id: id, reason: .missingID).place
      + ": \(reason)"
  }
}

/// `0000` for U+0000: at least four hex digits, as Unicode writes code points.
func hex(_ scalar: UInt32) -> String {
  let digits = String(scalar, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

// The readers throw bare reasons; the parser adds the source and format.
extension FeedError.Reason: Error {}
// Checks return `Result<URL, FeedItemError.Reason>`.
extension FeedItemError.Reason: Error {}
