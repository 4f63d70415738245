public import Foundation

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
    /// The header row has none of the names a required column may have; `found` is the
    /// header row as read, for mapping one of them with `feed.columns`.
    case missingColumn(String, accepted: [String], found: [String])
    /// `feed.columns` maps a field to a column the header row does not have.
    case mappedColumnNotFound(String, name: String, found: [String])
    /// The items' Merchant attributes are in a namespace other than Google's: `used` is the
    /// one the feed declares for them (empty: none).
    case wrongNamespace(used: String, expected: String)
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
    case .missingColumn(let column, let accepted, let found):
      "no \(column) column in the header row (accepted names: \(accepted.joined(separator: ", ")));"
        + " the columns are \(Self.listing(found)); name the one that holds the \(column) with"
        + " feed.columns in pipeline.json: \"columns\": {\"\(column)\": \"<its name>\"}"
        + " (keys: \(FeedColumn.keyListing))"
    case .mappedColumnNotFound(let field, let name, let found):
      "feed.columns maps \(field) to \"\(name)\", which is not in the header row; the columns"
        + " are \(Self.listing(found))"
    case .wrongNamespace(let used, let expected):
      (used.isEmpty
        ? "the items' Merchant attributes (id, image_link, …) have no namespace"
        : "the items' Merchant attributes (g:id, g:image_link, …) are in the namespace \(used)")
        + "; Google's is \(expected): declare it as xmlns:g=\"\(expected)\""
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

extension FeedError.Reason {
  /// `"ID", "Тип", "Артикул"` (at most 30 named).
  static func listing(_ names: [String]) -> String {
    let shown = names.prefix(30).map { "\"\($0)\"" }.joined(separator: ", ")
    return names.count > 30 ? shown + " and \(names.count - 30) more" : shown
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
    /// A URL whose scheme is not `http`, `https` or `file` (`javascript:`, `data:`, `ftp:`).
    case unsupportedScheme(URLField, url: String)
    /// A value that is not a URL at all.
    case invalidURL(URLField, value: String)
    /// A `file` URL in a feed that was itself read from the web.
    case fileURLInRemoteFeed(URLField, url: String)
    /// A relative URL in a feed read without a base URL to resolve it against.
    case relativeURL(URLField, value: String)
    /// A Magento export's image path (`/m/h/mh01-black_main.jpg`), which only the shop's media
    /// address (`feed.imageBaseURL`) makes a URL.
    case mediaPathWithoutImageBase(value: String)
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
  /// The 1-based column the item starts at, where an earlier item started on the same line
  /// (a minified XML feed, all on one line).
  public var column: Int?
  /// The item's id, when it has one.
  public var id: String?
  public var reason: Reason

  public init(
    position: Int, line: Int? = nil, column: Int? = nil, id: String? = nil, reason: Reason
  ) {
    self.position = position
    self.line = line
    self.column = column
    self.id = id
    self.reason = reason
  }
}

extension FeedItemError.Reason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .missingID:
      "no id"
    case .unsupportedScheme(let field, let url):
      "\(field.rawValue) URL \"\(url)\" is not http, https or file"
    case .invalidURL(let field, let value):
      "\(field.rawValue) \"\(value)\" is not a valid URL"
    case .fileURLInRemoteFeed(let field, let url):
      "\(field.rawValue) URL \"\(url)\" is a local file and the feed is not"
    case .relativeURL(let field, let value):
      "\(field.rawValue) \"\(value)\" is a relative URL and the feed has no base URL"
    case .mediaPathWithoutImageBase(let value):
      "image \"\(value)\" is a path in the shop's media folder: set feed.imageBaseURL to the"
        + " shop's media address (https://<shop>/media/catalog/product/)"
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
    if let line { details.append("line \(line)" + (column.map { ", column \($0)" } ?? "")) }
    if let id { details.append("id \"\(id)\"") }
    if !details.isEmpty { place += " (\(details.joined(separator: ", ")))" }
    return place
  }
}

