import Foundation

/// Vendor colour names ("BLK", "Azul Marino", "Soul Red Crystal Metallic", "ネイビー") →
/// colour families, read with the lexicon in `Lexicon/colour-words.tsv` (``ColorLexicon``).
///
/// A name is folded first: case, accents and width do not count, and spaces, dashes,
/// underscores, dots and apostrophes only part words (``normalise(_:)``), so `Space_Black`,
/// `space-black` and `SPACE BLACK` are one name. Then:
/// - **The shop's codes win.** A code from `pipeline.json`'s `colorSynonyms` decides whenever
///   it is the whole name, a whole colour of it or a run of its words.
/// - **The first colour decides.** A name splits into colours at `/ , & + | ; × ・ 、` and at
///   the lexicon's joining words (`and`, `y`, `und`, `と`): `Olive Green / Silver` is green,
///   `Lagoon/Black` blue. The first colour with a known word gives the family.
/// - **Within a colour**, the longest run of words the lexicon knows is one word (`gun
///   metallic`, `azul marino`); a word it does not know whole is read as a compound of words it
///   does (`marineblau`, `dunkelgrün`) or, for a German or Dutch basic term at its end, by that
///   term (`legergroen`); Japanese, written without spaces, is read by longest match
///   (`ネイビーブルー`, `黒`). A basic term or a code outranks another name, which outranks a
///   multicolour word (`Black Print` is black); among equals the last word decides, as English
///   puts its colour last (`Rose Gold`), unless the first is a word of Spanish, French,
///   Italian or Portuguese only (`Oro Rosa`, head first). A modifier or another word may shift
///   the colour within its family where people do (`dark blue`, `azul marino`, `bleu marine`
///   → navy).
/// - **Finish words never decide** (metallic, pearl, pearlcoat, clearcoat, matte, satin,
///   heather, melange, jaspeado, mica): `Daytona Gray Pearl Effect` is grey and `Pearl` alone
///   has no family. Nor do modifiers or the word "colour".
/// - **An unknown word gives no family** rather than a guess: `Sunshine`, `Fluid Metal`.
///
/// The lexicon files each word in the family its usual colour falls in under ``ColorFamily``'s
/// HSV regions (cream is beige, ivory is white, teal is blue), so that a vendor's name and
/// Huewall's analysis speak the same vocabulary.
public struct ColorSynonyms: Sendable, Equatable {
  /// The shop's codes from `colorSynonyms`, normalised → family; they win over the lexicon.
  public private(set) var table: [String: ColorFamily]
  /// The shop's own name of a family, from the codes `pipeline.json` adds (``shopName(of:)``).
  public private(set) var shopNames: [ColorFamily: String] = [:]
  /// Whether the wall files products the way the shop's vendor colours teach
  /// (``FamilyCalibration``; `pipeline.json`'s `learnFamilies`).
  public var learnsFamilies = true

  /// The lexicon plus `extra` (raw codes; they are normalised here and win over the lexicon).
  public init(extra: [String: ColorFamily] = [:]) {
    var table: [String: ColorFamily] = [:]
    for (code, family) in extra {
      let key = Self.normalise(code)
      if !key.isEmpty { table[key] = family }
    }
    self.table = table
    for (family, codes) in Dictionary(grouping: extra.keys, by: { extra[$0]! }) {
      if let name = Self.preferredShopName(codes) { shopNames[family] = name }
    }
  }

  /// The shop's own name for colours of `family` (`"Sunshine"` when `colorSynonyms` maps
  /// `Sunshine` to yellow), or nil when the shop gave none.
  public func shopName(of family: ColorFamily) -> String? { shopNames[family] }

