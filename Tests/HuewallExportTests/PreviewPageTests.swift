import Crypto
import Foundation
import HuewallColorWords
import HuewallCore
import HuewallStore
import Mustache
import Testing

@testable import HuewallExport

/// The preview page against a hostile feed: nothing from the feed may run, add an attribute
/// or element, or link anywhere but http(s).
@Suite struct PreviewPageTests {
  static let hostileTitles = [
    "<script>window.__pwned=1</script>",
    "\"><img src=x onerror=\"window.__pwned=1\">",
    "' onmouseover='window.__pwned=1",
    "\"\u{301} onfocus=\"window.__pwned=1\" x=\"",  // a quote hidden in a combining sequence
    "</li></ol><script>window.__pwned=1</script>",
    "{{pageScript}} {{{style}}}",
    "Ｆｕｌｌ\u{202E}desrever\u{202C} \u{0} nul \u{7} bell \u{85} nel \u{FFFF} \u{1F45F} 👩🏽‍💻 \u{2028}",
    "<!-- comment --> <![CDATA[ x ]]> &amp; &lt;",
  ]

  func hostileSeeds() -> [Seed] {
    let links = [
      "javascript:window.__pwned=1", "JaVaScRiPt:alert(1)", "data:text/html,<script>x</script>",
      "https://shop.example/ok?a=1&b=\"2\"", "//evil.example/x", "http://shop.example/p",
      "vbscript:msgbox", "file:///etc/passwd",
    ]
    return Self.hostileTitles.enumerated().map { index, title in
      Seed(
        id: "id-\(index)-\"<x>'&", title: title, brand: Self.hostileTitles.reversed()[index],
        vendorColor: "BLK\"<b>\(index)", link: links[index],
        colors: [color(Double(index) / 10, 0.8, 0.8, share: 0.7, hex: "#3366cc")])
    }
  }

  func page(_ seeds: [Seed], removed: [Seed] = []) async throws -> String {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let (store, set) = try makeStore(in: scratch, seeds: seeds, removed: removed)
    let out = scratch.url("out")
    _ = try await Exporter(store: store).export(parameterSet: set, to: out)
    return try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
  }

  @Test func nothingFromTheFeedBecomesMarkup() async throws {
    let seeds = hostileSeeds()
    let html = try await page(seeds, removed: [Seed(id: "<gone>", title: "<script>gone</script>")])
    let document = try SimpleHTML(html)
    // Only the page's own three scripts (errors, page, hue strip), and one style.
    #expect(document.elements.filter { $0.name == "script" }.count == 3)
    #expect(document.elements.filter { $0.name == "style" }.count == 1)
    // No element the page does not make, no event handler, no attribute it does not write.
    let allowedElements: Set<String> = [
      "html", "head", "meta", "title", "style", "script", "body", "header", "div", "h1", "span",
      "p", "b", "code", "time", "dl", "dt", "dd", "form", "select", "option", "fieldset",
      "button", "i", "label", "input", "output", "main", "ol", "li", "img", "small", "details",
      "summary", "ul", "aside", "canvas", "legend",
    ]
    let allowedAttributes: Set<String> = [
      "lang", "charset", "http-equiv", "content", "name", "class", "id", "datetime", "autocomplete",
      "aria-orientation", "aria-valuemin", "aria-valuemax", "aria-valuenow",
      "aria-label", "data-all", "selected", "value", "type", "data-family", "aria-pressed", "role",
      "data-count", "tabindex", "data-product-id", "data-brand", "data-vc", "data-vf", "data-href",
      "data-d", "data-c", "data-t", "data-sz", "data-review", "data-o", "hidden", "aria-live",
      "title", "placeholder", "data-hf",
      "enterkeyhint",
      "spellcheck", "aria-expanded", "aria-controls", "data-n", "data-words",
    ]
    for element in document.elements {
      #expect(allowedElements.contains(element.name), "element <\(element.name)>")
      for (name, _) in element.attributes {
        #expect(allowedAttributes.contains(name), "attribute \(name) on <\(element.name)>")
      }
    }
    // Every tile is there, in order, and its values come back exactly (controls replaced).
    let tiles = document.elements.filter {
      $0.name == "li" && $0["class"]?.hasPrefix("tile") == true
    }
    #expect(tiles.count == seeds.count)
    let ids = Set(seeds.map(\.product.id))
    #expect(Set(tiles.compactMap { $0["data-product-id"] }) == ids)
    for tile in tiles {
      let seed = try #require(seeds.first { $0.product.id == tile["data-product-id"] })
      #expect(tile["data-brand"] == HTMLText.escapeRoundTrip(stored(seed.product.brand ?? "")))
      #expect(tile["data-vc"] == seed.product.vendorColor)
    }
    // The titles are text, escaped.
    for title in Self.hostileTitles {
      #expect(html.contains("<b>\(HTMLText.escape(stored(title)))</b>"))
    }
    // Links: only http and https reach the page.
    let hrefs = tiles.compactMap { $0["data-href"] }
    #expect(hrefs.sorted() == ["http://shop.example/p", "https://shop.example/ok?a=1&b=%222%22"])
    #expect(!html.lowercased().contains("javascript:"))
    #expect(!html.lowercased().contains("vbscript:"))
    #expect(!html.contains("data:text/html"))
    // The removed product is listed, escaped, outside the wall.
    #expect(html.contains("<b>&lt;gone&gt;</b> &lt;script&gt;gone&lt;/script&gt;"))
    #expect(!html.contains("\u{0}"))
    #expect(!html.contains("\u{85}"))
  }