/// Something read from an item that the product keeps, but not as the feed wrote it.
public struct FeedItemWarning: Sendable, Hashable {
  public enum Reason: Sendable, Hashable {
    /// CSV or TSV bytes that are neither UTF-8 nor Windows-1252 (0x81, 0x8D, 0x8F, 0x90, 0x9D
    /// are undefined there), each read as U+FFFD: said once a feed, for the first item, with
    /// how many bytes in how many items and which fields.
    case replacedBytes(count: Int, items: Int, fields: [String])
    /// Control characters taken out of text fields (a NUL, or a byte of a feed that calls
    /// itself ISO-8859-1 and that Windows-1252 does not define either): said once a feed, for
    /// the first item, with how many in how many items and which fields.
    case droppedCharacters(count: Int, items: Int, fields: [String])
    /// A Huewall JSON item has a key Huewall does not read (a `family` or `colorOverride`
    /// added by hand does nothing): said once a feed, for the first item that has it, with
    /// the number of items that do.
    case unknownKey(String, items: Int)
    /// Images past ``FeedParser/maxImagesPerProduct`` left out of items that list more: said
    /// once a feed, for the first item, with how many images of how many items.
    case imagesDropped(count: Int, items: Int, limit: Int)
    /// A CSV or TSV header without a column Huewall knows as the title (`Item title`,
    /// `parent_name`): every title is empty. Said once a feed, with the columns found.
    case noTitleColumn(found: [String])
    /// An item without an image URL. It is kept, so that its feed values and a decision on
    /// it stay while the shop adds a photo, and stays off the wall until one comes: said
    /// item by item, as each is a product the merchant has to photograph.
    case noImage

    /// This feed-wide count and `other` of the same kind as one (a later Shopify page's):
    /// counts added, fields kept in order of first mention; nil for another kind, or one that
    /// is said item by item.
    func merged(with other: Self) -> Self? {
      func fields(_ f: [String], _ g: [String]) -> [String] { f + g.filter { !f.contains($0) } }
      switch (self, other) {
      case (.replacedBytes(let c, let i, let f), .replacedBytes(let d, let j, let g)):
        return .replacedBytes(count: c + d, items: i + j, fields: fields(f, g))
      case (.droppedCharacters(let c, let i, let f), .droppedCharacters(let d, let j, let g)):
        return .droppedCharacters(count: c + d, items: i + j, fields: fields(f, g))
      case (.imagesDropped(let c, let i, let limit), .imagesDropped(let d, let j, _)):
        return .imagesDropped(count: c + d, items: i + j, limit: limit)
      default:
        return nil
      }
    }
  }

  /// As in ``FeedItemError``.
  public var position: Int
  public var line: Int?
  public var column: Int?
  public var id: String?
  public var reason: Reason

  public init(
    position: Int, line: Int? = nil, column: Int? = nil, id: String? = nil, reason: Reason
  ) {
    self.position = position
    self.line = line
    self.column = column
    self.id = id
    self.reason = reason
  }
}

extension FeedItemWarning.Reason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .replacedBytes(let count, let items, let fields):
      "\(count) \(count == 1 ? "byte" : "bytes") neither UTF-8 nor Windows-1252 replaced with"
        + " U+FFFD (\(fields.joined(separator: ", "))) in \(items) \(items == 1 ? "item" : "items")"
        + ", this the first; save the feed as UTF-8 to keep those characters"
    case .droppedCharacters(let count, let items, let fields):
      "\(count) control \(count == 1 ? "character" : "characters") dropped"
        + " (\(fields.joined(separator: ", "))) from \(items) \(items == 1 ? "item" : "items")"
        + ", this the first; the feed's text has bytes that are not characters"
    case .unknownKey(let key, let items):
      "unknown key \"\(key)\" is ignored"
        + (items > 1 ? " (\(items) items have it)" : "")
        + "; a product's keys are \(JSONFeed.productKeys.joined(separator: ", "))"
    case .imagesDropped(let count, let items, let limit):
      "\(count) \(count == 1 ? "image" : "images") past the first \(limit) of an item left out"
        + " in \(items) \(items == 1 ? "item" : "items"), this the first"
    case .noTitleColumn(let found):
      "no title column, so every title is empty; the columns are "
        + found.map { "\"\($0)\"" }.joined(separator: ", ")
        + "; name the title's with feed.columns in pipeline.json ({\"title\": \"<column>\"})"
    case .noImage:
      "no image URL: kept without a photo, off the wall until the feed gives it one"
    }
  }
}

extension FeedItemWarning: CustomStringConvertible {
  public var description: String {
    FeedItemError(position: position, line: line, column: column, id: id, reason: .missingID)
      .place
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
