import ArgumentParser
import Foundation
import HuewallAPI
import HuewallMetrics
import HuewallPipeline
import HuewallStore
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

#if canImport(Glibc)
  import Glibc
#endif

/// `huewall api`: the catalogue served read-only to storefronts and apps.
struct Api: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "api",
    abstract: "Serve the catalogue read-only to storefronts and apps (openapi.yaml).",
    discussion: """
      Serves the wall's products in gradient order, filtered and paged, one product, the \
      families with their counts, and what changed since an app last synced, over HTTP as \
      openapi.yaml describes (also served at /openapi.yaml), with /health and /metrics. It \
      reads the catalogue a run writes while the run goes on: each response reads one version \
      of the wall, and a version is taken once a run has finished.

      On 127.0.0.1 (the default) no key is asked for. On any other address pipeline.json must \
      list the SHA-256 of each client's key in api.keys (or api.keysFile) and every request \
      but /health must send one as `Authorization: Bearer KEY`. SIGTERM or Ctrl-C stops \
      accepting and lets the requests under way finish, for at most 10 seconds.
      """
  )

  @OptionGroup var pipeline: PipelineOptions

  @Option(help: "The address to listen on; anything but loopback needs api.keys.")
  var host = "127.0.0.1"

  @Option(help: "The port to listen on (0: any free port).")
  var port = 8090

  @Option(
    help: ArgumentHelp(
      "Seconds a version of the wall is served before the catalogue is looked at again.",
      valueName: "seconds"))
  var refresh = 1.0

  @Flag(help: "Log a line for every request (never its key).")
  var logRequests = false

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535") }
    guard refresh >= 0, refresh.isFinite else {
      throw ValidationError("--refresh must be 0 or more seconds")
    }
  }

  func run() async throws {
    let configuration = try pipeline.existingCatalogueConfiguration()
    let keyHashes: Set<String>
    do {
      keyHashes = try configuration.api.keyHashes(
        relativeTo: configuration.file.map { URL(fileURLWithPath: $0).deletingLastPathComponent() })
    } catch {
      throw CommandFailure.fatal(error)
    }
    if !CatalogueServer.isLoopback(host) && keyHashes.isEmpty {
      throw CommandFailure.fatal(
        "listening on \(host) needs keys: list the SHA-256 of each client's key in api.keys of "
          + "pipeline.json (docs/CONFIGURATION.md), or listen on 127.0.0.1")
    }
    var logger = pipeline.logger("huewall.api")
    if logRequests { logger.logLevel = .info }
    // Read-write: the served walls' versions are recorded in the catalogue.
    let store: any Catalogue
    do {
      store = try await configuration.openCatalogue()
    } catch {
      throw CommandFailure.fatal(error)
    }
    ProcessMetrics.bootstrap()
    let server = CatalogueServer(
      store: store,
      parameterSet: { [configuration] in try await store.configuredParameterSet(configuration) },
      synonyms: configuration.synonyms, imagesPerProduct: configuration.imagesPerProduct,
      settings: .init(
        keyHashes: keyHashes, allowOrigins: configuration.api.allowOrigins,
        requestsPerMinute: configuration.api.requestsPerMinute,
        cacheControl: configuration.api.cacheControl,
        refreshInterval: .milliseconds(Int(refresh * 1000)), logsRequests: logRequests),
      logger: logger)
    do {
      try await server.prepare()
    } catch {
      FileHandle.standardError.write(
        Data("huewall: warning: \(describe(error)); serving 503 until it can\n".utf8))
    }
    let host = host
    let app = try server.application(host: host, port: port) { port in
      let shown = host.contains(":") ? "[\(host)]" : host
      FileHandle.standardError.write(
        Data("huewall: api of \(configuration.database) at http://\(shown):\(port)/\n".utf8))
    }
    var group = ServiceGroupConfiguration(
      services: [.init(service: app)], gracefulShutdownSignals: [.sigterm, .sigint],
      logger: logger)
    // Requests still under way after 10 s are cancelled.
    group.maximumGracefulShutdownDuration = .seconds(10)
    do {
      try await ServiceGroup(configuration: group).run()
    } catch let error as IOError where error.errnoCode == EADDRINUSE {
      throw CommandFailure.fatal(
        "port \(port) on \(host) is in use: choose another with --port")
    }
  }

  private func describe(_ error: any Error) -> String {
    (error as? APIError)?.message ?? (error as? any LocalizedError)?.errorDescription ?? "\(error)"
  }
}
