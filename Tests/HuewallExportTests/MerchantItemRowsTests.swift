import HuewallColorWords
import HuewallCore
import Testing

@testable import HuewallExport

/// Merchant matches its items by id: a colourway's colour goes to every item it stands for.
@Suite struct MerchantItemRowsTests {
  @Test func everySizeOfAColourwayGetsARowWithItsColour() {
    var navy = ColorsDocument.ExportedProduct(
      id: "TEE-navy", title: "Tee", brand: nil, vendorColor: nil, vendorFamily: nil, link: nil,
      imageUrl: nil, position: 1, family: .navy, disagreement: false,
      colors: [.init(h: 0.62, s: 0.6, v: 0.4, hex: "#293a66", share: 0.9, family: .navy)])
    navy.confidence = 1
    navy.itemGroupId = "TEE"
    navy.items = [.init(id: "TEE-N-S", size: "S"), .init(id: "TEE-N-M", size: "M")]
    var alone = navy
    alone.id = "CAP"
    alone.itemGroupId = nil
    alone.items = [.init(id: "CAP")]
    let (items, skipped) = MerchantSupplemental.items([navy, alone], includeUnsure: false)
    #expect(skipped.unsure.isEmpty)
    #expect(items.map(\.id) == ["TEE-N-S", "TEE-N-M", "CAP"])
    #expect(items.map(\.color) == ["Navy", "Navy", "Navy"])
    #expect(items.map(\.itemGroupId) == ["TEE", "TEE", nil])
  }
}
