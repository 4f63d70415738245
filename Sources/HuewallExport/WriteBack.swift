public import Foundation
import HuewallColorWords
import HuewallCore
public import HuewallStore

/// The write-back exports: a parameter set's colours in the form a shop takes them in.
public enum WriteBackFormat: String, Sendable, CaseIterable {
  /// ``MerchantSupplemental``: `merchant-supplemental.tsv` and `merchant-supplemental.xml`.
  case merchantSupplemental = "merchant-supplemental"
  /// ``ShopifyMetafields``: `shopify-metafields.csv` (a catalogue from the shop's
  /// `products.json` only) and `shopify-metafields.jsonl` (or its parts,
  /// ``ShopifyMetafields/partNames(_:)``).
  case shopifyMetafields = "shopify-metafields"

  /// The files the format writes, in its folder, when all are written in one part.
  public var files: [String] {
    switch self {
    case .merchantSupplemental: ["merchant-supplemental.tsv", "merchant-supplemental.xml"]
    case .shopifyMetafields: ["shopify-metafields.csv", "shopify-metafields.jsonl"]
    }
  }
}

/// How the write-back files are made: `pipeline.json`'s `writeBack` settings and where the
/// catalogue comes from.
public struct WriteBackOptions: Sendable, Equatable {
  /// Write products whose colour is not settled too.
  public var includeUnsure: Bool
  /// Whether the catalogue was read from a Shopify shop's `products.json` (its ids are Shopify's,
  /// its titles the shop's own); nil when not known: the feed's own ids, and the CSV.
  public var shopifySourced: Bool?
  /// The Merchant Center feed's country (`US`), for Shopify's channel ids.
  public var merchantCountry: String?
  /// The primary feed's id pattern (``MerchantSupplemental/MerchantID``); nil: Shopify's
  /// channel's for a Shopify-sourced catalogue, else the feed's own ids.
  public var merchantIdTemplate: String?
  /// Write Huewall's colour over a name the shop shows too.
  public var replaceNames: Bool
  /// The most a JSON lines file holds (``ShopifyMetafields/maxPartBytes``).
  public var jsonLinesPartBytes: Int

  public init(
    includeUnsure: Bool = false, shopifySourced: Bool? = nil, merchantCountry: String? = nil,
    merchantIdTemplate: String? = nil, replaceNames: Bool = false,
    jsonLinesPartBytes: Int = ShopifyMetafields.maxPartBytes
  ) {
    self.includeUnsure = includeUnsure
    self.shopifySourced = shopifySourced
    self.merchantCountry = merchantCountry
    self.merchantIdTemplate = merchantIdTemplate
    self.replaceNames = replaceNames
    self.jsonLinesPartBytes = jsonLinesPartBytes
  }

