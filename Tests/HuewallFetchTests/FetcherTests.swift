import Foundation
import HuewallCore
import HuewallFetch
import HuewallTestSupport
import Logging
import Testing

@Suite("Fetching images over HTTP")
struct FetcherTests {
  @Test("a 200 image lands in the cache under its SHA-256 with its validators")
  func downloadsAnImage() async throws {
    try await Harness.run { h in
      h.server.route(
        "/a.jpg",
        .ok(Samples.jpeg, contentType: "image/jpeg", headers: [("ETag", "\"a1\"")]))
      let image = try await h.fetcher.fetchImage(h.server.url("/a.jpg"), previous: nil)
      #expect(image.sha256 == ImageCache.sha256(Samples.jpeg))
      #expect(image.byteCount == Samples.jpeg.count)
      #expect(image.format == .jpeg)
      #expect(image.validators == Validators(etag: "\"a1\""))
      #expect(!image.notModified)
      #expect(image.attempts == 1)
      #expect(try h.cache.load(sha256: image.sha256) == Samples.jpeg)
      let request = try #require(h.server.requests.first)
      #expect(request.header("User-Agent") == "Huewall/1.0")
      #expect(request.header("If-None-Match") == nil)
    }
  }

  @Test("a 404 is a status, not retried")
  func notFound() async throws {
    try await Harness.run { h in
      let url = h.server.url("/missing.jpg")
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(url, previous: nil) })
      #expect(error.reason == .httpStatus(404))
      #expect(error.attempts == 1)
      #expect(error.url == url.absoluteString)
      #expect(
        error.localizedDescription == "\(url.absoluteString): the server answered 404 Not Found")
      #expect(h.server.requests.count == 1)
    }
  }

  @Test("a 500 is retried and the following 200 wins; the retry is logged with the URL")
  func serverErrorThenSuccess() async throws {
    let log = LogRecorder()
    try await Harness.run(logger: log.logger) { h in
      let calls = InFlightCounter()
      h.server.route("/flaky.jpg") { _ in
        calls.enter()
        return calls.maximum == 1
          ? .status(500, body: "try later") : .ok(Samples.jpeg, contentType: "image/jpeg")
      }
      let image = try await h.fetcher.fetchImage(h.server.url("/flaky.jpg"), previous: nil)
      #expect(image.attempts == 2)
      #expect(image.format == .jpeg)
      #expect(h.server.requests.count == 2)
      let loud = log.messages.filter { $0.level >= .info }
      #expect(loud.count == 1)
      #expect(loud.first?.level == .notice)
      #expect(loud.first?.message.contains(h.server.url("/flaky.jpg").absoluteString) == true)
      #expect(loud.first?.message.contains("500 Internal Server Error") == true)
    }
  }

  @Test("5xx every time fails after maxAttempts with the last status")
  func serverErrorEveryTime() async throws {
    try await Harness.run { h in
      h.server.route("/down.jpg", .status(503))
      let url = h.server.url("/down.jpg")
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(url, previous: nil) })
      #expect(error.reason == .httpStatus(503))
      #expect(error.attempts == Harness.quick.maxAttempts)
      #expect(h.server.requests.count == Harness.quick.maxAttempts)
    }
  }

  @Test("a server slower than requestTimeout times out on every attempt")
  func slowServer() async throws {
    var settings = Harness.quick
    settings.requestTimeout = 0.25
    try await Harness.run(settings) { h in
      // The server answers only once the client has given up (the test opens the barrier),
      // so no clock but the client's own decides the outcome.
      let gaveUp = Barrier(parties: .max)
      h.server.route("/slow.jpg") { _ in
        await gaveUp.arrive()
        return .ok(Samples.jpeg)
      }
      let url = h.server.url("/slow.jpg")
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(url, previous: nil) })
      gaveUp.open()
      #expect(error.reason == .timedOut)
      #expect(error.attempts == settings.maxAttempts)
      // The timeout covers connecting and sending too: on a busy machine an attempt can give
      // up before the server has read its request, so the server may see fewer.
      #expect((1...settings.maxAttempts).contains(h.server.requests.count))
    }
  }

  @Test("a refused connection is retried, then reported")
  func connectionRefused() async throws {
    try await Harness.run { h in
      // Nothing listens on port 1 of the loopback interface.
      let url = URL(string: "http://127.0.0.1:1/a.jpg")!
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(url, previous: nil) })
      guard case .connectionFailed(let detail) = error.reason else {
        Issue.record("expected connectionFailed, got \(error.reason)")
        return
      }
      #expect(!detail.isEmpty)
      #expect(error.attempts == Harness.quick.maxAttempts)
    }
  }

  @Test("a redirect loop fails at once")
  func redirectLoop() async throws {
    try await Harness.run { h in
      h.server.route("/a.jpg", .redirect(to: "/b.jpg"))
      h.server.route("/b.jpg", .redirect(to: "/a.jpg"))
      let url = h.server.url("/a.jpg")
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(url, previous: nil) })
      #expect(error.reason == .redirectLoop)
      #expect(error.attempts == 1)
    }
  }

  @Test("five redirects are followed, a sixth is too many")
  func redirectLimit() async throws {
    try await Harness.run { h in
      h.server.route("/hop/0", .ok(Samples.jpeg, contentType: "image/jpeg"))
      for hop in 1...6 { h.server.route("/hop/\(hop)", .redirect(to: "/hop/\(hop - 1)")) }
      let image = try await h.fetcher.fetchImage(h.server.url("/hop/5"), previous: nil)
      #expect(image.sha256 == ImageCache.sha256(Samples.jpeg))
      #expect(image.url == h.server.url("/hop/5"))

      h.server.resetRecords()
      let url = h.server.url("/hop/6")
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(url, previous: nil) })
      #expect(error.reason == .tooManyRedirects)
      #expect(error.attempts == 1)
      #expect(h.server.requests.count == 6)
    }
  }

  @Test("an oversize body is refused, with or without Content-Length", arguments: [true, false])
  func oversizeBody(sendsContentLength: Bool) async throws {
    var settings = Harness.quick
    settings.maxImageBytes = 100_000
    try await Harness.run(settings) { h in
      h.server.route(
        "/huge.jpg",
        TestHTTPResponse(
          headers: [("Content-Type", "image/jpeg")],
          body: .generated(prefix: Samples.jpeg, totalBytes: 20_000_000),
          sendsContentLength: sendsContentLength))
      let url = h.server.url("/huge.jpg")
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(url, previous: nil) })
      #expect(error.reason == .bodyTooLarge(limit: 100_000))
      #expect(error.attempts == 1)
      #expect(h.cacheListing().isEmpty)
    }
  }

  @Test("an HTML error page served with 200 is not an image")
  func htmlBody() async throws {
    try await Harness.run { h in
      let page =
        "<!DOCTYPE html>\n<html><head><title>Oops</title></head><body>Not found</body></html>"
      h.server.route("/a.jpg", .ok(Data(page.utf8), contentType: "text/html"))
      let url = h.server.url("/a.jpg")
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(url, previous: nil) })
      #expect(error.reason == .notAnImage(looksLike: "an HTML page"))
      #expect(error.attempts == 1)
      #expect(
        error.localizedDescription.hasSuffix("not an image: the bytes look like an HTML page"))
    }
  }

  @Test("an empty 200 body is an error")
  func emptyBody() async throws {
    try await Harness.run { h in
      h.server.route("/a.jpg", .ok(Data(), contentType: "image/jpeg"))
      let url = h.server.url("/a.jpg")
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(url, previous: nil) })
      #expect(error.reason == .emptyBody)
      #expect(error.attempts == 1)
    }
  }

  @Test("an unchanged image is revalidated by ETag: 304, cached bytes, nothing written")
  func etagRevalidation() async throws {
    try await Harness.run { h in
      h.server.route(
        "/a.jpg",
        handler: TestHTTPServer.revalidating(
          Samples.jpeg, contentType: "image/jpeg", etag: "\"v1\""))
      let url = h.server.url("/a.jpg")
      let first = try await h.fetcher.fetchImage(url, previous: nil)
      #expect(first.validators == Validators(etag: "\"v1\""))
      let before = h.cacheListing()

      let second = try await h.fetcher.fetchImage(
        url, previous: PreviousFetch(validators: first.validators, sha256: first.sha256))
      #expect(second.notModified)
      #expect(second.sha256 == first.sha256)
      #expect(second.byteCount == Samples.jpeg.count)
      #expect(second.format == .jpeg)
      #expect(second.validators == first.validators)
      #expect(second.attempts == 1)
      #expect(h.server.requests.last?.header("If-None-Match") == "\"v1\"")
      #expect(h.cacheListing() == before)
    }
  }

  @Test("an unchanged image is revalidated by Last-Modified")
  func lastModifiedRevalidation() async throws {
    try await Harness.run { h in
      let stamp = "Wed, 21 Oct 2015 07:28:00 GMT"
      h.server.route(
        "/a.png",
        handler: TestHTTPServer.revalidating(
          Samples.png, contentType: "image/png", lastModified: stamp))
      let url = h.server.url("/a.png")
      let first = try await h.fetcher.fetchImage(url, previous: nil)
      #expect(first.validators == Validators(lastModified: stamp))
      #expect(first.format == .png)
      let before = h.cacheListing()

      let second = try await h.fetcher.fetchImage(
        url, previous: PreviousFetch(validators: first.validators, sha256: first.sha256))
      #expect(second.notModified)
      #expect(second.sha256 == first.sha256)
      #expect(second.validators == first.validators)
      let request = try #require(h.server.requests.last)
      #expect(request.header("If-Modified-Since") == stamp)
      #expect(request.header("If-None-Match") == nil)
      #expect(h.cacheListing() == before)
    }
  }

  @Test("a changed image answers 200 with a new ETag and gets a new hash")
  func changedImage() async throws {
    try await Harness.run { h in
      h.server.route(
        "/a",
        handler: TestHTTPServer.revalidating(
          Samples.jpeg, contentType: "image/jpeg", etag: "\"v1\""))
      let url = h.server.url("/a")
      let first = try await h.fetcher.fetchImage(url, previous: nil)

      h.server.route(
        "/a",
        handler: TestHTTPServer.revalidating(Samples.png, contentType: "image/png", etag: "\"v2\""))
      let second = try await h.fetcher.fetchImage(
        url, previous: PreviousFetch(validators: first.validators, sha256: first.sha256))
      #expect(h.server.requests.last?.header("If-None-Match") == "\"v1\"")
      #expect(!second.notModified)
      #expect(second.sha256 == ImageCache.sha256(Samples.png))
      #expect(second.sha256 != first.sha256)
      #expect(second.format == .png)
      #expect(second.validators == Validators(etag: "\"v2\""))
      #expect(h.cache.contains(sha256: first.sha256))
      #expect(h.cache.contains(sha256: second.sha256))
    }
  }

  @Test("no conditional request when the cache lost the previous bytes")
  func revalidationNeedsTheCachedBytes() async throws {
    try await Harness.run { h in
      h.server.route(
        "/a.jpg",
        handler: TestHTTPServer.revalidating(
          Samples.jpeg, contentType: "image/jpeg", etag: "\"v1\""))
      let previous = PreviousFetch(
        validators: Validators(etag: "\"v1\""), sha256: ImageCache.sha256(Samples.jpeg))
      let image = try await h.fetcher.fetchImage(h.server.url("/a.jpg"), previous: previous)
      #expect(!image.notModified)
      #expect(h.server.requests.last?.header("If-None-Match") == nil)
      #expect(h.cache.contains(sha256: image.sha256))
    }
  }

  @Test("20 images at once never exceed maxConcurrentPerHost on the server")
  func perHostLimit() async throws {
    var settings = Harness.quick
    settings.maxConcurrentDownloads = 8
    settings.maxConcurrentPerHost = 4
    try await Harness.run(settings) { h in
      // No answer until four requests are in flight at once: the limit is reached, and
      // then never passed.
      let four = Barrier(parties: 4)
      for index in 0..<20 {
        h.server.route("/img/\(index).jpg") { _ in
          await four.arrive()
          return .ok(Samples.jpeg, contentType: "image/jpeg")
        }
      }
      let images = try await withThrowingTaskGroup(of: FetchedImage.self) { group in
        for index in 0..<20 {
          let url = h.server.url("/img/\(index).jpg")
          group.addTask { try await h.fetcher.fetchImage(url, previous: nil) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(images.count == 20)
      #expect(h.server.requests.count == 20)
      #expect(four.reached, "four requests were never in flight at once")
      #expect(h.server.maxInFlight == 4)
    }
  }

  @Test("maxConcurrentDownloads holds across hosts")
  func overallLimit() async throws {
    var settings = Harness.quick
    settings.maxConcurrentDownloads = 3
    settings.maxConcurrentPerHost = 3
    try await Harness.run(settings) { h in
      let other = try await TestHTTPServer.start()
      // No answer until three requests, over both hosts, are in flight at once.
      let counter = InFlightCounter()
      let three = Barrier(parties: 3)
      let handler: TestHTTPServer.Handler = { _ in
        counter.enter()
        await three.arrive()
        counter.leave()
        return .ok(Samples.jpeg, contentType: "image/jpeg")
      }
      h.server.route("/x.jpg", handler: handler)
      other.route("/x.jpg", handler: handler)
      let urls =
        (0..<8).map { h.server.url("/x.jpg?\($0)") } + (0..<8).map { other.url("/x.jpg?\($0)") }
      let result = await withTaskGroup(of: Bool.self) { group in
        for url in urls {
          group.addTask { (try? await h.fetcher.fetchImage(url, previous: nil)) != nil }
        }
        return await group.reduce(true) { $0 && $1 }
      }
      await other.shutdown()
      #expect(result)
      #expect(three.reached, "three requests were never in flight at once")
      #expect(counter.maximum == 3)
    }
  }

  @Test("only http, https and file URLs are fetched")
  func unsupportedScheme() async throws {
    try await Harness.run { h in
      let url = URL(string: "ftp://127.0.0.1/a.jpg")!
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(url, previous: nil) })
      #expect(error.reason == .unsupportedScheme("ftp"))
      #expect(error.attempts == 0)
    }
  }
}

