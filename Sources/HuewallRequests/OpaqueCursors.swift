import Foundation

/// Where the next page of `/v1/products` starts: the wall version the previous page was read
/// from, the filters it was made for, how many matching products came before and the last
/// one's id. Opaque to clients (base64url text), checked when read back.
struct PageCursor: Equatable, Sendable {
  var version: Int64
  /// ``Filters/signature`` of the filters the paging goes by.
  var filters: UInt64
  var offset: Int
  var lastID: String

  var encoded: String {
    OpaqueText.encode("p1 \(version) \(String(filters, radix: 16)) \(offset) \(lastID)")
  }

  /// The cursor `text` stands for, or nil for anything this server did not write.
  init?(decoding text: String) {
    guard let plain = OpaqueText.decode(text) else { return nil }
    let parts = plain.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
    guard parts.count == 5, parts[0] == "p1", let version = Int64(parts[1]), version >= 0,
      let filters = UInt64(parts[2], radix: 16), let offset = Int(parts[3]), offset >= 0
    else { return nil }
    self.init(version: version, filters: filters, offset: offset, lastID: String(parts[4]))
  }

  init(version: Int64, filters: UInt64, offset: Int, lastID: String) {
    self.version = version
    self.filters = filters
    self.offset = offset
    self.lastID = lastID
  }
}

/// Where a sync stands: the wall version an app holds. A `/v1/changes` page's cursor also
/// names the version the sync goes up to and the last product id given.
struct SyncToken: Equatable, Sendable {
  var version: Int64

  var encoded: String { OpaqueText.encode("s1 \(version)") }

  init(version: Int64) { self.version = version }

  init?(decoding text: String) {
    guard let plain = OpaqueText.decode(text) else { return nil }
    let parts = plain.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0] == "s1", let version = Int64(parts[1]), version >= 0
    else { return nil }
    self.version = version
  }
}

/// The cursor of a `/v1/changes` page: the version the sync goes up to and the last id given.
struct ChangeCursor: Equatable, Sendable {
  var since: Int64
  var through: Int64
  var lastID: String

  var encoded: String { OpaqueText.encode("c1 \(since) \(through) \(lastID)") }

  init(since: Int64, through: Int64, lastID: String) {
    self.since = since
    self.through = through
    self.lastID = lastID
  }

  init?(decoding text: String) {
    guard let plain = OpaqueText.decode(text) else { return nil }
    let parts = plain.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0] == "c1", let since = Int64(parts[1]),
      let through = Int64(parts[2]), since >= 0, through >= since
    else { return nil }
    self.init(since: since, through: through, lastID: String(parts[3]))
  }
}

/// Text that clients carry without reading it: base64url without padding.
enum OpaqueText {
  static func encode(_ text: String) -> String {
    Data(text.utf8).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  static func decode(_ text: String) -> String? {
    guard text.utf8.count <= 2048,
      text.utf8.allSatisfy({
        $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
      })
    else { return nil }
    var base64 = text.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
    guard let data = Data(base64Encoded: base64) else { return nil }
    return String(data: data, encoding: .utf8)
  }
}

extension UInt8 {
  fileprivate var isASCIIAlphanumeric: Bool {
    (48...57).contains(self) || (65...90).contains(self) || (97...122).contains(self)
  }
}
