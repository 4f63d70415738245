import AsyncHTTPClient
public import Foundation
import HuewallCore
public import Logging
import NIOCore
import NIOHTTP1

/// Downloads images into the ``ImageCache`` and feeds into memory, over HTTP(S) or from files.
///
/// One `Fetcher` serves a whole run: it owns one HTTP client whose connections are reused
/// across downloads, and one set of concurrency slots shared by every call, so callers may
/// start as many fetches at once as they like. Call ``shutdown()`` when done: the HTTP client
/// refuses to be released while it is running.
public final class Fetcher: Sendable {
  public let settings: FetchSettings
  public let cache: ImageCache
  private let logger: Logger
  private let hosts: HostGuard
  private let limiter: ConcurrencyLimiter

  /// The `Accept` header for images: the formats Huewall decodes, then anything.
  private static let imageAccept =
    "image/avif,image/webp,image/png,image/jpeg,image/gif,image/bmp;q=0.9,image/*;q=0.8,*/*;q=0.1"

  /// Creates a fetcher; `settings` should have passed ``FetchSettings/validated()``.
  /// Retries are logged at `.notice` through `logger`; nothing else is logged above `.debug`.
  public init(settings: FetchSettings, cache: ImageCache, logger: Logger) {
    self.settings = settings
    self.cache = cache
    self.logger = logger
    self.limiter = ConcurrencyLimiter(
      total: settings.maxConcurrentDownloads, perHost: settings.maxConcurrentPerHost)
    var configuration = HTTPClient.Configuration()
    // Redirects are followed by ``get(_:accept:validators:deadline:)``, which checks every hop.
    configuration.redirectConfiguration = .disallow
    configuration.timeout = .init(
      connect: Self.timeAmount(settings.connectTimeout),
      read: Self.timeAmount(settings.requestTimeout))
    configuration.connectionPool = .init(
      idleTimeout: .seconds(60),
      concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, settings.maxConcurrentPerHost))
    // Fail a refused connection at once and let the fetcher's own retries (with backoff and a
    // bounded count) deal with it, instead of the client retrying silently until the connect
    // timeout.
    configuration.connectionPool.retryConnectionEstablishment = false
    configuration.decompression = .disabled
    let base = configuration
    self.hosts = HostGuard(settings: settings) { dnsOverride in
      var pinned = base
      pinned.dnsOverride = dnsOverride
      return HTTPClient(eventLoopGroupProvider: .singleton, configuration: pinned)
    }
  }

  /// Connects to `host` at `address` from now on, as if the host had resolved there and
  /// passed the private-network check (for tests).
  func pin(host: String, to address: NetworkAddress) async {
    await hosts.pin(host: host, to: address)
  }

  /// Stops the HTTP clients and closes their connections. Fetches after this fail.
  public func shutdown() async {
    await hosts.shutdown()
  }

  // MARK: - Images

  /// Fetches the image at `url` into the cache.
  ///
  /// With `previous`, and when the cache still holds its bytes, the request is conditional
  /// (If-None-Match, If-Modified-Since) and a 304 answer reuses the cached entry without
  /// reading a body. The bytes must be an image by their magic bytes: a shop's HTML error page
  /// served with status 200 fails as ``FetchError/Reason/notAnImage(looksLike:)``.
  public func fetchImage(_ url: URL, previous: PreviousFetch?) async throws(FetchError)
    -> FetchedImage
  {
    switch try Self.kind(of: url) {
    case .file:
      return try readImageFile(url, previous: previous)
    case .http(let host):
      var (image, attempts) = try await withRetries(url, host: host) {
        () async throws(AttemptFailure) in
        try await self.downloadImage(url, previous: previous)
      }
      image.attempts = attempts
      return image
    }
  }

  private func readImageFile(_ url: URL, previous: PreviousFetch?) throws(FetchError)
    -> FetchedImage
  {
    let data = try Self.readFile(url, limit: settings.maxImageBytes)
    do {
      let format = try Self.checkImage(data)
      let sha256 = try store(data)
      return FetchedImage(
        url: url, sha256: sha256, byteCount: data.count, format: format, validators: Validators(),
        notModified: previous?.sha256 == sha256, attempts: 1)
    } catch {
      throw FetchError(url: url.absoluteString, reason: error.reason, attempts: 1)
    }
  }

  private func downloadImage(_ url: URL, previous: PreviousFetch?) async throws(AttemptFailure)
    -> FetchedImage
  {
    let revalidating = previous.flatMap {
      !$0.validators.isEmpty && cache.contains(sha256: $0.sha256) ? $0 : nil
    }
    let deadline = NIODeadline.now() + Self.timeAmount(settings.requestTimeout)
    let response = try await get(
      url, accept: Self.imageAccept, validators: revalidating?.validators, deadline: deadline)
    let status = Int(response.status.code)

    if status == 304, let revalidating {
      guard let entry = try? cache.peek(sha256: revalidating.sha256),
        let format = ImageFormat.sniff(entry.head)
      else {
        // The entry vanished or went bad since `contains`: fetch the bytes afresh.
        return try await downloadImage(url, previous: nil)
      }
      let validators = Validators(
        etag: response.headers.first(name: "ETag") ?? revalidating.validators.etag,
        lastModified: response.headers.first(name: "Last-Modified")
          ?? revalidating.validators.lastModified)
      return FetchedImage(
        url: url, sha256: revalidating.sha256, byteCount: entry.size, format: format,
        validators: validators, notModified: true, attempts: 0)
    }
    guard (200...299).contains(status) else {
      await Self.discard(response.body)
      throw AttemptFailure(.httpStatus(status))
    }
    let data = try await readBody(
      response, limit: settings.maxImageBytes, deadline: deadline, expectingImage: true)
    let format = try Self.checkImage(data)
    let sha256 = try store(data)
    return FetchedImage(
      url: url, sha256: sha256, byteCount: data.count, format: format,
      validators: Validators(
        etag: response.headers.first(name: "ETag"),
        lastModified: response.headers.first(name: "Last-Modified")),
      notModified: false, attempts: 0)
  }

  private func store(_ data: Data) throws(AttemptFailure) -> String {
    do {
      return try cache.store(data)
    } catch {
      throw AttemptFailure(error.reason)
    }
  }

  private static func checkImage(_ data: Data) throws(AttemptFailure) -> ImageFormat {
    if data.isEmpty { throw AttemptFailure(.emptyBody) }
    guard let format = ImageFormat.sniff(data) else {
      throw AttemptFailure(.notAnImage(looksLike: NonImageContent.describe(data)))
    }
    return format
  }

  // MARK: - Documents

  /// Fetches a feed document into memory, with the same retries and limits as images but
  /// ``FetchSettings/maxDocumentBytes`` as the size limit and no check of the content.
  public func fetchDocument(_ url: URL) async throws(FetchError) -> FetchedDocument {
    switch try Self.kind(of: url) {
    case .file:
      let data = try Self.readFile(url, limit: settings.maxDocumentBytes)
      return FetchedDocument(url: url, data: data, contentType: nil)
    case .http(let host):
      return try await withRetries(url, host: host) { () async throws(AttemptFailure) in
        let deadline = NIODeadline.now() + Self.timeAmount(self.settings.requestTimeout)
        let response = try await self.get(
          url, accept: "*/*", validators: nil, deadline: deadline)
        let status = Int(response.status.code)
        guard (200...299).contains(status) else {
          await Self.discard(response.body)
          throw AttemptFailure(.httpStatus(status))
        }
        let data = try await self.readBody(
          response, limit: self.settings.maxDocumentBytes, deadline: deadline,
          expectingImage: false)
        return FetchedDocument(
          url: url, data: data, contentType: response.headers.first(name: "Content-Type"))
      }.value
    }
  }

  /// Fetches a feed document into `file`, streamed to disk so that a feed larger than memory
  /// can be read, with the same retries and limits as ``fetchDocument(_:)``. Returns the
  /// Content-Type the server sent. Only for `http` and `https` URLs: read a local feed where it
  /// is.
  public func downloadDocument(_ url: URL, to file: URL) async throws(FetchError) -> String? {
    guard case .http(let host) = try Self.kind(of: url) else {
      throw FetchError(url: url.absoluteString, reason: .unsupportedScheme("file"), attempts: 1)
    }
    return try await withRetries(url, host: host) { () async throws(AttemptFailure) in
      let deadline = NIODeadline.now() + Self.timeAmount(self.settings.requestTimeout)
      let response = try await self.get(url, accept: "*/*", validators: nil, deadline: deadline)
      let status = Int(response.status.code)
      guard (200...299).contains(status) else {
        await Self.discard(response.body)
        throw AttemptFailure(.httpStatus(status))
      }
      let handle: FileHandle
      do {
        try? FileManager.default.removeItem(at: file)
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
          throw CocoaError(.fileWriteUnknown)
        }
        handle = try FileHandle(forWritingTo: file)
      } catch {
        throw AttemptFailure(.cache("cannot write \(file.path): \(ImageCache.describe(error))"))
      }
      defer { try? handle.close() }
      try await self.streamBody(response, limit: self.settings.maxDocumentBytes, deadline: deadline)
      {
        (chunk: ByteBuffer) throws(AttemptFailure) in
        do { try handle.write(contentsOf: Data(chunk.readableBytesView)) } catch {
          throw AttemptFailure(.cache("cannot write \(file.path): \(ImageCache.describe(error))"))
        }
      }
      return response.headers.first(name: "Content-Type")
    }.value
  }

  // MARK: - HTTP

  /// Runs `attempt` in a concurrency slot for `host` until it succeeds, fails for good, or
  /// ``FetchSettings/maxAttempts`` is reached. The slot is given back during the backoff so
  /// that other downloads go on meanwhile.
  private func withRetries<T: Sendable>(
    _ url: URL, host: String, _ attempt: () async throws(AttemptFailure) -> T
  ) async throws(FetchError) -> (value: T, attempts: Int) {
    var attempts = 0
    while true {
      attempts += 1
      do {
        try await limiter.acquire(host: host)
      } catch {
        throw FetchError(url: url.absoluteString, reason: .cancelled, attempts: attempts - 1)
      }
      let result: Result<T, AttemptFailure>
      do {
        result = .success(try await attempt())
      } catch {
        result = .failure(error)
      }
      await limiter.release(host: host)
      switch result {
      case .success(let value):
        return (value, attempts)
      case .failure(let failure):
        let reason: FetchError.Reason = Task.isCancelled ? .cancelled : failure.reason
        guard reason.isTransient, attempts < settings.maxAttempts else {
          throw FetchError(
            url: url.absoluteString, reason: reason,
            attempts: failure.nothingSent ? attempts - 1 : attempts)
        }
        let delay = backoff(afterAttempt: attempts)
        logger.notice(
          "\(url.absoluteString): \(reason); retry \(attempts) of \(settings.maxAttempts - 1) in \(String(format: "%.2f", delay)) s",
          metadata: ["url": "\(url.absoluteString)", "attempt": "\(attempts)"])
        do {
          try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
        } catch {
          throw FetchError(url: url.absoluteString, reason: .cancelled, attempts: attempts)
        }
      }
    }
  }

  /// Full jitter: a random wait below a ceiling that doubles with each try, so that many
  /// downloads failing together do not retry together.
  private func backoff(afterAttempt attempt: Int) -> Double {
    let ceiling = min(
      FetchSettings.maxRetryDelay,
      settings.retryBaseDelay * pow(2, Double(min(attempt - 1, 30))))
    return ceiling > 0 ? Double.random(in: 0...ceiling) : 0
  }

  /// GETs `url`, following redirects here rather than in the client, so that every hop's
  /// scheme and host are checked before anything is sent to it.
  private func get(_ url: URL, accept: String, validators: Validators?, deadline: NIODeadline)
    async throws(AttemptFailure) -> HTTPClientResponse
  {
    var current = url
    var visited: Set<String> = [url.absoluteString]
    var redirects = 0
    while true {
      let client = try await hosts.client(for: current, redirect: redirects > 0)
      var request = HTTPClientRequest(url: current.absoluteString)
      request.method = .GET
      request.headers.add(name: "User-Agent", value: settings.userAgent)
      request.headers.add(name: "Accept", value: accept)
      if let etag = validators?.etag { request.headers.add(name: "If-None-Match", value: etag) }
      if let lastModified = validators?.lastModified {
        request.headers.add(name: "If-Modified-Since", value: lastModified)
      }
      let response: HTTPClientResponse
      do {
        response = try await client.execute(request, deadline: deadline)
      } catch {
        throw AttemptFailure(Self.classify(error))
      }
      guard let target = Self.redirectTarget(of: response, from: current) else { return response }
      await Self.discard(response.body)
      let scheme = target.scheme?.lowercased() ?? ""
      guard scheme == "http" || scheme == "https" else {
        throw AttemptFailure(.redirectToScheme(scheme, location: target.absoluteString))
      }
      guard redirects < settings.maxRedirects else { throw AttemptFailure(.tooManyRedirects) }
      guard visited.insert(target.absoluteString).inserted else {
        throw AttemptFailure(.redirectLoop)
      }
      redirects += 1
      current = target
    }
  }

  /// Where a redirect answer points, resolved against the URL it answered; nil when the
  /// answer is not a redirect or has no usable Location (it is then taken as a status).
  private static func redirectTarget(of response: HTTPClientResponse, from url: URL) -> URL? {
    guard [301, 302, 303, 307, 308].contains(response.status.code),
      let location = response.headers.first(name: "Location"), !location.isEmpty,
      let target = URL(string: location, relativeTo: url)?.absoluteURL
    else { return nil }
    return target
  }

  /// Reads the body, refusing it as soon as it is known to exceed `limit`: at once from a
  /// Content-Length, otherwise while it streams in. An image body is also refused as soon as
  /// its first bytes show it is not an image, so an HTML error page is not read to its end.
  private func readBody(
    _ response: HTTPClientResponse, limit: Int, deadline: NIODeadline, expectingImage: Bool
  ) async throws(AttemptFailure) -> Data {
    let declared = response.headers.first(name: "Content-Length").flatMap { Int($0) }
    var data = Data()
    data.reserveCapacity(min(declared ?? 65_536, limit))
    var sniffed = !expectingImage
    try await streamBody(response, limit: limit, deadline: deadline) {
      (chunk: ByteBuffer) throws(AttemptFailure) in
      data.append(contentsOf: chunk.readableBytesView)
      if !sniffed && data.count >= 32 {
        sniffed = true
        _ = try Self.checkImage(data)
      }
    }
    return data
  }

  /// Hands the body to `consume` a chunk at a time, under `limit` and the deadline.
  private func streamBody(
    _ response: HTTPClientResponse, limit: Int, deadline: NIODeadline,
    consume: (ByteBuffer) throws(AttemptFailure) -> Void
  ) async throws(AttemptFailure) {
    let declared = response.headers.first(name: "Content-Length").flatMap { Int($0) }
    if let declared, declared > limit { throw AttemptFailure(.bodyTooLarge(limit: limit)) }
    var count = 0
    do {
      for try await chunk in response.body {
        if chunk.readableBytes > limit - count {
          throw AttemptFailure(.bodyTooLarge(limit: limit))
        }
        count += chunk.readableBytes
        try consume(chunk)
        // The client's deadline covers the wait for the response head; this covers the body.
        if NIODeadline.now() > deadline { throw AttemptFailure(.timedOut) }
      }
    } catch let failure as AttemptFailure {
      throw failure
    } catch {
      throw AttemptFailure(Self.classify(error))
    }
  }

  /// Reads and drops a small error body so the connection can be reused; a large one is left
  /// unread, which closes the connection.
  private static func discard(_ body: HTTPClientResponse.Body) async {
    var seen = 0
    do {
      for try await chunk in body {
        seen += chunk.readableBytes
        if seen > 65_536 { return }
      }
    } catch {}
  }

  static func classify(_ error: any Error) -> FetchError.Reason {
    if error is CancellationError { return .cancelled }
    if let error = error as? HTTPClientError {
      switch error {
      case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout,
        .getConnectionFromPoolTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
        return .timedOut
      case .redirectLimitReached: return .tooManyRedirects
      case .redirectCycleDetected: return .redirectLoop
      case .cancelled: return .cancelled
      case .invalidURL, .emptyHost, .emptyScheme: return .invalidURL
      case .remoteConnectionClosed: return .connectionFailed("the server closed the connection")
      default: return .connectionFailed(error.description)
      }
    }
    if case ChannelError.connectTimeout = error { return .timedOut }
    if let error = error as? IOError {
      return .connectionFailed(Self.systemMessage(error.errnoCode))
    }
    return .connectionFailed(String(describing: error))
  }

  private static func systemMessage(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}

