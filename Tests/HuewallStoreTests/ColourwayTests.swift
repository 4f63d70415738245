import Foundation
import Testing

@testable import HuewallCore
@testable import HuewallPostgres
@testable import HuewallStore

/// A feed's items become colourways: sizes of one colour are one product that lists them.
@Suite("Colourways")
struct ColourwayTests {
  static let red = "https://cdn.example/shirt-red.jpg"

  /// One size of a shirt as a Merchant feed lists it.
  static func item(
    _ id: String, group: String? = "SHIRT", color: String? = "Azul Marino", size: String? = nil,
    image: String = "https://cdn.example/shirt-navy.jpg", title: String? = nil
  ) -> Product {
    Product(
      id: id, title: title ?? "Camiseta Básica - \(color ?? "") - \(size ?? "")", brand: "Opis",
      vendorColor: color, imageURLs: [URL(string: image)!], price: "19.90 EUR",
      itemGroupId: group, size: size)
  }

  @Test func sizesOfOneColourOrOnePhotoAreOneColourway() {
    let s = Self.item("1", size: "S")
    let m = Self.item("2", color: "azul  MARINO", size: "M", image: "https://cdn.example/m.jpg")
    let red = Self.item("3", color: "Rojo", size: "S", image: "https://cdn.example/red.jpg")
    #expect(Colourway.key(of: s) == Colourway.key(of: red), "one group, read together")
    let ids = { (items: [Product]) in Colourway.colourways(items).map(\.items).map { $0.map(\.id) }
    }
    // One colour, whatever the photos; another colour apart.
    #expect(ids([s, red, m]) == [["1", "2"], ["3"]])
    // One photo for two colours (a shop with one picture for its colours): one tile.
    let white = Self.item("4", color: "White", size: "S", image: "https://cdn.example/one.jpg")
    let heather = Self.item("5", color: "Heather", size: "S", image: "https://cdn.example/one.jpg")
    let whiteM = Self.item("6", color: "white", size: "M", image: "https://cdn.example/w2.jpg")
    #expect(ids([white, heather, whiteM]) == [["4", "5", "6"]])
    // No group: one colourway only where the main image is the same.
    let loneA = Self.item("7", group: nil, size: "S")
    let loneB = Self.item("8", group: nil, size: "M")
    let other = Self.item("9", group: nil, size: "M", image: "https://cdn.example/other.jpg")
    #expect(Colourway.key(of: loneA) == Colourway.key(of: loneB))
    #expect(Colourway.key(of: loneA) != Colourway.key(of: other))
    #expect(ids([loneA, loneB]) == [["7", "8"]])
    // …and the same product by its title: an outfit photo shows two products.
    let shirt = Self.item("14", group: nil, color: nil, title: "Women's shirt")
    let trousers = Self.item("15", group: nil, color: nil, title: "Women's trousers")
    #expect(ids([shirt, trousers]) == [["14"], ["15"]])
    // A group without colours: its photos tell its colourways apart.
    let plainA = Self.item("10", color: nil, size: "S")
    let plainB = Self.item("11", color: nil, size: "M", image: "https://cdn.example/other.jpg")
    #expect(ids([plainA, plainB]) == [["10"], ["11"]])
    // Colours that make the same id are told apart.
    let dashed = Self.item(
      "12", color: "Azul-Marino", size: "S", image: "https://cdn.example/d.jpg")
    let dashedM = Self.item(
      "13", color: "Azul-Marino", size: "M", image: "https://cdn.example/d.jpg")
    #expect(
      Colourway.colourways([s, m, dashed, dashedM]).map(\.id) == [
        "SHIRT-azul-marino", "SHIRT-azul-marino-2",
      ])
  }

  @Test func aColourwayListsItsItemsAndSharesItsTitle() {
    let folded = Colourway.fold([
      Self.item("1", size: "S"), Self.item("2", size: "M", image: "https://cdn.example/back.jpg"),
      Self.item("3", size: "L"),
    ])
    #expect(folded.id == "SHIRT-azul-marino")
    #expect(folded.title == "Camiseta Básica - Azul Marino")
    #expect(folded.items.map(\.id) == ["1", "2", "3"])
    #expect(folded.items.map(\.size) == ["S", "M", "L"])
    #expect(folded.size == nil)
    #expect(
      folded.imageURLs.map(\.absoluteString) == [
        "https://cdn.example/shirt-navy.jpg", "https://cdn.example/back.jpg",
      ])
    // One item stays itself: a feed without sizes keeps its ids and titles.
    let alone = Self.item("9", size: "S")
    #expect(Colourway.fold([alone]) == alone)
    // Titles that share less than half keep the first.
    #expect(Colourway.sharedTitle(["Boot", "Sandal"]) == "Boot")
    #expect(Colourway.sharedTitle(["Shoe 40", "Shoe 41"]) == "Shoe")
    #expect(Colourway.slug("Beige Crudo / Café") == "beige-crudo-cafe")
  }

  @Test(
    "staged sizes are folded into colourways, a re-sync changes nothing, a new size changes one",
    arguments: Backend.allCases)
  func stagedItemsFoldIntoColourways(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      func sync(_ items: [Product], at date: Date) throws -> ProductSyncCounts {
        try store.clearStagedProducts()
        try store.stageProducts { staging in
          for (index, item) in items.enumerated() {
            let earlier = try staging.add(item, position: index + 1)
            #expect(earlier == nil)
          }
        }
        #expect(try store.stagedProductCount() == items.count)
        return try store.syncStagedProducts(at: date)
      }
      // Interleaved, as feeds list sizes: navy S, red S, navy M, red M, a product alone.
      var feed = [
        Self.item("N-S", size: "S"), Self.item("R-S", color: "Rojo", size: "S", image: Self.red),
        Self.item("N-M", size: "M"), Self.item("R-M", color: "Rojo", size: "M", image: Self.red),
        Self.item("CAP", group: nil, color: nil, image: "https://cdn.example/cap.jpg"),
      ]
      let first = try sync(feed, at: t0)
      #expect(first == ProductSyncCounts(seen: 3, added: 3, changed: 0, removed: 0))
      let products = try store.products(includeRemoved: true).map(\.product)
      #expect(products.map(\.id) == ["CAP", "SHIRT-azul-marino", "SHIRT-rojo"])
      #expect(products[1].items == [.init(id: "N-S", size: "S"), .init(id: "N-M", size: "M")])
      #expect(products[2].items.map(\.id) == ["R-S", "R-M"])
      #expect(products[0].items == [.init(id: "CAP")])

      #expect(
        try sync(feed, at: t1) == ProductSyncCounts(seen: 3, added: 0, changed: 0, removed: 0))
      feed.append(Self.item("N-L", size: "L"))
      #expect(
        try sync(feed, at: t2) == ProductSyncCounts(seen: 3, added: 0, changed: 1, removed: 0))
      let navy = try #require(
        try store.products(includeRemoved: false).first { $0.product.id == "SHIRT-azul-marino" })
      #expect(navy.product.items.map(\.size) == ["S", "M", "L"])
      #expect(navy.updatedAt == t2)
    }
  }

  @Test("a repeated item id is still a duplicate of the feed", arguments: Backend.allCases)
  func repeatedItemIDs(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      try store.clearStagedProducts()
      try store.stageProducts { staging in
        let first = try staging.add(Self.item("A", size: "S"), position: 1)
        let second = try staging.add(Self.item("A", size: "M"), position: 2)
        #expect(first == nil && second == 1)
      }
      _ = try store.syncStagedProducts(at: t0)
      let products = try store.products(includeRemoved: false).map(\.product)
      #expect(products.map(\.id) == ["A"])
      #expect(products[0].items == [.init(id: "A", size: "S")])
    }
  }

  @Test(
    "a colourway named as another product is left out, not a failed sync",
    arguments: Backend.allCases)
  func colourwayNamedAsAnotherProduct(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      try store.clearStagedProducts()
      try store.stageProducts { staging in
        let items = [
          Self.item("SHIRT-azul-marino", group: nil, color: nil, image: Self.red),
          Self.item("N-S", size: "S"), Self.item("N-M", size: "M"),
        ]
        for (index, item) in items.enumerated() {
          _ = try staging.add(item, position: index + 1)
        }
      }
      let counts = try store.syncStagedProducts(at: t0)
      #expect(counts.seen == 1)
      #expect(try store.products(includeRemoved: false).map(\.product.id) == ["SHIRT-azul-marino"])
    }
  }
}
