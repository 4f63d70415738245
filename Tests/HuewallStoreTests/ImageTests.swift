import Foundation
import HuewallCore
import Testing

@testable import HuewallPostgres
@testable import HuewallStore

@Suite("Image records")
struct ImageTests {
  let downloaded = ImageRecord(
    url: "https://cdn.example/a-1.jpg", etag: "\"v1\"",
    lastModified: "Sun, 15 Jun 2025 15:06:40 GMT",
    sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", byteCount: 48_213,
    format: .jpeg, width: 1000, height: 750, lastStatus: .downloaded, lastError: nil,
    fetchedAt: t0)

  @Test("a saved record reads back equal; an unknown URL reads nil", arguments: Backend.allCases)
  func roundTrip(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      try await store.saveImage(downloaded)
      #expect(try await store.image(url: downloaded.url) == downloaded)
      #expect(try await store.image(url: "https://cdn.example/other.jpg") == nil)
    }
  }

  @Test("saving the same URL again replaces every column", arguments: Backend.allCases)
  func upsert(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      try await store.saveImage(downloaded)
      var revalidated = downloaded
      revalidated.lastStatus = .notModified
      revalidated.fetchedAt = t1
      try await store.saveImage(revalidated)
      #expect(try await store.image(url: downloaded.url) == revalidated)

      let failed = ImageRecord(
        url: downloaded.url, lastStatus: .failed, lastError: "HTTP 404", fetchedAt: t2)
      try await store.saveImage(failed)
      #expect(try await store.image(url: downloaded.url) == failed)
      #expect(try await store.strings("SELECT last_status FROM images") == ["failed"])
    }
  }

  @Test("statuses are stored as their documented words", arguments: Backend.allCases)
  func statusWords(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      try await store.saveImages(
        ImageStatus.allCases.enumerated().map { index, status in
          ImageRecord(url: "u\(index)", lastStatus: status, fetchedAt: t0)
        })
      #expect(
        try await store.strings("SELECT last_status FROM images ORDER BY url")
          == ["downloaded", "not-modified", "failed"])
    }
  }

  @Test(
    "cached images: fetched ones only, one per sha256, the latest fetch representing it",
    arguments: Backend.allCases)
  func cachedImages(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let shared1 = ImageRecord(
        url: "https://a.example/x.jpg", sha256: "bbbb", format: .jpeg, width: 10, height: 10,
        lastStatus: .downloaded, fetchedAt: t0)
      let shared2 = ImageRecord(
        url: "https://b.example/x.jpg", sha256: "bbbb", format: .jpeg, width: 10, height: 10,
        lastStatus: .downloaded, fetchedAt: t1)
      let alone = ImageRecord(
        url: "https://c.example/y.png", sha256: "aaaa", format: .png, width: 4, height: 4,
        lastStatus: .notModified, fetchedAt: t0)
      let never = ImageRecord(
        url: "https://d.example/z.png", lastStatus: .failed, lastError: "timed out",
        fetchedAt: t2)
      try await store.saveImages([shared1, shared2, alone, never])
      #expect(try await store.cachedImages() == [alone, shared2])
    }
  }

  @Test(
    "the records of the feed's main images, read at once, leave out removed products'",
    arguments: Backend.allCases)
  func mainImageRecords(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let kept = sampleProduct("kept")
      let gone = sampleProduct("gone")
      try await store.syncProducts([kept, gone], at: t0)
      try await store.syncProducts([kept], at: t1)
      func record(_ product: Product, sha: String) -> ImageRecord {
        ImageRecord(
          url: product.imageURLs[0].absoluteString, etag: "\"\(sha)\"", sha256: sha,
          format: .jpeg, width: 8, height: 8, lastStatus: .downloaded, fetchedAt: t0)
      }
      let stray = ImageRecord(
        url: "https://c.example/stray.jpg", lastStatus: .failed, fetchedAt: t0)
      try await store.saveImages([record(kept, sha: "aaaa"), record(gone, sha: "bbbb"), stray])
      let records = try await store.mainImageRecords()
      #expect(records == [kept.imageURLs[0].absoluteString: record(kept, sha: "aaaa")])
    }
  }
}
