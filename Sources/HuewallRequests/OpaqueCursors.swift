import Foundation

// The cursors and tokens of `huewall api`, here rather than in HuewallAPI so that a fuzzer
// links them without SwiftNIO.

/// Where the next page of `/v1/products` starts: the wall version the previous page was read
/// from, the filters it was made for, how many matching products came before and the last
/// one's id. Opaque to clients (base64url text), checked when read back.
public struct PageCursor: Equatable, Sendable {
  public var version: Int64
  /// The signature of the filters the paging goes by (HuewallAPI's `Filters.signature`).
  public var filters: UInt64
  public var offset: Int
  public var lastID: String

  /// The cursor as text, its id cut (``OpaqueText/cut(_:)``): a cut id finds no product, and
  /// the page goes on by `offset`.
  public var encoded: String {
    OpaqueText.encode(
      "p1 \(version) \(String(filters, radix: 16)) \(offset) \(OpaqueText.cut(lastID))")
  }

  /// The cursor `text` stands for, or nil for anything this server did not write.
  public init?(decoding text: String) {
    guard let plain = OpaqueText.decode(text) else { return nil }
    let parts = OpaqueText.fields(of: plain, maxSplits: 4)
    guard parts.count == 5, parts[0] == "p1", let version = Int64(parts[1]), version >= 0,
      let filters = UInt64(parts[2], radix: 16), let offset = Int(parts[3]), offset >= 0
    else { return nil }
    self.init(version: version, filters: filters, offset: offset, lastID: parts[4])
  }

  public init(version: Int64, filters: UInt64, offset: Int, lastID: String) {
    self.version = version
    self.filters = filters
    self.offset = offset
    self.lastID = lastID
  }
}

/// Where a sync stands: the wall version an app holds. A `/v1/changes` page's cursor also
/// names the version the sync goes up to and the last product id given.
public struct SyncToken: Equatable, Sendable {
  public var version: Int64

  public var encoded: String { OpaqueText.encode("s1 \(version)") }

  public init(version: Int64) { self.version = version }

  public init?(decoding text: String) {
    guard let plain = OpaqueText.decode(text) else { return nil }
    let parts = OpaqueText.fields(of: plain, maxSplits: .max)
    guard parts.count == 2, parts[0] == "s1", let version = Int64(parts[1]), version >= 0
    else { return nil }
    self.version = version
  }
}

/// The cursor of a `/v1/changes` page: the version the sync goes up to and the last id given.
///
/// The next page is the changed products whose id sorts (byte by byte, as the catalogue
/// orders them) after `lastID`. A long id is cut (``OpaqueText/cut(_:)``); the cut sorts
/// before every id it is the beginning of, so `skip` counts the products already given that
/// sort after it, and the next page leaves those out.
public struct ChangeCursor: Equatable, Sendable {
  public var since: Int64
  public var through: Int64
  public var lastID: String
  /// How many products already given sort after `lastID`: 0 unless it is a cut id.
  public var skip: Int

  /// The largest `skip` read back: more products than this whose ids share their first
  /// ``OpaqueText/idScalars`` characters are not paged through.
  public static let maxSkip = 1_000_000

  public var encoded: String {
    OpaqueText.encode("c1 \(since) \(through) \(skip) \(OpaqueText.cut(lastID))")
  }

  public init(since: Int64, through: Int64, lastID: String, skip: Int = 0) {
    self.since = since
    self.through = through
    self.lastID = lastID
    self.skip = skip
  }

  public init?(decoding text: String) {
    guard let plain = OpaqueText.decode(text) else { return nil }
    let parts = OpaqueText.fields(of: plain, maxSplits: 4)
    guard parts.count == 5, parts[0] == "c1", let since = Int64(parts[1]),
      let through = Int64(parts[2]), since >= 0, through >= since, let skip = Int(parts[3]),
      (0...Self.maxSkip).contains(skip)
    else { return nil }
    self.init(since: since, through: through, lastID: parts[4], skip: skip)
  }

