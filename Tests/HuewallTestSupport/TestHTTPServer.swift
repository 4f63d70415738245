public import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A request as the ``TestHTTPServer`` received it.
public struct TestHTTPRequest: Sendable {
  /// The method, such as "GET".
  public var method: String
  /// The request target: the path with its query, such as "/products.json?page=2".
  public var path: String
  /// The header fields in the order they arrived.
  public var headers: [(name: String, value: String)]

  public init(method: String, path: String, headers: [(name: String, value: String)]) {
    self.method = method
    self.path = path
    self.headers = headers
  }

  /// The path without its query.
  public var pathWithoutQuery: String {
    path.firstIndex(of: "?").map { String(path[..<$0]) } ?? path
  }

  /// The first value of the header named `name` (case-insensitive), or nil.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }
}

/// What the ``TestHTTPServer`` answers to one request.
public struct TestHTTPResponse: Sendable {
  /// The bytes of a response body.
  public enum Body: Sendable {
    /// These bytes, sent in one piece.
    case data(Data)
    /// `prefix`, then zero bytes up to `totalBytes` in all, written in 64 KB chunks as the
    /// client reads them: a large body without holding it in memory.
    case generated(prefix: Data, totalBytes: Int)

    var count: Int {
      switch self {
      case .data(let data): data.count
      case .generated(let prefix, let totalBytes): max(prefix.count, totalBytes)
      }
    }
  }

  public var status: Int
  public var headers: [(name: String, value: String)]
  public var body: Body
  /// How long the server waits before it sends anything, to make a client time out.
  public var delay: Duration
  /// When false, the body is sent chunked without a Content-Length, so that the client only
  /// learns its size by reading it.
  public var sendsContentLength: Bool

  public init(
    status: Int = 200,
    headers: [(name: String, value: String)] = [],
    body: Body = .data(Data()),
    delay: Duration = .zero,
    sendsContentLength: Bool = true
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.delay = delay
    self.sendsContentLength = sendsContentLength
  }

  /// A 200 with `data` as the body.
  public static func ok(
    _ data: Data, contentType: String = "application/octet-stream",
    headers: [(name: String, value: String)] = []
  ) -> Self {
    Self(status: 200, headers: [("Content-Type", contentType)] + headers, body: .data(data))
  }

  /// A response with `status` and a short text body.
  public static func status(_ status: Int, body: String = "") -> Self {
    Self(
      status: status, headers: [("Content-Type", "text/plain; charset=utf-8")],
      body: .data(Data(body.utf8)))
  }

  /// A redirect to `location` (absolute or relative to the request).
  public static func redirect(to location: String, status: Int = 302) -> Self {
    Self(status: status, headers: [("Location", location)])
  }

  /// This response after `delay`.
  public func delayed(by delay: Duration) -> Self {
    var copy = self
    copy.delay = delay
    return copy
  }
}

/// A real HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests and benchmarks that must
/// exercise the network stack (timeouts, redirects, keep-alive, streaming) rather than a mock.
///
/// Requests go to the route registered for their exact path (query included), then for their
/// path without the query, then to the fallback handler given to ``start(_:)``; without one
/// they get a 404. Every request is recorded, with the largest number of requests that were
/// in flight at once, so that tests can check revalidation headers and concurrency limits.
public final class TestHTTPServer: Sendable {
  /// Computes the response to one request.
  public typealias Handler = @Sendable (TestHTTPRequest) async -> TestHTTPResponse

  /// The server's root, such as `http://127.0.0.1:40123`.
  public let baseURL: URL

  private let state: State
  private let serverTask: Task<Void, Never>
  /// The listening socket, closed before the task that accepts is cancelled.
  private let listener: any Channel

  private init(
    baseURL: URL, state: State, serverTask: Task<Void, Never>, listener: any Channel
  ) {
    self.baseURL = baseURL
    self.state = state
    self.serverTask = serverTask
    self.listener = listener
  }

  /// Stops accepting first, then ends the connections: a connection accepted after the loop
  /// that takes connections was cancelled would be dropped before it became active, which
  /// SwiftNIO traps on ("Deinited NIOAsyncWriter without calling finish()").
  deinit {
    let task = serverTask
    listener.close().whenComplete { _ in task.cancel() }
  }

