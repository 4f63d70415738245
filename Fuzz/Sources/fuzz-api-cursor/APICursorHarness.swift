// The cursors and sync tokens of `huewall api` (HuewallRequests), both ways:
// - the input as the text a client sends as `cursor` or `since`, read as PageCursor,
//   ChangeCursor and SyncToken; what one reads as is written out again and must read back
//   the same;
// - the input as what the server writes into one (its first 24 bytes three numbers, the rest
//   a product id): every cursor and token written must be at most the 1,024 characters
//   openapi.yaml lets a client send back, and must read back with the same numbers and the
//   id as OpaqueText.cut leaves it;
// - the rest of the input as product ids, one a line (after a long prefix they share when
//   the first number is odd), paged through as /v1/changes does, each cursor written out and
//   read back: every id must come once, in the catalogue's order (bytes), and the paging
//   must end.
import Foundation
import HuewallRequests

/// openapi.yaml's `maxLength` of `cursor`.
private let longest = 1024

/// Whether `read` is what a cursor keeps of `id`: the id, or its beginning when long.
private func isKept(_ read: String, of id: String) -> Bool {
  read.utf8.elementsEqual(OpaqueText.cut(id).utf8) && id.utf8.starts(with: read.utf8)
}

private func checkLength(_ text: String, of what: String) {
  guard text.utf8.count <= longest else {
    fatalError("\(what) is \(text.utf8.count) characters, over the \(longest) a client may send")
  }
}

private func check(_ cursor: PageCursor) {
  let text = cursor.encoded
  checkLength(text, of: "a page cursor")
  guard let again = PageCursor(decoding: text), again.version == cursor.version,
    again.filters == cursor.filters, again.offset == cursor.offset,
    isKept(again.lastID, of: cursor.lastID)
  else {
    fatalError("a page cursor read back differently: \(cursor) -> \(text)")
  }
}

private func check(_ cursor: ChangeCursor) {
  let text = cursor.encoded
  checkLength(text, of: "a changes cursor")
  guard let again = ChangeCursor(decoding: text), again.since == cursor.since,
    again.through == cursor.through, again.skip == cursor.skip,
    isKept(again.lastID, of: cursor.lastID)
  else {
    fatalError("a changes cursor read back differently: \(cursor) -> \(text)")
  }
}

private func check(_ token: SyncToken) {
  let text = token.encoded
  checkLength(text, of: "a sync token")
  guard SyncToken(decoding: text) == token else {
    fatalError("a sync token read back differently: \(token) -> \(text)")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = UnsafeBufferPointer(start: data, count: size)

  // As a client sends it.
  let text = String(decoding: input, as: UTF8.self)
  if let cursor = PageCursor(decoding: text) { check(cursor) }
  if let cursor = ChangeCursor(decoding: text) {
    guard cursor.since >= 0, cursor.through >= cursor.since else {
      fatalError("a changes cursor read with since \(cursor.since), through \(cursor.through)")
    }
    check(cursor)
  }
  if let token = SyncToken(decoding: text) {
    guard token.version >= 0 else { fatalError("a sync token read as version \(token.version)") }
    check(token)
  }

  // As the server writes it: versions and offsets are never negative, since never after
  // through.
  guard size >= 24 else { return 0 }
  let numbers = (0..<3).map { index in
    input[(index * 8)..<(index * 8 + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
  }
  let id = String(decoding: input[24...], as: UTF8.self)
  let version = Int64(numbers[0] >> 1)
  check(PageCursor(version: version, filters: numbers[1], offset: Int(numbers[2] >> 1), lastID: id))
  check(
    ChangeCursor(
      since: min(Int64(numbers[1] >> 1), version), through: version, lastID: id,
      skip: Int(numbers[2] % UInt64(ChangeCursor.maxSkip + 1))))
  check(SyncToken(version: version))

  pageThrough(
    id, sharedPrefix: numbers[0] % 2 == 1 ? 160 + Int(numbers[0] % 40) : 0,
    limit: 1 + Int(numbers[1] % 7))
  return 0
}

/// Pages through the ids of `text` (one a line, each after `sharedPrefix` x's) as
/// /v1/changes does: the catalogue's rows after the cursor's id in byte order, `skip` of them
/// left out, `limit` a page.
private func pageThrough(_ text: String, sharedPrefix: Int, limit: Int) {
  let prefix = String(repeating: "x", count: sharedPrefix)
  var seen = Set<[UInt8]>()
  let ids = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    .map { prefix + String(String.UnicodeScalarView($0)) }
    .filter { seen.insert(Array($0.utf8)).inserted }
    .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  var given: [String] = []
  var cursor: ChangeCursor?
  for _ in 0...ids.count {
    let after = ids.filter { id in
      cursor.map { $0.lastID.utf8.lexicographicallyPrecedes(id.utf8) } ?? true
    }
    let page = Array(after.dropFirst(cursor?.skip ?? 0).prefix(limit))
    given += page
    guard page.count == limit else { break }
    let next = ChangeCursor.after(page, previous: cursor, since: 1, through: 2)
    let text = next.encoded
    checkLength(text, of: "a changes cursor")
    guard let read = ChangeCursor(decoding: text), read == next else {
      fatalError("a changes cursor did not read back: \(next) -> \(text)")
    }
    cursor = read
  }
  guard given.count == ids.count, zip(given, ids).allSatisfy({ $0.utf8.elementsEqual($1.utf8) })
  else {
    fatalError(
      "paging by \(limit) gave \(given.count) of \(ids.count) ids, or out of order: "
        + "\(given.map { $0.unicodeScalars.count }) of \(ids.map { $0.unicodeScalars.count })")
  }
}