@Suite("Fetching files and feeds")
struct FileAndDocumentTests {
  @Test("a file URL is read into the cache without validators")
  func fileURL() async throws {
    try await Harness.run { h in
      let url = Samples.url("03-yellow-tshirt.png")
      let image = try await h.fetcher.fetchImage(url, previous: nil)
      #expect(image.format == .png)
      #expect(image.sha256 == ImageCache.sha256(Samples.png))
      #expect(image.validators == Validators())
      #expect(image.attempts == 1)
      #expect(!image.notModified)
      #expect(h.cache.contains(sha256: image.sha256))

      let again = try await h.fetcher.fetchImage(
        url, previous: PreviousFetch(validators: Validators(), sha256: image.sha256))
      #expect(again.notModified)
      #expect(h.server.requests.isEmpty)
    }
  }

  @Test("a missing file is unreadable")
  func missingFile() async throws {
    try await Harness.run { h in
      let url = Samples.url("no-such-image.jpg")
      let error = try #require(
        await h.failure { try await h.fetcher.fetchImage(url, previous: nil) })
      guard case .fileUnreadable(let detail) = error.reason else {
        Issue.record("expected fileUnreadable, got \(error.reason)")
        return
      }
      #expect(detail == "no such file")
      #expect(error.url == url.absoluteString)
    }
  }

  @Test("a feed document comes back whole with its Content-Type, retried like images")
  func document() async throws {
    try await Harness.run { h in
      let feed = Data(#"{"products": []}"#.utf8)
      let calls = InFlightCounter()
      h.server.route("/feed.json") { _ in
        calls.enter()
        return calls.maximum == 1 ? .status(502) : .ok(feed, contentType: "application/json")
      }
      let document = try await h.fetcher.fetchDocument(h.server.url("/feed.json?page=1"))
      #expect(document.data == feed)
      #expect(document.contentType == "application/json")
      #expect(h.server.requests(for: "/feed.json?page=1").count == 2)
    }
  }

  @Test("a feed document over maxDocumentBytes is refused")
  func oversizeDocument() async throws {
    var settings = Harness.quick
    settings.maxDocumentBytes = 1_000
    try await Harness.run(settings) { h in
      h.server.route(
        "/feed.xml",
        TestHTTPResponse(
          body: .generated(prefix: Data("<rss>".utf8), totalBytes: 50_000),
          sendsContentLength: false))
      let url = h.server.url("/feed.xml")
      let error = try #require(await h.failure { try await h.fetcher.fetchDocument(url) })
      #expect(error.reason == .bodyTooLarge(limit: 1_000))
    }
  }

  @Test("a feed file is read from disk")
  func documentFile() async throws {
    try await Harness.run { h in
      let document = try await h.fetcher.fetchDocument(Samples.url("labels.tsv"))
      #expect(document.data == Samples.data("labels.tsv"))
      #expect(document.contentType == nil)
    }
  }
}
