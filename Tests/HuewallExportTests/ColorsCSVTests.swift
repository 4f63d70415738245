import Foundation
import HuewallColorWords
import HuewallCore
import Testing

@testable import HuewallExport

@Suite struct ColorsCSVTests {
  @Test(arguments: [
    ("plain", "plain"), ("", ""), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
    ("line\nbreak", "\"line\nbreak\""), ("cr\rhere", "\"cr\rhere\""), ("\"", "\"\"\"\""),
    ("semi;colon", "semi;colon"), (" spaced ", " spaced "), ("naïve ✓", "naïve ✓"),
  ])
  func fieldQuoting(text: String, expected: String) {
    #expect(ColorsCSV.field(text) == expected)
  }

  func product(
    _ id: String, title: String, brand: String? = nil, colors: [ColorsDocument.ExportedColor]
  ) -> ColorsDocument.ExportedProduct {
    ColorsDocument.ExportedProduct(
      id: id, title: title, brand: brand, vendorColor: "BLK, matte", vendorFamily: .black,
      link: nil, imageUrl: "https://i.example/a.jpg", position: 1, family: .blue,
      disagreement: true, colors: colors)
  }

  @Test func rowsHeaderAndLineEnds() {
    let blue = ColorsDocument.ExportedColor(
      h: 0.6, s: 0.8, v: 1, hex: "#3377ff", share: 0.4427, family: .blue)
    let csv = ColorsCSV.render(
      [product("P,1", title: "The \"Best\"\nMug", colors: [blue])], colorColumns: 2)
    let lines = csv.components(separatedBy: "\r\n")
    #expect(
      lines[0]
        == "position,id,title,brand,vendorColor,vendorFamily,family,disagreement,link,imageUrl,"
        + "color1_hex,color1_share,color1_family,color1_h,color1_s,color1_v,"
        + "color2_hex,color2_share,color2_family,color2_h,color2_s,color2_v,"
        + "decidedBy,color1_name,color1_shopName,color2_name,color2_shopName,confidence,backdrop,"
        + "image,imageIndex,secondFamily,items,itemColors")
    #expect(
      lines[1]
        == "1,\"P,1\",\"The \"\"Best\"\"\nMug\",,\"BLK, matte\",black,blue,true,,"
        + "https://i.example/a.jpg,#3377ff,0.4427,blue,0.6,0.8,1,,,,,,,analysis,,,,,,,,,,,")
    #expect(lines.count == 3 && lines[2].isEmpty, "every row ends with CRLF")
  }

  @Test func moreColoursThanAskedWidenTheTable() {
    let c = ColorsDocument.ExportedColor(
      h: 0, s: 0, v: 0, hex: "#000000", share: 1, family: .black)
    let csv = ColorsCSV.render([product("a", title: "t", colors: [c, c, c])], colorColumns: 1)
    #expect(csv.components(separatedBy: "\r\n")[0].contains(",color3_v,decidedBy,"))
    #expect(
      csv.components(separatedBy: "\r\n")[0].hasSuffix(
        ",color3_name,color3_shopName,confidence,backdrop,image,imageIndex,secondFamily,items,"
          + "itemColors"))
  }

  /// A tile of one photo shown for several colours (the Polish shop's 135-biały): every item
  /// with its size, and those of another colour with their own, as colors.json has them.
  @Test func theItemsAndTheirOwnColoursCloseTheRow() {
    var tile = product("135-bialy", title: "Koc", colors: [])
    tile.vendorColor = "Biały"
    tile.items = [
      .init(id: "135-B-S", size: "S"), .init(id: "135-Z-M", size: "M", vendorColor: "Beżowy"),
      .init(id: "135-L", size: nil, vendorColor: "Liliowy, matowy"), .init(id: "+135"),
    ]
    let lines = ColorsCSV.render([tile], colorColumns: 1).components(separatedBy: "\r\n")
    #expect(lines[0].hasSuffix(",secondFamily,items,itemColors"))
    #expect(
      lines[1].hasSuffix(
        ",analysis,,,,,,,,135-B-S (S); 135-Z-M (M); 135-L; +135,"
          + "\"135-Z-M: Beżowy; 135-L: Liliowy, matowy\""))
    // One item, its own: the column names it, and no other colour.
    var single = product("A-1", title: "t", colors: [])
    single.items = [.init(id: "A-1")]
    #expect(
      ColorsCSV.render([single], colorColumns: 1).components(separatedBy: "\r\n")[1]
        .hasSuffix(",A-1,"))
  }

  @Test func numbersHaveNoTrailingZero() {
    #expect(ColorsCSV.number(1) == "1")
    #expect(ColorsCSV.number(0) == "0")
    #expect(ColorsCSV.number(0.36) == "0.36")
  }
}
