import Foundation

/// The colour words of `Lexicon/colour-words.tsv`: basic colour terms, colour names, vendor
/// codes, modifiers, finish words and the words that join two colours, in English, Spanish,
/// German, French, Italian, Portuguese, Dutch, Japanese, Polish, Czech, Slovak, Croatian,
/// Serbian, Slovenian, Hungarian, Romanian, Turkish and Greek, each with the family it files
/// under; and the gemstone and metal names of jewellery shops.
///
/// The file is the one list; its header names its sources and its columns. Words are kept by
/// their matching form (``ColorSynonyms/normalise(_:)``), so `Off-White`, `off white` and
/// `OFFWHITE` are one word. ``ColorSynonyms`` reads vendor colours with it, and the preview
/// page's search finds a tile by its family's basic terms in every language.
package struct ColorLexicon: Sendable {
  /// What a word does in a colour name (the file's `kind` column).
  package enum Kind: String, CaseIterable, Sendable {
    /// A language's basic term for a family (Berlin & Kay): `verde`, `ネイビー`.
    case basic
    /// Another name of a colour in the family: `olive`, `granate`.
    case name
    /// A vendor's abbreviation, matched only as a whole word: `BLK`.
    case code
    /// Shifts a colour within its family: `dark`, `oscuro`, `dunkel`.
    case modifier
    /// A finish, texture or material: `metallic`, `pearl`, `jaspeado`.
    case finish
    /// The word "colour" itself: `color`, `Farbe`, `カラー`.
    case filler
    /// A word that joins two colours: `and`, `y`, `und`.
    case and
    /// `X Y` → Z: a colour of family Y with a word of family or shade X is Z.
    case shift

    /// Whether a word of this kind can give a family.
    var decides: Bool { self == .basic || self == .name || self == .code }
  }

  /// One word of the lexicon, with every language that uses it.
  struct Entry: Sendable, Equatable {
    /// The word as the file first spells it.
    var word: String
    var family: ColorFamily?
    /// A modifier's shade (`dark`, `light`), nil for other kinds.
    var shade: String?
    var kind: Kind
    var languages: Set<String>
  }

  /// The languages the lexicon covers, as the file names them.
  static let languages: Set<String> = [
    "en", "es", "de", "fr", "it", "pt", "nl", "ja", "pl", "cs", "sk", "hr", "sr", "sl", "hu", "ro",
    "tr", "el",
  ]
  /// Languages whose colour names put the colour first and its qualifier after ("Azul
  /// Marino", "Oro Rosa", "Verde Oliv").
  static let headFirst: Set<String> = ["es", "fr", "it", "pt", "ro"]

  /// Every word but the shifts, by matching form.
  private(set) var entries: [String: Entry] = [:]
  /// `"dark blue"` → navy: the shade or family of a word, a space, the family it shifts.
  private(set) var shifts: [String: ColorFamily] = [:]
  /// The basic terms of each family, in the file's order.
  private(set) var basicTerms: [ColorFamily: [String]] = [:]
  /// The most words a Latin-script entry spans (`all over print`: 3).
  private(set) var longestPhrase = 1
  /// The longest entry in Japanese script, in characters.
  private(set) var longestCJK = 1

  /// A line of the file that cannot be read.
  struct Failure: Error, CustomStringConvertible {
    var line: Int
    var reason: String
    var description: String { "colour-words.tsv line \(line): \(reason)" }
  }

  /// Reads the file's text; a malformed line, an unknown family, kind or language, or a word
  /// given two families is an error naming the line.
  init(tsv: String) throws(Failure) {
    for (index, raw) in tsv.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
      if line.isEmpty || line.hasPrefix("#") { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      let number = index + 1
      guard fields.count == 4 else {
        throw Failure(line: number, reason: "\(fields.count) fields, not 4")
      }
      let (word, familyField, kindField, languageField) = (
        fields[0], fields[1], fields[2], fields[3]
      )
      guard let kind = Kind(rawValue: kindField) else {
        throw Failure(line: number, reason: "unknown kind \"\(kindField)\"")
      }
      if kind == .shift {
        let pair = word.split(separator: " ")
        guard pair.count == 2, let target = ColorFamily(rawValue: String(pair[1])),
          let result = ColorFamily(rawValue: familyField)
        else { throw Failure(line: number, reason: "a shift is \"shade family<TAB>family\"") }
        shifts["\(pair[0]) \(target.rawValue)"] = result
        continue
      }
      let languages = Set(languageField.split(separator: ",").map(String.init))
      guard !languages.isEmpty, languages.isSubset(of: Self.languages) else {
        throw Failure(line: number, reason: "unknown language in \"\(languageField)\"")
      }
      var family: ColorFamily? = nil
      var shade: String? = nil
      switch kind {
      case .basic, .name, .code:
        guard let named = ColorFamily(rawValue: familyField) else {
          throw Failure(line: number, reason: "unknown family \"\(familyField)\"")
        }
        family = named
      case .modifier:
        shade = familyField == "-" ? nil : familyField
      default:
        guard familyField == "-" else {
          throw Failure(line: number, reason: "a \(kind.rawValue) word has no family")
        }
      }
      let key = ColorSynonyms.normalise(word)
      guard !key.isEmpty else { throw Failure(line: number, reason: "an empty word") }
      let entry = Entry(
        word: word, family: family, shade: shade, kind: kind, languages: languages)
      if var known = entries[key] {
        guard known.family == family, known.shade == shade,
          known.kind == kind || (known.kind.decides && kind.decides && kind != .code)
        else {
          throw Failure(line: number, reason: "\"\(word)\" is already \(known.word)'s entry")
        }
        known.languages.formUnion(languages)
        if kind == .basic { known.kind = .basic }
        entries[key] = known
      } else {
        entries[key] = entry
      }
      if kind == .basic, let family { basicTerms[family, default: []].append(word) }
      if Self.isCJK(key) {
        longestCJK = max(longestCJK, key.count)
      } else {
        longestPhrase = max(longestPhrase, Self.words(of: word).count)
      }
    }
  }

  /// The lexicon shipped with Huewall.
  static let shipped: ColorLexicon = {
    do {
      return try ColorLexicon(
        tsv: ShippedResource.text(
          "colour-words", fileExtension: "tsv", folder: "Lexicon", in: .module))
    } catch {
      fatalError("the colour lexicon Lexicon/colour-words.tsv is broken: \(error)")
    }
  }()

  /// The words of a Latin-script text: runs of letters and digits.
  static func words(of text: String) -> [Substring] {
    text.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
  }

  /// Whether a character is Japanese script (kana, the prolonged sound mark, kanji), which is
  /// written without spaces and read by longest match.
  static func isCJK(_ character: Character) -> Bool {
    character.unicodeScalars.contains { scalar in
      switch scalar.value {
      case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F:
        true
      default: false
      }
    }
  }

  static func isCJK(_ text: String) -> Bool { text.contains(where: isCJK) }
}
