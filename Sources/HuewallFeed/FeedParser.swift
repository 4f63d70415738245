public import Foundation
public import HuewallCore

/// Reads the bytes of a product feed into Huewall products.
///
/// Each format reader turns the feed into raw items; the parser then checks every item the same
/// way (docs/FEEDS.md, "Item errors"): an item without an id, with a URL that is not `http`,
/// `https` or `file`, or with an id an earlier item already has, is skipped and reported in
/// ``FeedParseResult/itemErrors``. An item without an image is kept and named in
/// ``FeedParseResult/itemWarnings``. A feed that cannot be read as a whole throws ``FeedError``.
public struct FeedParser: Sendable {
  /// The format to read; nil detects it from the content (``FeedFormat/detect(_:pathExtension:contentType:)``).
  public var format: FeedFormat?
  /// The feed's own URL (a `file` URL for a local feed). Relative image and link URLs resolve
  /// against it as in a web page, so a local feed may name images by paths relative to its
  /// folder; its path extension hints the format; errors name it.
  public var baseURL: URL?
  /// Shopify: the shop's address, which product links are built from
  /// (`<shopURL>/products/<handle>`). Defaults to the scheme and host of an `http(s)` ``baseURL``.
  public var shopURL: URL?
  /// Whether a feed without items is a result rather than an error: set it for the Shopify pages
  /// after the first, where an empty page ends the paging.
  public var allowsEmpty: Bool
  /// The most UTF-8 bytes one field of an item may have; an item with a longer field is an
  /// item error. Keeps a runaway value (a whole file pasted into a title) out of the store
  /// and the exports, and out of memory where the format allows.
  public var maxFieldBytes: Int
  /// CSV and TSV: the columns of fields whose column has a name Huewall does not know
  /// (`feed.columns`: `[.id: "Артикул", .image: "Изображения"]`); a name given here wins over
  /// the names Huewall knows.
  public var columns: [FeedColumn: String]
  /// CSV and TSV: the address relative image paths resolve against, before the feed's own
  /// URL; a Magento export's media paths (`/m/h/mh01-black_main.jpg`) resolve only against
  /// it: the shop's `…/media/catalog/product/` address (`feed.imageBaseURL`).
  public var imageBaseURL: URL?
  /// The most images a product keeps, main image first; the rest of an item's images are left
  /// out with a warning. A feed controls how many it lists, and every image is stored,
  /// compared and exported: a cap keeps one runaway item from costing the whole run.
  public var maxImagesPerProduct: Int

  /// The default of ``maxFieldBytes``: 64 KiB, far more than any title or URL needs.
  public static let defaultMaxFieldBytes = 65_536
  /// The default of ``maxImagesPerProduct``: the cap a colourway's folded images keep too.
  public static let defaultMaxImagesPerProduct = Colourway.maxImages

  public init(
    format: FeedFormat? = nil, baseURL: URL? = nil, shopURL: URL? = nil, allowsEmpty: Bool = false,
    maxFieldBytes: Int = FeedParser.defaultMaxFieldBytes, columns: [FeedColumn: String] = [:],
    imageBaseURL: URL? = nil, maxImagesPerProduct: Int = FeedParser.defaultMaxImagesPerProduct
  ) {
    precondition(maxFieldBytes > 0, "a field may have at least one byte")
    precondition(maxImagesPerProduct > 0, "a product has at least its main image")
    self.maxImagesPerProduct = maxImagesPerProduct
    self.format = format
    self.baseURL = baseURL
    self.shopURL = shopURL
    self.allowsEmpty = allowsEmpty
    self.maxFieldBytes = maxFieldBytes
    self.columns = columns
    self.imageBaseURL = imageBaseURL
  }