  /// Starts a server whose unrouted requests go to `fallback` (404 without one).
  public static func start(_ fallback: Handler? = nil) async throws -> TestHTTPServer {
    let state = State(fallback: fallback)
    let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .bind(host: "127.0.0.1", port: 0) { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.configureHTTPServerPipeline()
          return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
            wrappingChannelSynchronously: channel)
        }
      }
    guard let port = server.channel.localAddress?.port,
      let baseURL = URL(string: "http://127.0.0.1:\(port)")
    else {
      try? await server.channel.close()
      throw ChannelError.unknownLocalAddress
    }
    // Answered on threads of the tests' own (DedicatedThreads), not the pool Swift's tasks and
    // concurrent dispatch queues share: tests that keep every pool thread busy must not starve
    // the answers into a client's timeout.
    let task = Task<Void, Never>(executorPreference: DedicatedThreads.shared) {
      try? await withThrowingDiscardingTaskGroup { group in
        try await server.executeThenClose { connections in
          for try await connection in connections {
            group.addTask { await serve(connection, state: state) }
          }
        }
      }
    }
    return TestHTTPServer(
      baseURL: baseURL, state: state, serverTask: task, listener: server.channel)
  }

  /// Starts a server that answers each path of `routes` with its response.
  public static func start(routes: [String: TestHTTPResponse]) async throws -> TestHTTPServer {
    let server = try await start()
    for (path, response) in routes { server.route(path, response) }
    return server
  }

  /// The URL of `path` on this server; `path` starts with "/" and may carry a query.
  public func url(_ path: String) -> URL {
    URL(string: baseURL.absoluteString + path)!
  }

  /// Answers `path` with `response` from now on.
  public func route(_ path: String, _ response: TestHTTPResponse) {
    route(path) { _ in response }
  }

  /// Answers `path` through `handler` from now on.
  public func route(_ path: String, handler: @escaping Handler) {
    state.withLock { $0.routes[path] = handler }
  }

  /// Every request received so far, oldest first.
  public var requests: [TestHTTPRequest] { state.withLock { $0.requests } }

  /// The requests received so far for `path` (compared without the query when `path` has none).
  public func requests(for path: String) -> [TestHTTPRequest] {
    requests.filter { path.contains("?") ? $0.path == path : $0.pathWithoutQuery == path }
  }

  /// The largest number of requests that were being answered at the same time.
  public var maxInFlight: Int { state.withLock { $0.maxInFlight } }

  /// Forgets the recorded requests and the in-flight maximum; routes stay.
  public func resetRecords() {
    state.withLock {
      $0.requests = []
      $0.maxInFlight = $0.inFlight
    }
  }

  /// Stops accepting, drops open connections and waits until everything has ended.
  public func shutdown() async {
    try? await listener.close()
    serverTask.cancel()
    await serverTask.value
  }

  /// A handler for a resource that supports conditional GET: 304 when the request's
  /// If-None-Match matches `etag` or its If-Modified-Since equals `lastModified`, otherwise
  /// 200 with `body` and the validators.
  public static func revalidating(
    _ body: Data, contentType: String, etag: String? = nil, lastModified: String? = nil
  ) -> Handler {
    { request in
      var validators: [(name: String, value: String)] = []
      if let etag { validators.append(("ETag", etag)) }
      if let lastModified { validators.append(("Last-Modified", lastModified)) }
      if let etag, let sent = request.header("If-None-Match"),
        sent.split(separator: ",").contains(where: {
          $0.trimmingCharacters(in: .whitespaces) == etag
        })
      {
        return TestHTTPResponse(status: 304, headers: validators)
      }
      if request.header("If-None-Match") == nil, let lastModified,
        request.header("If-Modified-Since") == lastModified
      {
        return TestHTTPResponse(status: 304, headers: validators)
      }
      return .ok(body, contentType: contentType, headers: validators)
    }
  }
}

// MARK: - Serving

extension TestHTTPServer {
  fileprivate final class State: Sendable {
    struct Values {
      var routes: [String: Handler] = [:]
      var requests: [TestHTTPRequest] = []
      var inFlight = 0
      var maxInFlight = 0
    }

    let fallback: Handler?
    private let values = Mutex(Values())

    init(fallback: Handler?) { self.fallback = fallback }

    func withLock<T>(_ body: (inout sending Values) -> sending T) -> T {
      values.withLock(body)
    }

    /// Records `request` as received and in flight, and finds its handler.
    func begin(_ request: TestHTTPRequest) -> Handler? {
      withLock {
        $0.requests.append(request)
        $0.inFlight += 1
        $0.maxInFlight = max($0.maxInFlight, $0.inFlight)
        return $0.routes[request.path] ?? $0.routes[request.pathWithoutQuery] ?? fallback
      }
    }

    func end() { withLock { $0.inFlight -= 1 } }
  }

  private static func serve(
    _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, state: State
  ) async {
    try? await connection.executeThenClose { inbound, outbound in
      var head: HTTPRequestHead?
      for try await part in inbound {
        switch part {
        case .head(let requestHead):
          head = requestHead
        case .body:
          break
        case .end:
          guard let requestHead = head else { continue }
          head = nil
          let request = TestHTTPRequest(
            method: requestHead.method.rawValue, path: requestHead.uri,
            headers: requestHead.headers.map { ($0.name, $0.value) })
          let handler = state.begin(request)
          // In flight until the last byte is handed over: a client cannot count the request
          // as finished before that, so this count never exceeds the client's own.
          var ended = false
          defer { if !ended { state.end() } }
          let response = await handler?(request) ?? .status(404, body: "no route")
          if response.delay > .zero { try await Task.sleep(for: response.delay) }
          try await write(response, keepAlive: requestHead.isKeepAlive, to: outbound) {
            state.end()
            ended = true
          }
          if !requestHead.isKeepAlive { return }
        }
      }
    }
  }

  private static func write(
    _ response: TestHTTPResponse, keepAlive: Bool,
    to outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>,
    beforeEnd: () -> Void
  ) async throws {
    var headers = HTTPHeaders(response.headers.map { ($0.name, $0.value) })
    let hasBody = response.status != 304 && response.status != 204
    if hasBody && response.sendsContentLength {
      headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
    }
    if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
    let status = HTTPResponseStatus(statusCode: response.status)
    try await outbound.write(
      .head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)))
    if hasBody {
      switch response.body {
      case .data(let data):
        if !data.isEmpty { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: data)))) }
      case .generated(let prefix, let totalBytes):
        if !prefix.isEmpty {
          try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: prefix))))
        }
        var remaining = totalBytes - prefix.count
        let chunk = ByteBuffer(repeating: 0, count: 65_536)
        while remaining > 0 {
          let size = min(remaining, chunk.readableBytes)
          try await outbound.write(.body(.byteBuffer(chunk.getSlice(at: 0, length: size)!)))
          remaining -= size
        }
      }
    }
    beforeEnd()
    try await outbound.write(.end(nil))
  }
}
