import Foundation
import HTTPTypes
public import HuewallColorWords
import HuewallExport
public import HuewallStore
import Hummingbird
public import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
public import ServiceLifecycle

/// `huewall api`: the catalogue a run keeps, served read-only to storefronts and apps as
/// openapi.yaml describes.
public struct CatalogueServer: Sendable {
  /// What the server answers with and whom.
  public struct Settings: Sendable {
    /// The SHA-256 of each key clients may send; empty: no key is asked for (loopback only).
    public var keyHashes: Set<String>
    /// The origins whose pages may call the API from a browser; `*` for any.
    public var allowOrigins: [String]
    /// Requests each key may make a minute; 0: no limit.
    public var requestsPerMinute: Int
    /// The `Cache-Control` of catalogue responses.
    public var cacheControl: String
    /// How long a wall is served before the catalogue's fingerprint is read again.
    public var refreshInterval: Duration
    /// Log every request (at info); off, they are logged at debug.
    public var logsRequests: Bool
    /// Answer the common `/v1/products` requests from each product's JSON encoded once per
    /// wall version (``PreparedPages``); off, every request goes through the generated code.
    /// Both give the same bytes.
    public var answersFromPreparedPages: Bool

    public init(
      keyHashes: Set<String> = [], allowOrigins: [String] = [], requestsPerMinute: Int = 0,
      cacheControl: String = "public, max-age=60", refreshInterval: Duration = .seconds(1),
      logsRequests: Bool = false, answersFromPreparedPages: Bool = true
    ) {
      self.answersFromPreparedPages = answersFromPreparedPages
      self.keyHashes = keyHashes
      self.allowOrigins = allowOrigins
      self.requestsPerMinute = requestsPerMinute
      self.cacheControl = cacheControl
      self.refreshInterval = refreshInterval
      self.logsRequests = logsRequests
    }
  }

  let store: any Catalogue
  let settings: Settings
  let walls: WallReader
  let logger: Logger

  /// Serves `store`'s wall of the set `parameterSet` gives (nil until a run stored it),
  /// sorted and named as an export with `synonyms` and `imagesPerProduct` does.
  public init(
    store: any Catalogue,
    parameterSet: @escaping @Sendable () async throws -> ParameterSetRecord?,
    synonyms: ColorSynonyms, imagesPerProduct: Int, settings: Settings, logger: Logger
  ) {
    self.store = store
    self.settings = settings
    self.logger = logger
    walls = WallReader(
      source: .init(
        store: store, parameterSet: parameterSet, synonyms: synonyms,
        imagesPerProduct: imagesPerProduct),
      refreshInterval: settings.refreshInterval, logger: logger)
  }

  /// Whether `host` is a loopback address, where the API may go without keys.
  public static func isLoopback(_ host: String) -> Bool {
    host == "localhost" || host == "::1" || host.hasPrefix("127.")
  }

  /// The server as a service: it listens on `host`:`port` (0: any free port, which
  /// `onListening` gets) and, on graceful shutdown, stops accepting and lets the requests
  /// under way finish.
  public func application(
    host: String, port: Int, onListening: @escaping @Sendable (Int) async -> Void = { _ in }
  ) throws -> some Service {
    let router = Router()
    router.add(middleware: ResponseCompression())
    router.add(middleware: OriginCheck(allowOrigins: settings.allowOrigins))
    router.add(middleware: ErrorResponses(logger: logger))
    router.add(middleware: HeaderText())
    router.add(middleware: MethodCheck())
    router.add(middleware: QueryCheck())
    router.add(middleware: LogRequestsMiddleware(settings.logsRequests ? .info : .debug))
    router.add(middleware: MetricsMiddleware())
    router.add(
      middleware: AccessCheck(
        keyHashes: settings.keyHashes,
        budget: settings.requestsPerMinute > 0
          ? RequestBudget(perMinute: settings.requestsPerMinute) : nil))
    if settings.answersFromPreparedPages {
      router.add(
        middleware: PreparedPages(walls: walls, store: store, cacheControl: settings.cacheControl))
    }
    let handlers = CatalogueHandlers(
      walls: walls, store: store, cacheControl: settings.cacheControl)
    // Compact JSON: apps read it, and it is a third smaller than the pretty default.
    try handlers.registerHandlers(
      on: router, configuration: .init(jsonEncodingOptions: [.sortedKeys]))
    return Application(
      router: router,
      configuration: .init(address: .hostname(host, port: port), serverName: "Huewall"),
      onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
      logger: logger)
  }

  /// Reads the wall once, so that the server answers at once and a catalogue it cannot read
  /// stops it before it listens.
  public func prepare() async throws {
    _ = try await walls.current()
  }
}