/// One try's failure; the retry loop turns it into a ``FetchError`` with the count of tries.
struct AttemptFailure: Error {
  var reason: FetchError.Reason
  /// True when the failure came before anything was sent, so the try does not count.
  var nothingSent: Bool

  init(_ reason: FetchError.Reason, nothingSent: Bool = false) {
    self.reason = reason
    self.nothingSent = nothingSent
  }
}

extension Fetcher {

  // MARK: - URLs and files

  private enum Kind {
    case file
    case http(host: String)
  }

  /// Whether `url` is a file or an HTTP(S) URL, with the key its concurrency slots go by.
  private static func kind(of url: URL) throws(FetchError) -> Kind {
    guard let scheme = url.scheme?.lowercased() else {
      throw FetchError(url: url.absoluteString, reason: .invalidURL, attempts: 0)
    }
    switch scheme {
    case "file":
      return .file
    case "http", "https":
      guard let host = url.host?.lowercased(), !host.isEmpty else {
        throw FetchError(url: url.absoluteString, reason: .invalidURL, attempts: 0)
      }
      return .http(host: "\(scheme)://\(host):\(url.port ?? (scheme == "https" ? 443 : 80))")
    default:
      throw FetchError(url: url.absoluteString, reason: .unsupportedScheme(scheme), attempts: 0)
    }
  }

  private static func readFile(_ url: URL, limit: Int) throws(FetchError) -> Data {
    func fail(_ reason: FetchError.Reason) -> FetchError {
      FetchError(url: url.absoluteString, reason: reason, attempts: 1)
    }
    let path = url.path
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: path)
    } catch {
      throw fail(.fileUnreadable(ImageCache.describe(error)))
    }
    if attributes[.type] as? FileAttributeType == .typeDirectory {
      throw fail(.fileUnreadable("it is a folder"))
    }
    if let size = (attributes[.size] as? NSNumber)?.intValue, size > limit {
      throw fail(.bodyTooLarge(limit: limit))
    }
    do {
      return try Data(contentsOf: url)
    } catch {
      throw fail(.fileUnreadable(ImageCache.describe(error)))
    }
  }

  static func timeAmount(_ seconds: Double) -> TimeAmount {
    .nanoseconds(Int64(min(seconds, 1e9) * 1_000_000_000))
  }
}
