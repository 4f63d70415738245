import Foundation
import HuewallCore
import HuewallStore
import HuewallTestSupport
import Testing

@testable import HuewallExport

/// The Polish shop shows several colours of a group with one photo, so a tile stands for items
/// of other colours than its own: colors.csv names each of them, as colors.json does.
@Suite(
  .enabled(
    if: RealFeeds.folder != nil,
    "../shared/realfeeds is absent: the real feeds' item colours are skipped"))
struct RealFeedItemColoursTests {
  @Test func italyshopsColoursAreAllInColorsCSV() async throws {
    let products = try await RealFeedColourwayTests().colourways(of: "italyshop_feed_google.xml")
    let exported = products.enumerated().map { index, stored in
      var product = ColorsDocument.ExportedProduct(
        id: stored.product.id, title: stored.product.title, brand: nil,
        vendorColor: stored.product.vendorColor, vendorFamily: nil, link: nil, imageUrl: nil,
        position: index + 1, family: nil, disagreement: false, colors: [])
      product.items = stored.product.items
      return product
    }
    let records = Array(CSVRecords(ColorsCSV.render(exported, colorColumns: 1)))
    let header = try #require(records.first?.fields)
    let column = try #require(header.firstIndex(of: "vendorColor"))
    let items = try #require(header.firstIndex(of: "items"))
    let itemColors = try #require(header.firstIndex(of: "itemColors"))
    let rows = records.dropFirst().map(\.fields)
    #expect(rows.count == 256)
    #expect(rows.map { $0[items].split(separator: "; ").count }.reduce(0, +) == 498)
    let withOthers = rows.filter { !$0[itemColors].isEmpty }
    #expect(withOthers.count == 24)
    // 135-biały: Biały, with Beżowy, Brązowy, Bordowy, Cappuccino and Mleczny among its items.
    let own = Set(rows.map { $0[column] })
    let others = Set(
      withOthers.flatMap { $0[itemColors].split(separator: "; ") }
        .map { String($0.split(separator: ": ").last ?? "") })
    #expect(
      own.union(others) == [
        "Brązowy", "Czarny", "Karmel", "Taupe", "Bordowy", "Cappuccino", "Beżowy", "Oliwkowy",
        "Zielony", "Mleczny", "Szary", "Czerwony", "Biały", "Metalowy", "Złoty", "Niebieski",
        "Koniak", "Szmaragdowy", "Różowy", "Pudrowy", "Pomarańczowy", "Liliowy", "Cytrynowy",
      ])
    #expect(others.isSuperset(of: ["Liliowy", "Pomarańczowy", "Pudrowy"]))
  }
}
