import ArgumentParser
import Foundation
import HuewallExport
import HuewallPalette
import HuewallPipeline
import HuewallStore

/// `huewall set-color`: a person's decision about a product's colour, kept in the catalogue
/// apart from every analysis, so that it survives re-syncs and re-analyses.
struct SetColor: ParsableCommand {
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
      product's decision. A bad line is reported with its line number and product and \
      skipped; the other lines are recorded (exit 3 when a line was refused).

      Families: \(ColorFamily.allCases.map(\.rawValue).joined(separator: ", ")).
      """
  )

  @OptionGroup var pipeline: PipelineOptions

  @Argument(help: "The product's id, as the feed gives it.")
  var id: String?

  @Option(help: "The colour family, e.g. navy.")
  var family: String?

  @Option(help: ArgumentHelp("The exact colour.", valueName: "#rrggbb"))
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
      _ = try OverrideInput.family(family, product: id)
      if let hex { _ = try OverrideInput.hex(hex, product: id) }
    } catch let error as OverrideInput.Failure {
      throw ValidationError(error.message)
    }
  }

  func run() throws {
    let configuration = try pipeline.configuration(optional: pipeline.db != nil)
    guard
      configuration.usesPostgres || FileManager.default.fileExists(atPath: configuration.database)
    else {
      throw CommandFailure.fatal(
        "\(configuration.database): no catalogue yet (run `huewall run` first)")
    }
    let store: any Catalogue
    do {
      store = try configuration.openCatalogue()
    } catch {
      throw CommandFailure.fatal(error)
    }
    defer { try? store.close() }
    if let from {
      try apply(file: from, to: store)
      return
    }
    guard let id else { return }
    let decision = OverrideInput.Line(
      line: 0, id: id, family: clear ? nil : family, hex: hex, note: note)
    do {
      let targets = try store.overrideTargets(productIDs: [id])
      guard let target = targets[id] else {
        throw CommandFailure.fatal(OverrideInput.unknownProduct(id))
      }
      if clear {
        let cleared = try store.clearColorOverrides(productIDs: [id])
        print(
          cleared > 0
            ? "product \(id): decision cleared; the analysis decides again"
            : "product \(id): had no decision; nothing to clear")
        return
      }
      let override = try decision.override(target: target, at: Date())
      try store.saveColorOverrides([override])
      print("product \(id): \(OverrideInput.describe(override))")
    } catch let error as OverrideInput.Failure {
      throw CommandFailure.fatal(error.message)
    } catch {
      throw CommandFailure.fatal(error)
    }
  }

  /// Records every good line of `file`, reports the others, and fails (exit 3) when a line
  /// was refused. A file that cannot be read, or has no usable header, changes nothing.
  private func apply(file: String, to store: any Catalogue) throws {
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
      let targets = try store.overrideTargets(productIDs: lines.map(\.id))
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
      try store.saveColorOverrides(saved)
      if !cleared.isEmpty { try store.clearColorOverrides(productIDs: cleared) }
    } catch {
      throw CommandFailure.fatal(error)
    }
    for message in refused {
      FileHandle.standardError.write(Data("huewall: \(file): \(message)\n".utf8))
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

/// What `huewall set-color` accepts, checked with messages that name the product and line.
enum OverrideInput {
  struct Failure: Error {
    var message: String
  }

  /// One decision as given: `family` nil clears.
  struct Line {
    var line: Int
    var id: String
    var family: String?
    var hex: String?
    var note: String?

    /// The decision for `target`, checked.
    func override(target: OverrideTarget, at date: Date) throws -> ColorOverride {
      let family = try OverrideInput.family(self.family ?? "", product: id)
      var hex: String?
      if let given = self.hex, !given.trimmingCharacters(in: .whitespaces).isEmpty {
        hex = try OverrideInput.hex(given, product: id)
      }
      let note = note?.trimmingCharacters(in: .whitespacesAndNewlines)
      return ColorOverride(
        productID: id, family: family.rawValue, hex: hex,
        note: note?.isEmpty == false ? note : nil, decidedAt: date,
        imageSHA256: target.imageSHA256)
    }
  }

  static func unknownProduct(_ id: String) -> String {
    "product \(id) is not in the catalogue (ids are the feed's, as `colors.json` lists them)"
  }

  /// A family name: case and surrounding spaces ignored; `gray` and `multicolor` are read as
  /// Huewall's spellings.
  static func family(_ text: String, product: String) throws -> ColorFamily {
    let name = text.trimmingCharacters(in: .whitespaces).lowercased()
    let spelled = ["gray": "grey", "multicolor": "multicolour"][name] ?? name
    guard let family = ColorFamily(rawValue: spelled) else {
      throw Failure(
        message: "product \(product): unknown colour family \"\(text)\"; the families are "
          + ColorFamily.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return family
  }

  /// `#rrggbb` (or `rrggbb`, or `#rgb`), in lowercase with its `#`.
  static func hex(_ text: String, product: String) throws -> String {
    var digits = text.trimmingCharacters(in: .whitespaces).lowercased()
    if digits.hasPrefix("#") { digits.removeFirst() }
    if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
    guard let hex = Optional("#" + digits), ColorNames.rgb(hex: hex) != nil else {
      throw Failure(
        message: "product \(product): \"\(text)\" is not a colour; give it as #rrggbb, "
          + "e.g. #1b2a4a")
    }
    return hex
  }

  /// A one-line account of a decision.
  static func describe(_ o: ColorOverride) -> String {
    var text = "decided \(o.family)"
    if let hex = o.hex { text += " \(hex)" }
    if let note = o.note { text += " (\(note))" }
    return text
      + (o.imageSHA256 == nil
        ? "; no image fetched yet, so it holds for whatever image comes"
        : "; it holds until the product's image changes")
  }

  /// The lines of an overrides CSV: the good ones, and a message for each line that could not
  /// be read. Throws when the file as a whole is unusable (no header with `id` and `family`).
  static func parse(csv text: String) throws -> (lines: [Line], refused: [String]) {
    var records = CSVRecords(text).makeIterator()
    guard let header = records.next() else {
      throw Failure(message: "empty file; the first line must name the columns id,family")
    }
    let names = header.fields.map {
      $0.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(
        of: "\u{FEFF}", with: "")
    }
    guard let idColumn = names.firstIndex(of: "id"),
      let familyColumn = names.firstIndex(of: "family")
    else {
      throw Failure(
        message: "line 1 must name the columns: id and family (and optionally hex, note); "
          + "it names \(names.joined(separator: ", "))")
    }
    let hexColumn = names.firstIndex(of: "hex")
    let noteColumn = names.firstIndex(of: "note")
    var lines: [Line] = []
    var refused: [String] = []
    while let record = records.next() {
      if let problem = record.problem {
        refused.append("line \(record.line): \(problem)")
        continue
      }
      let fields = record.fields
      if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
      func field(_ column: Int?) -> String? {
        guard let column, column < fields.count else { return nil }
        return fields[column]
      }
      let id = field(idColumn)?.trimmingCharacters(in: .whitespaces) ?? ""
      guard !id.isEmpty else {
        refused.append("line \(record.line): no product id")
        continue
      }
      guard fields.count == names.count else {
        refused.append(
          "line \(record.line): product \(id): \(fields.count) fields where the header has "
            + "\(names.count)")
        continue
      }
      let family = field(familyColumn)?.trimmingCharacters(in: .whitespaces) ?? ""
      guard !family.isEmpty else {
        refused.append("line \(record.line): product \(id): no family (write \"clear\" to clear)")
        continue
      }
      lines.append(
        Line(
          line: record.line, id: id, family: family.lowercased() == "clear" ? nil : family,
          hex: field(hexColumn), note: field(noteColumn)))
    }
    return (lines, refused)
  }
}

/// The records of an RFC 4180 text (commas, double quotes, CRLF, LF or CR between records),
/// each with the line it starts on; a record with an unbalanced quote carries a problem.
struct CSVRecords: Sequence {
  struct Record {
    var line: Int
    var fields: [String]
    var problem: String?
  }

  let text: String
  init(_ text: String) { self.text = text }

  func makeIterator() -> AnyIterator<Record> {
    var scalars = Array(text.unicodeScalars)[...]
    var line = 1
    return AnyIterator {
      guard !scalars.isEmpty else { return nil }
      let start = line
      var fields: [String] = []
      var field = String.UnicodeScalarView()
      var quoted = false
      var problem: String?
      while let c = scalars.first {
        scalars.removeFirst()
        if quoted {
          if c == "\"" {
            if scalars.first == "\"" {
              scalars.removeFirst()
              field.append("\"")
            } else {
              quoted = false
            }
          } else {
            if c == "\n" || (c == "\r" && scalars.first != "\n") { line += 1 }
            field.append(c)
          }
          continue
        }
        switch c {
        case "\"" where field.isEmpty: quoted = true
        case "\"":
          problem = problem ?? "a quote inside an unquoted field"
          field.append(c)
        case ",":
          fields.append(String(field))
          field = .init()
        case "\r", "\n":
          if c == "\r", scalars.first == "\n" { scalars.removeFirst() }
          line += 1
          fields.append(String(field))
          return Record(line: start, fields: fields, problem: problem)
        default: field.append(c)
        }
      }
      if quoted { problem = "a quoted field is not closed before the end of the file" }
      fields.append(String(field))
      return Record(line: start, fields: fields, problem: problem)
    }
  }
}
