import Foundation
import HuewallColorWords
import HuewallCore
import Testing

@testable import HuewallStore

/// People's colour decisions: kept apart from analyses, untouched by re-syncs, tied to the
/// image they were made on.
@Suite("Colour overrides")
struct ColorOverrideTests {
  let sha1 = String(repeating: "1", count: 64)
  let sha2 = String(repeating: "2", count: 64)

  func image(_ url: String, _ sha: String) -> ImageRecord {
    ImageRecord(
      url: url, etag: nil, lastModified: nil, sha256: sha, byteCount: 10, format: .jpeg,
      width: 10, height: 10, lastStatus: .downloaded, lastError: nil, fetchedAt: t0)
  }

  @Test("a decision reads back with the product's image now", arguments: Backend.allCases)
  func roundTrip(_ backend: Backend) async throws {
    try await withCatalogue(backend) { [sha1] store in
      try await store.syncProducts([sampleProduct("a"), sampleProduct("b")], at: t0)
      try await store.saveImage(image("https://cdn.example/a-1.jpg", sha1))
      let targets = try await store.overrideTargets(productIDs: ["a", "b", "nope"])
      #expect(Set(targets.keys) == ["a", "b"])
      #expect(targets["a"]?.imageSHA256 == sha1)
      #expect(targets["b"]?.imageSHA256 == nil)
      let decision = ColorOverride(
        productID: "a", family: .navy, hex: "#1b2a4a", note: "photo is too bright",
        decidedAt: t1, imageSHA256: sha1)
      try await store.saveColorOverrides([decision])
      let stored = try await store.colorOverrides()
      #expect(stored.map(\.override) == [decision])
      #expect(stored.first?.currentImageSHA256 == sha1)
      #expect(stored.first?.isSetAside == false)
    }
  }

  @Test("saving again replaces; clearing forgets only what it names", arguments: Backend.allCases)
  func replaceAndClear(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      try await store.syncProducts([sampleProduct("a"), sampleProduct("b")], at: t0)
      try await store.saveColorOverrides([
        ColorOverride(productID: "a", family: .navy, decidedAt: t0, imageSHA256: nil),
        ColorOverride(productID: "b", family: .red, decidedAt: t0, imageSHA256: nil),
      ])
      try await store.saveColorOverrides([
        ColorOverride(productID: "a", family: .black, note: "n", decidedAt: t1, imageSHA256: nil)
      ])
      #expect(try await store.colorOverrides().map(\.override.family) == [.black, .red])
      #expect(try await store.clearColorOverrides(productIDs: ["a", "zzz"]) == 1)
      #expect(try await store.colorOverrides().map(\.override.productID) == ["b"])
      #expect(try await store.clearColorOverrides(productIDs: ["a"]) == 0)
    }
  }

  @Test(
    "a decision whose stored family is no family is an error naming the product",
    arguments: Backend.allCases)
  func unreadableFamily(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      try await store.syncProducts([sampleProduct("a")], at: t0)
      try await store.saveColorOverrides([
        ColorOverride(productID: "a", family: .navy, decidedAt: t0, imageSHA256: nil)
      ])
      try await store.execute("UPDATE color_overrides SET family = 'teal'")
      let error = await #expect(throws: StoreError.self) { try await store.colorOverrides() }
      guard case .unreadableData(let detail) = error?.reason else {
        Issue.record("expected unreadable data, got \(String(describing: error))")
        return
      }
      #expect(detail.contains("product a") && detail.contains("\"teal\""), "\(detail)")
      // A family written as a person would, in capitals and American, still reads.
      try await store.execute("UPDATE color_overrides SET family = 'Gray'")
      #expect(try await store.colorOverrides().map(\.override.family) == [.grey])
    }
  }

  @Test("a decision for a product the catalogue lacks is refused", arguments: Backend.allCases)
  func unknownProduct(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let error = await #expect(throws: StoreError.self) {
        try await store.saveColorOverrides([
          ColorOverride(productID: "ghost", family: .navy, decidedAt: t0, imageSHA256: nil)
        ])
      }
      #expect(isForeignKeyFailure(error, backend))
    }
  }

  @Test(
    "a re-sync with a changed title keeps the decision; a changed image sets it aside",
    arguments: Backend.allCases)
  func survivesResyncNotANewImage(_ backend: Backend) async throws {
    try await withCatalogue(backend) { [sha1, sha2] store in
      var product = sampleProduct("a")
      try await store.syncProducts([product], at: t0)
      try await store.saveImage(image("https://cdn.example/a-1.jpg", sha1))
      try await store.saveColorOverrides([
        ColorOverride(productID: "a", family: .navy, decidedAt: t0, imageSHA256: sha1)
      ])
      product.title = "Runner a, renamed"
      #expect(try await store.syncProducts([product], at: t1).changed == 1)
      #expect(try await store.colorOverrides().first?.isSetAside == false)
      // The product leaves the feed and comes back: still decided.
      try await store.syncProducts([Product](), at: t2)
      #expect(try await store.colorOverrides().first?.isRemoved == true)
      try await store.syncProducts([product], at: t3)
      #expect(try await store.colorOverrides().first?.isSetAside == false)
      // New bytes at the same URL.
      try await store.saveImage(image("https://cdn.example/a-1.jpg", sha2))
      let stored = try await store.colorOverrides()
      #expect(stored.count == 1)
      #expect(stored.first?.isSetAside == true)
      #expect(stored.first?.override.imageSHA256 == sha1)
    }
  }
}