  /// Reads a feed a chunk at a time and hands over each valid product as it is read, so that a
  /// feed of any size is parsed in the same memory.
  ///
  /// `accept` decides about repeated ids, since only it knows what it has kept: it returns nil
  /// when it keeps the product, or the position of the earlier product with the same id, which
  /// makes this one a ``FeedItemError/Reason/duplicateID(firstPosition:)``. Whatever `accept`
  /// throws ends the parse and is rethrown as it is; anything wrong with the feed itself is a
  /// ``FeedError``, possibly after some products were accepted, so keep them apart until the
  /// parse returns.
  ///
  /// - Parameters:
  ///   - source: the file path or URL that errors name; defaults to ``baseURL``.
  ///   - contentType: the `Content-Type` the server sent, a hint for detection.
  public func parse(
    _ input: FeedInput, source: String? = nil, contentType: String? = nil,
    accept: (FeedEntry) throws -> Int?
  ) throws -> FeedSummary {
    let source = source ?? baseURL.map(Self.display) ?? "feed"
    let start = FeedText.firstBytes(of: input.head)
    if start.isEmpty {
      throw FeedError(source: source, format: format, reason: .empty)
    }
    if Self.looksLikeHTML(start) {
      throw FeedError(
        source: source, format: format, reason: .unrecognized(looksLike: "an HTML page"))
    }
    // A JSON feed is told apart from a Shopify page while it is read, in one pass.
    var format = format
    if format == nil && !FeedFormat.isJSON(start) {
      format = FeedFormat.detect(
        input.head, pathExtension: baseURL?.pathExtension.nonEmptyTrimmed,
        contentType: contentType)
    }

    var itemErrors: [FeedItemError] = []
    var itemWarnings: [FeedItemWarning] = []
    // An unknown key is said once, with the first item that has it and how many do.
    var unknownKeys: [String: (warning: Int, items: Int)] = [:]
    var itemCount = 0
    var productCount = 0
    // Bytes replaced and characters dropped are said once a feed, with the first item.
    var replaced = Tally()
    var dropped = Tally()
    var droppedImages = Tally()
    var saidWithoutTitle = false
    func check(_ item: RawItem) throws {
      itemCount = max(itemCount, item.position)
      if item.isFoldedParent { return }
      var droppedHere = Tally.Item()
      var imagesLeftOut = 0
      switch product(from: item, dropped: &droppedHere, imagesLeftOut: &imagesLeftOut) {
      case .failure(let reason):
        itemErrors.append(
          FeedItemError(
            position: item.position, line: item.line, column: item.column,
            id: displayID(of: item), reason: reason))
      case .success(let product):
        let entry = FeedEntry(product: product, position: item.position, line: item.line)
        let earlier: Int?
        do { earlier = try accept(entry) } catch { throw ConsumerError(error: error) }
        if let earlier {
          itemErrors.append(
            FeedItemError(
              position: item.position, line: item.line, column: item.column, id: product.id,
              reason: .duplicateID(firstPosition: earlier)))
        } else {
          productCount += 1
          let warning = FeedItemWarning(
            position: item.position, line: item.line, column: item.column, id: product.id,
            reason: .replacedBytes(count: 0, items: 0, fields: []))
          if item.replacedCount > 0 {
            replaced.add(
              Tally.Item(count: item.replacedCount, fields: item.replaced), warning,
              to: &itemWarnings)
          }
          if droppedHere.count > 0 { dropped.add(droppedHere, warning, to: &itemWarnings) }
          if imagesLeftOut > 0 {
            droppedImages.add(Tally.Item(count: imagesLeftOut), warning, to: &itemWarnings)
          }
          if product.imageURLs.isEmpty {
            itemWarnings.append(
              FeedItemWarning(
                position: item.position, line: item.line, column: item.column, id: product.id,
                reason: .noImage))
          }
          if let columns = item.columnsWithoutTitle, !saidWithoutTitle {
            saidWithoutTitle = true
            itemWarnings.append(
              FeedItemWarning(
                position: item.position, line: item.line, id: product.id,
                reason: .noTitleColumn(found: columns)))
          }
          for key in item.unknownKeys {
            if let seen = unknownKeys[key] {
              unknownKeys[key] = (seen.warning, seen.items + 1)
            } else {
              unknownKeys[key] = (itemWarnings.count, 1)
              itemWarnings.append(
                FeedItemWarning(
                  position: item.position, line: item.line, id: product.id,
                  reason: .unknownKey(key, items: 1)))
            }
          }
        }
      }
    }

    let read: FeedFormat
    do {
      read = try self.read(input, as: format, each: check)
    } catch let error as ConsumerError {
      throw error.error
    } catch let reason as FeedError.Reason {
      throw FeedError(source: source, format: format, reason: reason)
    } catch {
      throw FeedError(source: source, format: format, reason: .unreadable(detail: "\(error)"))
    }
    for (key, seen) in unknownKeys {
      itemWarnings[seen.warning].reason = .unknownKey(key, items: seen.items)
    }
    if let at = replaced.warning {
      itemWarnings[at].reason = .replacedBytes(
        count: replaced.count, items: replaced.items, fields: replaced.fields)
    }
    if let at = dropped.warning {
      itemWarnings[at].reason = .droppedCharacters(
        count: dropped.count, items: dropped.items, fields: dropped.fields)
    }
    if let at = droppedImages.warning {
      itemWarnings[at].reason = .imagesDropped(
        count: droppedImages.count, items: droppedImages.items, limit: maxImagesPerProduct)
    }
    if itemCount == 0 && !allowsEmpty {
      throw FeedError(source: source, format: read, reason: .noItems)
    }
    if productCount == 0 && !itemErrors.isEmpty {
      throw FeedError(source: source, format: read, reason: .noValidItems(itemErrors: itemErrors))
    }
    return FeedSummary(
      format: read, itemErrors: itemErrors, itemCount: itemCount, productCount: productCount,
      itemWarnings: itemWarnings)
  }

