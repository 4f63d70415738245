import Foundation

/// The two JSON formats, Huewall's own and Shopify's `products.json`: both are an object with a
/// `products` array, so one pass reads either.
///
/// The document is read a chunk at a time (``JSONProductsScanner``) and each element of
/// `products` is decoded on its own, so a feed of any length needs the memory of one product.
enum JSONFeed {
  /// Reads a JSON feed as `format`, or, when it is nil, as Shopify if the first element of
  /// `products` has `variants` and as Huewall JSON otherwise. Calls `each` with every item in
  /// order and returns the format read.
  static func read(
    _ input: FeedInput, as format: FeedFormat?, shopURL: URL?, each: (RawItem) throws -> Void
  ) throws -> FeedFormat {
    let input = try input.convertingUTF16()
    var format = format
    let decoder = JSONDecoder()
    if let format { decoder.userInfo[formatKey] = format }
    var scanner = JSONProductsScanner()
    func handle(_ event: JSONProductsScanner.Event) throws {
      switch event {
      case .otherValue(let data, let line):
        if (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) == nil {
          throw FeedError.Reason.invalidJSON(
            detail: "\(syntaxError(in: data)) in the value on line \(line)")
        }
      case .element(let data, let index, let line):
        let element: Element
        do {
          element = try decoder.decode(Element.self, from: data)
        } catch {
          throw FeedError.Reason.invalidJSON(
            detail: "\(syntaxError(in: data)) in products[\(index)], which starts on line \(line)")
        }
        if format == nil {
          // The first element decides, as its own look decided how it was read.
          format = element.hasVariants ? .shopify : .huewallJSON
          decoder.userInfo[formatKey] = format
        }
        try emit(element, position: index + 1, shopURL: shopURL, each: each)
      }
    }
    try input.forEachChunk { chunk in
      try scanner.consume(chunk, handle)
    }
    try scanner.finish(handle)
    return format ?? .huewallJSON
  }

  private static func emit(
    _ element: Element, position: Int, shopURL: URL?, each: (RawItem) throws -> Void
  ) throws {
    switch element.content {
    case .success(.huewall(var item)):
      item.position = position
      try each(item)
    case .success(.shopify(let product)):
      for item in product.items(position: position, shopURL: shopURL) { try each(item) }
    case .failure(let problem):
      var item = RawItem(position: position)
      item.malformed = problem.detail
      try each(item)
    }
  }

  /// Whether a JSON feed is a Shopify page: the first element of its `products` has
  /// `variants`.
  static func looksLikeShopify(_ data: Data) -> Bool {
    struct Found: Error { var shopify: Bool }
    var scanner = JSONProductsScanner()
    do {
      try scanner.consume(FeedText.utf8(data)) { event in
        guard case .element(let element, _, _) = event else { return }
        let object = try? JSONSerialization.jsonObject(with: element) as? [String: Any]
        throw Found(shopify: object?["variants"] != nil)
      }
    } catch let found as Found {
      return found.shopify
    } catch {}
    return false
  }

  /// The format every element is read as; absent, each element by its own look.
  static let formatKey = CodingUserInfoKey(rawValue: "HuewallFeed.format")!

  /// Where the JSON goes wrong, from the parser that says so.
  private static func syntaxError(in data: Data) -> String {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      if let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String {
        return detail
      }
    }
    return "the data is not valid JSON"
  }

  /// One element of `products`, read as a Huewall item or a Shopify product.
  struct Element: Decodable {
    enum Content {
      /// Its position is set once the element's place in `products` is known.
      case huewall(RawItem)
      case shopify(ShopifyProduct)
    }

    var hasVariants = false
    var content: Result<Content, ItemProblem>

    init(from decoder: any Decoder) throws {
      let depth = decoder.codingPath.count
      guard let container = try? decoder.container(keyedBy: AnyKey.self) else {
        content = .failure(ItemProblem(detail: "not a JSON object"))
        return
      }
      hasVariants = container.contains("variants")
      let format =
        decoder.userInfo[JSONFeed.formatKey] as? FeedFormat
        ?? (hasVariants ? .shopify : .huewallJSON)
      do {
        content =
          format == .shopify
          ? .success(.shopify(try ShopifyProduct(from: decoder)))
          : .success(.huewall(try HuewallItem(from: decoder).item))
      } catch {
        content = .failure(ItemProblem(detail: describe(error, below: depth)))
      }
    }
  }

  /// Why one element of `products` could not be read.
  struct ItemProblem: Error {
    var detail: String
  }

  /// The keys of a Huewall JSON product, as docs/FEEDS.md lists them.
  static let productKeys = [
    "id", "title", "brand", "color", "size", "link", "images", "price", "availability",
    "itemGroupId",
  ]

  /// A Huewall JSON item (docs/FEEDS.md, "Huewall JSON").
  struct HuewallItem: Decodable {
    var item: RawItem

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: AnyKey.self)
      var t = RawItem(position: 0)
      t.id = try c.lenientString("id")
      t.title = try c.lenientString("title")
      t.brand = try c.lenientString("brand")
      t.color = try c.lenientString("color")
      t.size = try c.lenientString("size")
      t.link = try c.lenientString("link")
      if c.contains("images"), try !c.decodeNil(forKey: "images") {
        if let single = try? c.decode(String.self, forKey: "images") {
          t.images = [single]
        } else {
          t.images = try c.decode([String].self, forKey: "images")
        }
      }
      t.price = try c.lenientString("price")
      t.availability = try c.lenientString("availability")
      t.itemGroupId = try c.lenientString("itemGroupId")
      t.unknownKeys = c.allKeys.map(\.stringValue).filter { !JSONFeed.productKeys.contains($0) }
        .sorted()
      item = t
    }
  }
}

