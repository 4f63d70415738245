import ArgumentParser
import Foundation
import HuewallExport
import HuewallPipeline
import HuewallStore

/// `huewall export`: write a parameter set's export from the store, without fetching anything.
struct Export: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Export a parameter set from the store: colors.json, colors.csv and the preview page.",
    discussion: """
      Without --params it exports the parameter set the configuration describes to the \
      configured output folder. With --params NAME it writes to that folder's name with -NAME \
      added (out-NAME), as Save on the live page does, so that the nightly export stays as the \
      run left it; --out chooses any other folder. The folder (colors.json and colors.csv in \
      gradient order, index.html and its thumbs/) is replaced atomically: a reader never sees \
      half an export. Thumbnails whose image has not changed since the previous export are \
      reused.
      """
  )

  @OptionGroup var pipeline: PipelineOptions

  @Option(
    help:
      "The parameter set to export, by name (see `huewall status` and `huewall analyze --name`).")
  var params: String?

  @Option(
    help:
      "The export folder (default: \"output\" of the configuration, with -NAME added for --params NAME)."
  )
  var out: String?

  @Flag(
    help:
      "Also write index-single.html: the page with its thumbnails inlined, one file to send on its own."
  )
  var singleFile = false

  @Option(
    help: ArgumentHelp(
      "Write one page comparing two stored parameter sets instead, by name: A,B.",
      valueName: "A,B"))
  var compare: String?

  @Option(
    help: ArgumentHelp(
      "Write the colours for a shop instead: merchant-supplemental (Google Merchant Center) or "
        + "shopify-metafields (Shopify's product CSV importer and Admin API); into --out, by "
        + "default the output folder's name with -shop added.",
      valueName: "format"))
  var format: WriteBackFormat?

  @Flag(help: "With --format: also write products whose colour is not settled (`huewall review`).")
  var includeUnsure = false

  /// The two names of `--compare`, as given.
  private var compared: [String]? {
    compare?.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
  }

  func validate() throws {
    if format != nil, compare != nil {
      throw ValidationError("--format and --compare do not go together")
    }
    if includeUnsure, format == nil {
      throw ValidationError("--include-unsure goes with --format")
    }
    if let compared, compared.count != 2 {
      throw ValidationError("--compare takes two parameter set names: A,B")
    }
    if compare != nil, params != nil {
      throw ValidationError("--compare and --params do not go together")
    }
    for (option, name) in [("--params", params)] + (compared ?? []).map({ ("--compare", $0) }) {
      if let name, let problem = ParameterSetName.problem(name, option: option) {
        throw ValidationError(problem)
      }
    }
  }

  func run() async throws {
    if let format { return try await writeBack(format) }
    // The configured export folder, which the next run replaces whole, whatever --out says.
    let configured = try pipeline.configuration()
    var configuration = try pipeline.configuration(output: out)
    // Another set than the nightly one goes beside the nightly export, never over it.
    if let params, out == nil { configuration.output += "-" + params }
    for warning in configuration.warnings {
      FileHandle.standardError.write(Data("huewall: warning: configuration: \(warning)\n".utf8))
    }
    // A PostgreSQL catalogue is read in one snapshot, whatever its coordinator is doing.
    let lock: RunLock?
    do {
      lock = configuration.usesPostgres ? nil : try RunLock(path: configuration.lock)
    } catch {
      throw CommandFailure(message: error.localizedDescription, exitCode: .locked)
    }
    defer { withExtendedLifetime(lock) {} }
    do {
      try configuration.checkOutput()
      if out != nil {
        try configured.checkWritable(configuration.output, as: .exportFolder, option: "--out")
      }
      let store = try await configuration.openCatalogue()
      var exporter = try configuration.exporter(store: store)
      exporter.keptPlaces = configured.keptPlaces
      if let compared {
        let (a, b) = (
          try await store.storedParameterSet(named: compared[0]),
          try await store.storedParameterSet(named: compared[1])
        )
        let summary = try await exporter.exportComparison(
          a, b, to: URL(fileURLWithPath: configuration.output))
        print(
          "compared \(a.name) with \(b.name): \(summary.changed) products changed their "
            + "first colour or family: \(summary.folder.path)")
        return
      }
      let parameterSet = try await store.chosenParameterSet(
        named: params, configuration: configuration)
      exporter.singleFile = singleFile
      let summary = try await exporter.export(
        parameterSet: parameterSet, to: URL(fileURLWithPath: configuration.output))
      for (sha256, message) in summary.thumbnails.failures.sorted(by: { $0.key < $1.key }) {
        FileHandle.standardError.write(
          Data("huewall: warning: no thumbnail for image \(sha256): \(message)\n".utf8))
      }
      print("exported \(parameterSet.name): \(summary)")
    } catch {
      throw CommandFailure.fatal(error)
    }
  }
}
