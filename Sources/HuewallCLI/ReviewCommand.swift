import ArgumentParser
import Foundation
import HuewallColorWords
import HuewallCore
import HuewallExport
import HuewallPipeline
import HuewallStore

/// `huewall review`: the products a person should look at, most valuable first. Without
/// `--json`, every value from the catalogue (ids, titles, notes) is printed with its control
/// characters escaped (``TerminalText``).
struct Review: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the products whose colour a person should check, most valuable first.",
    discussion: """
      A product is listed when a person's decision was set aside by a changed image, when \
      the vendor's colour names another family, when the analysis is unsure (confidence \
      below \(Confidence.threshold): a small top colour, or a close second colour of another \
      family), or when it is multicolour (two or more large colours of different families). \
      Products a person decided are not listed. Settle one with `huewall set-color ID \
      --family FAMILY`. --json prints {"parameters", "products": [{"id", "title", "brand", \
      "vendorColor", "family", "confidence", "reasons", "colors": [{"hex", "share", \
      "family", "name"}], "override"}]}.
      """
  )

  @OptionGroup var pipeline: PipelineOptions

  @Option(help: "The parameter set, by name (default: the configured one).")
  var params: String?

  @Flag(help: "Print JSON instead of a list.")
  var json = false

  @Option(help: "List at most this many products (0: all).")
  var limit = 50

  func validate() throws {
    if limit < 0 { throw ValidationError("--limit must be 0 or more") }
  }

  func run() async throws {
    let configuration = try pipeline.configuration(optional: pipeline.db != nil)
    let items: [ReviewItem]
    let set: ParameterSetRecord
    do {
      let store = try await configuration.openCatalogue(readOnly: true)
      defer { try? store.close() }
      set = try await store.chosenParameterSet(named: params, configuration: configuration)
      items = try await ReviewQueue.items(
        store: store, parameterSet: set, synonyms: configuration.synonyms,
        imagesPerProduct: configuration.imagesPerProduct)
    } catch {
      throw CommandFailure.fatal(error)
    }
    let shown = limit == 0 ? items[...] : items.prefix(limit)
    if json {
      print(
        JSONValue.object([
          ("parameters", .string(set.name)),
          ("products", .array(shown.map(Self.json))),
        ]).serialized())
      return
    }
    guard !items.isEmpty else {
      TerminalText.print("nothing to review under \(set.name)")
      return
    }
    TerminalText.print("\(items.count) products to review under \(set.name), most valuable first:")
    for item in shown {
      let p = item.product
      let colors = p.colors.prefix(3).map {
        "\($0.name ?? $0.hex) \(Int(($0.share * 100).rounded())) %"
      }
      var line = "  \(p.id)  \(p.title)"
      if let brand = p.brand { line += " (\(brand))" }
      line += ": \(p.family?.rawValue ?? "-"), confidence \(p.confidence.map { String($0) } ?? "-")"
      if let vendor = p.vendorColor { line += ", vendor \"\(vendor)\"" }
      TerminalText.print(line)
      TerminalText.print(
        "      \(item.reasons.map(\.rawValue).joined(separator: "; ")); \(colors.joined(separator: ", "))"
      )
      if let o = p.override, !o.current {
        TerminalText.print(
          "      earlier decision: \(o.family.rawValue)\(o.hex.map { " \($0)" } ?? "")"
            + "\(o.note.map { " (\($0))" } ?? ""), \(o.decidedAt.formatted(.iso8601))")
      }
    }
    if shown.count < items.count {
      TerminalText.print("  … and \(items.count - shown.count) more (--limit 0 lists all)")
    }
  }

  static func json(_ item: ReviewItem) -> JSONValue {
    let p = item.product
    func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    return .object([
      ("id", .string(p.id)), ("title", .string(p.title)), ("brand", text(p.brand)),
      ("vendorColor", text(p.vendorColor)), ("family", text(p.family?.rawValue)),
      ("confidence", p.confidence.map(JSONValue.double) ?? .null),
      ("reasons", .array(item.reasons.map { .string($0.key) })),
      (
        "colors",
        .array(
          p.colors.map {
            .object([
              ("hex", .string($0.hex)), ("share", .double($0.share)),
              ("family", .string($0.family.rawValue)), ("name", text($0.name)),
            ])
          })
      ),
      (
        "override",
        p.override.map { o in
          .object([
            ("family", .string(o.family.rawValue)), ("hex", text(o.hex)), ("note", text(o.note)),
            ("decidedAt", .string(o.decidedAt.formatted(.iso8601))),
            ("current", .bool(o.current)),
          ])
        } ?? .null
      ),
    ])
  }
}