  /// Reads a whole feed into memory; a repeated id keeps its first product.
  ///
  /// - Parameters:
  ///   - source: the file path or URL that errors name; defaults to ``baseURL``.
  ///   - contentType: the `Content-Type` the server sent, a hint for detection.
  public func parse(
    _ data: Data, source: String? = nil, contentType: String? = nil
  ) throws(FeedError) -> FeedParseResult {
    try parse(FeedInput(data), source: source, contentType: contentType)
  }

  /// Reads a whole feed into memory; a repeated id keeps its first product.
  public func parse(
    _ input: FeedInput, source: String? = nil, contentType: String? = nil
  ) throws(FeedError) -> FeedParseResult {
    var products: [Product] = []
    var owners: [String: Int] = [:]
    let summary: FeedSummary
    do {
      summary = try parse(input, source: source, contentType: contentType) { entry in
        if let first = owners[entry.product.id] { return first }
        owners[entry.product.id] = entry.position
        products.append(entry.product)
        return nil
      }
    } catch let error as FeedError {
      throw error
    } catch {
      preconditionFailure("a parse in memory fails only with a FeedError: \(error)")
    }
    return FeedParseResult(
      format: summary.format, products: products, itemErrors: summary.itemErrors,
      itemCount: summary.itemCount, itemWarnings: summary.itemWarnings)
  }

  /// Calls `each` with the items of the feed, read as `format` (nil: JSON, either kind), and
  /// returns the format read.
  private func read(
    _ input: FeedInput, as format: FeedFormat?, each: (RawItem) throws -> Void
  ) throws -> FeedFormat {
    switch format {
    case nil, .huewallJSON, .shopify:
      let shop = shopURL ?? baseURL.flatMap(Self.origin)
      return try JSONFeed.read(input, as: format, shopURL: shop, each: each)
    case .merchantXML:
      try MerchantXMLFeed.read(input, maxFieldBytes: maxFieldBytes, each: each)
      return .merchantXML
    case .merchantTSV, .csv:
      try DelimitedFeed.read(
        input, as: format!, mapping: columns, maxFieldBytes: maxFieldBytes, each: each)
      return format!
    }
  }

  /// What `accept` threw, carried through the format readers untouched.
  private struct ConsumerError: Error {
    var error: any Error
  }

  // MARK: Item checks

  /// What was taken out of an item's text, counted over a feed.
  private struct Tally {
    struct Item {
      var count = 0
      var fields: [String] = []
    }
    /// The index of the warning that reports it, once there is one.
    var warning: Int?
    var count = 0
    var items = 0
    var fields: [String] = []
    var fieldSet: Set<String> = []

    mutating func add(
      _ item: Item, _ warning: FeedItemWarning, to warnings: inout [FeedItemWarning]
    ) {
      if self.warning == nil {
        self.warning = warnings.count
        warnings.append(warning)
      }
      count += item.count
      items += 1
      for field in item.fields where fieldSet.insert(field).inserted { fields.append(field) }
    }
  }

