import CoreMetrics
import Foundation
import HuewallRequests
import Hummingbird
public import Logging
public import Prometheus
public import ServiceLifecycle

/// The metrics of a long-running process (`huewall worker`, `huewall serve`): what it records
/// through swift-metrics lands in one Prometheus registry, which ``endpoint(host:port:logger:onListening:)``
/// serves at `/metrics` for Prometheus to scrape. docs/OPERATIONS.md lists the metrics.
public enum ProcessMetrics {
  /// The process's registry; the first use makes it swift-metrics' backend (once a process).
  public static let registry: PrometheusCollectorRegistry = {
    let registry = PrometheusCollectorRegistry()
    var factory = PrometheusMetricsFactory(registry: registry)
    // Per-image work takes milliseconds to seconds; requests to serve up to a minute.
    factory.defaultDurationHistogramBuckets = [
      .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
      .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5),
      .seconds(5), .seconds(10), .seconds(30), .seconds(60),
    ]
    MetricsSystem.bootstrap(factory)
    return registry
  }()

  /// Starts recording (before anything records, or those records are lost).
  public static func bootstrap() { _ = registry }

  /// The content type of the text exposition format.
  public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

  /// A server of its own that answers `GET /metrics` with the registry in Prometheus' text
  /// format; a service, stopped with the rest of the process. `onListening` gets the port.
  ///
  /// Like the page of `huewall serve`, it answers only requests whose `Host` names `host`
  /// (with its loopback aliases, or this machine's name on a wildcard address), one of
  /// `allowedHosts`, or an IP address written out, which no DNS rebinding can name; others
  /// get 421.
  public static func endpoint(
    host: String, port: Int, allowedHosts: [String] = [], logger: Logger,
    onListening: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> some Service {
    let router = Router()
    router.add(
      middleware: HostCheck(
        hosts: HostAllowList(listeningOn: host, extraHosts: allowedHosts, allowsAddresses: true)))
    router.get("/metrics") { _, _ in
      Response(
        status: .ok, headers: [.contentType: contentType],
        body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
    }
    return Application(
      router: router,
      configuration: .init(address: .hostname(host, port: port), serverName: "Huewall"),
      onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
      logger: logger)
  }
}

/// Answers 421 to a request whose `Host` the list does not allow, as `huewall serve` does.
struct HostCheck<Context: RequestContext>: RouterMiddleware {
  let hosts: HostAllowList

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard hosts.allows(authority: request.head.authority) else {
      let named = request.head.authority.map { "\"\($0)\"" } ?? "no host"
      return Response(
        status: .misdirectedRequest, headers: [.contentType: "text/plain; charset=utf-8"],
        body: .init(
          byteBuffer: ByteBuffer(
            string: "this endpoint answers requests that name its own address in Host, "
              + "not \(named)\n")))
    }
    return try await next(request, context)
  }
}