// MARK: Lenient decoding

/// A JSON object key given as a string.
struct AnyKey: CodingKey, ExpressibleByStringLiteral {
  var stringValue: String
  var intValue: Int?
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }
  init(stringLiteral value: String) { self.stringValue = value }
}

extension KeyedDecodingContainer where Key == AnyKey {
  /// A string, or a number or boolean written as one (ids are often JSON numbers); nil when
  /// the key is missing or null.
  func lenientString(_ key: AnyKey) throws -> String? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    if let string = try? decode(String.self, forKey: key) { return string }
    if let integer = try? decode(Int64.self, forKey: key) { return String(integer) }
    if let number = try? decode(Double.self, forKey: key) { return String(number) }
    if let flag = try? decode(Bool.self, forKey: key) { return String(flag) }
    throw DecodingError.typeMismatch(
      String.self,
      DecodingError.Context(
        codingPath: codingPath + [key], debugDescription: "expected a string or a number"))
  }

  /// A boolean, or `"true"`/`"false"`/`1`/`0`; nil when missing, null or anything else.
  func lenientBool(_ key: AnyKey) -> Bool? {
    if let flag = try? decode(Bool.self, forKey: key) { return flag }
    if let integer = try? decode(Int.self, forKey: key) { return integer != 0 }
    switch (try? decode(String.self, forKey: key))?.lowercased() {
    case "true": return true
    case "false": return false
    default: return nil
    }
  }

  /// An array of `T`, or an empty one when the key is missing or null.
  func array<T: Decodable>(_ type: T.Type, _ key: AnyKey) throws -> [T] {
    guard contains(key), try !decodeNil(forKey: key) else { return [] }
    return try decode([T].self, forKey: key)
  }
}

/// A decoding error as a short message naming the key inside the item (`images[1]: …`).
func describe(_ error: any Error, below depth: Int) -> String {
  guard let error = error as? DecodingError else { return "\(error)" }
  let context: DecodingError.Context
  let message: String
  switch error {
  case .typeMismatch(let type, let c):
    context = c
    message =
      c.debugDescription.hasPrefix("expected") ? c.debugDescription : "expected \(jsonName(type))"
  case .valueNotFound(let type, let c):
    context = c
    message = "expected \(jsonName(type)), found null"
  case .keyNotFound(let key, let c):
    context = DecodingError.Context(codingPath: c.codingPath + [key], debugDescription: "")
    message = "missing"
  case .dataCorrupted(let c):
    context = c
    message = c.debugDescription
  @unknown default:
    return "\(error)"
  }
  var path = ""
  for key in context.codingPath.dropFirst(depth) {
    if let index = key.intValue {
      path += "[\(index)]"
    } else {
      path += path.isEmpty ? key.stringValue : "." + key.stringValue
    }
  }
  return path.isEmpty ? message : "\(path): \(message)"
}

/// What a Swift type is called in JSON, for messages.
private func jsonName(_ type: Any.Type) -> String {
  let name = String(describing: type)
  if name.hasPrefix("Array<") || name.hasPrefix("[") { return "an array" }
  if name.hasPrefix("Dictionary<") || name.contains(":") || name.hasSuffix("Box") {
    return "an object"
  }
  switch name {
  case "String": return "a string"
  case "Bool": return "true or false"
  case "Int", "Int64", "Double": return "a number"
  default: return "an object"
  }
}