  /// The product of `item`, or why it is skipped; `imagesLeftOut` counts the images past
  /// ``maxImagesPerProduct``.
  private func product(
    from item: RawItem, dropped: inout Tally.Item, imagesLeftOut: inout Int
  ) -> Result<Product, FeedItemError.Reason> {
    if let malformed = item.malformed { return .failure(.malformed(malformed)) }
    if let field = oversizedField(of: item) {
      return .failure(.fieldTooLong(field: field, limit: maxFieldBytes))
    }
    guard let id = item.id.nonEmptyTrimmed else { return .failure(.missingID) }
    if let control = id.unicodeScalars.first(where: \.isControl) {
      return .failure(.controlCharacterInID(scalar: control.value))
    }
    var link: URL?
    if let raw = item.link.nonEmptyTrimmed {
      switch resolve(raw, .link) {
      case .success(let url): link = url
      case .failure(let reason): return .failure(reason)
      }
    }
    var images: [URL] = []
    var seen: Set<URL> = []
    for raw in item.images {
      guard let raw = raw.nonEmptyTrimmed else { continue }
      switch resolve(raw, .image, item: item) {
      case .success(let url):
        guard seen.insert(url).inserted else { continue }
        if images.count < maxImagesPerProduct { images.append(url) } else { imagesLeftOut += 1 }
      case .failure(let reason): return .failure(reason)
      }
    }
    func text(_ value: String?, _ field: String) -> String? {
      guard let (text, lost) = value?.cleaned else { return nil }
      if lost > 0 {
        dropped.count += lost
        if !dropped.fields.contains(field) { dropped.fields.append(field) }
      }
      return text.nonEmptyTrimmed
    }
    return .success(
      Product(
        id: id,
        title: text(item.title, "title") ?? "",
        brand: text(item.brand, "brand"),
        vendorColor: text(item.color, "color"),
        link: link,
        imageURLs: images,
        price: text(item.price, "price"),
        availability: text(item.availability, "availability"),
        itemGroupId: text(item.itemGroupId, "itemGroupId"),
        size: text(item.size, "size"),
        items: item.items?.map { Product.Item(id: $0.id, size: text($0.size, "size")) }))
  }

  /// The first field of `item` over ``maxFieldBytes``: one its reader saw grow past the limit
  /// (and stopped keeping), or one that is over it as read.
  private func oversizedField(of item: RawItem) -> String? {
    if let field = item.tooLong { return field }
    let fields: [(String, String?)] = [
      ("id", item.id), ("title", item.title), ("brand", item.brand), ("color", item.color),
      ("link", item.link), ("price", item.price), ("availability", item.availability),
      ("itemGroupId", item.itemGroupId), ("size", item.size),
    ]
    for (name, value) in fields where (value?.utf8.count ?? 0) > maxFieldBytes { return name }
    if item.images.contains(where: { $0.utf8.count > maxFieldBytes }) { return "image" }
    return nil
  }

  /// The id an item error names: none when it is too long to repeat, control characters
  /// written out (`A\u{0000}x`) so that the message survives the store.
  private func displayID(of item: RawItem) -> String? {
    guard let id = item.id.nonEmptyTrimmed, id.utf8.count <= maxFieldBytes else { return nil }
    guard id.unicodeScalars.contains(where: \.isControl) else { return id }
    return id.unicodeScalars.map { $0.isControl ? "\\u{\(hex($0.value))}" : String($0) }
      .joined()
  }

