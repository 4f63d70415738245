import HuewallColorWords
import Synchronization

/// The filters of `/v1/products` and `/v1/families`, checked: each must hold.
struct Filters: Sendable, Hashable {
  var family: String?
  /// Folded (``fold(_:)``).
  var brand: String?
  /// The search's words, folded.
  var words: [String]
  var hueMin: Double?
  var hueMax: Double?
  /// Whether every word is ASCII, and so found in a plain haystack byte by byte.
  var plainWords: Bool

  /// Checks the parameters; a bad one is a ``APIError/Reason/badParameter`` naming it.
  init(family: String?, brand: String?, q: String?, hueMin: Double?, hueMax: Double?)
    throws(APIError)
  {
    if let family, ColorFamily(rawValue: family) == nil {
      throw .badParameter(
        "family",
        "\"\(family.prefix(40))\" is not a colour family (one of "
          + ColorFamily.allCases.map(\.rawValue).joined(separator: ", ") + ")")
    }
    for (name, hue) in [("hueMin", hueMin), ("hueMax", hueMax)] {
      if let hue, !(0...360).contains(hue) {
        throw .badParameter(name, "a hue is 0 to 360 degrees, not \(hue)")
      }
    }
    self.family = family
    self.brand = brand.map(fold)
    words = q.map { fold($0).split(whereSeparator: \.isWhitespace).map(String.init) } ?? []
    plainWords = words.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
    self.hueMin = hueMin
    self.hueMax = hueMax
  }

  /// The same filters without the family: what `/v1/families` counts under.
  var withoutFamily: Filters {
    var copy = self
    copy.family = nil
    return copy
  }

  /// Identifies the filters in a cursor (FNV-1a of their canonical text), so that a cursor is
  /// not read under other filters.
  var signature: UInt64 {
    let text = [
      family ?? "-", brand ?? "-", words.joined(separator: " "),
      hueMin.map { "\($0)" } ?? "-", hueMax.map { "\($0)" } ?? "-",
    ].joined(separator: "\u{1}")
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// The positions on `wall` of the products that match, ascending. A selection that takes
  /// a scan is kept with the wall for the next request of the same filters.
  func select(from wall: ServedWall) -> Selection {
    let narrowsFurther = brand != nil || !words.isEmpty || hueMin != nil || hueMax != nil
    if !narrowsFurther {
      guard let family else { return .all(wall.products.count) }
      return .positions(wall.byFamily[family] ?? [])
    }
    if let kept = wall.selections.withLock({ $0.selections[self] }) { return kept }
    let selection: Selection
    if let family {
      selection = .positions((wall.byFamily[family] ?? []).filter { matches($0, on: wall) })
    } else {
      selection = .positions(wall.products.indices.filter { matches($0, on: wall) })
    }
    wall.selections.withLock { $0.keep(selection, for: self) }
    return selection
  }

  private func matches(_ position: Int, on wall: ServedWall) -> Bool {
    if let family, wall.families[position] != family, wall.secondFamilies[position] != family {
      return false
    }
    if let brand, wall.brands[position] != brand { return false }
    if hueMin != nil || hueMax != nil {
      guard let hue = wall.hues[position] else { return false }
      let low = hueMin ?? 0
      let high = hueMax ?? 360
      let inside = low <= high ? (low...high).contains(hue) : hue >= low || hue <= high
      if !inside { return false }
    }
    let haystack = wall.haystacks[position]
    if plainWords, wall.plainHaystacks[position],
      let found = Self.bytewiseContains(haystack, words)
    {
      return found
    }
    return words.allSatisfy { haystack.contains($0) }
  }

  /// Whether `haystack` holds every one of `words`, compared byte by byte: what `contains`
  /// finds when both are ASCII without a carriage return (one byte a Character), without its
  /// search by Character. Nil when a string's bytes are not at hand in one piece.
  static func bytewiseContains(_ haystack: String, _ words: [String]) -> Bool? {
    haystack.utf8.withContiguousStorageIfAvailable { text -> Bool? in
      for word in words {
        let found = word.utf8.withContiguousStorageIfAvailable { word -> Bool in
          guard let first = word.first, word.count <= text.count else { return word.isEmpty }
          var start = 0
          let last = text.count - word.count
          while start <= last {
            if text[start] == first, text[start..<start + word.count].elementsEqual(word) {
              return true
            }
            start += 1
          }
          return false
        }
        guard let found else { return nil }
        if !found { return false }
      }
      return true
    } ?? nil
  }
}

/// The products a filter leaves, as positions on the wall in wall order.
enum Selection: Sendable {
  /// Every product: no filter.
  case all(Int)
  case positions([Int])

  var count: Int {
    switch self {
    case .all(let count): count
    case .positions(let positions): positions.count
    }
  }

  subscript(offset: Int) -> Int {
    switch self {
    case .all: offset
    case .positions(let positions): positions[offset]
    }
  }

  /// The offset of wall position `position` in the selection, if it is one of them.
  func offset(of position: Int) -> Int? {
    switch self {
    case .all(let count): return position < count ? position : nil
    case .positions(let positions):
      var low = 0
      var high = positions.count
      while low < high {
        let middle = (low + high) / 2
        if positions[middle] < position { low = middle + 1 } else { high = middle }
      }
      return low < positions.count && positions[low] == position ? low : nil
    }
  }
}
