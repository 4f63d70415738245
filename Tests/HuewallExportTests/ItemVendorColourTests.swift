import Foundation
import HuewallColorWords
import HuewallCore
import HuewallStore
import Testing

@testable import HuewallExport

/// Items of one group folded under one shared photo keep their own vendor colours through the
/// store, colors.json, the page's details and the Merchant supplemental feed.
@Suite struct ItemVendorColourTests {
  func tile() -> ColorsDocument.ExportedProduct {
    var tile = ColorsDocument.ExportedProduct(
      id: "135-bialy", title: "Torebka 135", brand: nil, vendorColor: "Biały",
      vendorFamily: .white, link: nil, imageUrl: nil, position: 1, family: .white,
      disagreement: false,
      colors: [.init(h: 0.1, s: 0.05, v: 0.95, hex: "#f4f1ec", share: 0.9, family: .white)])
    tile.confidence = 1
    tile.itemGroupId = "135"
    tile.items = [
      .init(id: "135-1"), .init(id: "135-2", size: nil, vendorColor: "Beżowy"),
      .init(id: "135-3", size: nil, vendorColor: "Liliowy"),
    ]
    return tile
  }

  @Test func theStoreKeepsAnItemsOwnColour() throws {
    var product = Product(
      id: "135-bialy", vendorColor: "Biały", imageURLs: [URL(string: "https://s/1.jpg")!])
    product.items = [
      .init(id: "135-1"), .init(id: "135-2", size: "M", vendorColor: "Beżowy"),
    ]
    let json = ProductValues.itemsJSON(of: product)
    #expect(json == #"[{"id":"135-1"},{"id":"135-2","size":"M","vendorColor":"Beżowy"}]"#)
    #expect(ProductValues.items(fromJSON: json) == product.items)
    // A product alone, without a colour of its own on its item, stores what it always did.
    #expect(
      ProductValues.itemsJSON(of: Product(id: "A", vendorColor: "Red", imageURLs: [])) == "[]")
  }

  @Test func colorsJSONListsEachItemsOwnColour() throws {
    var out = ""
    tile().write(to: &out)
    #expect(out.contains(#"{"id": "135-1", "size": null}"#))
    #expect(out.contains(#"{"id": "135-2", "size": null, "vendorColor": "Beżowy"}"#))
    #expect(out.contains(#"{"id": "135-3", "size": null, "vendorColor": "Liliowy"}"#))
  }

  @Test func theSupplementalFeedLeavesAnItemNamedByTheShopAlone() {
    // Biały, Beżowy and Liliowy are names the product page shows: none is overwritten.
    let (items, skipped) = MerchantSupplemental.items([tile()], includeUnsure: false)
    #expect(items.isEmpty)
    #expect(skipped.namedByShop == ["135-1", "135-2", "135-3"])
    // An item whose own colour is a code gets the analysed colour; the others keep theirs.
    var coded = tile()
    coded.vendorColor = "001"
    coded.items[1].vendorColor = "Beżowy"
    coded.items[2].vendorColor = nil
    let (rows, left) = MerchantSupplemental.items([coded], includeUnsure: false)
    #expect(rows.map(\.id) == ["135-1", "135-3"])
    #expect(left.namedByShop == ["135-2"])
  }
}

/// A catalogue read from Shopify's product CSV export has no links: the metafields CSV is
/// keyed by its products' `Handle`, their group.
@Suite struct ShopifyExportWriteBackTests {
  func colourway(_ id: String, group: String?, link: String? = nil)
    -> ColorsDocument.ExportedProduct
  {
    var product = ColorsDocument.ExportedProduct(
      id: id, title: "Harbour Tee", brand: nil, vendorColor: "Navy", vendorFamily: .navy,
      link: link, imageUrl: nil, position: 1, family: .navy, disagreement: false,
      colors: [.init(h: 0.62, s: 0.6, v: 0.4, hex: "#293a66", share: 0.9, family: .navy)])
    product.confidence = 1
    product.itemGroupId = group
    product.items = [.init(id: id + "/S", size: "S")]
    return product
  }

  @Test func theCSVIsKeyedByTheExportsHandle() {
    let output = ShopifyMetafields.render(
      [colourway("harbour-tee-navy", group: "harbour-tee")], includeUnsure: false)
    #expect(output.products == 1)
    let rows = output.csv.split(whereSeparator: \.isNewline)
    #expect(rows.count == 2)
    #expect(rows.last?.hasPrefix("harbour-tee,Harbour Tee,") == true)
    #expect(output.withoutHandle.isEmpty)
  }

  @Test func aShopifyIDIsNoHandleAndNoCSVMeansNoHandleFromAGroup() {
    // products.json read without the shop's address: its group is the product id.
    let numeric = ShopifyMetafields.render(
      [colourway("123-navy", group: "123")], includeUnsure: false)
    #expect(numeric.products == 0)
    // A Merchant catalogue: no CSV, and its groups are no handles.
    let merchant = ShopifyMetafields.render(
      [colourway("TEE-navy", group: "TEE")], includeUnsure: false, csv: false)
    #expect(merchant.withoutHandle == ["TEE-navy"])
  }
}