  /// The code that reads most like a name, when a shop maps several to one family: codes with
  /// a lowercase letter ("Midnight Oil") before all-capital codes ("BLK-M"), then the shortest,
  /// then in alphabetical order, so that the choice never depends on the file's key order.
  static func preferredShopName(_ codes: [String]) -> String? {
    let trimmed = codes.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !normalise($0).isEmpty }
    return trimmed.min { x, y in
      let (wx, wy) = (x.contains(where: \.isLowercase), y.contains(where: \.isLowercase))
      if wx != wy { return wx }
      if x.count != y.count { return x.count < y.count }
      return x < y
    }
  }

  /// The lexicon's words that give a family (basic terms, names and codes), by family.
  public static var defaults: [ColorFamily: [String]] {
    var words: [ColorFamily: [String]] = [:]
    for entry in ColorLexicon.shipped.entries.values where entry.kind.decides {
      if let family = entry.family { words[family, default: []].append(entry.word) }
    }
    return words.mapValues { $0.sorted() }
  }

  /// The basic terms of `family` in every language of the lexicon (`green`, `verde`, `grün`,
  /// `vert`, `groen`, `グリーン`, `緑`), for the page's search.
  public static func basicTerms(of family: ColorFamily) -> [String] {
    var seen: Set<String> = []
    return (ColorLexicon.shipped.basicTerms[family] ?? []).filter { seen.insert($0).inserted }
  }

  /// The matching form of a code: lowercase, accents and width folded, and spaces, dashes,
  /// underscores, dots and apostrophes removed.
  public static func normalise(_ code: String) -> String {
    String(
      String.UnicodeScalarView(fold(code).unicodeScalars.filter { !Self.ignored.contains($0) }))
  }

  /// Lowercase with accents and width folded; nothing removed.
  static func fold(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
    ).lowercased()
  }

  /// The family `vendorColor` names, if any (see the type's rules).
  public func family(of vendorColor: String) -> ColorFamily? {
    reading(of: vendorColor)?.family
  }

  /// How a vendor's colour was read: its family and the word that decided it.
  package struct Reading: Equatable {
    package var family: ColorFamily
    /// The deciding word as the lexicon spells it, or the shop's code.
    package var word: String
    /// The deciding word's kind; nil for the shop's own code.
    package var kind: ColorLexicon.Kind?
  }

  /// The reading of `vendorColor`: its family and the word that decided it, or nil.
  package func reading(of vendorColor: String) -> Reading? {
    let whole = Self.normalise(vendorColor)
    guard !whole.isEmpty else { return nil }
    if let family = table[whole] { return Reading(family: family, word: vendorColor, kind: nil) }
    for part in Self.parts(of: Self.fold(vendorColor)) {
      if let family = table[Self.normalise(part)] {
        return Reading(family: family, word: part, kind: nil)
      }
      for colour in colours(in: part) {
        if let reading = decide(colour) { return reading }
      }
    }
    return nil
  }

  /// A word of a vendor's colour as the lexicon (or the shop) knows it.
  private enum Word {
    case entry(ColorLexicon.Entry)
    case shop(String, ColorFamily)
  }

  /// A folded name split at the characters that separate two colours.
  private static func parts(of folded: String) -> [String] {
    folded.split(whereSeparator: { Self.partSeparators.contains($0) }).map(String.init)
  }

  /// The known words of one part, split into colours at the lexicon's joining words.
  private func colours(in part: String) -> [[Word]] {
    let lexicon = ColorLexicon.shipped
    // Runs of Latin letters and digits, and runs of Japanese script, in order.
    var tokens: [(text: String, cjk: Bool)] = []
    var current = ""
    var currentCJK = false
    for character in part {
      let isWord = character.isLetter || character.isNumber
      let cjk = ColorLexicon.isCJK(character)
      if !isWord || (!current.isEmpty && cjk != currentCJK) {
        if !current.isEmpty { tokens.append((current, currentCJK)) }
        current = ""
      }
      if isWord {
        current.append(character)
        currentCJK = cjk
      }
    }
    if !current.isEmpty { tokens.append((current, currentCJK)) }

    var colours: [[Word]] = [[]]
    func add(_ words: [Word]) {
      for word in words {
        if case .entry(let entry) = word, entry.kind == .and {
          if !colours[colours.count - 1].isEmpty { colours.append([]) }
        } else {
          colours[colours.count - 1].append(word)
        }
      }
    }
    var index = 0
    while index < tokens.count {
      if tokens[index].cjk {
        add(Self.scanCJK(tokens[index].text, lexicon: lexicon))
        index += 1
        continue
      }
      var matched = false
      var end = min(tokens.count, index + lexicon.longestPhrase)
      while end > index, !matched {
        defer { end -= 1 }
        let run = tokens[index..<end]
        if run.contains(where: \.cjk) { continue }
        let key = run.map(\.text).joined()
        if let family = table[key] {
          add([.shop(run.map(\.text).joined(separator: " "), family)])
        } else if let entry = lexicon.entries[key], entry.kind != .code || run.count == 1 {
          add([.entry(entry)])
        } else {
          continue
        }
        index = end
        matched = true
      }
      if !matched {
        add(Self.compound(tokens[index].text, lexicon: lexicon).map(Word.entry))
        index += 1
      }
    }
    return colours.filter { !$0.isEmpty }
  }

  /// A Latin word the lexicon does not know whole: the words it is made of when every letter
  /// belongs to one (`marineblau` = marine + blau), else a German or Dutch basic term at its end
  /// (`legergroen`), else nothing. Pieces are at least 3 letters and never codes.
  private static func compound(_ token: String, lexicon: ColorLexicon) -> [ColorLexicon.Entry] {
    let letters = Array(token)
    guard letters.count >= 6 else { return [] }
    func piece(_ range: Range<Int>) -> ColorLexicon.Entry? {
      guard let entry = lexicon.entries[String(letters[range])],
        entry.kind != .code, entry.kind != .and
      else { return nil }
      return entry
    }
    // Longest first piece first; the shortest piece is 3 letters.
    func cover(from start: Int) -> [ColorLexicon.Entry]? {
      if start == letters.count { return [] }
      var end = letters.count
      while end - start >= 3 {
        if let entry = piece(start..<end), let rest = cover(from: end) { return [entry] + rest }
        end -= 1
      }
      return nil
    }
    if let pieces = cover(from: 0) { return pieces }
    for start in 3...(letters.count - 3) {
      if let entry = piece(start..<letters.count), entry.kind == .basic,
        !entry.languages.isDisjoint(with: ["de", "nl"])
      {
        return [entry]
      }
    }
    return []
  }

  /// The words of a run of Japanese script by longest match; characters that start no word
  /// are passed over.
  private static func scanCJK(_ text: String, lexicon: ColorLexicon) -> [Word] {
    let characters = Array(text)
    var words: [Word] = []
    var start = 0
    while start < characters.count {
      var end = min(characters.count, start + lexicon.longestCJK)
      var found: ColorLexicon.Entry? = nil
      while end > start {
        if let entry = lexicon.entries[String(characters[start..<end])], entry.kind != .code {
          found = entry
          break
        }
        end -= 1
      }
      if let found {
        words.append(.entry(found))
        start = end
      } else {
        start += 1
      }
    }
    return words
  }

  /// The family of one colour's words, and the word that decides it (see the type's rules).
  private func decide(_ words: [Word]) -> Reading? {
    func rank(_ word: Word) -> Int {
      switch word {
      case .shop: 4
      case .entry(let entry):
        !entry.kind.decides ? 0 : entry.family == .multicolour ? 1 : entry.kind == .name ? 2 : 3
      }
    }
    let best = words.map(rank).max() ?? 0
    guard best > 0 else { return nil }
    let tied = words.enumerated().filter { rank($0.element) == best }
    var winner = tied[tied.count - 1]
    if tied.count > 1, case .entry(let first) = tied[0].element,
      first.languages.isSubset(of: ColorLexicon.headFirst)
    {
      winner = tied[0]
    }
    switch winner.element {
    case .shop(let code, let family):
      return Reading(family: family, word: code, kind: nil)
    case .entry(let entry):
      guard var family = entry.family else { return nil }
      let shifts = ColorLexicon.shipped.shifts
      for (offset, word) in words.enumerated() where offset != winner.offset {
        guard case .entry(let other) = word,
          let shade = other.shade ?? other.family?.rawValue,
          let shifted = shifts["\(shade) \(family.rawValue)"]
        else { continue }
        family = shifted
        break
      }
      return Reading(family: family, word: entry.word, kind: entry.kind)
    }
  }

  /// Characters that separate two colours of one name (after width folding).
  private static let partSeparators: Set<Character> = [
    "/", ",", "&", "+", "|", ";", "×", "・", "、", "\u{FF65}", "\\",
  ]

  private static let ignored: Set<Unicode.Scalar> = [
    " ", "-", "_", ".", "'", "\u{2019}", "\t", "\u{00A0}",
  ]
}

/// Whether a vendor's colour family contradicts the analysed one.
///
/// They agree when they are equal, or when the analysis says multicolour and the vendor's
/// family is one of the product's colours (a "Black" sneaker with red and blue panels). A
/// missing family on either side is no disagreement: there is nothing to compare.
public func familiesDisagree(
  vendor: ColorFamily?, analysed: ColorFamily?, colorFamilies: [ColorFamily]
) -> Bool {
  guard let vendor, let analysed, vendor != analysed else { return false }
  if analysed == .multicolour, colorFamilies.contains(vendor) { return false }
  return true
}
