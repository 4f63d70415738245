public import Foundation
public import HuewallColorWords
public import HuewallStore

/// What `huewall set-color` (and the live wall's colour form) accepts, checked with messages that name the product and line.
public enum OverrideInput {
  public struct Failure: Error, Sendable {
    public var message: String
  }

  /// One decision as given: `family` nil clears.
  public struct Line: Sendable {
    public var line: Int
    public var id: String
    public var family: String?
    public var hex: String?
    public var note: String?

    public init(line: Int, id: String, family: String?, hex: String?, note: String?) {
      self.line = line
      self.id = id
      self.family = family
      self.hex = hex
      self.note = note
    }

    /// The decision for `target`, checked.
    public func override(target: OverrideTarget, at date: Date) throws -> ColorOverride {
      let family = try OverrideInput.family(self.family ?? "", product: id)
      var hex: String?
      if let given = self.hex, !given.trimmingCharacters(in: .whitespaces).isEmpty {
        hex = try OverrideInput.hex(given, product: id)
      }
      let note = try OverrideInput.note(note, product: id)
      return ColorOverride(
        productID: id, family: family, hex: hex,
        note: note, decidedAt: date,
        imageSHA256: target.imageSHA256)
    }
  }

  public static func unknownProduct(_ id: String) -> String {
    "product \(id) is not in the catalogue (ids are the feed's, as `colors.json` lists them)"
  }

  /// A family name as ``ColorFamily/init(name:)`` reads it, or an error naming the product and
  /// the families.
  public static func family(_ text: String, product: String) throws -> ColorFamily {
    guard let family = ColorFamily(name: text) else {
      throw Failure(
        message: "product \(product): unknown colour family \"\(text)\"; the families are "
          + ColorFamily.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return family
  }

  /// The longest note, in characters.
  public static let maxNoteLength = 2_000

  /// A note, checked: surrounding spaces and line breaks dropped, nil when nothing is left.
  /// A NUL is refused, since the catalogue would keep the note only up to it, and so is a note
  /// longer than ``maxNoteLength`` characters; other control characters are kept (terminal
  /// output shows them escaped).
  public static func note(_ text: String?, product: String) throws -> String? {
    guard let text else { return nil }
    guard !text.unicodeScalars.contains("\0") else {
      throw Failure(message: "product \(product): the note holds a NUL character; remove it")
    }
    let note = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard note.count <= maxNoteLength else {
      throw Failure(
        message: "product \(product): the note has \(note.count) characters; at most "
          + "\(maxNoteLength) are kept with a decision")
    }
    return note.isEmpty ? nil : note
  }

  /// `#rrggbb` (or `rrggbb`, or `#rgb`), in lowercase with its `#`.
  public static func hex(_ text: String, product: String) throws -> String {
    var digits = text.trimmingCharacters(in: .whitespaces).lowercased()
    if digits.hasPrefix("#") { digits.removeFirst() }
    if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
    guard let hex = Optional("#" + digits), NamedColourTable.rgb(hex: hex) != nil else {
      throw Failure(
        message: "product \(product): \"\(text)\" is not a colour; give it as #rrggbb, "
          + "e.g. #1b2a4a")
    }
    return hex
  }

  /// A one-line account of a decision.
  public static func describe(_ o: ColorOverride) -> String {
    var text = "decided \(o.family.rawValue)"
    if let hex = o.hex { text += " \(hex)" }
    if let note = o.note { text += " (\(note))" }
    return text
      + (o.imageSHA256 == nil
        ? "; no image fetched yet, so it holds for whatever image comes"
        : "; it holds until the product's image changes")
  }

  /// The lines of an overrides CSV: the good ones, and a message for each line that could not
  /// be read. Throws when the file as a whole is unusable (no header with `id` and `family`).
  public static func parse(csv text: String) throws -> (lines: [Line], refused: [String]) {
    let records = CSVRecords(text).makeIterator()
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
      do {
        _ = try note(field(noteColumn), product: id)
      } catch let failure as Failure {
        refused.append("line \(record.line): \(failure.message)")
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
public struct CSVRecords: Sequence {
  public struct Record {
    public var line: Int
    public var fields: [String]
    public var problem: String?
  }

  let text: String
  public init(_ text: String) { self.text = text }

  public func makeIterator() -> AnyIterator<Record> {
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
