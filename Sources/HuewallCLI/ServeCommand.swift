import ArgumentParser
import Foundation
import HuewallMetrics
import HuewallPipeline
import HuewallPostgres
import HuewallServe
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

#if canImport(Glibc)
  import Glibc
#endif

/// `huewall serve`: tune the parameters on the live wall of the catalogue.
struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve the wall of the catalogue and re-analyse it live as you tune the parameters.",
    discussion: """
      Opens a local web page of the catalogue's wall with a control per parameter; a change \
      re-analyses every cached image and re-sorts the wall. Each image is decoded once and its \
      samples kept in memory (--grid-memory: by default enough for the catalogue, at most a \
      quarter of the machine's memory, with a warning at start when the catalogue does not \
      fit), so a change costs the analysis alone; between changes, the walls one change \
      away that cost most are analysed ahead (--no-anticipate). The \
      catalogue is read without taking its lock, so a nightly run goes on meanwhile; Save \
      stores the parameters as a named set (as `huewall analyze --name` does) and exports it \
      to the configured output folder with "-NAME" added. Ctrl-C stops the server.

      Only requests that name the listening address (or a name given with --allow-host) in \
      Host are answered, and a change such as Save is accepted only from the server's own \
      page (same origin, and a token that this process puts in the page), so that no other \
      web site can read the catalogue or save through the browser.
      """
  )

  @OptionGroup var pipeline: PipelineOptions

  @Option(help: "The address to listen on; anything but loopback opens the page to the network.")
  var host = "127.0.0.1"

  @Option(help: "The port to listen on (0: any free port).")
  var port = 8080

  @Option(
    name: .customLong("allow-host"),
    help: ArgumentHelp(
      "Another host name that requests may name in Host (a name of this machine, or a proxy's).",
      valueName: "name"))
  var allowedHosts: [String] = []

  @Option(
    help: "Serve the server's metrics at /metrics on this port (Prometheus), apart from the page.")
  var metricsPort: Int?

  @Option(
    help: ArgumentHelp(
      "Megabytes of decoded image samples kept in memory (default: enough for every image on "
        + "the wall, estimated from the catalogue, at most a quarter of the machine's memory).",
      valueName: "MB"))
  var gridMemory: Int?

  @Flag(
    inversion: .prefixedNo,
    help: ArgumentHelp(
      "Between changes, analyse the walls one change away that cost most (background "
        + "suppression and the other backdrop steps switched, the granularity doubled), so that "
        + "such a change shows at once; --no-anticipate analyses nothing ahead."))
  var anticipate = true

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535") }
    if let gridMemory, gridMemory < 0 {
      throw ValidationError("--grid-memory must not be negative")
    }
    if let metricsPort, !(0...65535).contains(metricsPort) {
      throw ValidationError("--metrics-port must be 0…65535")
    }
  }

  func run() async throws {
    let configuration = try pipeline.configuration()
    if configuration.usesPostgres {
      throw CommandFailure.fatal(
        "\(PostgresLocation.redacted(configuration.database)): `huewall serve` reads an SQLite "
          + "catalogue; serve a copy on one machine, or tune with `huewall analyze` and "
          + "`huewall export --compare`")
    }
    guard FileManager.default.fileExists(atPath: configuration.database) else {
      throw CommandFailure.fatal(
        "\(configuration.database): no catalogue yet (run `huewall run` first)")
    }
    var logger = pipeline.logger("huewall.serve")
    logger.logLevel = pipeline.verbose ? .info : .warning
    let server: TuningServer
    let budget: GridBudget
    do {
      budget = try GridBudget.forCatalogue(configuration, chosenMegabytes: gridMemory)
      server = try TuningServer(
        configuration: configuration, gridBudget: budget.bytes, anticipates: anticipate,
        logger: logger)
    } catch {
      throw CommandFailure.fatal(error)
    }
    let (host, isLoopback) = (host, RequestGuard.isLoopback(host))
    if metricsPort != nil { ProcessMetrics.bootstrap() }
    let app = server.application(host: host, port: port, allowedHosts: allowedHosts) { port in
      let shown = host.contains(":") ? "[\(host)]" : host
      var lines = [
        "huewall: serving \(configuration.database) at http://\(shown):\(port)/",
        // A script that saves or decides through the API needs the token the page carries.
        "huewall: token \(server.token): changes (Save, a decision) send it in the "
          + "X-Huewall-Token header; the page sends it itself",
        "huewall: \(budget.summary)",
      ]
      if let warning = budget.warning { lines.append("huewall: warning: \(warning)") }
      if !isLoopback {
        lines.append(
          "huewall: warning: listening on \(host), not loopback: anyone who can reach this "
            + "machine on port \(port) can see the catalogue and save parameter sets; there "
            + "is no login, so keep it to a trusted network")
      }
      lines.append("huewall: Ctrl-C stops the server")
      FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
    var services: [any Service] = [app]
    if let metricsPort {
      services.append(
        ProcessMetrics.endpoint(
          host: host, port: metricsPort, allowedHosts: allowedHosts, logger: logger
        ) { port in
          FileHandle.standardError.write(
            Data("huewall: metrics at http://\(host):\(port)/metrics\n".utf8))
        })
    }
    do {
      try await ServiceGroup(
        services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger
      ).run()
    } catch let error as IOError where error.errnoCode == EADDRINUSE {
      throw CommandFailure.fatal(
        "port \(port) on \(host) is in use (another huewall serve?): choose another with --port")
    }
  }
}
