import ArgumentParser
import Foundation
import HuewallPipeline
import HuewallPostgres
import Logging

/// The flags every command that works on the catalogue shares: which configuration, and the
/// paths that override it.
struct PipelineOptions: ParsableArguments {
  @Option(help: "The pipeline configuration (see docs/CONFIGURATION.md). (default: pipeline.json)")
  var config: String?

  @Option(
    help: """
      The catalogue: an SQLite file, or a postgres:// URL (overrides the configuration's \
      "database"; a password may come from PGPASSWORD instead of the URL).
      """)
  var db: String?

  @Option(help: "The image cache folder (overrides \"cache\").")
  var cache: String?

  @Flag(name: .shortAndLong, help: "Log every step and item, also when not on a terminal.")
  var verbose = false

  /// The configuration of a command that works on the catalogue a run made (`status`,
  /// `set-color`): with `--db` the catalogue is all it needs, no pipeline.json; an SQLite
  /// catalogue that does not exist yet is a clear error rather than an empty new file.
  func existingCatalogueConfiguration() throws -> PipelineConfiguration {
    let configuration = try self.configuration(optional: db != nil)
    guard
      configuration.usesPostgres || FileManager.default.fileExists(atPath: configuration.database)
    else {
      throw CommandFailure.fatal(
        "\(configuration.database): no catalogue yet (run `huewall run` first)")
    }
    return configuration
  }

  /// The configuration with relative paths resolved against its folder and the flags applied
  /// (flag paths are relative to the current folder, as usual on a command line).
  ///
  /// - Parameter optional: when no `--config` was given and there is no `pipeline.json` here,
  ///   use the defaults instead of failing (for commands that need only the paths, such as
  ///   `status --db`).
  func configuration(feed: String? = nil, output: String? = nil, optional: Bool = false) throws
    -> PipelineConfiguration
  {
    let url = URL(fileURLWithPath: config ?? "pipeline.json")
    var configuration: PipelineConfiguration
    if optional, config == nil, !FileManager.default.fileExists(atPath: url.path) {
      configuration = PipelineConfiguration()
    } else {
      do {
        configuration = try PipelineConfiguration.load(url.path)
        configuration.file = url.standardizedFileURL.path
      } catch {
        throw CommandFailure.fatal(error)
      }
    }
    configuration = configuration.resolvingPaths(against: url.deletingLastPathComponent())
    let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    func local(_ path: String) -> String {
      path.hasPrefix("/") ? path : here.appendingPathComponent(path).standardizedFileURL.path
    }
    if let db { configuration.database = PostgresLocation.isURL(db) ? db : local(db) }
    if let cache { configuration.cache = local(cache) }
    if let output { configuration.output = local(output) }
    if let feed { configuration.feed.source = feed.contains("://") ? feed : local(feed) }
    return configuration
  }

  /// Logs to stderr: steps and progress on a terminal, only warnings under cron.
  func logger(_ label: String) -> Logger {
    LogBootstrap.once
    var logger = Logger(label: label)
    logger.logLevel = verbose || isatty(STDERR_FILENO) == 1 ? .info : .warning
    return logger
  }
}

/// Sends swift-log's messages to stderr, once: swift-log allows one bootstrap per process.
enum LogBootstrap {
  static let once: Void = {
    LoggingSystem.bootstrap { label in StreamLogHandler.standardError(label: label) }
  }()
}