  /// The cursor of the page after one that gave `page` (ids in catalogue order, at least
  /// one), which was read with `previous` (nil: the first page).
  public static func after(
    _ page: [String], previous: ChangeCursor?, since: Int64, through: Int64
  ) -> ChangeCursor {
    let last = page[page.count - 1]
    let cut = OpaqueText.cut(last)
    var skip = 0
    if !cut.utf8.elementsEqual(last.utf8) {
      // Every id given that sorts after the cut begins with it, and so has this cut: those
      // of earlier pages are counted in `previous` when it has the same cut, and none are
      // otherwise.
      skip = page.filter { cut.utf8.lexicographicallyPrecedes($0.utf8) }.count
      if let previous, previous.lastID.utf8.elementsEqual(cut.utf8) { skip += previous.skip }
    }
    return ChangeCursor(since: since, through: through, lastID: cut, skip: skip)
  }
}

/// Text that clients carry without reading it: base64url without padding.
public enum OpaqueText {
  /// The longest text a client sends back as `cursor` (openapi.yaml's `maxLength`), and so
  /// the longest a cursor or token is written.
  public static let maxLength = 1024

  /// The characters (Unicode scalars) of an id a cursor keeps. A product id has no length
  /// limit, and a cursor the server wrote must be one it reads: 176 scalars of at most 4
  /// bytes leave room for the rest of a cursor within ``maxLength``.
  public static let idScalars = 176

  /// `id`, or its first ``idScalars`` when it is longer: a cut that depends on the id
  /// alone, so that ids that begin alike are cut alike.
  public static func cut(_ id: String) -> String {
    let scalars = id.unicodeScalars
    guard scalars.count > idScalars else { return id }
    return String(String.UnicodeScalarView(scalars.prefix(idScalars)))
  }

  /// Mapped byte by byte: every page writes a cursor, and three passes of
  /// `replacingOccurrences` cost more than the rest of a page.
  public static func encode(_ text: String) -> String {
    let base64 = Data(text.utf8).base64EncodedString()
    var url: [UInt8] = []
    url.reserveCapacity(base64.utf8.count)
    for byte in base64.utf8 {
      switch byte {
      case UInt8(ascii: "+"): url.append(UInt8(ascii: "-"))
      case UInt8(ascii: "/"): url.append(UInt8(ascii: "_"))
      case UInt8(ascii: "="): break
      default: url.append(byte)
      }
    }
    return String(decoding: url, as: UTF8.self)
  }

  /// `plain` split at its spaces, the last field keeping the rest. Split by Unicode scalar, not
  /// by Character: an id that begins with a combining mark joins the space before it into one
  /// Character, which a split by Character would not see.
  static func fields(of plain: String, maxSplits: Int) -> [String] {
    plain.unicodeScalars.split(
      separator: " ", maxSplits: maxSplits, omittingEmptySubsequences: false
    ).map { String(String.UnicodeScalarView($0)) }
  }

  public static func decode(_ text: String) -> String? {
    guard text.utf8.count <= maxLength,
      text.utf8.allSatisfy({
        $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
      })
    else { return nil }
    var base64 = Data(
      text.utf8.map {
        switch $0 {
        case UInt8(ascii: "-"): UInt8(ascii: "+")
        case UInt8(ascii: "_"): UInt8(ascii: "/")
        default: $0
        }
      })
    base64.append(contentsOf: repeatElement(UInt8(ascii: "="), count: (4 - base64.count % 4) % 4))
    guard let data = Data(base64Encoded: base64) else { return nil }
    return String(data: data, encoding: .utf8)
  }
}

extension UInt8 {
  fileprivate var isASCIIAlphanumeric: Bool {
    (48...57).contains(self) || (65...90).contains(self) || (97...122).contains(self)
  }
}
