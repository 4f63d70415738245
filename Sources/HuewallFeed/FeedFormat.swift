public import Foundation

/// The product feed formats Huewall reads (docs/FEEDS.md).
public enum FeedFormat: String, Sendable, Codable, CaseIterable {
  /// Huewall's own JSON: `{"products": [{"id": …, "images": […], …}]}`.
  case huewallJSON = "json"
  /// Google Merchant Center product data as RSS 2.0 or Atom 1.0 with the `g:` namespace.
  case merchantXML = "merchant-xml"
  /// Google Merchant Center product data as tab-separated text with a header row.
  case merchantTSV = "merchant-tsv"
  /// A page of a Shopify shop's public `products.json`.
  case shopify
  /// Comma-separated values with a header row (RFC 4180).
  case csv

  /// The name people use for the format, for messages.
  public var displayName: String {
    switch self {
    case .huewallJSON: "Huewall JSON"
    case .merchantXML: "Google Merchant XML"
    case .merchantTSV: "Google Merchant TSV"
    case .shopify: "Shopify products.json"
    case .csv: "CSV"
    }
  }

  /// The format of `data`, judged from its content.
  ///
  /// JSON and XML are told by their content alone. For other text the hint decides when it
  /// names a delimited format (`pathExtension` `tsv` or `csv`, `contentType`
  /// `text/tab-separated-values` or `text/csv`); without one, a first line with tabs and an
  /// `id` column is Merchant TSV and anything else is CSV.
  ///
  /// - Parameters:
  ///   - pathExtension: the extension of the feed's file or URL path, if any.
  ///   - contentType: the `Content-Type` the server sent, if any.
  public static func detect(
    _ data: Data, pathExtension: String? = nil, contentType: String? = nil
  ) -> FeedFormat {
    let start = FeedText.firstBytes(of: data)
    if isJSON(start) {
      return JSONFeed.looksLikeShopify(data) ? .shopify : .huewallJSON
    }
    if start.first == UInt8(ascii: "<") {
      return .merchantXML
    }
    if let hinted = delimitedFormat(pathExtension: pathExtension, contentType: contentType) {
      return hinted
    }
    return DelimitedFeed.looksLikeMerchantTSV(data) ? .merchantTSV : .csv
  }

  /// Whether `data`, the start of a feed, is Shopify's own product CSV export (Products →
  /// Export): a header with `Handle`, `Option1 Value` and `Image Src`. Such a catalogue's
  /// handles and titles are the shop's, as a `products.json`'s are.
  public static func isShopifyProductExport(_ data: Data) -> Bool {
    let bytes = Array(DelimitedFeed.fromHeader(Array(FeedText.firstBytes(of: data))))
    var reader = DelimitedText.Reader(delimiter: DelimitedFeed.sniffDelimiter(bytes))
    var header: [String]?
    try? reader.consume(Data(bytes)) { record in
      if header == nil { header = record.fields }
    }
    guard let header else { return false }
    return ShopifyProductCSV(header: header.map(DelimitedFeed.normalize)) != nil
  }

  /// Whether the feed's first character opens a JSON object or array.
  static func isJSON(_ start: Data.SubSequence) -> Bool {
    start.first == UInt8(ascii: "{") || start.first == UInt8(ascii: "[")
  }

  private static func delimitedFormat(pathExtension: String?, contentType: String?) -> FeedFormat? {
    let mime = contentType?.split(separator: ";").first?
      .trimmingCharacters(in: .whitespaces).lowercased()
    switch (pathExtension?.lowercased(), mime) {
    case ("tsv", _), (_, "text/tab-separated-values"): return .merchantTSV
    case ("csv", _), (_, "text/csv"): return .csv
    default: return nil
    }
  }
}
