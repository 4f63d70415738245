import Foundation
import HuewallCore
import HuewallFeed
import HuewallFetch
import HuewallStore

/// Reads the configured feed from a file or a URL, every page of it for Shopify, into the
/// store's staging table (``CatalogStore/stageProducts(_:)``), a product at a time.
struct FeedReader {
  let settings: FeedSettings
  let fetcher: Fetcher
  let store: any Catalogue

  /// Shopify shops are paged; a guard against a shop that never returns a short page:
  /// 1,000 pages are 250,000 products, more than a shop's public catalogue holds in practice
  /// and about as many bytes as ``FetchSettings/maxDocumentBytes`` allows a single feed. A shop
  /// that reaches it is reported, not read further.
  static let maxShopifyPages = 1000

  /// The feed, and what went wrong with it as a whole without stopping the run (a Shopify
  /// shop that does not page): each names the URL it concerns.
  struct Outcome {
    var summary: FeedSummary
    var problems: [(url: String, message: String)] = []
  }

  /// Why the feed as a whole could not be read.
  struct Failure: Error, LocalizedError {
    var source: String
    var message: String
    var errorDescription: String? { "\(source): \(message)" }
  }

  func read() async throws -> Outcome {
    try await store.clearStagedProducts()
    // What a killed run's download left (runs hold the catalogue's lock, so it is not ours).
    try? FileManager.default.removeItem(at: downloadFile)
    let url = try sourceURL()
    let parser = FeedParser(
      format: settings.format, baseURL: url, shopURL: settings.shopURL.flatMap(URL.init(string:)),
      maxFieldBytes: settings.maxFieldBytes, columns: settings.columns,
      imageBaseURL: settings.imageBaseURL.flatMap(URL.init(string:)))
    let isShop = settings.format == .shopify && !url.isFileURL
    let firstURL = isShop ? ShopifyFeed.pageURL(base: url, page: 1) : url
    let (result, firstIDs) = try await stage(firstURL, parser, source: settings.source)
    guard result.format == .shopify, !url.isFileURL else { return Outcome(summary: result) }
    if !isShop {
      // Detected rather than configured: read page 1 again at the full page size (a shop
      // serves 30 products a page unless asked for more), then page on from there.
      return try await FeedReader(
        settings: FeedSettings(
          source: settings.source, format: .shopify, shopURL: settings.shopURL,
          maxFieldBytes: settings.maxFieldBytes, imageBaseURL: settings.imageBaseURL,
          columns: settings.columns),
        fetcher: fetcher, store: store
      ).read()
    }

    // Shopify: fetch ?limit=250&page=2… until a short or empty page, a page that repeats the
    // one before (a shop or proxy that ignores `page=` answers page 1 every time), or the cap.
    var outcome = Outcome(summary: result)
    var pageResult = result
    var previousIDs = firstIDs
    var page = 1
    var pagedParser = parser
    pagedParser.format = .shopify
    pagedParser.allowsEmpty = true
    while ShopifyFeed.hasMorePages(after: pageResult) {
      guard page < Self.maxShopifyPages else {
        outcome.problems.append(
          (
            ShopifyFeed.pageURL(base: url, page: page + 1).absoluteString,
            "stopped after \(page) pages (\(page * ShopifyFeed.pageSize) products), the most "
              + "Huewall reads from a shop; the products after them are not in this run"
          ))
        break
      }
      page += 1
      let pageURL = ShopifyFeed.pageURL(base: url, page: page)
      let (summary, ids) = try await stage(
        pageURL, pagedParser, source: pageURL.absoluteString,
        positionOffset: outcome.summary.itemCount)
      pageResult = summary
      if !ids.isEmpty && ids.isSubset(of: previousIDs) {
        outcome.problems.append(
          (
            pageURL.absoluteString,
            "page \(page) repeats the products of page \(page - 1): the shop ignores page=, "
              + "so paging stopped; only the first \(page - 1) pages were read"
          ))
        break
      }
      previousIDs = ids
      outcome.summary.append(pageResult)
    }
    return outcome
  }

  /// Parses the document at `url` into the staging table; returns the summary and the ids of
  /// the products the document holds (for Shopify pages, to see a page repeat).
  ///
  /// Positions count on from `positionOffset` across Shopify pages. A product that an earlier
  /// page had already is skipped without an error: paging by number shifts products between
  /// pages while the shop changes.
  private func stage(
    _ url: URL, _ parser: FeedParser, source: String, positionOffset: Int = 0
  ) async throws -> (FeedSummary, Set<String>) {
    let document = try await self.document(url, isPage: parser.format == .shopify)
    defer { if let file = document.download { try? FileManager.default.removeItem(at: file) } }
    let keepsIDs = parser.format == .shopify
    var ids: Set<String> = []
    let summary = try await store.stageProducts { staging in
      try parser.parse(document.input, source: source, contentType: document.contentType) {
        entry in
        if keepsIDs { ids.insert(entry.product.id) }
        let earlier = try staging.add(entry.product, position: positionOffset + entry.position)
        guard let earlier, earlier > positionOffset else { return nil }
        return earlier - positionOffset
      }
    }
    return (summary, ids)
  }

  /// Where a remote feed is downloaded to before it is parsed.
  private var downloadFile: URL {
    fetcher.cache.directory.appendingPathComponent("feed-download.partial")
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

  /// The bytes of the document at `url`. A local feed is read where it is; a remote one is
  /// downloaded to a file beside the image cache (`download`, removed once parsed), since it may
  /// be larger than memory; a Shopify page (at most 250 products) is read in memory.
  private func document(
    _ url: URL, isPage: Bool
  ) async throws -> (input: FeedInput, contentType: String?, download: URL?) {
    let file: URL
    var contentType: String?
    var download: URL?
    if url.isFileURL {
      file = url
    } else if isPage {
      let document = try await fetcher.fetchDocument(url)
      return (FeedInput(document.data), document.contentType, nil)
    } else {
      file = downloadFile
      download = file
      do {
        contentType = try await fetcher.downloadDocument(url, to: file)
      } catch {
        try? FileManager.default.removeItem(at: file)
        throw error
      }
    }
    do throws(FeedError.Reason) {
      let input = try FeedInput(contentsOf: file, limit: fetcher.settings.maxDocumentBytes)
      return (input, contentType, download)
    } catch {
      if let download { try? FileManager.default.removeItem(at: download) }
      throw FeedError(
        source: url.isFileURL ? url.path : url.absoluteString, format: settings.format,
        reason: error)
    }
  }
}
