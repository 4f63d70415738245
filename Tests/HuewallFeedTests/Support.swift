import Foundation
import HuewallCore
import HuewallFeed
import Testing

func fixture(_ name: String) throws -> URL {
  try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
}

func fixtureData(_ name: String) throws -> Data {
  try Data(contentsOf: fixture(name))
}

/// Reads fixture `name` with `parser`; errors name the fixture.
func parse(_ name: String, _ parser: FeedParser = FeedParser()) throws -> FeedParseResult {
  try parser.parse(fixtureData(name), source: name)
}

/// The error that fixture `name` fails with as a whole, or nil when it parses.
func feedError(_ name: String, _ parser: FeedParser = FeedParser()) throws -> FeedError? {
  feedError(try fixtureData(name), source: name, parser)
}

func feedError(_ data: Data, source: String = "feed", _ parser: FeedParser = FeedParser())
  -> FeedError?
{
  do throws(FeedError) {
    _ = try parser.parse(data, source: source)
    return nil
  } catch {
    return error
  }
}

/// A URL literal from a test's expectations.
func url(_ string: String) -> URL {
  URL(string: string)!
}

/// The product with `id`, for tests that look at one product of a feed.
func product(_ id: String, in result: FeedParseResult) throws -> Product {
  try #require(result.products.first { $0.id == id })
}

/// The column a feed error says is missing, and the names it accepts.
struct Missing: Equatable {
  var column: String
  var accepted: [String]
}

func missingColumn(in error: FeedError?) -> Missing? {
  guard case .missingColumn(let column, let accepted, _) = error?.reason else { return nil }
  return Missing(column: column, accepted: accepted)
}
