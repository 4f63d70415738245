// What the feed harnesses share: one input read through FeedParser twice, whole and in 7-byte
// chunks. A FeedError is an answer, not a finding; a crash is, and so is a feed that reads
// differently when it arrives in other chunks (the chunked reader must not see the seams).
import Foundation
import HuewallFeed

public enum FeedFuzzing {
  private typealias Outcome = Result<FeedParseResult, FeedError>

  /// A remote feed's address, so that relative image and link URLs are resolved as well.
  static let baseURL = URL(string: "https://shop.example.com/feeds/products")!
  /// A shop's media address, so that a Magento export's image paths are resolved too.
  static let imageBaseURL = URL(string: "https://shop.example.com/media/catalog/product/")!

  public static func parse(_ data: UnsafePointer<UInt8>, _ size: Int, as format: FeedFormat) {
    let bytes = Data(bytes: data, count: size)
    let parser = FeedParser(format: format, baseURL: baseURL, imageBaseURL: imageBaseURL)
    let whole = read { () throws(FeedError) in try parser.parse(bytes, source: "fuzz") }
    let chunked = read { () throws(FeedError) in
      try parser.parse(FeedInput(bytes, chunkSize: 7), source: "fuzz")
    }
    switch (whole, chunked) {
    case (.success(let a), .success(let b)):
      guard a == b else {
        fatalError("\(format): the whole read gives \(a), the chunked one \(b)")
      }
    case (.failure, .failure):
      break
    case (.success(let result), .failure(let error)):
      fatalError("\(format): only the chunked read fails: \(error); the whole one gives \(result)")
    case (.failure(let error), .success(let result)):
      fatalError("\(format): only the whole read fails: \(error); the chunked one gives \(result)")
    }
  }

  private static func read(_ body: () throws(FeedError) -> FeedParseResult) -> Outcome {
    do { return .success(try body()) } catch { return .failure(error) }
  }
}
