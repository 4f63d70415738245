public import Foundation

/// The bytes of a feed, handed to the parser a chunk at a time, so that a feed of any size is
/// read in the same memory.
///
/// A feed is either bytes already in memory (a Shopify page, a test) or a file (a local feed,
/// or a downloaded one). The first bytes are read up front for format detection.
public struct FeedInput: Sendable {
  private enum Origin: Sendable {
    case data(Data)
    case file(URL)
  }

  private let origin: Origin
  /// Bytes handed to the parser at a time.
  public let chunkSize: Int
  /// Up to 64 KiB from the start, for format detection and delimiter sniffing.
  let head: Data

  static let headSize = 1 << 16

  /// A feed in memory.
  public init(_ data: Data, chunkSize: Int = 1 << 16) {
    precondition(chunkSize > 0, "a chunk has at least one byte")
    origin = .data(data)
    self.chunkSize = chunkSize
    head = data.prefix(Self.headSize)
  }

  /// A feed file. `limit` refuses a file larger than that many bytes before any is parsed.
  public init(
    contentsOf file: URL, limit: Int? = nil, chunkSize: Int = 1 << 16
  ) throws(FeedError.Reason) {
    precondition(chunkSize > 0, "a chunk has at least one byte")
    origin = .file(file)
    self.chunkSize = chunkSize
    do {
      let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
      if let limit, let size, size > limit { throw FeedError.Reason.tooLarge(limit: limit) }
      let handle = try FileHandle(forReadingFrom: file)
      defer { try? handle.close() }
      head = try handle.read(upToCount: Self.headSize) ?? Data()
    } catch let error as FeedError.Reason {
      throw error
    } catch {
      throw .unreadable(detail: Self.describe(error))
    }
  }

  /// The whole feed in memory; for the encodings that are converted before parsing.
  func readAll() throws(FeedError.Reason) -> Data {
    switch origin {
    case .data(let data):
      return data
    case .file(let url):
      do { return try Data(contentsOf: url) } catch {
        throw .unreadable(detail: Self.describe(error))
      }
    }
  }

  /// The feed as UTF-8 when it is UTF-16 with a byte-order mark, converted whole (spreadsheet
  /// exports, rarely large); any other feed as it is.
  func convertingUTF16() throws(FeedError.Reason) -> FeedInput {
    guard FeedText.isUTF16(head) else { return self }
    return FeedInput(FeedText.utf8(try readAll()), chunkSize: chunkSize)
  }

  /// Calls `body` with each chunk of the feed in order, without a UTF-8 byte-order mark.
  func forEachChunk(_ body: (Data) throws -> Void) throws {
    var skip = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    try forEachRawChunk { chunk in
      let dropped = min(skip, chunk.count)
      skip -= dropped
      if dropped < chunk.count { try body(chunk.dropFirst(dropped)) }
    }
  }

  private func forEachRawChunk(_ body: (Data) throws -> Void) throws {
    switch origin {
    case .data(let data):
      var start = data.startIndex
      while start < data.endIndex {
        let end = data.index(start, offsetBy: chunkSize, limitedBy: data.endIndex)
        try body(data[start..<(end ?? data.endIndex)])
        start = end ?? data.endIndex
      }
    case .file(let url):
      let handle: FileHandle
      do { handle = try FileHandle(forReadingFrom: url) } catch {
        throw FeedError.Reason.unreadable(detail: Self.describe(error))
      }
      defer { try? handle.close() }
      while true {
        let chunk: Data?
        do { chunk = try handle.read(upToCount: chunkSize) } catch {
          throw FeedError.Reason.unreadable(detail: Self.describe(error))
        }
        guard let chunk, !chunk.isEmpty else { return }
        try body(chunk)
      }
    }
  }

  /// A stream for readers that pull (the XML parser).
  func stream() -> InputStream? {
    switch origin {
    case .data(let data): InputStream(data: data)
    case .file(let url): InputStream(url: url)
    }
  }

  private static func describe(_ error: any Error) -> String {
    (error as NSError).localizedDescription
  }
}
