import Foundation
import HuewallCore
import HuewallFeed
import HuewallFetch

/// Reads the configured feed from a file or a URL, every page of it for Shopify.
struct FeedReader {
  let settings: FeedSettings
  let fetcher: Fetcher

  /// Shopify shops are paged; a guard against a shop that never returns a short page.
  static let maxShopifyPages = 1000

  /// Why the feed as a whole could not be read.
  struct Failure: Error, LocalizedError {
    var source: String
    var message: String
    var errorDescription: String? { "\(source): \(message)" }
  }

  func read() async throws -> FeedParseResult {
    let url = try sourceURL()
    let parser = FeedParser(
      format: settings.format, baseURL: url, shopURL: settings.shopURL.flatMap(URL.init(string:)))
    let isShop = settings.format == .shopify && !url.isFileURL
    let firstURL = isShop ? ShopifyFeed.pageURL(base: url, page: 1) : url
    let first = try await document(firstURL)
    var result = try parser.parse(
      first.data, source: settings.source, contentType: first.contentType)
    guard result.format == .shopify, !url.isFileURL else { return result }
    if !isShop {
      // Detected rather than configured: read page 1 again at the full page size (a shop
      // serves 30 products a page unless asked for more), then page on from there.
      return try await FeedReader(
        settings: FeedSettings(
          source: settings.source, format: .shopify, shopURL: settings.shopURL),
        fetcher: fetcher
      ).read()
    }

    // Shopify: fetch ?limit=250&page=2… until a short or empty page.
    var pageResult = result
    var page = 1
    var seen = Set(result.products.map(\.id))
    var pagedParser = parser
    pagedParser.format = .shopify
    pagedParser.allowsEmpty = true
    while ShopifyFeed.hasMorePages(after: pageResult), page < Self.maxShopifyPages {
      page += 1
      let pageURL = ShopifyFeed.pageURL(base: url, page: page)
      let next = try await document(pageURL)
      pageResult = try pagedParser.parse(
        next.data, source: pageURL.absoluteString, contentType: next.contentType)
      result.itemCount += pageResult.itemCount
      result.itemErrors += pageResult.itemErrors
      for product in pageResult.products where seen.insert(product.id).inserted {
        result.products.append(product)
      }
    }
    return result
  }

  private func sourceURL() throws -> URL {
    if settings.source.contains("://") {
      guard let url = URL(string: settings.source),
        ["http", "https", "file"].contains(url.scheme ?? "")
      else { throw Failure(source: settings.source, message: "not an http, https or file URL") }
      return url
    }
    return URL(fileURLWithPath: settings.source)
  }

  private func document(_ url: URL) async throws -> (data: Data, contentType: String?) {
    if url.isFileURL {
      do {
        return (try Data(contentsOf: url), nil)
      } catch {
        throw Failure(source: url.path, message: "cannot read the feed file")
      }
    }
    let document = try await fetcher.fetchDocument(url)
    return (document.data, document.contentType)
  }
}