  @Test func contentSecurityPolicyAllowsOnlyThePagesOwnCode() async throws {
    let html = try await page(hostileSeeds())
    let document = try SimpleHTML(html)
    let meta = try #require(
      document.elements.first { $0["http-equiv"] == "Content-Security-Policy" })
    let policy = try #require(meta["content"])
    #expect(policy.contains("default-src 'none'"))
    #expect(policy.contains("img-src 'self' data:"))
    #expect(!policy.contains("unsafe"))
    // Each inline script's and the style's SHA-256 is in the policy, and nothing else is.
    for body in document.rawTexts {
      let hash = Data(SHA256.hash(data: Data(body.utf8))).base64EncodedString()
      #expect(policy.contains("'sha256-\(hash)'"))
    }
    #expect(policy.components(separatedBy: "'sha256-").count - 1 == 4)
    // No inline style attributes (the policy would block them) and no inline handlers.
    #expect(document.elements.allSatisfy { $0["style"] == nil })
  }

  @Test func htmlEscapingWorksOnScalars() {
    #expect(HTMLText.escape("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&#39;")
    #expect(HTMLText.escape("\"\u{301}") == "&quot;\u{301}")
    #expect(
      HTMLText.escape("x\u{0}y\u{7F}z\u{9F}\u{FFFE}") == "x\u{FFFD}y\u{FFFD}z\u{FFFD}\u{FFFD}")
    #expect(HTMLText.escape("tab\tline\n") == "tab\tline\n")
    #expect(HTMLText.escape("plain ✓ 👟") == "plain ✓ 👟")
  }

  @Test func linksAreWebLinksOnly() {
    #expect(Tile.webLink("https://a.example/x") == "https://a.example/x")
    #expect(Tile.webLink("HTTP://A.example") == "HTTP://A.example")
    #expect(Tile.webLink("javascript:alert(1)") == nil)
    #expect(Tile.webLink(" javascript:alert(1)") == nil)
    #expect(Tile.webLink("/relative") == nil)
    #expect(Tile.webLink("//host/x") == nil)
    #expect(Tile.webLink("file:///etc/passwd") == nil)
  }

  @Test func anEmptyCatalogueMakesAValidPage() async throws {
    let html = try await page([])
    #expect(tileIDs(html).isEmpty)
    #expect(html.contains("No product matches."))
    #expect(!html.contains("id=\"none\" hidden"))
  }
}

/// A string as the catalogue gives it back: SQLite text ends at a NUL.
func stored(_ text: String) -> String {
  String(text.unicodeScalars.prefix { $0 != "\u{0}" })
}

extension HTMLText {
  /// What a browser reads back from an escaped attribute value.
  static func escapeRoundTrip(_ text: String) -> String { unescapeHTML(escape(text)) }
}

/// Just enough of an HTML tokenizer to list the elements and attributes a browser would see:
/// tags, quoted and unquoted attribute values, comments, and the raw text of script and style.
struct SimpleHTML {
  struct Element {
    var name: String
    var attributes: [(String, String)]
    subscript(name: String) -> String? { attributes.first { $0.0 == name }?.1 }
  }
  var elements: [Element] = []
  var rawTexts: [String] = []

  struct Malformed: Error { var at: Int }

