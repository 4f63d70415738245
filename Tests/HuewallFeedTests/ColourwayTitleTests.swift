import Foundation
import HuewallCore
import Testing

/// Items without a group are one product only when their titles agree but for a size at their
/// end; an empty title joins nothing; items of one group folded under one photo keep their own
/// colours.
@Suite struct ColourwayTitleTests {
  let photo = URL(string: "https://shop.example/p/1.jpg")!

  func item(_ id: String, _ title: String, color: String? = nil, group: String? = nil)
    -> Product
  {
    Product(id: id, title: title, vendorColor: color, imageURLs: [photo], itemGroupId: group)
  }

  @Test func modelsThatShareAPhotoAndAPrefixStayTwoProducts() {
    let products = Colourway.colourways([
      item("1", "Kocyk minky dwustronny dla dzieci z wypustką Premium BUKLE - 140cm / Krem"),
      item("2", "Kocyk minky dwustronny dla dzieci z wypustką STANDARD BUKLE - 140cm / Krem"),
    ])
    #expect(products.map(\.id) == ["1", "2"])
  }

  @Test func sizesAtTheEndOfOneTitleAreOneProduct() {
    let products = Colourway.colourways([
      item("1", "Harbour Tee - S"), item("2", "Harbour Tee - XXL"), item("3", "Harbour Tee - 42"),
      item("4", "Harbour Tee 140cm"),
    ])
    #expect(products.count == 1)
    #expect(products.first?.items.map(\.id) == ["1", "2", "3", "4"])
  }

  @Test func emptyTitlesNeverMakeTwoItemsOneProduct() {
    let products = Colourway.colourways([item("1", ""), item("2", ""), item("3", "  ")])
    #expect(products.map(\.id) == ["1", "2", "3"])
  }

  @Test func itemsOfOneGroupUnderOnePhotoKeepTheirOwnColours() throws {
    let products = Colourway.colourways([
      item("135-1", "Torebka 135", color: "Biały", group: "135"),
      item("135-2", "Torebka 135", color: "Beżowy", group: "135"),
      item("135-3", "Torebka 135", color: "Biały", group: "135"),
    ])
    let tile = try #require(products.first)
    #expect(products.count == 1)
    #expect(tile.vendorColor == "Biały")
    #expect(tile.items.map(\.id) == ["135-1", "135-2", "135-3"])
    // The tile's own colour is said once, on the tile; another colour on its item.
    #expect(tile.items.map(\.vendorColor) == [nil, "Beżowy", nil])
  }

  @Test func aColourwayOfOneColourGivesItsItemsNoColourOfTheirOwn() throws {
    let products = Colourway.colourways([
      item("T-S", "Tee - S", color: "Navy", group: "T"),
      item("T-M", "Tee - M", color: "navy", group: "T"),
    ])
    #expect(products.count == 1)
    #expect(products.first?.items.allSatisfy { $0.vendorColor == nil } == true)
  }
}
