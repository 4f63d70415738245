import Foundation
import HuewallTestSupport
import Testing

/// The Merchant rule checker, one test per rule on a crafted bad value.
@Suite struct MerchantColorRuleTests {
  func problems(_ id: String, _ color: String) -> [MerchantColorRules.Rule] {
    MerchantColorRules.check([.init(line: 2, id: id, color: color)]).map(\.rule)
  }

  @Test func goodValuesPass() {
    for value in ["Red", "Navy/White", "Black/White/Red", "Dark Olive Green", "Sunshine", "黒"] {
      #expect(problems("A1", value).isEmpty, "\(value)")
    }
  }

  @Test func idRequired() { #expect(problems(" ", "Red") == [.idRequired]) }
  @Test func idLength() {
    #expect(problems(String(repeating: "x", count: 51), "Red") == [.idLength])
  }
  @Test func idUnique() {
    let rules = MerchantColorRules.check([
      .init(line: 2, id: "A", color: "Red"), .init(line: 3, id: "A", color: "Blue"),
    ])
    #expect(rules.map(\.rule) == [.idUnique])
    #expect(rules.first?.description == "line 3, item A: id is unique in the feed (\"A\")")
  }
  @Test func colorRequired() { #expect(problems("A", "") == [.colorRequired]) }
  @Test func valueLength() {
    let long = [String](repeating: "Light Goldenrod Yellow With A Sheen", count: 3)
      .joined(separator: "/")
    #expect(long.count > 100)
    #expect(problems("A", long) == [.valueLength])
  }
  @Test func colorCount() { #expect(problems("A", "Red/Blue/Green/Pink") == [.colorCount]) }
  @Test func emptyColor() { #expect(problems("A", "Red//Blue") == [.emptyColor]) }
  @Test func colorLength() {
    #expect(problems("A", String(repeating: "Blue ", count: 9)) == [.colorLength])
  }
  @Test func notANumber() { #expect(problems("A", "2") == [.notANumber]) }
  @Test func notASingleLetter() { #expect(problems("A", "R") == [.notASingleLetter]) }
  @Test func noSymbols() {
    #expect(problems("A", "#fff000") == [.noSymbols])
    #expect(problems("A", "fff000") == [.noSymbols])
  }
  @Test func noImageReference() { #expect(problems("A", "See image") == [.noImageReference]) }
  @Test func noPlaceholder() { #expect(problems("A", "Multicolor") == [.noPlaceholder]) }
  @Test func notRunTogether() { #expect(problems("A", "RedPinkBlue") == [.notRunTogether]) }
  @Test func idInPrimaryFeed() {
    let items: [MerchantColorRules.Item] = [
      .init(line: 2, id: "8012345678901-chalk-white", color: "White"),
      .init(line: 3, id: "KST-1", color: "White"),
    ]
    let primary: [String: String?] = ["KST-1": ""]
    #expect(MerchantColorRules.check(items, primary: primary).map(\.rule) == [.idInPrimaryFeed])
  }
  @Test func landingPageName() {
    let primary: [String: String?] = [
      "A": "Toasted Walnut", "B": "BLK", "C": "", "D": "001", "E": "Toasted Walnut",
    ]
    let items: [MerchantColorRules.Item] = [
      .init(line: 2, id: "A", color: "Brown"), .init(line: 3, id: "B", color: "Black"),
      .init(line: 4, id: "C", color: "Black"), .init(line: 5, id: "D", color: "Black"),
      .init(line: 6, id: "E", color: "toasted walnut"),
    ]
    let problems = MerchantColorRules.check(items, primary: primary)
    #expect(problems.map(\.rule) == [.landingPageName])
    #expect(problems.first?.id == "A")
  }
}

/// `huewall export --format merchant-supplemental|shopify-metafields` end to end on a catalogue
/// of 48 products: a Shopify shop (12 products in two colours each, shaped as
/// Tests/HuewallFeedTests/Fixtures/shopify-page.json) and a Merchant feed (24 items in pairs
/// of an item group, with the columns of Fixtures/merchant.tsv), their pictures the samples.
@Suite struct WriteBackTests {
  static let samples = repositoryRoot.appendingPathComponent("samples")

  /// The samples' files and families, in order.
  static func labels() throws -> [(file: String, family: String)] {
    try String(contentsOf: samples.appendingPathComponent("labels.tsv"), encoding: .utf8)
      .split(separator: "\n").dropFirst().map { line in
        let fields = line.split(separator: "\t").map(String.init)
        return (fields[0], fields[2])
      }
  }

  static func title(_ family: String) -> String {
    family.prefix(1).uppercased() + family.dropFirst()
  }

  static func shopifyFeed() throws -> String {
    let labels = try labels()
    var products: [String] = []
    for k in 0..<12 {
      let id = 8_012_345_670_000 + k
      var variants: [String] = []
      for j in 0..<2 {
        let (file, family) = labels[2 * k + j]
        let src = samples.appendingPathComponent(file).absoluteString
        let ids = [0, 1].map { 44_100_000_000_000 + k * 100 + j * 10 + $0 }
        for (s, variant) in ids.enumerated() {
          variants.append(
            """
            {"id": \(variant), "title": "\(title(family)) / \(40 + s)", "option1": "\(title(family))",
             "option2": "\(40 + s)", "option3": null, "sku": "S-\(variant)", "available": true,
             "price": "\(50 + k).00", "position": \(j * 2 + s + 1), "product_id": \(id),
             "featured_image": {"id": \(36_000_000_000_000 + k * 10 + j), "product_id": \(id),
               "src": "\(src)", "variant_ids": [\(ids[0]), \(ids[1])]}}
            """)
        }
      }
      products.append(
        """
        {"id": \(id), "title": "Sample \(k + 1)", "handle": "sample-\(k + 1)", "vendor": "Atlas & Oak",
         "product_type": "Sample", "options": [{"name": "Color", "position": 1}, {"name": "Size", "position": 2}],
         "variants": [\(variants.joined(separator: ",\n"))], "images": []}
        """)
    }
    return "{\"products\": [\n" + products.joined(separator: ",\n") + "\n]}\n"
  }

  static func merchantFeed() throws -> String {
    let header =
      "id\ttitle\tdescription\tlink\tcondition\tprice\tavailability\timage_link\t"
      + "additional_image_link\tgtin\tbrand\tcolor\tsize\titem_group_id\tgoogle_product_category"
    var lines = [header]
    for (i, (file, family)) in try labels().enumerated() {
      let image = samples.appendingPathComponent(file).absoluteString
      lines.append(
        [
          "KST-\(i + 1)", "Kestrel \(file.dropLast(4))", "A sample",
          "https://kestrel.example/p/\(i + 1)",
          "new", "89.00 USD", "in_stock", image, "", "", "Kestrel", title(family), "40",
          "KST-G\(i / 2 + 1)", "Apparel & Accessories > Shoes",
        ].joined(separator: "\t"))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  struct Shop {
    let folder: URL
    var config: String { folder.appendingPathComponent("pipeline.json").path }

    init(
      feed: String, name: String, format: String, shopURL: String? = nil,
      writeBack: String? = nil
    ) throws {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("huewall-cli-writeback-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try feed.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
      try configure(name: name, format: format, shopURL: shopURL, writeBack: writeBack)
    }

    /// Writes `pipeline.json` with `writeBack` (a JSON object), if given.
    func configure(name: String, format: String, shopURL: String? = nil, writeBack: String?) throws
    {
      let shop = shopURL.map { ", \"shopURL\": \"\($0)\"" } ?? ""
      let back = writeBack.map { ",\n \"writeBack\": \($0)" } ?? ""
      try """
      {"feed": {"source": "\(name)", "format": "\(format)"\(shop)},
       "database": "state/catalogue.sqlite", "cache": "state/images", "output": "out"\(back)}
      """.write(toFile: config, atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    func huewall(_ arguments: [String]) async throws -> CommandResult {
      try await HuewallCLITests.huewall(arguments + ["--config", config])
    }

    func read(_ path: String) throws -> String {
      try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    func products() throws -> [[String: Any]] {
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(read("out/colors.json").utf8))
          as? [String: Any])
      return try #require(json["products"] as? [[String: Any]])
    }
  }

  /// Writes the supplemental feed of `shop` and checks both forms against the rules.
  func checkedSupplementalFeed(
    _ shop: Shop, includeUnsure: Bool, primary: [String: String?]? = nil
  ) async throws -> [MerchantColorRules.Item] {
    let export = try await shop.huewall(
      ["export", "--format", "merchant-supplemental"] + (includeUnsure ? ["--include-unsure"] : []))
    #expect(export.status == 0, "\(export.stderr)")
    let tsv = MerchantColorRules.items(tsv: try shop.read("out-shop/merchant-supplemental.tsv"))
    let xml = try MerchantColorRules.items(
      xml: Data(try shop.read("out-shop/merchant-supplemental.xml").utf8))
    #expect(tsv.map(\.id) == xml.map(\.id))
    #expect(tsv.map(\.color) == xml.map(\.color))
    let problems =
      MerchantColorRules.check(tsv, primary: primary)
      + MerchantColorRules.check(xml, primary: primary)
    #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    return tsv
  }

  @Test func aMerchantFeedsColoursGoBackAsASupplementalFeed() async throws {
    let shop = try Shop(
      feed: try Self.merchantFeed(), name: "feed.tsv", format: "merchant-tsv",
      writeBack: #"{"replaceNames": true}"#)
    defer { shop.remove() }
    let run = try await shop.huewall(["run"])
    #expect(run.status == 0, "\(run.stderr)")
    let products = try shop.products()
    #expect(products.count == 24)

    #expect(
      try await shop.huewall(["set-color", "KST-5", "--family", "navy", "--hex", "#1b2a4a"]).status
        == 0)
    let primary = Dictionary(
      uniqueKeysWithValues: (1...24).map { ("KST-\($0)", String?.none) })
    let all = try await checkedSupplementalFeed(shop, includeUnsure: true, primary: primary)
    #expect(all.count == 24)
    let colors = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0.color) })
    #expect(colors["KST-5"] == "Navy", "a person's decision wins")
    // Variants of one item group keep their own colours: KST-1 (red) and KST-2 (navy) share
    // KST-G1.
    #expect(colors["KST-1"]?.hasPrefix("Red") == true)
    #expect(colors["KST-2"]?.hasPrefix("Navy") == true)
    #expect(colors.values.allSatisfy { !$0.contains("#") })

    let settled = try await checkedSupplementalFeed(shop, includeUnsure: false)
    let unsure = Set(all.map(\.id)).subtracting(settled.map(\.id))
    #expect(unsure.contains("KST-15"), "the multicolour sneaker is unsure")
    #expect(settled.contains { $0.id == "KST-5" }, "a decided product is settled")
  }

  /// `writeBack` in `pipeline.json`: every run writes the files after its export, as
  /// `huewall export --format` does; a bad format or a folder inside the export is refused
  /// before anything is done.
  @Test func theNightlyRunWritesBackByConfiguration() async throws {
    let shop = try Shop(feed: try Self.merchantFeed(), name: "feed.tsv", format: "merchant-tsv")
    defer { shop.remove() }
    func configure(_ writeBack: String) throws {
      try """
      {"feed": {"source": "feed.tsv", "format": "merchant-tsv"},
       "database": "state/catalogue.sqlite", "cache": "state/images", "output": "out",
       "writeBack": \(writeBack)}
      """.write(toFile: shop.config, atomically: true, encoding: .utf8)
    }
    try configure(
      #"{"formats": ["merchant-supplemental"], "output": "shop", "includeUnsure": true, "replaceNames": true}"#
    )
    let run = try await shop.huewall(["run"])
    #expect(run.status == 0, "\(run.stderr)")
    let items = MerchantColorRules.items(tsv: try shop.read("shop/merchant-supplemental.tsv"))
    #expect(items.count == 24)
    #expect(MerchantColorRules.check(items).isEmpty)
    #expect(
      try MerchantColorRules.items(xml: Data(try shop.read("shop/merchant-supplemental.xml").utf8))
        .count == 24)
    // The same as the command writes.
    let export = try await shop.huewall([
      "export", "--format", "merchant-supplemental", "--include-unsure", "--out",
      shop.folder.appendingPathComponent("by-hand").path,
    ])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(
      try shop.read("by-hand/merchant-supplemental.tsv")
        == shop.read("shop/merchant-supplemental.tsv"))

    try configure(#"{"formats": ["google-shopping"]}"#)
    let unknown = try await shop.huewall(["run"])
    #expect(unknown.status == 1)
    #expect(
      unknown.stderr.contains("\"google-shopping\" is not a write-back format"),
      "\(unknown.stderr)")
    #expect(unknown.stderr.contains("merchant-supplemental, shopify-metafields"))

    try configure(#"{"formats": ["shopify-metafields"], "output": "out/shop"}"#)
    let inside = try await shop.huewall(["run"])
    #expect(inside.status == 1)
    #expect(
      inside.stderr.contains("writeBack.output is inside the export folder"), "\(inside.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: shop.folder.appendingPathComponent("out/shop").path))
  }

  @Test func aShopifyShopsColoursGoBackAsMetafields() async throws {
    let shop = try Shop(
      feed: try Self.shopifyFeed(), name: "products.json", format: "shopify",
      shopURL: "https://shop.example")
    defer { shop.remove() }
    let run = try await shop.huewall(["run"])
    #expect(run.status == 0, "\(run.stderr)")
    let products = try shop.products()
    #expect(products.count == 24, "12 products in two colours")

    let export = try await shop.huewall([
      "export", "--format", "shopify-metafields", "--include-unsure",
    ])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(export.stdout.contains("the JSON lines set 12 products and 48 variants in 1 file"))
    let csv = try shop.read("out-shop/shopify-metafields.csv")
    let rows = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(
      rows.first
        == "Handle,Title,Colour (product.metafields.custom.huewall_color),"
        + "Colour family (product.metafields.custom.huewall_color_family),"
        + "Colour name (product.metafields.custom.huewall_color_name)")
    #expect(rows.count == 1 + 12, "one row per Shopify product")
    #expect(Set(rows.dropFirst().map { String($0.split(separator: ",")[0]) }).count == 12)
    for row in rows.dropFirst() {
      let fields = row.split(separator: ",", omittingEmptySubsequences: false)
      #expect(fields.count == 5)
      #expect(fields[2].range(of: "^#[0-9a-f]{6}$", options: .regularExpression) != nil, "\(row)")
    }
    // The primary colourway: sample-1's first variants are red (01-red-sneaker).
    #expect(rows.contains { $0.hasPrefix("sample-1,Sample 1,#") && $0.contains(",red,") })

    let lines = try shop.read("out-shop/shopify-metafields.jsonl").split(separator: "\n")
    #expect(lines.count == 12 + 48, "each product, and every variant of each colourway")
    for line in lines {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let metafields = try #require(object["metafields"] as? [[String: String]])
      #expect(
        metafields.map { $0["key"] ?? "" } == [
          "huewall_color", "huewall_color_family", "huewall_color_name",
        ])
      #expect(
        metafields.map { $0["type"] ?? "" } == [
          "color", "single_line_text_field", "single_line_text_field",
        ])
      #expect(metafields.allSatisfy { $0["namespace"] == "custom" })
      let owner = try #require(metafields.first?["ownerId"])
      #expect(
        owner.hasPrefix("gid://shopify/Product/")
          || owner.hasPrefix("gid://shopify/ProductVariant/"))
    }
    #expect(lines.contains { $0.contains("gid://shopify/Product/8012345670000\"") })
    for k in 0..<12 {
      for variant in [0, 1, 10, 11].map({ 44_100_000_000_000 + k * 100 + $0 }) {
        #expect(lines.contains { $0.contains("gid://shopify/ProductVariant/\(variant)\"") })
      }
    }

    let settled = try await shop.huewall(["export", "--format", "shopify-metafields"])
    #expect(settled.status == 0)
    #expect(settled.stdout.contains("unsure left out"))

    // The supplemental feed of the same 24 colourways passes the rules too, one row for each
    // variant (Merchant matches items, every size of a colourway is one), each under the id
    // Shopify's Google & YouTube channel gives it: without the country, none is written.
    let noCountry = try await shop.huewall([
      "export", "--format", "merchant-supplemental", "--include-unsure",
    ])
    #expect(noCountry.status != 0)
    #expect(noCountry.stderr.contains("need writeBack.merchantCountry"), "\(noCountry.stderr)")
    try shop.configure(
      name: "products.json", format: "shopify", shopURL: "https://shop.example",
      writeBack: #"{"merchantCountry": "us", "replaceNames": true}"#)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(shop.read("out/colors.json").utf8))
        as? [String: Any])
    let colourways = try #require(document["products"] as? [[String: Any]])
    #expect(colourways.count == 24)
    let variants = colourways.flatMap { ($0["items"] as? [[String: Any]]) ?? [] }
      .compactMap { $0["id"] as? String }
    #expect(variants.count == 48)
    var channel: [String] = []
    for k in 0..<12 {
      for variant in [0, 1, 10, 11].map({ 44_100_000_000_000 + k * 100 + $0 }) {
        channel.append("shopify_US_\(8_012_345_670_000 + k)_\(variant)")
      }
    }
    let supplemental = try await checkedSupplementalFeed(
      shop, includeUnsure: true,
      primary: Dictionary(uniqueKeysWithValues: channel.map { ($0, String?.none) }))
    #expect(supplemental.map(\.id).sorted() == channel.sorted())
  }

  /// Google's landing-page rule: a name the shop shows stays; a code or no colour gets a row,
  /// under the feed's own id; a shown name the analysis contradicts goes to review.
  @Test func namesTheShopShowsStay() async throws {
    let header = "id\ttitle\tlink\tprice\tavailability\timage_link\tbrand\tcolor"
    func line(_ id: String, _ file: String, _ color: String) -> String {
      [
        id, "Boot \(id)", "https://kestrel.example/p/\(id)", "89.00 USD", "in_stock",
        Self.samples.appendingPathComponent(file).absoluteString, "Kestrel", color,
      ].joined(separator: "\t")
    }
    let feed =
      [
        header, line("WAL-1", "04-green-cap.png", "Toasted Walnut"),
        line("BLK-2", "11-black-sneaker.jpg", "BLK"), line("NON-3", "05-blue-mug.jpg", ""),
      ].joined(separator: "\n") + "\n"
    let shop = try Shop(feed: feed, name: "feed.tsv", format: "merchant-tsv")
    defer { shop.remove() }
    let run = try await shop.huewall(["run"])
    #expect(run.status == 0, "\(run.stderr)")
    let primary: [String: String?] = ["WAL-1": "Toasted Walnut", "BLK-2": "BLK", "NON-3": ""]
    let rows = try await checkedSupplementalFeed(shop, includeUnsure: true, primary: primary)
    let colors = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.color) })
    #expect(colors.keys.sorted() == ["BLK-2", "NON-3"], "the wall's order, by colour")
    #expect(colors["BLK-2"] == "Black")
    let export = try await shop.huewall([
      "export", "--format", "merchant-supplemental", "--include-unsure",
    ])
    #expect(
      export.stdout.contains("1 items keep the colour name the shop shows"), "\(export.stdout)")

    // The analysis sees green where the shop shows walnut (brown): review lists both.
    let review = try await shop.huewall(["review"])
    #expect(review.status == 0, "\(review.stderr)")
    let walnut = try #require(
      review.stdout.split(separator: "\n").first { $0.contains("WAL-1") })
    #expect(walnut.contains("vendor \"Toasted Walnut\"") && walnut.contains(": green"), "\(walnut)")

    // A shop that wants its names replaced says so.
    try shop.configure(
      name: "feed.tsv", format: "merchant-tsv", writeBack: #"{"replaceNames": true}"#)
    let replaced = try await checkedSupplementalFeed(shop, includeUnsure: true)
    #expect(replaced.map(\.id).sorted() == ["BLK-2", "NON-3", "WAL-1"])
  }

  /// A catalogue from a Merchant feed has neither the shop's titles nor Shopify's ids: no
  /// Shopify CSV (its Title would rename the products), and the summary says why the JSON
  /// lines are empty.
  @Test func aMerchantSourcedCatalogueWritesNoShopifyCSV() async throws {
    let shop = try Shop(feed: try Self.merchantFeed(), name: "feed.tsv", format: "merchant-tsv")
    defer { shop.remove() }
    let run = try await shop.huewall(["run"])
    #expect(run.status == 0, "\(run.stderr)")
    let export = try await shop.huewall([
      "export", "--format", "shopify-metafields", "--include-unsure",
    ])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: shop.folder.appendingPathComponent("out-shop/shopify-metafields.csv").path))
    #expect(export.stdout.contains("shopify-metafields.csv not written"), "\(export.stdout)")
    #expect(export.stdout.contains("the JSON lines (metafieldsSet inputs for the Admin API"))
    #expect(export.stdout.contains("the JSON lines are empty: no product has a Shopify id"))
    #expect(try shop.read("out-shop/shopify-metafields.jsonl").isEmpty)
  }

  @Test func formatAndItsFlagsAreChecked() async throws {
    let bad = try await huewall(["export", "--format", "pdf"])
    #expect(bad.status == 64)
    let unsure = try await huewall(["export", "--include-unsure"])
    #expect(unsure.status == 64)
    #expect(unsure.stderr.contains("--include-unsure goes with --format"))
  }
}
