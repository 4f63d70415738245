import Foundation
import HuewallFetch
import HuewallTestSupport
import Testing

/// A feed's URL or a vendor's redirect must not send Huewall into the network it runs in.
/// Every server here is the loopback one: an address that must be refused is refused before
/// any connection, so the tests that name 169.254.169.254 never reach it.
@Suite("Refusing private networks")
struct PrivateNetworkTests {
  /// The default settings, which refuse private networks, made quick: one try, and a connect
  /// timeout too short to matter if a connection were ever attempted.
  static let checked = FetchSettings(
    connectTimeout: 0.1, requestTimeout: 2, maxAttempts: 1, retryBaseDelay: 0)

  /// The same checks for tests that do talk to the loopback server, with one try and no
  /// retry to hide a late answer. The request's deadline starts before the fetcher's task
  /// reaches the client, so when the whole suite's synchronous tests hold every cooperative
  /// thread (two on a 2-core machine, for half a minute in a debug build), the deadline runs
  /// out before the request is even sent: the timeouts are far above any such pause.
  static let checkedPatient = FetchSettings(
    connectTimeout: 120, requestTimeout: 300, maxAttempts: 1, retryBaseDelay: 0)

  @Test("the cloud metadata address is refused, naming the address, and nothing is sent")
  func metadataAddress() async throws {
    try await Harness.run(Self.checked) { h in
      let url = URL(string: "http://169.254.169.254/latest/meta-data/x.jpg")!
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(url, previous: nil) })
      #expect(
        error.localizedDescription
          == "http://169.254.169.254/latest/meta-data/x.jpg: 169.254.169.254 is a link-local "
          + "address; set fetch.allowPrivateNetworks to fetch from private networks")
      #expect(error.attempts == 0)
      #expect(!error.isTransient)
    }
  }

  @Test(
    "IP literals in other spellings are refused as the address they reach",
    arguments: [
      ("http://2852039166/x.jpg", "2852039166 is 169.254.169.254, a link-local address"),
      ("http://0xa9fea9fe/x.jpg", "0xa9fea9fe is 169.254.169.254, a link-local address"),
      ("http://0251.0376.0251.0376/x.jpg", "is 169.254.169.254, a link-local address"),
      ("http://[::ffff:169.254.169.254]/x.jpg", "::ffff:169.254.169.254 is a link-local address"),
      ("http://[::ffff:a9fe:a9fe]/x.jpg", "a link-local address"),
      ("http://[64:ff9b::a9fe:a9fe]/x.jpg", "a link-local address"),
      ("http://[fe80::1]/x.jpg", "fe80::1 is a link-local address"),
      ("http://10.1.2.3/x.jpg", "10.1.2.3 is a private address"),
      ("http://0/x.jpg", "0 is 0.0.0.0"),
    ])
  func oddLiterals(url: String, message: String) async throws {
    try await Harness.run(Self.checked) { h in
      let url = URL(string: url)!
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(url, previous: nil) })
      #expect(error.localizedDescription.contains(message), "\(error.localizedDescription)")
      #expect(error.attempts == 0)
    }
  }

  @Test(
    "the loopback server is refused by default, in every spelling, for images and feeds",
    arguments: ["127.0.0.1", "0x7f.1", "017700000001", "2130706433", "[::ffff:127.0.0.1]"])
  func loopbackByDefault(host: String) async throws {
    try await Harness.run(Self.checked) { h in
      h.server.route("/a.jpg", .ok(Samples.jpeg, contentType: "image/jpeg"))
      h.server.route("/feed.json", .ok(Data("{}".utf8), contentType: "application/json"))
      let port = try #require(h.server.baseURL.port)
      let image = URL(string: "http://\(host):\(port)/a.jpg")!
      let feed = URL(string: "http://\(host):\(port)/feed.json")!
      let file = h.cache.directory.appendingPathComponent("feed.partial")
      for error in [
        await h.failure { try await h.fetcher.fetchImage(image, previous: nil) },
        await h.failure { try await h.fetcher.fetchDocument(feed) },
        await h.failure { try await h.fetcher.downloadDocument(feed, to: file) },
      ] {
        let message = error?.localizedDescription ?? "no error"
        #expect(message.contains("127.0.0.1"), "\(message)")
        #expect(message.contains("a loopback address"), "\(message)")
        #expect(message.contains("fetch.allowPrivateNetworks"), "\(message)")
      }
      #expect(h.server.requests.isEmpty)
    }
  }

  @Test("allowPrivateNetworks fetches from loopback as before")
  func allowed() async throws {
    var settings = Self.checkedPatient
    settings.allowPrivateNetworks = true
    try await Harness.run(settings) { h in
      h.server.route("/a.jpg", .ok(Samples.jpeg, contentType: "image/jpeg"))
      let image = try await h.fetcher.fetchImage(h.server.url("/a.jpg"), previous: nil)
      #expect(image.sha256 == ImageCache.sha256(Samples.jpeg))
      #expect(h.server.requests.count == 1)
    }
  }

  @Test("an allowed host is fetched; its redirect to an address that is not allowed is refused")
  func redirectHop() async throws {
    var settings = Self.checkedPatient
    settings.allowedHosts = ["LOCALHOST"]
    try await Harness.run(settings) { h in
      let port = try #require(h.server.baseURL.port)
      h.server.route("/a.jpg", .redirect(to: "http://127.0.0.1:\(port)/b.jpg"))
      h.server.route("/b.jpg", .ok(Samples.jpeg, contentType: "image/jpeg"))
      h.server.route("/c.jpg", .redirect(to: "/b.jpg"))

      // The allowed host itself, redirects on it included.
      let direct = try await h.fetcher.fetchImage(
        URL(string: "http://localhost:\(port)/c.jpg")!, previous: nil)
      #expect(direct.sha256 == ImageCache.sha256(Samples.jpeg))
      h.server.resetRecords()

      let url = URL(string: "http://localhost:\(port)/a.jpg")!
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(url, previous: nil) })
      #expect(
        error.localizedDescription
          == "\(url.absoluteString): redirect to http://127.0.0.1:\(port)/b.jpg: 127.0.0.1 is a "
          + "loopback address; set fetch.allowPrivateNetworks to fetch from private networks")
      #expect(error.attempts == 1)
      #expect(h.server.requests(for: "/a.jpg").count == 1)
      #expect(h.server.requests(for: "/b.jpg").isEmpty)
    }
  }

  @Test("a name that resolves to a private address is refused, naming both")
  func resolvedName() async throws {
    try await Harness.run(Self.checked) { h in
      h.server.route("/a.jpg", .ok(Samples.jpeg, contentType: "image/jpeg"))
      let port = try #require(h.server.baseURL.port)
      let url = URL(string: "http://localhost:\(port)/a.jpg")!
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(url, previous: nil) })
      let message = error.localizedDescription
      #expect(message.contains("localhost resolves to "), "\(message)")
      #expect(message.contains("a loopback address"), "\(message)")
      #expect(message.contains("list localhost in fetch.allowedHosts"), "\(message)")
      #expect(h.server.requests.isEmpty)
    }
  }

  @Test("a redirect to a file says so", arguments: ["file:///etc/passwd", "ftp://x.example/a"])
  func redirectToOtherScheme(location: String) async throws {
    var settings = Self.checkedPatient
    settings.allowPrivateNetworks = true
    try await Harness.run(settings) { h in
      h.server.route("/a.jpg", .redirect(to: location))
      let url = h.server.url("/a.jpg")
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(url, previous: nil) })
      let scheme = String(location.prefix { $0 != ":" })
      #expect(
        error.localizedDescription.hasPrefix(
          "\(url.absoluteString): redirect to \(scheme): refused"),
        "\(error.localizedDescription)")
      #expect(error.localizedDescription.contains(location))
      #expect(error.attempts == 1)
    }
  }
}
