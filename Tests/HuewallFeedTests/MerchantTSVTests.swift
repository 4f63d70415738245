import Foundation
import HuewallCore
import HuewallFeed
import Testing

@Suite struct MerchantTSVTests {
  @Test func rowsBecomeProductsAndExtraColumnsAreIgnored() throws {
    let result = try parse("merchant.tsv")
    #expect(result.format == .merchantTSV)
    #expect(result.itemCount == 3)
    #expect(result.itemErrors.isEmpty)
    #expect(
      result.products == [
        Product(
          id: "KST-RUN-BLU-40",
          title: "Kestrel Runner Sky Blue",
          brand: "Kestrel",
          vendorColor: "Sky Blue",
          link: url("https://kestrel.example/runner/sky-blue"),
          imageURLs: [
            url("https://images.kestrel.example/runner-sky-blue-1.jpg"),
            url("https://images.kestrel.example/runner-sky-blue-2.jpg"),
            url("https://images.kestrel.example/runner-sky-blue-3.jpg"),
          ],
          price: "89.00 USD",
          availability: "in_stock",
          itemGroupId: "KST-RUN",
          size: "40"),
        Product(
          id: "KST-RUN-CRL-40",
          title: "Kestrel Runner Coral",
          brand: "Kestrel",
          vendorColor: "Coral",
          link: url("https://kestrel.example/runner/coral"),
          imageURLs: [url("https://images.kestrel.example/runner-coral-1.jpg")],
          price: "89.00 USD",
          availability: "out_of_stock",
          itemGroupId: "KST-RUN",
          size: "40"),
        Product(
          id: "KST-TEE-WHT",
          title: "Kestrel Tech Tee",
          brand: "Kestrel",
          vendorColor: "White",
          link: url("https://kestrel.example/tee/white"),
          imageURLs: [
            url("https://images.kestrel.example/tee-white.jpg"),
            url("https://images.kestrel.example/tee-white-back.jpg"),
            url(
              "https://res.images.kestrel.example/image/upload/w_800,h_800,c_fill/tee-white-detail.jpg"
            ),
          ],
          price: "29.50 USD",
          availability: "in_stock",
          itemGroupId: nil,
          size: "M"),
      ])
  }

  @Test func columnsMayComeInAnyOrderWithGooglesSpacedNames() throws {
    let result = try parse("merchant-reordered.tsv")
    #expect(result.format == .merchantTSV)
    #expect(
      result.products == [
        Product(
          id: "KST-CAP", title: "Kestrel Cap", brand: "Kestrel",
          imageURLs: [url("https://images.kestrel.example/cap.jpg")], price: "19.00 USD")
      ])
  }

  @Test func unicodeTextFromASpreadsheetIsRead() throws {
    let text =
      "id\ttitle\timage_link\tcolor\nKST-SCARF\tKestrel Scarf\thttps://images.kestrel.example/scarf.jpg\tBordeaux–Rot\n"
    var data = Data([0xFF, 0xFE])
    data.append(text.data(using: .utf16LittleEndian)!)
    let result = try FeedParser().parse(data, source: "scarf.txt")
    #expect(result.format == .merchantTSV)
    #expect(result.products.map(\.vendorColor) == ["Bordeaux–Rot"])
  }

  @Test func aTSVWithoutAnImageColumnFailsAsAWhole() {
    let data = Data("id\ttitle\tlink\nKST-1\tCap\thttps://kestrel.example/cap\n".utf8)
    let error = feedError(data, source: "kestrel.tsv")
    #expect(error?.format == .merchantTSV)
    #expect(
      missingColumn(in: error)
        == Missing(column: "image", accepted: ["image_link", "additional_image_link"]))
  }
}
