import AsyncHTTPClient
import Foundation
import Testing

@testable import HuewallServe

/// A read that makes the server analyse is the page's own, or the address bar's: another
/// site's `<img>` or script gets a 403 before anything is analysed.
@Suite(.serialized) struct CrossSiteReadTests {
  @Test func anotherSitesReadOfTheAnalysisIsRefused() async throws {
    try await ServedCatalogue.run { served in
      let own = String(served.base.dropLast())
      let refused: [(String, [(String, String)])] = [
        ("an <img> of another site", [("Sec-Fetch-Site", "cross-site")]),
        ("another port of this host", [("Sec-Fetch-Site", "same-site")]),
        ("another Origin", [("Origin", "http://evil.example")]),
        ("a sandboxed page", [("Origin", "null")]),
        ("another site's Referer", [("Referer", "http://evil.example/wall.html")]),
        ("another server on this machine", [("Referer", "http://127.0.0.1:1/")]),
      ]
      for path in ["api/analysis?numColors=2", "compare?a=live&b=live&numColors=2"] {
        for (what, headers) in refused {
          let (status, _, body) = try await served.get(path, headers: headers)
          #expect(status == 403, "\(path), \(what): \(body)")
          #expect(body.contains("not to"), "\(path), \(what): \(body)")
          #expect(!body.contains("\"hash\""), "nothing analysed: \(body)")
        }
      }
      // The page's own reads, the address bar's and a client that names no page go on.
      for headers in [
        [("Sec-Fetch-Site", "same-origin")], [("Sec-Fetch-Site", "none")], [],
        [("Origin", own)], [("Referer", own + "/?numColors=2")],
      ] {
        let (status, _, body) = try await served.get("api/analysis?numColors=2", headers: headers)
        #expect(status == 200, "\(headers): \(body)")
      }
      // The page itself may still be opened from a link on another site, or typed in.
      let link = [
        ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "navigate"),
        ("Sec-Fetch-Dest", "document"), ("Referer", "https://chat.example/room"),
      ]
      for headers in [link, [("Sec-Fetch-Site", "none")], [("Sec-Fetch-Site", "same-origin")], []] {
        let page = try await served.get("?numColors=2", headers: headers)
        #expect(page.status == 200, "\(headers): \(page.body.prefix(200))")
      }
    }
  }

  /// `/` with parameters no set has analyses them when there is no wall to show meanwhile:
  /// another site's `<img>`, frame, script or fetch of it is refused before anything runs.
  @Test func anotherSitesLoadOfThePageThatIsNotALinkFollowedIsRefused() async throws {
    try await ServedCatalogue.run { served in
      let refused: [(String, [(String, String)])] = [
        (
          "an <img>",
          [
            ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"),
            ("Sec-Fetch-Dest", "image"),
          ]
        ),
        (
          "an <iframe>",
          [
            ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "navigate"),
            ("Sec-Fetch-Dest", "iframe"),
          ]
        ),
        (
          "a fetch",
          [
            ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "cors"),
            ("Sec-Fetch-Dest", "empty"),
          ]
        ),
        (
          "another port's <img>",
          [
            ("Sec-Fetch-Site", "same-site"), ("Sec-Fetch-Mode", "no-cors"),
            ("Sec-Fetch-Dest", "image"),
          ]
        ),
        ("a browser that names only the site", [("Sec-Fetch-Site", "cross-site")]),
        ("another Origin", [("Origin", "http://evil.example")]),
      ]
      for (what, headers) in refused {
        let (status, _, body) = try await served.get("?numColors=3", headers: headers)
        #expect(status == 403, "\(what): \(body.prefix(200))")
        #expect(body.contains("not to"), "\(what): \(body.prefix(200))")
      }
    }
  }
}