  /// An absolute URL with an allowed scheme, resolving relative references against ``baseURL``.
  ///
  /// A feed read from the web may not point at local files: `file` URLs are allowed only in a
  /// feed that is itself local (or has no base URL).
  private func resolve(
    _ raw: String, _ field: FeedItemError.URLField, item: RawItem? = nil
  ) -> Result<URL, FeedItemError.Reason> {
    let url: URL
    let isRelative = !raw.hasPrefix("//") && Self.scheme(of: raw) == nil
    if isRelative, field == .image, let item,
      item.relativeImagesUseImageBase || item.relativeImagesAreMedia
    {
      if let imageBaseURL {
        guard let joined = Self.join(imageBaseURL, raw) else {
          return .failure(.invalidURL(field, value: raw))
        }
        url = joined
      } else if item.relativeImagesAreMedia {
        return .failure(.mediaPathWithoutImageBase(value: raw))
      } else {
        guard let baseURL else { return .failure(.relativeURL(field, value: raw)) }
        guard let resolved = URL(string: raw, relativeTo: baseURL)?.absoluteURL else {
          return .failure(.invalidURL(field, value: raw))
        }
        url = resolved
      }
    } else if raw.hasPrefix("//") {
      // Scheme-relative: the feed's own scheme when it has a web one, https otherwise.
      let scheme = baseURL?.scheme?.lowercased()
      let prefix = scheme == "http" || scheme == "https" ? scheme! : "https"
      guard let absolute = URL(string: prefix + ":" + raw) else {
        return .failure(.invalidURL(field, value: raw))
      }
      url = absolute
    } else if let scheme = Self.scheme(of: raw) {
      guard Product.allowedURLSchemes.contains(scheme) else {
        return .failure(.unsupportedScheme(field, url: raw))
      }
      guard let absolute = URL(string: raw) else {
        return .failure(.invalidURL(field, value: raw))
      }
      url = absolute
    } else {
      guard let baseURL else { return .failure(.relativeURL(field, value: raw)) }
      guard let resolved = URL(string: raw, relativeTo: baseURL)?.absoluteURL else {
        return .failure(.invalidURL(field, value: raw))
      }
      url = resolved
    }
    switch url.scheme?.lowercased() {
    case "http", "https":
      guard let host = url.host, !host.isEmpty else {
        return .failure(.invalidURL(field, value: raw))
      }
    case "file":
      if let baseScheme = baseURL?.scheme?.lowercased(), baseScheme != "file" {
        return .failure(.fileURLInRemoteFeed(field, url: raw))
      }
    default:
      return .failure(.unsupportedScheme(field, url: raw))
    }
    return .success(url)
  }

  /// `path` under `base` as a folder: `https://shop/media/catalog/product/` and `/m/h/a.jpg`
  /// are `https://shop/media/catalog/product/m/h/a.jpg` (a leading slash does not go to the
  /// host's root, as Magento's paths are relative to the media folder).
  static func join(_ base: URL, _ path: String) -> URL? {
    var folder = base.absoluteString
    if let query = folder.firstIndex(where: { $0 == "?" || $0 == "#" }) {
      folder = String(folder[..<query])
    }
    if !folder.hasSuffix("/") { folder += "/" }
    let relative = path.drop { $0 == "/" }
    let encoded =
      relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.union(["%", "?"]))
      ?? String(relative)
    return URL(string: folder + encoded)
  }

  /// The lowercased scheme of an absolute URL (`https`, `javascript`), or nil for a relative one.
  static func scheme(of raw: String) -> String? {
    guard let colon = raw.firstIndex(of: ":") else { return nil }
    let candidate = raw[..<colon]
    guard let first = candidate.unicodeScalars.first, first.isASCIILetter,
      candidate.unicodeScalars.allSatisfy({
        $0.isASCIILetter || $0.isASCIIDigit || "+-.".unicodeScalars.contains($0)
      })
    else { return nil }
    return candidate.lowercased()
  }

  private static func looksLikeHTML(_ start: Data.SubSequence) -> Bool {
    let head = String(decoding: start.prefix(64), as: UTF8.self).lowercased()
    return head.hasPrefix("<!doctype html") || head.hasPrefix("<html")
  }

  /// `https://shop.example.com` for `https://shop.example.com/products.json?page=2`.
  private static func origin(_ url: URL) -> URL? {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    else { return nil }
    components.path = ""
    components.query = nil
    components.fragment = nil
    components.user = nil
    components.password = nil
    return components.url
  }

  private static func display(_ url: URL) -> String {
    url.isFileURL ? url.path : url.absoluteString
  }
}

/// What a feed yielded: the products that passed the item checks and why the others did not.
public struct FeedParseResult: Sendable, Equatable {
  /// The format the feed was read as (configured or detected).
  public var format: FeedFormat
  /// The valid products, in feed order.
  public var products: [Product]
  /// The skipped items, in feed order.
  public var itemErrors: [FeedItemError]
  /// How many items the feed has as its format counts them: JSON array elements, XML items,
  /// CSV/TSV data rows, Shopify products (before they are split by colour). Shopify paging
  /// uses it (``ShopifyFeed/hasMorePages(after:)``).
  public var itemCount: Int
  /// Products kept with a value that is not what the feed wrote, in feed order.
  public var itemWarnings: [FeedItemWarning]

