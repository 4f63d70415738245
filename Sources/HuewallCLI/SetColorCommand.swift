import ArgumentParser
import Foundation
import HuewallColorWords
import HuewallExport
import HuewallPalette
import HuewallPipeline
import HuewallStore

/// `huewall set-color`: a person's decision about a product's colour, kept in the catalogue
/// apart from every analysis, so that it survives re-syncs and re-analyses.
struct SetColor: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set-color",
    abstract: "Decide a product's colour family (and exact colour) over the analysis.",
    discussion: """
      The decision wins over every analysis in every export and every parameter set, and \
      survives re-syncs and `huewall analyze`. It is set aside (not deleted) when the \
      product's image changes: the product then goes back to `huewall review` with the old \
      decision shown. --clear forgets it.

      --from FILE reads many decisions from a CSV file (RFC 4180) with a header row naming \
      the columns id and family, and optionally hex and note; a family of "clear" forgets the \
      product's decision. A note holds at most \(OverrideInput.maxNoteLength) characters and \
      no NUL. A bad line is reported with its line number and product and \
      skipped; the other lines are recorded (exit 3 when a line was refused).

      Families: \(ColorFamily.allCases.map(\.rawValue).joined(separator: ", ")).
      """
  )

  @OptionGroup var pipeline: PipelineOptions

  @Argument(help: "The product's id, as the feed gives it.")
  var id: String?

  @Option(help: "The colour family, e.g. navy.")
  var family: FamilyArgument?

  @Option(
    help: ArgumentHelp(
      "The exact colour. Without it, the photo's own colour nearest the family shows, renamed; "
        + "only a photo with nothing near the family shows the family's typical colour in the "
        + "catalogue (colors.json marks it standIn).", valueName: "#rrggbb"))
  var hex: String?

  @Option(help: "Why, in a few words; shown with the decision.")
  var note: String?

  @Flag(help: "Forget the product's decision: the analysis decides again.")
  var clear = false

  @Option(help: ArgumentHelp("Read decisions from a CSV file.", valueName: "overrides.csv"))
  var from: String?

  func validate() throws {
    if let from {
      guard id == nil, family == nil, hex == nil, note == nil, !clear else {
        throw ValidationError("--from takes no product id, --family, --hex, --note or --clear")
      }
      guard !from.isEmpty else { throw ValidationError("--from needs a file") }
      return
    }
    guard let id, !id.isEmpty else {
      throw ValidationError("name the product: huewall set-color ID --family FAMILY")
    }
    if clear {
      guard family == nil, hex == nil, note == nil else {
        throw ValidationError("--clear takes no --family, --hex or --note")
      }
      return
    }
    guard let family else {
      throw ValidationError("product \(id): give --family (or --clear)")
    }
    do {
      _ = try family.family ?? OverrideInput.family(family.text, product: id)
      if let hex { _ = try OverrideInput.hex(hex, product: id) }
      _ = try OverrideInput.note(note, product: id)
    } catch let error as OverrideInput.Failure {
      throw ValidationError(error.message)
    }
  }

  func run() async throws {
    let configuration = try pipeline.existingCatalogueConfiguration()
    let store: any Catalogue
    do {
      store = try await configuration.openCatalogue()
    } catch {
      throw CommandFailure.fatal(error)
    }
    defer { try? store.close() }
    if let from {
      try await apply(file: from, to: store)
      return
    }
    guard let id else { return }
    let decision = OverrideInput.Line(
      line: 0, id: id, family: clear ? nil : family?.family?.rawValue, hex: hex, note: note)
    do {
      let targets = try await store.overrideTargets(productIDs: [id])
      guard let target = targets[id] else {
        throw CommandFailure.fatal(OverrideInput.unknownProduct(id))
      }
      if clear {
        let cleared = try await store.clearColorOverrides(productIDs: [id])
        TerminalText.print(
          cleared > 0
            ? "product \(id): decision cleared; the analysis decides again"
            : "product \(id): had no decision; nothing to clear")
        return
      }
      let override = try decision.override(target: target, at: Date())
      try await store.saveColorOverrides([override])
      TerminalText.print("product \(id): \(OverrideInput.describe(override))")
    } catch let error as OverrideInput.Failure {
      throw CommandFailure.fatal(error.message)
    } catch {
      throw CommandFailure.fatal(error)
    }
  }

  /// Records every good line of `file`, reports the others, and fails (exit 3) when a line
  /// was refused. A file that cannot be read, or has no usable header, changes nothing.
  private func apply(file: String, to store: any Catalogue) async throws {
    let text: String
    do {
      text = try String(contentsOf: URL(fileURLWithPath: file), encoding: .utf8)
    } catch {
      throw CommandFailure.fatal(
        "\(file): cannot be read as UTF-8 text: \(error.localizedDescription)")
    }
    let lines: [OverrideInput.Line]
    var refused: [String] = []
    do {
      (lines, refused) = try OverrideInput.parse(csv: text)
    } catch let error as OverrideInput.Failure {
      throw CommandFailure.fatal("\(file): \(error.message)")
    }
    var saved: [ColorOverride] = []
    var cleared: [String] = []
    let date = Date()
    do {
      let targets = try await store.overrideTargets(productIDs: lines.map(\.id))
      var seen: [String: Int] = [:]
      for line in lines {
        if let earlier = seen[line.id] {
          refused.append(
            "line \(line.line): product \(line.id) was already decided on line \(earlier); "
              + "this line is skipped")
          continue
        }
        seen[line.id] = line.line
        guard let target = targets[line.id] else {
          refused.append("line \(line.line): \(OverrideInput.unknownProduct(line.id))")
          continue
        }
        if line.family == nil {
          cleared.append(line.id)
          continue
        }
        do {
          saved.append(try line.override(target: target, at: date))
        } catch let error as OverrideInput.Failure {
          refused.append("line \(line.line): \(error.message)")
        }
      }
      try await store.saveColorOverrides(saved)
      if !cleared.isEmpty { try await store.clearColorOverrides(productIDs: cleared) }
    } catch {
      throw CommandFailure.fatal(error)
    }
    for message in refused {
      FileHandle.standardError.write(
        Data("huewall: \(file): \(TerminalText.escaped(message))\n".utf8))
    }
    print(
      "\(file): \(saved.count) decisions recorded, \(cleared.count) cleared, "
        + "\(refused.count) lines refused")
    if !refused.isEmpty {
      throw CommandFailure(
        message: "\(file): \(refused.count) lines refused (the others were recorded)",
        exitCode: .itemsFailed)
    }
  }
}

/// `--family`: a family as a person names it, read with ``ColorFamily/init(name:)`` when the
/// argument is parsed. The words are kept, so that `validate()` refuses a word that names no
/// family with the product named, which the parser's own error cannot do.
struct FamilyArgument: ExpressibleByArgument, Sendable {
  /// The argument as given.
  var text: String
  /// The family it names; nil when it names none.
  var family: ColorFamily?

  init(argument: String) {
    text = argument
    family = ColorFamily(name: argument)
  }

  /// The families, for `--help` and shell completion.
  static var allValueStrings: [String] { ColorFamily.allCases.map(\.rawValue) }
}
