import HuewallPalette

/// The filters of `/v1/products` and `/v1/families`, checked: each must hold.
struct Filters: Sendable, Equatable {
  var family: String?
  /// Folded (``fold(_:)``).
  var brand: String?
  /// The search's words, folded.
  var words: [String]
  var hueMin: Double?
  var hueMax: Double?

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

  /// The positions on `wall` of the products that match, ascending.
  func select(from wall: ServedWall) -> Selection {
    let narrowsFurther = brand != nil || !words.isEmpty || hueMin != nil || hueMax != nil
    if let family {
      let positions = wall.byFamily[family] ?? []
      return .positions(narrowsFurther ? positions.filter { matches($0, on: wall) } : positions)
    }
    guard narrowsFurther else { return .all(wall.products.count) }
    return .positions(wall.products.indices.filter { matches($0, on: wall) })
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
    return words.allSatisfy { haystack.contains($0) }
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
