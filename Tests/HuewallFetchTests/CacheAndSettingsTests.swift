import Foundation
import HuewallFetch
import Testing

@Suite("The image cache")
struct ImageCacheTests {
  private func withCache(_ body: (ImageCache, URL) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-cache-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(try ImageCache(directory: directory), directory)
  }

  @Test("store and load round-trip under a fanned-out SHA-256 path")
  func roundTrip() throws {
    try withCache { cache, directory in
      let data = Samples.jpeg
      let hash = try cache.store(data)
      #expect(hash == ImageCache.sha256(data))
      #expect(hash.count == 64)
      #expect(hash == hash.lowercased())
      let expected = directory.standardizedFileURL
        .appendingPathComponent(String(hash.prefix(2))).appendingPathComponent(hash)
      #expect(cache.url(forSHA256: hash).path == expected.path)
      #expect(FileManager.default.fileExists(atPath: expected.path))
      #expect(cache.contains(sha256: hash))
      #expect(try cache.load(sha256: hash) == data)
      #expect(try cache.store(data) == hash)

      // Only the entry itself: no temporary file is left behind.
      let folder = try FileManager.default.contentsOfDirectory(
        atPath: expected.deletingLastPathComponent().path)
      #expect(folder == [hash])
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory.path) == [
          String(hash.prefix(2))
        ])
    }
  }

  @Test("the hash is SHA-256 of the bytes")
  func knownHash() {
    #expect(
      ImageCache.sha256(Data("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test("an unknown hash is neither contained nor loadable")
  func unknownEntry() throws {
    try withCache { cache, _ in
      let hash = String(repeating: "0", count: 64)
      #expect(!cache.contains(sha256: hash))
      #expect(!cache.contains(sha256: "../../etc/passwd"))
      #expect(throws: FetchError.self) { try cache.load(sha256: hash) }
      do {
        _ = try cache.load(sha256: hash)
      } catch let error as FetchError {
        guard case .cache = error.reason else {
          Issue.record("expected a cache error, got \(error.reason)")
          return
        }
      }
    }
  }

  @Test("a cache folder that cannot be created is a cache error")
  func uncreatableFolder() throws {
    try withCache { _, directory in
      let file = directory.appendingPathComponent("a-file")
      try Data("x".utf8).write(to: file)
      #expect(throws: FetchError.self) {
        try ImageCache(directory: file.appendingPathComponent("sub"))
      }
    }
  }
}

@Suite("Fetch settings")
struct FetchSettingsTests {
  @Test("missing keys take their defaults")
  func defaults() throws {
    let empty = try JSONDecoder().decode(FetchSettings.self, from: Data("{}".utf8))
    #expect(empty == FetchSettings())
    #expect(empty.maxConcurrentDownloads == 8)
    #expect(empty.maxConcurrentPerHost == 4)
    #expect(empty.connectTimeout == 10)
    #expect(empty.requestTimeout == 60)
    #expect(empty.maxRedirects == 5)
    #expect(empty.maxAttempts == 4)
    #expect(empty.retryBaseDelay == 0.5)
    #expect(empty.maxImageBytes == 25_000_000)
    #expect(empty.maxDocumentBytes == 500_000_000)
    #expect(empty.userAgent == "Huewall/1.0")
    #expect(!empty.allowPrivateNetworks)
    #expect(empty.allowedHosts == [])

    let some = try JSONDecoder().decode(
      FetchSettings.self, from: Data(#"{"maxAttempts": 2, "requestTimeout": 1.5}"#.utf8))
    var expected = FetchSettings()
    expected.maxAttempts = 2
    expected.requestTimeout = 1.5
    #expect(some == expected)
  }

  @Test("settings survive an encode/decode round trip and list every key")
  func roundTrip() throws {
    let settings = FetchSettings(
      maxConcurrentPerHost: 2, userAgent: "Shop/2", allowPrivateNetworks: true,
      allowedHosts: ["feeds.intranet"])
    let data = try JSONEncoder().encode(settings)
    #expect(try JSONDecoder().decode(FetchSettings.self, from: data) == settings)
    let keys = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    #expect(
      Set(keys?.keys.map { $0 } ?? []) == Set(FetchSettings.CodingKeys.allCases.map(\.rawValue)))
  }

  @Test("validation names the key that cannot work")
  func validation() throws {
    #expect(try FetchSettings().validated() == FetchSettings())
    var settings = FetchSettings()
    settings.maxAttempts = 0
    #expect(throws: FetchSettingsError(key: "maxAttempts", problem: "must be at least 1 (got 0)")) {
      try settings.validated()
    }
    settings = FetchSettings()
    settings.requestTimeout = 0
    #expect(throws: FetchSettingsError.self) { try settings.validated() }
    settings = FetchSettings()
    settings.userAgent = "Huewall\r\nX-Injected: 1"
    #expect(throws: FetchSettingsError.self) { try settings.validated() }
    settings = FetchSettings()
    settings.allowedHosts = ["feeds.intranet", "10.0.0.5", "[fd00::5]"]
    #expect(try settings.validated() == settings)
    for host in ["", "http://feeds.intranet", "feeds.intranet/path", "a b"] {
      settings.allowedHosts = [host]
      #expect(throws: FetchSettingsError.self) { try settings.validated() }
    }
  }
}
