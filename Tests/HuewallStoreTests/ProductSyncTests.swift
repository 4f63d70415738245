import Foundation
import HuewallCore
import Testing

@testable import HuewallPostgres
@testable import HuewallStore

@Suite("Product sync")
struct ProductSyncTests {
  @Test(
    "added, changed, unchanged, removed and reappearing products, with their times",
    arguments: Backend.allCases)
  func lifecycle(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let a = sampleProduct("a")
      let b = sampleProduct("b")
      let c = sampleProduct("c")
      let d = sampleProduct("d")
      var bCheaper = b
      bCheaper.price = "49.99 USD"

      // Day 0: an empty catalogue takes the feed.
      let first = try await store.syncProducts([a, b, c], at: t0)
      #expect(first == ProductSyncCounts(seen: 3, added: 3, changed: 0, removed: 0))
      #expect(first.unchanged == 0)
      let stored0 = try await store.products(includeRemoved: true)
      #expect(stored0.map(\.product) == [a, b, c])
      for product in stored0 {
        #expect(product.firstSeenAt == t0)
        #expect(product.lastSeenAt == t0)
        #expect(product.updatedAt == t0)
        #expect(product.removedAt == nil)
      }

      // Day 1: a unchanged, b cheaper, c gone, d new.
      let second = try await store.syncProducts([a, bCheaper, d], at: t1)
      #expect(second == ProductSyncCounts(seen: 3, added: 1, changed: 1, removed: 1))
      #expect(second.unchanged == 1)
      let all1 = Dictionary(
        uniqueKeysWithValues: try await store.products(includeRemoved: true).map {
          ($0.product.id, $0)
        })
      #expect(
        all1["a"]
          == StoredProduct(
            product: a, firstSeenAt: t0, lastSeenAt: t1, removedAt: nil, updatedAt: t0))
      #expect(
        all1["b"]
          == StoredProduct(
            product: bCheaper, firstSeenAt: t0, lastSeenAt: t1, removedAt: nil, updatedAt: t1))
      #expect(
        all1["c"]
          == StoredProduct(
            product: c, firstSeenAt: t0, lastSeenAt: t0, removedAt: t1, updatedAt: t1))
      #expect(
        all1["d"]
          == StoredProduct(
            product: d, firstSeenAt: t1, lastSeenAt: t1, removedAt: nil, updatedAt: t1))
      #expect(all1["c"]?.isRemoved == true)
      #expect(try await store.products(includeRemoved: false).map(\.product.id) == ["a", "b", "d"])

      // Day 2: c is back (with a new price): added again, first seen on day 0.
      let cBack = sampleProduct("c", price: "19.99 USD")
      let third = try await store.syncProducts([a, bCheaper, cBack, d], at: t2)
      #expect(third == ProductSyncCounts(seen: 4, added: 1, changed: 0, removed: 0))
      let c2 = try #require(
        try await store.products(includeRemoved: false).first { $0.product.id == "c" })
      #expect(
        c2
          == StoredProduct(
            product: cBack, firstSeenAt: t0, lastSeenAt: t2, removedAt: nil, updatedAt: t2))

      // Day 3: the same feed again changes nothing but last_seen_at.
      let fourth = try await store.syncProducts([d, cBack, bCheaper, a], at: t3)
      #expect(fourth == ProductSyncCounts(seen: 4, added: 0, changed: 0, removed: 0))
      #expect(fourth.unchanged == 4)
      let stored3 = try await store.products(includeRemoved: true)
      #expect(stored3.map(\.lastSeenAt) == [t3, t3, t3, t3])
      #expect(stored3.map(\.updatedAt) == [t0, t1, t2, t1])
    }
  }

  enum Field: String, CaseIterable, Sendable {
    case title, brand, vendorColor, link, mainImage, additionalImages, imageOrder, price
    case availability, itemGroup
  }

  @Test(
    "a difference in any one field counts as changed", arguments: Field.allCases, Backend.allCases)
  func eachFieldCounts(_ field: Field, _ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let original = sampleProduct("a")
      var edited = original
      switch field {
      case .title: edited.title = "Runner A (2025)"
      case .brand: edited.brand = nil
      case .vendorColor: edited.vendorColor = "black"
      case .link: edited.link = url("https://shop.example/p/a?variant=2")
      case .mainImage: edited.imageURLs[0] = url("https://cdn.example/a-1b.jpg")
      case .additionalImages: edited.imageURLs.append(url("https://cdn.example/a-3.jpg"))
      case .imageOrder: edited.imageURLs.reverse()
      case .price: edited.price = "59.99 EUR"
      case .availability: edited.availability = "out_of_stock"
      case .itemGroup: edited.itemGroupId = nil
      }
      try await store.syncProducts([original], at: t0)
      let counts = try await store.syncProducts([edited], at: t1)
      #expect(counts == ProductSyncCounts(seen: 1, added: 0, changed: 1, removed: 0))
      #expect(try await store.products(includeRemoved: false).map(\.product) == [edited])
    }
  }

  @Test("empty and nil values are told apart and round-trip", arguments: Backend.allCases)
  func sparseProducts(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let bare = Product(id: "bare", imageURLs: [])
      var empty = bare
      empty.brand = ""
      try await store.syncProducts([bare], at: t0)
      #expect(try await store.products(includeRemoved: false).map(\.product) == [bare])
      #expect(try await store.syncProducts([empty], at: t1).changed == 1)
      #expect(try await store.products(includeRemoved: false).map(\.product) == [empty])
    }
  }

  @Test(
    "text with quotes, backslashes and control characters round-trips through JSON",
    arguments: Backend.allCases)
  func awkwardURLs(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let product = Product(
        id: "ü\"id", title: "Tab\there, \"quoted\" \\ back",
        imageURLs: [
          url("file:///tmp/main%20image.png"), url("https://cdn.example/a%22b.jpg?x=%5C"),
          url("https://cdn.example/%E2%9C%93.jpg"),
        ])
      try await store.syncProducts([product], at: t0)
      #expect(try await store.products(includeRemoved: false).map(\.product) == [product])
      #expect(try await store.syncProducts([product], at: t1).unchanged == 1)
    }
  }

  @Test("a repeated id counts once and its first occurrence wins", arguments: Backend.allCases)
  func duplicates(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let first = sampleProduct("a")
      let second = sampleProduct("a", price: "1.00 USD")
      let counts = try await store.syncProducts([first, sampleProduct("b"), second], at: t0)
      #expect(counts == ProductSyncCounts(seen: 2, added: 2, changed: 0, removed: 0))
      #expect(try await store.products(includeRemoved: false).first?.product == first)
    }
  }

  @Test("an empty feed marks every product removed and deletes none", arguments: Backend.allCases)
  func emptyFeed(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      try await store.syncProducts([sampleProduct("a"), sampleProduct("b")], at: t0)
      let counts = try await store.syncProducts([Product](), at: t1)
      #expect(counts == ProductSyncCounts(seen: 0, added: 0, changed: 0, removed: 2))
      #expect(try await store.products(includeRemoved: false).isEmpty)
      #expect(try await store.products(includeRemoved: true).map(\.removedAt) == [t1, t1])
      // Already removed products are not removed again.
      #expect(try await store.syncProducts([Product](), at: t2).removed == 0)
      #expect(try await store.products(includeRemoved: true).map(\.removedAt) == [t1, t1])
    }
  }

  @Test("a lazy sequence longer than one chunk is read once", arguments: Backend.allCases)
  func lazySequence(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let products = (0..<1_234).lazy.map { sampleProduct(String(format: "p%05d", $0)) }
      let counts = try await store.syncProducts(products, at: t0)
      #expect(counts == ProductSyncCounts(seen: 1_234, added: 1_234, changed: 0, removed: 0))
      let again = try await store.syncProducts(products.dropLast(4), at: t1)
      #expect(again == ProductSyncCounts(seen: 1_230, added: 0, changed: 0, removed: 4))
    }
  }

  /// (`Benchmarks/sync-benchmarks` and `worker-benchmarks` sync 100,000 in release builds.)
  @Test("40,000 products sync in one transaction", arguments: Backend.allCases)
  func fortyThousand(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let count = 40_000
      func product(_ index: Int, price: String = "10.00 USD") -> Product {
        Product(
          id: "sku-\(index)", title: "Product \(index)", brand: "Brand \(index % 50)",
          vendorColor: "C\(index % 17)", link: URL(string: "https://shop.example/p/\(index)"),
          imageURLs: [URL(string: "https://cdn.example/\(index).jpg")!], price: price,
          availability: "in_stock", itemGroupId: "g\(index / 3)")
      }
      let first = try await store.syncProducts((0..<count).lazy.map { product($0) }, at: t0)
      #expect(first == ProductSyncCounts(seen: 40_000, added: 40_000, changed: 0, removed: 0))

      // The next day: the first 1,000 are gone, 1,000 have a new price, 500 are new.
      let next = (1_000..<(count + 500)).lazy.map { index in
        index < 2_000 ? product(index, price: "9.00 USD") : product(index)
      }
      let second = try await store.syncProducts(next, at: t1)
      #expect(second == ProductSyncCounts(seen: 39_500, added: 500, changed: 1_000, removed: 1_000))
      #expect(second.unchanged == 38_000)
      #expect(try await store.strings("SELECT count(*) FROM products") == ["40500"])
      if let store = store as? CatalogStore { #expect(try store.integrityCheck() == ["ok"]) }
    }
  }
}