  /// The Merchant id pattern in effect, if any.
  public var merchantID: MerchantSupplemental.MerchantID? {
    let template =
      merchantIdTemplate
      ?? (shopifySourced == true ? MerchantSupplemental.MerchantID.shopifyTemplate : nil)
    return template.map { .init(template: $0, country: merchantCountry) }
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
    /// Merchant items left out because the shop shows a colour name for them.
    public var namedByShop: Int = 0
    /// Products among those whose shown name the analysis contradicts (in `huewall review`).
    public var namedByShopDisagreeing: Int = 0
    /// What else the shop should know: a file not written, an empty file, and why.
    public var notes: [String] = []

    public var description: String {
      var text =
        "\(written) \(format == .shopifyMetafields ? "Shopify products" : "items") written "
        + "(\(decided) decided by a person), \(unsure) unsure left out"
      if unsure > 0 { text += " (`huewall review` lists them; --include-unsure writes them)" }
      if namedByShop > 0 {
        text +=
          "; \(namedByShop) items keep the colour name the shop shows (Google asks for the "
          + "landing page's name; writeBack.replaceNames replaces them)"
        if namedByShopDisagreeing > 0 {
          text +=
            ", \(namedByShopDisagreeing) products of them named otherwise than the analysis "
            + "sees (`huewall review` lists them with both)"
        }
      }
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
      for note in notes { text += "; " + note }
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

  /// Writes `parameterSet`'s colours as `format` into `folder` (created if needed), the feed's
  /// ids and the Shopify CSV as they were before ``WriteBackOptions`` (the source not known).
  public func writeBack(
    _ format: WriteBackFormat, parameterSet: ParameterSetRecord, to folder: URL,
    includeUnsure: Bool
  ) async throws -> WriteBackSummary {
    try await writeBack(
      format, parameterSet: parameterSet, to: folder,
      options: WriteBackOptions(includeUnsure: includeUnsure))
  }

  /// Writes `parameterSet`'s colours as `format` into `folder` (created if needed). Each file
  /// is replaced atomically; an earlier write-back's file this one does not write (a JSON
  /// lines part, the Shopify CSV) is removed; nothing else in the folder is touched.
  public func writeBack(
    _ format: WriteBackFormat, parameterSet: ParameterSetRecord, to folder: URL,
    options: WriteBackOptions
  ) async throws -> WriteBackSummary {
    let catalogue = try await WallCatalogue(
      store: store, parameterSet: parameterSet, synonyms: synonyms,
      imagesPerProduct: imagesPerProduct)
    let products = catalogue.placed.map(\.product)
    let decided = Set(
      products.filter { $0.decidedBy == ColorsDocument.DecidedBy.override }.map(\.id))
    // The folder is opened once and judged; every file is written and removed in it.
    let target: OpenedFolder
    do {
      let output = try OutputTarget.open(folder.path, as: .folder, keeping: keptPlaces)
      target = try output.folder.folder(output.name, creating: true)
    } catch {
      throw Failure(
        path: folder.path,
        reason: error.isRefusal
          ? String(error.reason.dropFirst(folder.path.count + 1))
            + "; nothing was written: choose another folder" : error.reason)
    }
    func url(_ name: String) -> URL { folder.appendingPathComponent(name) }
    func write(_ text: String, _ url: URL) throws {
      do {
        try target.writeFile(
          url.lastPathComponent, Data(text.utf8), durable: false, removingLeftovers: true)
      } catch {
        throw Failure(path: url.path, reason: error.reason)
      }
    }
    func remove(_ url: URL) throws {
      do {
        try target.removeFile(url.lastPathComponent)
      } catch {
        throw Failure(
          path: url.path, reason: "cannot remove an earlier write-back's file: \(error.reason)")
      }
    }
    switch format {
    case .merchantSupplemental:
      let urls = format.files.map(url)
      let idTemplate = options.merchantID
      if let idTemplate, idTemplate.needsCountry, options.merchantCountry == nil {
        throw Failure(
          path: urls[0].path,
          reason:
            "the Merchant ids \(idTemplate.template) need writeBack.merchantCountry, the "
            + "country of the shop's Merchant Center feed (\"US\"): a Shopify shop's items come "
            + "from its Google & YouTube channel as shopify_<COUNTRY>_<product id>_<variant id>, "
            + "and a row whose id is in no primary feed updates nothing")
      }
      let (items, skipped) = MerchantSupplemental.items(
        products, includeUnsure: options.includeUnsure,
        rules: .init(replaceNames: options.replaceNames, idTemplate: idTemplate),
        synonyms: synonyms)
      let tsv = MerchantSupplemental.tsv(items)
      try write(tsv.text, urls[0])
      try write(
        MerchantSupplemental.xml(
          items, title: "Huewall colours (\(parameterSet.name))",
          link: products.lazy.compactMap { $0.link.flatMap(Self.shopAddress) }.first),
        urls[1])
      var notes: [String] = []
      if items.isEmpty {
        notes.append(
          skipped.namedByShop.isEmpty
            ? "no item to write" : "no item to write: every colour the feed gives is a name")
      }
      return WriteBackSummary(
        format: format, files: urls, written: items.count, unsure: skipped.unsure.count,
        decided: items.count { decided.contains($0.product) }, notInSpreadsheet: tsv.leftOut,
        namedByShop: skipped.namedByShop.count,
        namedByShopDisagreeing: skipped.namedByShopDisagreeing.count, notes: notes)
    case .shopifyMetafields:
      let writesCSV = options.shopifySourced != false
      let output = ShopifyMetafields.render(
        products, includeUnsure: options.includeUnsure, csv: writesCSV)
      var urls: [URL] = []
      var notes: [String] = []
      let csvURL = url("shopify-metafields.csv")
      if output.csvWritten {
        try write(output.csv, csvURL)
        urls.append(csvURL)
      } else {
        try remove(csvURL)
        notes.append(
          "shopify-metafields.csv not written: the catalogue is not read from the shop's "
            + "products.json, so its titles are not the shop's own and Shopify's importer "
            + "would rename the products; the JSON lines (metafieldsSet inputs for the Admin "
            + "API, by product and variant id) are the way")
      }
      let parts = ShopifyMetafields.parts(output.jsonLines, maxBytes: options.jsonLinesPartBytes)
      let names = ShopifyMetafields.partNames(parts.count)
      for (part, name) in zip(parts, names) {
        try write(part, url(name))
        urls.append(url(name))
      }
      let earlier = (try? target.entries()) ?? []
      for name in earlier where ShopifyMetafields.isPartName(name) && !names.contains(name) {
        try remove(url(name))
      }
      if output.jsonLines.isEmpty {
        let why =
          output.withoutShopifyID.isEmpty
          ? (output.unsure.isEmpty
            ? "no product has colours"
            : "all \(output.unsure.count) products with colours are unsure")
          : "no product has a Shopify id (a Shopify products.json has them, and so has a "
            + "Merchant feed of Shopify's Google & YouTube channel, its ids "
            + "shopify_<COUNTRY>_<product id>_<variant id>; this catalogue's ids are the feed's "
            + "own)"
        notes.append("the JSON lines are empty: \(why)")
      } else {
        notes.append(
          "the JSON lines set \(output.jsonProducts) products and \(output.jsonVariants) "
            + "variants in \(parts.count) \(parts.count == 1 ? "file" : "files") of at most "
            + "\(options.jsonLinesPartBytes) bytes")
      }
      let written = writesCSV ? output.products : output.jsonProducts
      return WriteBackSummary(
        format: format, files: urls, written: written, unsure: output.unsure.count,
        decided: decided.subtracting(output.unsure).count,
        withoutHandle: writesCSV ? output.withoutHandle.count : 0,
        notInSpreadsheet: output.notInCSV, notes: notes)
    }
  }
}
