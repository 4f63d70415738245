import Foundation
import HuewallCore
import HuewallStore

/// The write-back exports: a parameter set's colours in the form a shop takes them in.
public enum WriteBackFormat: String, Sendable, CaseIterable {
  /// ``MerchantSupplemental``: `merchant-supplemental.tsv` and `merchant-supplemental.xml`.
  case merchantSupplemental = "merchant-supplemental"
  /// ``ShopifyMetafields``: `shopify-metafields.csv` and `shopify-metafields.jsonl`.
  case shopifyMetafields = "shopify-metafields"

  /// The files the format writes, in its folder.
  public var files: [String] {
    switch self {
    case .merchantSupplemental: ["merchant-supplemental.tsv", "merchant-supplemental.xml"]
    case .shopifyMetafields: ["shopify-metafields.csv", "shopify-metafields.jsonl"]
    }
  }
}

extension Exporter {
  /// What a write-back wrote.
  public struct WriteBackSummary: Sendable, CustomStringConvertible {
    public var format: WriteBackFormat
    public var files: [URL]
    /// Products (Merchant items, Shopify products) written.
    public var written: Int
    /// Products left out as unsure.
    public var unsure: Int
    /// Products a person decided, among those written.
    public var decided: Int
    /// Shopify colourways without a handle (in the JSON lines only).
    public var withoutHandle: Int = 0
    /// Products left out of the TSV or CSV because it cannot hold their id (Shopify: handle or
    /// title) both exactly and safe from a spreadsheet (``SpreadsheetCell/exact(_:)``): in the
    /// XML or the JSON lines only.
    public var notInSpreadsheet: [String] = []

    public var description: String {
      var text =
        "\(written) \(format == .shopifyMetafields ? "Shopify products" : "items") written "
        + "(\(decided) decided by a person), \(unsure) unsure left out"
      if unsure > 0 { text += " (`huewall review` lists them; --include-unsure writes them)" }
      if withoutHandle > 0 {
        text += "; \(withoutHandle) without a handle, in the JSON lines only"
      }
      if !notInSpreadsheet.isEmpty {
        let (file, key, other) =
          format == .shopifyMetafields
          ? ("CSV", "handle or title", "JSON lines") : ("TSV", "id", "XML")
        text +=
          "; \(notInSpreadsheet.count) left out of the \(file), which cannot hold their \(key) "
          + "both exactly and safe from a spreadsheet (the CSV cell rule), in the \(other) only: "
          + notInSpreadsheet.map { "product \(TerminalText.escaped($0))" }.joined(separator: ", ")
      }
      return text + ": " + files.map(\.path).joined(separator: ", ")
    }
  }

  /// `https://shop.example/` of a product link: the RSS channel's link.
  static func shopAddress(_ link: String) -> String? {
    guard let url = URLComponents(string: link), let scheme = url.scheme, let host = url.host,
      scheme == "http" || scheme == "https"
    else { return nil }
    return "\(scheme)://\(host)/"
  }

  /// Writes `parameterSet`'s colours as `format` into `folder` (created if needed). Each file
  /// is replaced atomically; nothing else in the folder is touched.
  public func writeBack(
    _ format: WriteBackFormat, parameterSet: ParameterSetRecord, to folder: URL,
    includeUnsure: Bool
  ) throws -> WriteBackSummary {
    let catalogue = try WallCatalogue(
      store: store, parameterSet: parameterSet, synonyms: synonyms,
      imagesPerProduct: imagesPerProduct)
    let products = catalogue.placed.map(\.product)
    let decided = Set(
      products.filter { $0.decidedBy == ColorsDocument.DecidedBy.override }.map(\.id))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let urls = format.files.map { folder.appendingPathComponent($0) }
    func write(_ text: String, _ url: URL) throws {
      do {
        try AtomicFile.write(Data(text.utf8), to: url.path, durable: false)
      } catch {
        throw Failure(path: url.path, reason: error.reason)
      }
    }
    switch format {
    case .merchantSupplemental:
      let (items, skipped) = MerchantSupplemental.items(products, includeUnsure: includeUnsure)
      let tsv = MerchantSupplemental.tsv(items)
      try write(tsv.text, urls[0])
      try write(
        MerchantSupplemental.xml(
          items, title: "Huewall colours (\(parameterSet.name))",
          link: products.lazy.compactMap { $0.link.flatMap(Self.shopAddress) }.first),
        urls[1])
      return WriteBackSummary(
        format: format, files: urls, written: items.count, unsure: skipped.unsure.count,
        decided: items.count { decided.contains($0.id) }, notInSpreadsheet: tsv.leftOut)
    case .shopifyMetafields:
      let output = ShopifyMetafields.render(products, includeUnsure: includeUnsure)
      try write(output.csv, urls[0])
      try write(output.jsonLines, urls[1])
      return WriteBackSummary(
        format: format, files: urls, written: output.products, unsure: output.unsure.count,
        decided: decided.subtracting(output.unsure).count,
        withoutHandle: output.withoutHandle.count, notInSpreadsheet: output.notInCSV)
    }
  }
}
