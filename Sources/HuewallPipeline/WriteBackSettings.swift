import Foundation
public import HuewallExport
import HuewallFeed

/// The `writeBack` object of `pipeline.json`: the files a shop imports (a Merchant
/// supplemental feed, Shopify metafields), written by every `huewall run` after its export, as
/// `huewall export --format` writes them by hand.
public struct WriteBackSettings: Sendable, Equatable, Decodable {
  /// The formats to write; none by default.
  public var formats: [WriteBackFormat]
  /// Their folder; nil: the output folder's name with `-shop` added. Never the output folder,
  /// which an export replaces whole.
  public var output: String?
  /// Write products whose colour is not settled too (see `huewall review`).
  public var includeUnsure: Bool
  /// The country of the shop's Merchant Center feed (ISO 3166-1, `US`), for the ids of
  /// Shopify's Google & YouTube channel (`shopify_US_<product id>_<variant id>`).
  public var merchantCountry: String?
  /// The primary feed's id pattern with `{country}`, `{product}` and `{variant}`, for another
  /// channel app; nil: Shopify's channel's for a catalogue read from a Shopify products.json,
  /// else the feed's own ids.
  public var merchantIdTemplate: String?
  /// Write Huewall's colour over the names the shop shows too (Google asks for the landing
  /// page's name, so by default they stay).
  public var replaceNames: Bool

  public init(
    formats: [WriteBackFormat] = [], output: String? = nil, includeUnsure: Bool = false,
    merchantCountry: String? = nil, merchantIdTemplate: String? = nil, replaceNames: Bool = false
  ) {
    self.formats = formats
    self.output = output
    self.includeUnsure = includeUnsure
    self.merchantCountry = merchantCountry
    self.merchantIdTemplate = merchantIdTemplate
    self.replaceNames = replaceNames
  }

  public enum CodingKeys: String, CodingKey, CaseIterable {
    case formats, output, includeUnsure, merchantCountry, merchantIdTemplate, replaceNames
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let d = WriteBackSettings()
    let names = try c.decodeIfPresent([String].self, forKey: .formats) ?? []
    formats = try names.map { name in
      guard let format = WriteBackFormat(rawValue: name) else {
        throw DecodingError.dataCorruptedError(
          forKey: .formats, in: c,
          debugDescription:
            "\"\(name)\" is not a write-back format (one of "
            + WriteBackFormat.allCases.map(\.rawValue).joined(separator: ", ") + ")")
      }
      return format
    }
    output = try c.decodeIfPresent(String.self, forKey: .output) ?? d.output
    includeUnsure = try c.decodeIfPresent(Bool.self, forKey: .includeUnsure) ?? d.includeUnsure
    replaceNames = try c.decodeIfPresent(Bool.self, forKey: .replaceNames) ?? d.replaceNames
    if let country = try c.decodeIfPresent(String.self, forKey: .merchantCountry) {
      guard country.count == 2, country.allSatisfy({ $0.isASCII && $0.isLetter }) else {
        throw DecodingError.dataCorruptedError(
          forKey: .merchantCountry, in: c,
          debugDescription:
            "\"\(country)\" is not a country code: two letters (ISO 3166-1), as the shop's "
            + "Merchant Center feed is for, such as \"US\" or \"DE\"")
      }
      merchantCountry = country.uppercased()
    }
    if let template = try c.decodeIfPresent(String.self, forKey: .merchantIdTemplate) {
      let names = MerchantSupplemental.MerchantID.placeholders
      var rest = template
      for name in names { rest = rest.replacingOccurrences(of: name, with: "") }
      guard template.contains("{variant}"), !rest.contains("{"), !rest.contains("}") else {
        throw DecodingError.dataCorruptedError(
          forKey: .merchantIdTemplate, in: c,
          debugDescription:
            "\"\(template)\" is not a Merchant id pattern: it names each item with {variant} "
            + "and may use " + names.joined(separator: ", ") + " (Shopify's channel: "
            + MerchantSupplemental.MerchantID.shopifyTemplate + ")")
      }
      merchantIdTemplate = template
    }
  }

  /// The folder the files go to, for a configuration whose export goes to `exportOutput`.
  public func folder(exportOutput: String) -> String { output ?? exportOutput + "-shop" }

  /// The writer's options for a catalogue read from a Shopify products.json or not.
  public func options(includeUnsure: Bool, shopifySourced: Bool) -> WriteBackOptions {
    WriteBackOptions(
      includeUnsure: includeUnsure, shopifySourced: shopifySourced,
      merchantCountry: merchantCountry, merchantIdTemplate: merchantIdTemplate,
      replaceNames: replaceNames)
  }
}

extension PipelineConfiguration {
  /// Whether the catalogue is read from a Shopify shop's `products.json`, so that its ids are
  /// Shopify's product and variant ids and its titles the shop's own: `feed.format` is
  /// `shopify`, or, when `pipeline.json` gives no format, a local feed file reads as one (a
  /// shop's address is paged only with the format given); or a local file is Shopify's own
  /// product CSV export, whose handles and titles are the shop's too. The configuration says it, not the
  /// catalogue, since the write-back follows the feed the next run reads.
  public var isShopifySourced: Bool {
    if let format = feed.format, format != .csv { return format == .shopify }
    guard !feed.source.contains("://") || feed.source.hasPrefix("file://") else { return false }
    let path = URL(string: feed.source).flatMap { $0.isFileURL ? $0.path : nil } ?? feed.source
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let start = (try? handle.read(upToCount: 1 << 20)) ?? Data()
    if feed.format == nil,
      FeedFormat.detect(start, pathExtension: URL(fileURLWithPath: path).pathExtension) == .shopify
    {
      return true
    }
    return FeedFormat.isShopifyProductExport(start)
  }
}
