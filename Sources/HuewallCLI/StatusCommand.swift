import ArgumentParser
import Foundation
import HuewallColorWords
import HuewallCore
import HuewallExport
import HuewallPalette
import HuewallPipeline
import HuewallPostgres
import HuewallStore

/// `huewall status`: what the recent runs did. Without `--json`, every value from the catalogue
/// (ids, notes, URLs, error messages) is printed with its control characters escaped
/// (``TerminalText``).
struct Status: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show recent runs, newest first.",
    discussion: """
      With a postgres:// catalogue it also shows the work queue: pending, leased, done and \
      failed items and the workers seen in the last minute ("queue" in JSON). \
      --json prints {"runs": [{"id", "kind", "status", "startedAt", "finishedAt", "products": \
      {"seen", "added", "changed", "removed"}, "images": {"downloaded", "notModified", \
      "failed", "decoded"}, "errors", "message"}]}; with --errors also "failedItems" and "warnings": \
      [{"run", "stage", "subject", "message"}], the newest run's failed items and the items \
      it kept with a warning. "decisions" counts the products whose colours a person decided \
      (`huewall set-color`) and those whose decision a changed image set aside; --product ID \
      says who decides that product's colours: "analysis" or "override", and which of its \
      images the colours come from under the configured parameters ("image", "imageIndex", \
      0 for the main image, and its "plainness").
      """
  )

  @OptionGroup var pipeline: PipelineOptions

  @Flag(help: "Print JSON instead of a table.")
  var json = false

  @Option(help: "How many runs to show.")
  var limit = 10

  @Flag(help: "Also list the failed items (and the items read with a warning) of the newest run.")
  var errors = false

  @Option(help: "Say who decides this product's colours: the analysis or a person's override.")
  var product: String?

  func run() async throws {
    let configuration = try pipeline.existingCatalogueConfiguration()
    let store: any Catalogue
    let runs: [RunRecord]
    var queue: QueueCounts?
    let decisions: [StoredColorOverride]
    var target: OverrideTarget?
    var shown: ExportEntry?
    var learned: FamilyCalibration?
    do {
      store = try await configuration.openCatalogue(readOnly: true)
      runs = try await store.recentRuns(limit: limit)
      if let catalog = store as? PostgresCatalog { queue = try await catalog.queueCounts() }
      decisions = try await store.colorOverrides(imagesPerProduct: configuration.imagesPerProduct)
      learned = try await Self.calibration(in: store, configuration: configuration)
      if let product {
        target = try await store.overrideTargets(productIDs: [product])[product]
        if target == nil {
          throw CommandFailure.fatal(OverrideInput.unknownProduct(TerminalText.escaped(product)))
        }
        shown = try await Self.entry(of: product, in: store, configuration: configuration)
      }
    } catch {
      throw CommandFailure.fatal(error)
    }
    let decided = decisions.first { $0.override.productID == product }
    let setAside = decisions.count(where: \.isSetAside)
    var items: [ItemErrorRecord] = []
    if errors, let newest = runs.first {
      do {
        items = try await store.errors(runID: newest.id)
      } catch {
        throw CommandFailure.fatal(error)
      }
    }
    let warnings = items.filter(\.isWarning)
    let failures = items.filter { !$0.isWarning }
    if json {
      var document: [(String, JSONValue)] = [("runs", .array(runs.map(Self.json)))]
      if let queue { document.append(("queue", Self.json(queue))) }
      document.append(
        (
          "learnedFamilies",
          learned.map { calibration in
            .object(
              calibration.examples.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                ($0.key.rawValue, .int($0.value))
              })
          } ?? .null
        ))
      document.append(
        (
          "decisions",
          .object([
            ("override", .int(decisions.count - setAside)), ("setAside", .int(setAside)),
          ])
        ))
      if let product {
        var entry: [(String, JSONValue)] = [
          ("id", .string(product)),
          (
            "decidedBy",
            .string(decided.map { $0.isSetAside ? "analysis" : "override" } ?? "analysis")
          ),
        ]
        if let decided { entry.append(("override", Self.json(decided))) }
        entry.append(("image", shown?.chosenImageURL.map(JSONValue.string) ?? .null))
        entry.append(("imageIndex", shown?.chosenImageIndex.map(JSONValue.int) ?? .null))
        entry.append(("plainness", shown?.plainness.map(JSONValue.double) ?? .null))
        document.append(("product", .object(entry)))
      }
      if errors {
        document.append(("failedItems", .array(failures.map(Self.json))))
        document.append(("warnings", .array(warnings.map(Self.json))))
      }
      print(JSONValue.object(document).serialized())
      return
    }
    print(Self.table(runs))
    if let queue { TerminalText.print(Self.line(queue)) }
    if let line = Self.line(learned, on: configuration.learnFamilies) { print(line) }
    if !decisions.isEmpty {
      TerminalText.print(
        "colour decisions: \(decisions.count - setAside) by a person"
          + (setAside > 0
            ? ", \(setAside) set aside by a changed image (see `huewall review`)" : ""))
    }
    if let product {
      if let decided, !decided.isSetAside {
        TerminalText.print(
          "product \(product): decided by override: \(OverrideInput.describe(decided.override))")
      } else if let decided {
        TerminalText.print(
          "product \(product): decided by analysis; the decision "
            + decided.override.family.rawValue + (decided.override.hex.map { " \($0)" } ?? "")
            + " was set aside: its image changed since \(Self.timestamp(decided.override.decidedAt))"
        )
      } else {
        TerminalText.print("product \(product): decided by analysis")
      }
      if let shown, shown.colors != nil, let url = shown.chosenImageURL {
        let index = shown.chosenImageIndex ?? 0
        TerminalText.print(
          "product \(product): colours from "
            + (index == 0 ? "its main image" : "its image \(index + 1)") + " \(url)"
            + (shown.plainness.map { String(format: " (plainness %.2f)", $0) } ?? ""))
      }
    }
    if errors, let newest = runs.first {
      TerminalText.print(
        failures.isEmpty
          ? "run \(newest.id): no failed items" : "run \(newest.id) failed items:")
      for item in failures {
        TerminalText.print("  \(item.stage)  \(item.subject): \(item.message)")
      }
      if !warnings.isEmpty { TerminalText.print("run \(newest.id) items read with a warning:") }
      for item in warnings {
        TerminalText.print("  \(item.stage)  \(item.subject): \(item.message)")
      }
    }
  }

  static func timestamp(_ date: Date) -> String { date.formatted(.iso8601) }

  /// What the vendor colours of the configured set's analysed products teach
  /// (``FamilyCalibration``); nil when learning is off or nothing was analysed with it.
  static func calibration(in store: any Catalogue, configuration: PipelineConfiguration)
    async throws -> FamilyCalibration?
  {
    guard configuration.learnFamilies,
      let set = try await store.configuredParameterSet(configuration)
    else { return nil }
    return try await FamilyCalibration.learned(
      store: store, parameterSetID: set.id, imagesPerProduct: configuration.imagesPerProduct,
      synonyms: configuration.synonyms)
  }

  /// "families learned from vendor colours: blue 12, purple 7 examples; a colour follows the 5
  /// nearest within ΔE00 15, …" (heaviest first, then the rule).
  static func line(_ calibration: FamilyCalibration?, on: Bool) -> String? {
    guard on else { return "families learned from vendor colours: off (learnFamilies)" }
    guard let calibration else { return nil }
    let families = calibration.examples.sorted {
      ($1.value, $0.key.rawValue) < ($0.value, $1.key.rawValue)
    }
    guard !families.isEmpty else {
      return "families learned from vendor colours: none (no analysed product names a colour)"
    }
    return "families learned from vendor colours: "
      + families.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
      + " examples; a colour follows \(calibration.rule)"
  }

  /// The product's entry under the configured parameters (its chosen image and analysis), or
  /// nil when nothing was analysed with them.
  static func entry(
    of product: String, in store: any Catalogue, configuration: PipelineConfiguration
  ) async throws -> ExportEntry? {
    guard let set = try await store.configuredParameterSet(configuration) else { return nil }
    var found: ExportEntry?
    try await store.forEachExportEntry(
      parameterSetID: set.id, imagesPerProduct: configuration.imagesPerProduct
    ) { entry in
      if entry.id == product { found = entry }
    }
    return found
  }

  /// The work queue of a PostgreSQL catalogue in one line.
  static func line(_ queue: QueueCounts) -> String {
    "queue: \(queue.pending) pending, \(queue.leased) leased, \(queue.done) done, "
      + "\(queue.failed) failed; \(queue.workersSeen) workers seen in the last minute"
  }

  static func json(_ queue: QueueCounts) -> JSONValue {
    .object([
      ("pending", .int(queue.pending)), ("leased", .int(queue.leased)),
      ("done", .int(queue.done)), ("failed", .int(queue.failed)),
      ("workersSeen", .int(queue.workersSeen)),
    ])
  }

  static func json(_ run: RunRecord) -> JSONValue {
    let c = run.counts
    return .object([
      ("id", .int(Int(run.id))),
      ("kind", .string(run.kind.rawValue)),
      ("status", .string(run.status.rawValue)),
      ("startedAt", .string(timestamp(run.startedAt))),
      ("finishedAt", run.finishedAt.map { .string(timestamp($0)) } ?? .null),
      (
        "products",
        .object([
          ("seen", .int(c.productsSeen)), ("added", .int(c.productsAdded)),
          ("changed", .int(c.productsChanged)), ("removed", .int(c.productsRemoved)),
          ("feedItems", .int(c.itemsSeen)),
        ])
      ),
      (
        "images",
        .object([
          ("downloaded", .int(c.imagesDownloaded)), ("notModified", .int(c.imagesNotModified)),
          ("failed", .int(c.imagesFailed)), ("decoded", .int(c.imagesDecoded)),
        ])
      ),
      ("errors", .int(c.errors)),
      ("message", run.message.map(JSONValue.string) ?? .null),
    ])
  }

  static func json(_ decided: StoredColorOverride) -> JSONValue {
    let o = decided.override
    return .object([
      ("family", .string(o.family.rawValue)), ("hex", o.hex.map(JSONValue.string) ?? .null),
      ("note", o.note.map(JSONValue.string) ?? .null),
      ("decidedAt", .string(timestamp(o.decidedAt))), ("current", .bool(!decided.isSetAside)),
    ])
  }

  static func json(_ item: ItemErrorRecord) -> JSONValue {
    .object([
      ("run", .int(Int(item.runID))), ("stage", .string(item.stage)),
      ("subject", .string(item.subject)), ("message", .string(item.message)),
    ])
  }

  static func table(_ runs: [RunRecord]) -> String {
    guard !runs.isEmpty else { return "no runs yet" }
    let header = [
      "run", "kind", "status", "started (UTC)", "took", "products +/~/-", "feed items",
      "images new/304/failed/analysed", "errors",
    ]
    let rows = runs.map { run -> [String] in
      let c = run.counts
      let took =
        run.finishedAt.map { String(format: "%.1f s", $0.timeIntervalSince(run.startedAt)) } ?? "-"
      return [
        String(run.id), run.kind.rawValue, run.status.rawValue,
        timestamp(run.startedAt), took,
        "\(c.productsSeen) +\(c.productsAdded)/~\(c.productsChanged)/-\(c.productsRemoved)",
        String(c.itemsSeen),
        "\(c.imagesDownloaded)/\(c.imagesNotModified)/\(c.imagesFailed)/\(c.imagesDecoded)",
        String(c.errors),
      ]
    }
    let widths = header.indices.map { i in ([header] + rows).map { $0[i].count }.max() ?? 0 }
    return ([header] + rows).map { row in
      zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
        .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }.joined(separator: "\n")
  }
}
