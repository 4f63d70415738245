import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Google Merchant Center product data in XML: RSS 2.0 (`<rss><channel><item>`) or Atom 1.0
/// (`<feed><entry>`), the product attributes in the `g:` namespace.
enum MerchantXMLFeed {
  static let googleNamespace = "http://base.google.com/ns/1.0"
  static let atomNamespace = "http://www.w3.org/2005/Atom"

  /// Reads the feed's items in order, calling `each` with every one as its end tag is read.
  static func read(_ input: FeedInput, each: (RawItem) throws -> Void) throws {
    try withoutActuallyEscaping(each) { each in try read(input, escaping: each) }
  }

  private static func read(_ input: FeedInput, escaping each: @escaping (RawItem) throws -> Void)
    throws
  {
    // From a stream libxml2 gets the document in chunks, so that a feed of any size is read in
    // the same memory; handed over in one piece, a document over 10 MB fails with libxml2's
    // "huge input lookup" error.
    guard let stream = input.stream() else {
      throw FeedError.Reason.unreadable(detail: "the feed cannot be opened")
    }
    let parser = XMLParser(stream: stream)
    parser.shouldProcessNamespaces = true
    parser.shouldResolveExternalEntities = false
    let reader = Reader(each: each)
    parser.delegate = reader
    let finished = parser.parse()
    if let error = reader.consumerError { throw error }
    if let root = reader.wrongRoot {
      throw FeedError.Reason.unexpectedStructure(
        "the XML root element is <\(root)>; a Merchant feed is <rss> (RSS 2.0) or <feed> (Atom)")
    }
    // libxml2 reports some errors (a document that ends inside an element) without failing.
    if !finished || parser.parserError != nil {
      let code = (parser.parserError as NSError?)?.code ?? 0
      throw FeedError.Reason.invalidXML(
        detail: describe(code), line: max(parser.lineNumber, 1),
        column: max(parser.columnNumber, 1))
    }
    if reader.root == nil {
      throw FeedError.Reason.unexpectedStructure("the XML has no root element")
    }
  }

  /// libxml2's error numbers in words, for the common ones.
  private static func describe(_ code: Int) -> String {
    switch code {
    case 4: "the document is empty"
    case 5: "the document ends inside an element, or has content after its root element"
    case 9: "a character that XML does not allow"
    case 26: "an entity that is not declared (HTML entities such as &nbsp; are not XML)"
    case 68: "a name is missing or malformed"
    case 73: "a tag is not closed with >"
    case 76: "a closing tag does not match its opening tag"
    case 89: "entities that refer to themselves or expand too much"
    case 201: "a namespace prefix that is not declared (the g: prefix needs xmlns:g)"
    default: "XML error \(code)"
    }
  }

  private final class Reader: NSObject, XMLParserDelegate {
    var root: String?
    var wrongRoot: String?
    /// What `each` threw; the parse is aborted and the error rethrown.
    var consumerError: (any Error)?
    private let each: (RawItem) throws -> Void
    private var itemCount = 0

    init(each: @escaping (RawItem) throws -> Void) {
      self.each = each
    }

    private var depth = 0
    private var itemDepth = 0
    private var current: Fields?
    private var element: (name: String, google: Bool)?
    private var text = ""

    /// The values of one item; plain RSS/Atom `title` and `link` fill in for missing `g:` ones.
    private struct Fields {
      var item: RawItem
      var googleTitle: String?
      var plainTitle: String?
      var googleLink: String?
      var plainLink: String?
      var image: String?
      var additionalImages: [String] = []
    }

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      depth += 1
      let namespace = namespaceURI ?? ""
      if depth == 1 {
        root = name
        if name != "rss" && name != "feed" {
          wrongRoot = name
          parser.abortParsing()
        }
        return
      }
      if current == nil {
        if (name == "item" && namespace.isEmpty)
          || (name == "entry" && namespace == MerchantXMLFeed.atomNamespace)
        {
          itemCount += 1
          current = Fields(item: RawItem(position: itemCount, line: parser.lineNumber))
          itemDepth = depth
        }
        return
      }
      guard depth == itemDepth + 1 else { return }
      let google = Self.isGoogle(namespace)
      element = (name, google)
      text = ""
      // Atom: <link rel="alternate" href="…"/>, the product page.
      if !google && name == "link", let href = attributes["href"],
        (attributes["rel"] ?? "alternate") == "alternate", current?.plainLink == nil
      {
        current?.plainLink = href
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if element != nil { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
      if element != nil { text += String(decoding: block, as: UTF8.self) }
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      defer { depth -= 1 }
      guard var fields = current else { return }
      if depth == itemDepth + 1, let element {
        let value = text.nonEmptyTrimmed
        switch (element.google, element.name) {
        case (true, "id"): fields.item.id = value
        case (true, "title"): fields.googleTitle = value
        case (false, "title"): fields.plainTitle = value
        case (true, "link"): fields.googleLink = value
        case (false, "link"): if let value { fields.plainLink = value }
        case (true, "image_link"): fields.image = value
        case (true, "additional_image_link"): if let value { fields.additionalImages.append(value) }
        case (true, "brand"): fields.item.brand = value
        case (true, "color"): fields.item.color = value
        case (true, "price"): fields.item.price = value
        case (true, "availability"): fields.item.availability = value
        case (true, "item_group_id"): fields.item.itemGroupId = value
        default: break
        }
        self.element = nil
        current = fields
      } else if depth == itemDepth {
        var item = fields.item
        item.title = fields.googleTitle ?? fields.plainTitle
        item.link = fields.googleLink ?? fields.plainLink
        item.images = (fields.image.map { [$0] } ?? []) + fields.additionalImages
        current = nil
        do { try each(item) } catch {
          consumerError = error
          parser.abortParsing()
        }
      }
    }

    /// Google's namespace, also as some feeds misspell it (https, trailing slash).
    private static func isGoogle(_ namespace: String) -> Bool {
      namespace == MerchantXMLFeed.googleNamespace
        || namespace == "https://base.google.com/ns/1.0"
        || namespace == MerchantXMLFeed.googleNamespace + "/"
    }
  }
}
