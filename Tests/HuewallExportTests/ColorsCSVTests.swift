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
      id: id, title: title, brand: brand, vendorColor: "BLK, matte", vendorFamily: "black",
      link: nil, imageUrl: "https://i.example/a.jpg", position: 1, family: "blue",
      disagreement: true, colors: colors)
  }

  @Test func rowsHeaderAndLineEnds() {
    let blue = ColorsDocument.ExportedColor(
      h: 0.6, s: 0.8, v: 1, hex: "#3377ff", share: 0.4427, family: "blue")
    let csv = ColorsCSV.render(
      [product("P,1", title: "The \"Best\"\nMug", colors: [blue])], colorColumns: 2)
    let lines = csv.components(separatedBy: "\r\n")
    #expect(
      lines[0]
        == "position,id,title,brand,vendorColor,vendorFamily,family,disagreement,link,imageUrl,"
        + "color1_hex,color1_share,color1_family,color1_h,color1_s,color1_v,"
        + "color2_hex,color2_share,color2_family,color2_h,color2_s,color2_v,"
        + "decidedBy,color1_name,color1_shopName,color2_name,color2_shopName,confidence,backdrop,"
        + "image,imageIndex,secondFamily")
    #expect(
      lines[1]
        == "1,\"P,1\",\"The \"\"Best\"\"\nMug\",,\"BLK, matte\",black,blue,true,,"
        + "https://i.example/a.jpg,#3377ff,0.4427,blue,0.6,0.8,1,,,,,,,analysis,,,,,,,,,")
    #expect(lines.count == 3 && lines[2].isEmpty, "every row ends with CRLF")
  }

  @Test func moreColoursThanAskedWidenTheTable() {
    let c = ColorsDocument.ExportedColor(
      h: 0, s: 0, v: 0, hex: "#000000", share: 1, family: "black")
    let csv = ColorsCSV.render([product("a", title: "t", colors: [c, c, c])], colorColumns: 1)
    #expect(csv.components(separatedBy: "\r\n")[0].contains(",color3_v,decidedBy,"))
    #expect(
      csv.components(separatedBy: "\r\n")[0].hasSuffix(
        ",color3_name,color3_shopName,confidence,backdrop,image,imageIndex,secondFamily"))
  }

  @Test func numbersHaveNoTrailingZero() {
    #expect(ColorsCSV.number(1) == "1")
    #expect(ColorsCSV.number(0) == "0")
    #expect(ColorsCSV.number(0.36) == "0.36")
  }
}