  init(_ html: String) throws {
    let s = Array(html.unicodeScalars)
    var i = 0
    func peek(_ text: String) -> Bool {
      let t = Array(text.unicodeScalars)
      return i + t.count <= s.count && Array(s[i..<i + t.count]) == t
    }
    while i < s.count {
      guard s[i] == "<" else {
        i += 1
        continue
      }
      if peek("<!--") {
        while i < s.count && !peek("-->") { i += 1 }
        i += 3
        continue
      }
      if peek("<!") || peek("</") {
        while i < s.count && s[i] != ">" { i += 1 }
        i += 1
        continue
      }
      i += 1
      var name = ""
      while i < s.count, s[i].properties.isAlphabetic || ("0"..."9").contains(s[i]) {
        name.unicodeScalars.append(s[i])
        i += 1
      }
      guard !name.isEmpty else { continue }  // "<" as text
      var attributes: [(String, String)] = []
      while i < s.count && s[i] != ">" {
        if s[i] == " " || s[i] == "\n" || s[i] == "\t" || s[i] == "/" {
          i += 1
          continue
        }
        var attribute = ""
        while i < s.count, !" \n\t=>/".unicodeScalars.contains(s[i]) {
          attribute.unicodeScalars.append(s[i])
          i += 1
        }
        var value = ""
        if i < s.count && s[i] == "=" {
          i += 1
          if s[i] == "\"" || s[i] == "'" {
            let quote = s[i]
            i += 1
            while i < s.count && s[i] != quote {
              value.unicodeScalars.append(s[i])
              i += 1
            }
            i += 1
          } else {
            while i < s.count, !" \n\t>".unicodeScalars.contains(s[i]) {
              value.unicodeScalars.append(s[i])
              i += 1
            }
          }
        }
        attributes.append((attribute.lowercased(), unescapeHTML(value)))
      }
      i += 1
      let lower = name.lowercased()
      elements.append(Element(name: lower, attributes: attributes))
      if lower == "script" || lower == "style" {
        let close = Array("</\(lower)".unicodeScalars)
        let start = i
        while i + close.count <= s.count && Array(s[i..<i + close.count]) != close { i += 1 }
        guard i + close.count <= s.count else { throw Malformed(at: start) }
        var text = ""
        text.unicodeScalars.append(contentsOf: s[start..<i])
        rawTexts.append(text)
      }
    }
  }
}

@Suite struct TileRendererTests {
  /// The fast tile renderer writes exactly what swift-mustache writes for tile.mustache.
  @Test func matchesSwiftMustache() async throws {
    let templates = try PreviewPage.templates()
    let renderer = try #require(TileRenderer(template: try PreviewPage.resource("tile.mustache")))
    let hostile = PreviewPageTests().hostileSeeds()
    var products: [ColorsDocument.ExportedProduct] = hostile.map { seed in
      ColorsDocument.ExportedProduct(
        id: seed.product.id, title: seed.product.title, brand: seed.product.brand,
        vendorColor: seed.product.vendorColor, vendorFamily: .black,
        link: seed.product.link?.absoluteString, imageUrl: nil, position: 1, family: .blue,
        disagreement: true,
        colors: seed.colors.map {
          .init(h: $0.h, s: $0.s, v: $0.v, hex: $0.hex, share: $0.share, family: $0.family)
        })
    }
    products.append(
      .init(
        id: "plain", title: "", brand: nil, vendorColor: nil, vendorFamily: nil, link: nil,
        imageUrl: nil, position: 2, family: nil, disagreement: false, colors: []))
    // A colourway's sizes reach its details, escaped as any feed value.
    var sized = products[products.count - 1]
    sized.id = "TEE-navy"
    sized.items = [.init(id: "TEE-N-S", size: "S"), .init(id: "TEE-N-M", size: "<M>\"")]
    products.append(sized)
    let sizedTile = Tile(sized, thumbnail: nil)
    #expect(sizedTile.sizes == "S · <M>\"")
    var sizedHTML = ""
    renderer.render(sizedTile, into: &sizedHTML)
    #expect(sizedHTML.contains(#"data-sz="S · &lt;M&gt;&quot;""#), "\(sizedHTML)")
    for (index, product) in products.enumerated() {
      let tile = Tile(
        product, thumbnail: index.isMultiple(of: 2) ? "\(fakeHash("\(index)")).webp" : nil)
      var fast = ""
      renderer.render(tile, into: &fast)
      #expect(fast == templates.render(tile, withTemplate: "tile"), "\(product.id)")
    }
  }

  @Test func refusesWhatItDoesNotDo() {
    #expect(TileRenderer(template: "{{> partial}}") == nil)
    #expect(TileRenderer(template: "{{a.b}}") == nil)
    #expect(TileRenderer(template: "{{#a}}unclosed") == nil)
    #expect(TileRenderer(template: "{{#a}}x{{/b}}") == nil)
    #expect(TileRenderer(template: "{{=<% %>=}}") == nil)
    #expect(TileRenderer(template: "plain {{! comment }}{{x}}") != nil)
  }
}
