import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A checker of a Merchant Center supplemental feed's `id` and `color`, written from Google's
/// published rules (Merchant Center Help: "Color [color]" and "ID [id]"), one rule a check,
/// each problem a message naming the line, the item and the rule.
///
/// - `id`: required, at most 50 characters, unique in the feed.
/// - `color`: at most 100 characters; up to three colours (the primary first), separated by
///   `/`; at most 40 characters a colour; a colour name, not a number ("0", "2"), not a
///   single letter ("R"; a single Chinese, Japanese or Korean character is a name), no
///   non-alphanumeric values such as a hex code ("#fff000"); no reference to the product or
///   image ("see image"); no placeholder such as "multicolor", "various", "variety",
///   "men's", "women's" or "N/A"; several colours are not run together into one word
///   ("RedPinkBlue").
/// - Against the primary feed, when given: a supplemental row's `id` is an id of the primary
///   feed (else it updates nothing), and its `color` is the name the product page shows
///   where the primary feed gives one (Google's landing-page rule: "Toasted Walnut", not
///   "Brown"); a code such as `BLK` or `001` is no name.
enum MerchantColorRules {
  struct Item {
    var line: Int
    var id: String
    var color: String
  }

  enum Rule: String, CaseIterable {
    case idRequired = "id is required"
    case idLength = "id has at most 50 characters"
    case idUnique = "id is unique in the feed"
    case colorRequired = "color is given"
    case valueLength = "color has at most 100 characters"
    case colorCount = "at most 3 colours, separated by /"
    case emptyColor = "no empty colour between separators"
    case colorLength = "each colour has at most 40 characters"
    case notANumber = "a colour is not a number"
    case notASingleLetter = "a colour is not a single letter"
    case noSymbols = "a colour has no non-alphanumeric values such as hex codes"
    case noImageReference = "a colour does not refer to the product or image"
    case noPlaceholder = "a colour is not a placeholder such as multicolor or various"
    case notRunTogether = "colours are not run together into one word"
    case idInPrimaryFeed = "id is an id of the primary feed"
    case landingPageName = "color is the name the product page shows"
  }

  struct Problem: CustomStringConvertible, Equatable {
    var line: Int
    var id: String
    var rule: Rule
    var value: String
    var description: String { "line \(line), item \(id): \(rule.rawValue) (\"\(value)\")" }
  }

  static let placeholders: Set<String> = [
    "multicolor", "multicolour", "multi-color", "multi-colour", "multi color", "multi colour",
    "various", "variety", "men's", "women's", "mens", "womens", "n/a", "na", "none",
  ]
  static let imageReferences = ["see image", "see picture", "see photo", "as shown", "as pictured"]

  /// The items of a TSV supplemental feed: a header naming `id` and `color`, then a line each.
  static func items(tsv: String) -> [Item] {
    let lines = tsv.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let header = lines.first?.split(separator: "\t").map(String.init),
      let idColumn = header.firstIndex(of: "id"), let colorColumn = header.firstIndex(of: "color")
    else { return [] }
    return lines.enumerated().dropFirst().compactMap { index, line in
      guard !line.isEmpty else { return nil }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return Item(
        line: index + 1, id: idColumn < fields.count ? fields[idColumn] : "",
        color: colorColumn < fields.count ? fields[colorColumn] : "")
    }
  }

  /// The items of the RSS form (`<item>` with `g:id` and `g:color`).
  static func items(xml: Data) throws -> [Item] {
    final class Reader: NSObject, XMLParserDelegate {
      var items: [Item] = []
      var current: Item?
      var text = ""
      var parser: XMLParser?
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
      ) {
        if name == "item" { current = Item(line: parser.lineNumber, id: "", color: "") }
        text = ""
      }
      func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
      func parser(
        _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
        qualifiedName: String?
      ) {
        switch name {
        case "g:id": current?.id = text
        case "g:color": current?.color = text
        case "item":
          if let current { items.append(current) }
          current = nil
        default: break
        }
      }
    }
    let parser = XMLParser(data: xml)
    let reader = Reader()
    parser.delegate = reader
    guard parser.parse() else {
      throw NSError(
        domain: "MerchantColorRules", code: 1,
        userInfo: [
          NSLocalizedDescriptionKey:
            "not well-formed XML: \(String(describing: parser.parserError))"
        ])
    }
    return reader.items
  }

  /// Whether the primary feed's `color` is a name a product page shows, not a code: it has
  /// no digit, at least two letters, and is not one all-capital word of at most three letters.
  static func isName(_ color: String) -> Bool {
    let text = color.trimmingCharacters(in: .whitespaces)
    let letters = text.filter(\.isLetter)
    if text.contains(where: \.isNumber) || letters.count < 2 { return false }
    return text.contains(" ") || letters.count > 3 || !letters.allSatisfy(\.isUppercase)
  }

  /// The problems of `items`; with `primary` (the primary feed's ids → the colour it gives,
  /// "" for none, nil when not known), the id and landing-page rules too.
  static func check(_ items: [Item], primary: [String: String?]? = nil) -> [Problem] {
    var problems: [Problem] = []
    var seen: Set<String> = []
    for item in items {
      func flag(_ rule: Rule, _ value: String) {
        problems.append(Problem(line: item.line, id: item.id, rule: rule, value: value))
      }
      if item.id.trimmingCharacters(in: .whitespaces).isEmpty { flag(.idRequired, item.id) }
      if item.id.count > 50 { flag(.idLength, item.id) }
      if !seen.insert(item.id).inserted { flag(.idUnique, item.id) }
      if let primary {
        if let shown = primary[item.id] {
          if let shown, isName(shown),
            shown.trimmingCharacters(in: .whitespaces).lowercased()
              != item.color.trimmingCharacters(in: .whitespaces).lowercased()
          {
            flag(.landingPageName, item.color)
          }
        } else {
          flag(.idInPrimaryFeed, item.id)
        }
      }
      let value = item.color
      guard !value.trimmingCharacters(in: .whitespaces).isEmpty else {
        flag(.colorRequired, value)
        continue
      }
      if value.count > 100 { flag(.valueLength, value) }
      let colors = value.split(separator: "/", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      if colors.count > 3 { flag(.colorCount, value) }
      for color in colors {
        if color.isEmpty {
          flag(.emptyColor, value)
          continue
        }
        if color.count > 40 { flag(.colorLength, color) }
        let lower = color.lowercased()
        if color.allSatisfy({ $0.isNumber || $0 == "." || $0 == "," }) { flag(.notANumber, color) }
        let cjk = color.unicodeScalars.allSatisfy {
          (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value)
            || (0xAC00...0xD7AF).contains($0.value)
        }
        if color.count == 1, color.first?.isLetter == true, !cjk { flag(.notASingleLetter, color) }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: " -'&."))
        if color.unicodeScalars.contains(where: { !allowed.contains($0) })
          || color.range(of: "^(0x)?[0-9a-fA-F]{6}$", options: .regularExpression) != nil
        {
          flag(.noSymbols, color)
        }
        if imageReferences.contains(where: { lower.contains($0) }) {
          flag(.noImageReference, color)
        }
        if placeholders.contains(lower) { flag(.noPlaceholder, color) }
        for word in color.split(separator: " ")
        where word.range(of: "[a-z][A-Z]", options: .regularExpression) != nil {
          flag(.notRunTogether, String(word))
        }
      }
    }
    return problems
  }
}
