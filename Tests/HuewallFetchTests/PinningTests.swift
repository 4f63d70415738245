import Foundation
import HuewallTestSupport
import Testing

@testable import HuewallFetch

/// A checked host is connected to at the address that passed the check, whatever DNS would
/// answer next, and HTTP still names the host.
@Suite("Pinning checked hosts")
struct PinningTests {
  @Test("a pinned host is fetched from its pinned address, with its own name in Host")
  func pinnedHost() async throws {
    try await Harness.run(PrivateNetworkTests.checkedPatient) { h in
      h.server.route("/a.jpg", .ok(Samples.jpeg, contentType: "image/jpeg"))
      h.server.route("/b.jpg", .redirect(to: "/a.jpg"))
      let port = try #require(h.server.baseURL.port)
      // `.invalid` never resolves (RFC 6761): only the pin can lead to the server.
      await h.fetcher.pin(host: "images.shop.invalid", to: .v4(0x7F00_0001))
      let url = URL(string: "http://images.shop.invalid:\(port)/b.jpg")!
      let image = try await h.fetcher.fetchImage(url, previous: nil)
      #expect(image.sha256 == ImageCache.sha256(Samples.jpeg))
      #expect(h.server.requests.map(\.path) == ["/b.jpg", "/a.jpg"])
      #expect(h.server.requests.allSatisfy { $0.header("Host") == "images.shop.invalid:\(port)" })

      // Unpinned, the same name goes to DNS, which knows nothing of it.
      let other = URL(string: "http://other.shop.invalid:\(port)/a.jpg")!
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(other, previous: nil) })
      guard case .connectionFailed(let detail) = error.reason else {
        Issue.record("expected connectionFailed, got \(error.reason)")
        return
      }
      #expect(detail.contains("cannot resolve other.shop.invalid"))
    }
  }
}
