import Foundation
import HuewallCore
import Testing

@testable import HuewallPostgres
@testable import HuewallStore

@Suite("Product staging")
struct ProductStagingTests {
  @Test(
    "a staged feed syncs as the same products given in one piece would", arguments: Backend.allCases
  )
  func stagedSyncMatchesSync(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let a = sampleProduct("a")
      let b = sampleProduct("b")
      let c = sampleProduct("c")
      try await store.syncProducts([a, b], at: t0)

      var bCheaper = b
      bCheaper.price = "49.99 USD"
      // More than one page of the staged table, so that the paging is crossed.
      let many = (0..<1234).map { sampleProduct(String(format: "m%04d", $0)) }
      try await store.clearStagedProducts()
      let answers = try await store.stageProducts { staging in
        try ([bCheaper, c] + many).enumerated().map { index, product in
          try staging.add(product, position: index + 1)
        }
      }
      #expect(answers.allSatisfy { $0 == nil })
      #expect(try await store.stagedProductCount() == 1236)

      let counts = try await store.syncStagedProducts(at: t1)
      #expect(counts == ProductSyncCounts(seen: 1236, added: 1235, changed: 1, removed: 1))
      let current = try await store.products(includeRemoved: false).map(\.product)
      #expect(current == ([bCheaper, c] + many).sorted { $0.id < $1.id })
      #expect(
        try await store.products(includeRemoved: true).first { $0.product.id == "a" }?.isRemoved
          == true)
      // The staged products are forgotten once applied.
      #expect(try await store.stagedProductCount() == 0)
    }
  }

  @Test(
    "the pages of one read share the staging: a repeat on a later page is found",
    arguments: Backend.allCases)
  func repeatAcrossPages(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      try await store.clearStagedProducts()
      let first = try await store.stageProducts { staging in
        try staging.add(sampleProduct("a"), position: 1)
      }
      let second = try await store.stageProducts { staging in
        [
          try staging.add(sampleProduct("b"), position: 2),
          try staging.add(sampleProduct("a"), position: 3),
        ]
      }
      #expect(first == nil)
      #expect(second == [nil, 1])
      #expect(try await store.stagedProductCount() == 2)
    }
  }

  @Test(
    "a repeated id keeps its first product and answers with its position",
    arguments: Backend.allCases)
  func repeatedIDs(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      var second = sampleProduct("a")
      second.title = "Another title"
      try await store.clearStagedProducts()
      let answers = try await store.stageProducts { staging in
        [
          try staging.add(sampleProduct("a"), position: 3),
          try staging.add(sampleProduct("b"), position: 4),
          try staging.add(second, position: 9),
        ]
      }
      #expect(answers == [nil, nil, 3])
      try await store.syncStagedProducts(at: t0)
      #expect(
        try await store.products(includeRemoved: false).map(\.product) == [
          sampleProduct("a"), sampleProduct("b"),
        ])
    }
  }

  @Test(
    "what the body throws comes back as it is, and the catalogue is unchanged",
    arguments: Backend.allCases)
  func aFailedReadChangesNothing(_ backend: Backend) async throws {
    struct BrokenFeed: Error, Equatable {}
    try await withCatalogue(backend) { store in
      try await store.syncProducts([sampleProduct("a")], at: t0)
      try await store.clearStagedProducts()
      await #expect(throws: BrokenFeed()) {
        try await store.stageProducts { staging in
          _ = try staging.add(sampleProduct("b"), position: 1)
          throw BrokenFeed()
        }
      }
      #expect(try await store.products(includeRemoved: true).map(\.product) == [sampleProduct("a")])

      // The next read starts afresh.
      try await store.clearStagedProducts()
      #expect(try await store.stagedProductCount() == 0)
      try await store.stageProducts { staging in
        _ = try staging.add(sampleProduct("c"), position: 1)
      }
      try await store.syncStagedProducts(at: t1)
      #expect(try await store.products(includeRemoved: false).map(\.product.id) == ["c"])
    }
  }
}
