import Foundation
import HuewallColorWords
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
      func sync(_ items: [Product], at date: Date) async throws -> ProductSyncCounts {
        try await store.clearStagedProducts()
        try await store.stageProducts { staging in
          for (index, item) in items.enumerated() {
            let earlier = try staging.add(item, position: index + 1)
            #expect(earlier == nil)
          }
        }
        #expect(try await store.stagedProductCount() == items.count)
        return try await store.syncStagedProducts(at: date)
      }
      // Interleaved, as feeds list sizes: navy S, red S, navy M, red M, a product alone.
      var feed = [
        Self.item("N-S", size: "S"), Self.item("R-S", color: "Rojo", size: "S", image: Self.red),
        Self.item("N-M", size: "M"), Self.item("R-M", color: "Rojo", size: "M", image: Self.red),
        Self.item("CAP", group: nil, color: nil, image: "https://cdn.example/cap.jpg"),
      ]
      let first = try await sync(feed, at: t0)
      #expect(first == ProductSyncCounts(seen: 3, added: 3, changed: 0, removed: 0))
      let products = try await store.products(includeRemoved: true).map(\.product)
      #expect(products.map(\.id) == ["CAP", "SHIRT-azul-marino", "SHIRT-rojo"])
      #expect(products[1].items == [.init(id: "N-S", size: "S"), .init(id: "N-M", size: "M")])
      #expect(products[2].items.map(\.id) == ["R-S", "R-M"])
      #expect(products[0].items == [.init(id: "CAP")])

      #expect(
        try await sync(feed, at: t1) == ProductSyncCounts(seen: 3, added: 0, changed: 0, removed: 0)
      )
      feed.append(Self.item("N-L", size: "L"))
      #expect(
        try await sync(feed, at: t2) == ProductSyncCounts(seen: 3, added: 0, changed: 1, removed: 0)
      )
      let navy = try #require(
        try await store.products(includeRemoved: false).first {
          $0.product.id == "SHIRT-azul-marino"
        })
      #expect(navy.product.items.map(\.size) == ["S", "M", "L"])
      #expect(navy.updatedAt == t2)
    }
  }

  @Test("a repeated item id is still a duplicate of the feed", arguments: Backend.allCases)
  func repeatedItemIDs(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      try await store.clearStagedProducts()
      try await store.stageProducts { staging in
        let first = try staging.add(Self.item("A", size: "S"), position: 1)
        let second = try staging.add(Self.item("A", size: "M"), position: 2)
        #expect(first == nil && second == 1)
      }
      _ = try await store.syncStagedProducts(at: t0)
      let products = try await store.products(includeRemoved: false).map(\.product)
      #expect(products.map(\.id) == ["A"])
      #expect(products[0].items == [.init(id: "A", size: "S")])
    }
  }

  /// Stages `items` in order and syncs them.
  static func sync(_ items: [Product], into store: any Catalogue, at date: Date) async throws
    -> ProductSyncCounts
  {
    try await store.clearStagedProducts()
    try await store.stageProducts { staging in
      for (index, item) in items.enumerated() {
        _ = try staging.add(item, position: index + 1)
      }
    }
    return try await store.syncStagedProducts(at: date)
  }

  /// A scarf whose own id is what a tee's sizes make as their colourway's id.
  static let scarf = item(
    "TEE-navy", group: nil, color: "Navy", image: "https://cdn.example/scarf.jpg",
    title: "Scarf")
  static let tees = [
    item("T1", group: "TEE", color: "Navy", size: "S"),
    item("T2", group: "TEE", color: "Navy", size: "M"),
  ]

  @Test(
    "a colourway never takes another product's id: it takes the next free one, said naming both",
    arguments: Backend.allCases)
  func colourwayNamedAsAnotherProduct(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let counts = try await Self.sync([Self.scarf] + Self.tees, into: store, at: t0)
      #expect(counts.seen == 2 && counts.added == 2)
      let products = try await store.products(includeRemoved: false).map(\.product)
      try #require(products.map(\.id) == ["TEE-navy", "TEE-navy-2"])
      #expect(products[0].title == "Scarf")
      #expect(products[0].items == [.init(id: "TEE-navy")])
      #expect(products[1].items.map(\.id) == ["T1", "T2"])
      #expect(
        counts.renamed == [
          ColourwayRename(
            wanted: "TEE-navy", given: "TEE-navy-2", group: "TEE", items: ["T1", "T2"])
        ])
      #expect(
        "\(counts.renamed[0])"
          == #"colourway of items "T1", "T2" (group "TEE") is named "TEE-navy-2": "TEE-navy" is the id of another product"#
      )
      // The same feed again: the same ids, nothing changed.
      let again = try await Self.sync([Self.scarf] + Self.tees, into: store, at: t1)
      #expect(again == ProductSyncCounts(seen: 2, renamed: counts.renamed))
    }
  }

  @Test(
    "a colourway's suffix skips another product's id, and two groups never share one",
    arguments: Backend.allCases)
  func suffixesAndGroupsStayUnique(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      // Navy and "Navy!" are two colourways of TEE whose ids are TEE-navy and TEE-navy-2; a
      // product of its own is TEE-navy-2, so the second colourway is TEE-navy-2-2.
      let loud = [
        Self.item(
          "T3", group: "TEE", color: "Navy!", size: "S", image: "https://cdn.example/l.jpg"),
        Self.item(
          "T4", group: "TEE", color: "Navy!", size: "M", image: "https://cdn.example/l.jpg"),
      ]
      let other = Self.item(
        "TEE-navy-2", group: nil, color: nil, image: "https://cdn.example/o.jpg", title: "Other")
      // Group A-b in colour c and group A in colour b-c both make A-b-c.
      let abc = [
        Self.item("X1", group: "A-b", color: "c", size: "S", image: "https://cdn.example/x.jpg"),
        Self.item("X2", group: "A-b", color: "c", size: "M", image: "https://cdn.example/x.jpg"),
        Self.item("Y1", group: "A", color: "b-c", size: "S", image: "https://cdn.example/y.jpg"),
        Self.item("Y2", group: "A", color: "b-c", size: "M", image: "https://cdn.example/y.jpg"),
      ]
      let counts = try await Self.sync(Self.tees + loud + [other] + abc, into: store, at: t0)
      #expect(counts.seen == 5)
      let products = try await store.products(includeRemoved: false).map(\.product)
      let byItems = Dictionary(
        uniqueKeysWithValues: products.map { ($0.items.map(\.id).joined(separator: ","), $0.id) })
      #expect(byItems["T1,T2"] == "TEE-navy")
      #expect(byItems["T3,T4"] == "TEE-navy-2-2")
      #expect(byItems["TEE-navy-2"] == "TEE-navy-2")
      // Groups are read in key order: "a" before "a-b".
      #expect(byItems["Y1,Y2"] == "A-b-c")
      #expect(byItems["X1,X2"] == "A-b-c-2")
      #expect(Set(counts.renamed.map(\.given)) == ["TEE-navy-2-2", "A-b-c-2"])
    }
  }

  @Test(
    "a decision stays with the product it was made on when a colourway comes to want its id",
    arguments: Backend.allCases)
  func aDecisionStaysWithItsProduct(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      // The scarf alone, decided red; then the tee's two sizes arrive.
      _ = try await Self.sync([Self.scarf, Self.tees[0]], into: store, at: t0)
      try await store.saveColorOverrides([
        ColorOverride(productID: "TEE-navy", family: .red, decidedAt: t0, imageSHA256: nil)
      ])
      _ = try await Self.sync([Self.scarf] + Self.tees, into: store, at: t1)
      var products = try await store.products(includeRemoved: true).map(\.product)
      try #require(products.map(\.id) == ["T1", "TEE-navy", "TEE-navy-2"])
      #expect(products[1].title == "Scarf")
      // The scarf leaves the feed: its row and its decision stay its own.
      let counts = try await Self.sync(Self.tees, into: store, at: t2)
      products = try await store.products(includeRemoved: true).map(\.product)
      try #require(products.map(\.id) == ["T1", "TEE-navy", "TEE-navy-2"])
      #expect(products[1].title == "Scarf")
      #expect(counts.renamed.map(\.given) == ["TEE-navy-2"])
      let removed = try await store.products(includeRemoved: false).map(\.product.id)
      #expect(removed == ["TEE-navy-2"])
      let decision = try await store.overrideTargets(productIDs: ["TEE-navy"])["TEE-navy"]
      #expect(decision?.isRemoved == true, "the decision is on the scarf, which left")
    }
  }
}