  public init(
    format: FeedFormat, products: [Product], itemErrors: [FeedItemError], itemCount: Int,
    itemWarnings: [FeedItemWarning] = []
  ) {
    self.format = format
    self.products = products
    self.itemErrors = itemErrors
    self.itemCount = itemCount
    self.itemWarnings = itemWarnings
  }
}

/// A valid product of a feed being read, with its place in the feed.
public struct FeedEntry: Sendable {
  public var product: Product
  /// The 1-based position of the source item; Shopify colourways share their product's.
  public var position: Int
  /// The line the item starts on, for the formats that have lines.
  public var line: Int?
}

/// What a feed read a product at a time yielded, besides the products.
public struct FeedSummary: Sendable, Equatable {
  /// The format the feed was read as (configured or detected).
  public var format: FeedFormat
  /// The skipped items, in feed order.
  public var itemErrors: [FeedItemError]
  /// How many items the feed has as its format counts them (``FeedParseResult/itemCount``).
  public var itemCount: Int
  /// How many products were accepted.
  public var productCount: Int
  /// Accepted products with a value that is not what the feed wrote, in feed order.
  public var itemWarnings: [FeedItemWarning]

  public init(
    format: FeedFormat, itemErrors: [FeedItemError], itemCount: Int, productCount: Int,
    itemWarnings: [FeedItemWarning] = []
  ) {
    self.format = format
    self.itemErrors = itemErrors
    self.itemCount = itemCount
    self.productCount = productCount
    self.itemWarnings = itemWarnings
  }

  /// Adds the summary of a later page of the same feed (a Shopify shop's): counts add up, and
  /// a warning said once a feed stays one warning, counting both pages.
  public mutating func append(_ page: FeedSummary) {
    itemCount += page.itemCount
    productCount += page.productCount
    itemErrors += page.itemErrors
    for warning in page.itemWarnings {
      if let at = itemWarnings.firstIndex(where: { $0.reason.merged(with: warning.reason) != nil }),
        let merged = itemWarnings[at].reason.merged(with: warning.reason)
      {
        itemWarnings[at].reason = merged
        continue
      }
      itemWarnings.append(warning)
    }
  }
}

/// One item as a format reader found it, before the checks that all formats share.
struct RawItem {
  /// The 1-based position of the source item; Shopify colourways share their product's.
  var position: Int
  var line: Int?
  var id: String?
  var title: String?
  var brand: String?
  var color: String?
  var link: String?
  /// Main image first.
  var images: [String] = []
  var price: String?
  var availability: String?
  var itemGroupId: String?
  /// The item's size, where the feed gives one.
  var size: String?
  /// The feed items a reader already folded into this one (a Shopify colourway's variants);
  /// nil: the item alone.
  var items: [Product.Item]?
  /// Set when the item is not shaped like the format's items; the rest is then empty.
  var malformed: String?
  /// A field the reader found longer than the limit and stopped keeping.
  var tooLong: String?
  /// The column the item starts at, where an earlier item started on the same line (a
  /// minified XML feed is one line).
  var column: Int?
  /// A parent folded into its variations (a WooCommerce variable product, a Magento
  /// configurable one, another store view's row): counted among the feed's items, not a
  /// product of its own.
  var isFoldedParent = false
  /// A CSV or TSV row: a relative image path resolves against ``FeedParser/imageBaseURL``
  /// first.
  var relativeImagesUseImageBase = false
  /// A Magento row: a relative image path is under the shop's media folder, and resolves
  /// against ``FeedParser/imageBaseURL`` only.
  var relativeImagesAreMedia = false
  /// Fields read with U+FFFD in place of bytes no encoding explains.
  var replaced: [String] = []
  /// How many bytes were replaced, over all fields.
  var replacedCount = 0
  /// Keys of a Huewall JSON item that Huewall does not read, in the order written.
  var unknownKeys: [String] = []
  /// A CSV or TSV row of a header without a title column: the header's columns.
  var columnsWithoutTitle: [String]?

  init(position: Int, line: Int? = nil) {
    self.position = position
    self.line = line
  }
}

extension Unicode.Scalar {
  /// C0 and C1 controls and DEL (general category Cc), tab and line breaks included.
  var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
  var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
