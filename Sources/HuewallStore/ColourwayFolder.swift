import Foundation
public import HuewallCore

/// Folds a staged feed's items, read in key order (``Colourway/key(of:)``), into one product
/// per colourway, for both catalogues' syncs: it holds the items of one group at a time, so a
/// feed of any size folds in the same memory.
///
/// A colourway named after its group and colour (``Colourway/fold(_:maxImages:)``) never takes
/// an id that another product has: a staged item's, another colourway's of this sync, or one a
/// catalogue row of another product keeps (so that a person's decision on it stays with it).
/// It takes the first free `-2`, `-3`, … instead, and the sync reports it
/// (``ProductSyncCounts/renamed``). Items keep their own ids, which the feed made unique.
public struct ColourwayFolder {
  public typealias Entry = (id: String, values: ProductValues)

  private var key: String?
  /// The group's items as staged; turned into products only when there are two or more to
  /// fold, so that a feed of one item a product passes through as it was staged.
  private var staged: [Entry] = []
  /// The ids this sync gave to colourways named after their group and colour.
  private var given: Set<String> = []
  /// The colourways that could not have the id their group and colour make, in feed order.
  public private(set) var renamed: [ColourwayRename] = []

  public init() {}

  /// Adds the next staged item; returns the colourways of the group before it when `key`
  /// starts a new one. `isTaken(id, colourway)` says whether `id` is another product's: a
  /// staged item's, or a catalogue row's that is not a colourway of the same group
  /// (``isAnotherProduct(items:group:than:)``).
  public mutating func add<Failure: Error>(
    key: String, id: String, values: ProductValues,
    isTaken: (String, Product) throws(Failure) -> Bool
  ) throws(Failure) -> [Entry] {
    var done: [Entry] = []
    if key != self.key { done = try finish(isTaken: isTaken) }
    self.key = key
    staged.append((id, values))
    return done
  }

  /// The colourways of the group being read, if any, and forgets it.
  public mutating func finish<Failure: Error>(
    isTaken: (String, Product) throws(Failure) -> Bool
  ) throws(Failure) -> [Entry] {
    let (single, colourways) = takeGroup()
    var done = single
    for var colourway in colourways {
      if let wanted = Self.wantedID(colourway) {
        var suffix = 2
        while try isTaken(colourway.id, colourway) || given.contains(colourway.id) {
          colourway.id = "\(wanted)-\(suffix)"
          suffix += 1
        }
        give(colourway, wanted: wanted)
      }
      done.append((colourway.id, ProductValues(colourway)))
    }
    return done
  }

  /// ``add(key:id:values:isTaken:)`` for a catalogue that awaits its answers.
  public mutating func add(
    key: String, id: String, values: ProductValues,
    asking isTaken: (String, Product) async throws(StoreError) -> Bool
  ) async throws(StoreError) -> [Entry] {
    var done: [Entry] = []
    if key != self.key { done = try await finishAsking(isTaken) }
    self.key = key
    staged.append((id, values))
    return done
  }

  /// ``finish(isTaken:)`` for a catalogue that awaits its answers.
  public mutating func finishAsking(
    _ isTaken: (String, Product) async throws(StoreError) -> Bool
  ) async throws(StoreError) -> [Entry] {
    let (single, colourways) = takeGroup()
    var done = single
    for var colourway in colourways {
      if let wanted = Self.wantedID(colourway) {
        var suffix = 2
        while try await isTaken(colourway.id, colourway) || given.contains(colourway.id) {
          colourway.id = "\(wanted)-\(suffix)"
          suffix += 1
        }
        give(colourway, wanted: wanted)
      }
      done.append((colourway.id, ProductValues(colourway)))
    }
    return done
  }

  /// Forgets the group being read and returns it: a lone item as staged, or two or more as
  /// colourways.
  private mutating func takeGroup() -> (single: [Entry], colourways: [Product]) {
    defer {
      staged.removeAll(keepingCapacity: true)
      key = nil
    }
    guard staged.count > 1 else { return (staged, []) }
    return ([], Colourway.colourways(staged.map { $0.values.product(id: $0.id) }))
  }

  /// The id `colourway` is named after its group and colour, when it is not one of its items'
  /// own (which the feed made unique) and so must not be another product's.
  private static func wantedID(_ colourway: Product) -> String? {
    colourway.items.contains(where: { $0.id == colourway.id }) ? nil : colourway.id
  }

  /// Records the id `colourway` was given, and a rename when it is not the one `wanted`.
  private mutating func give(_ colourway: Product, wanted: String) {
    given.insert(colourway.id)
    if colourway.id != wanted {
      renamed.append(
        ColourwayRename(
          wanted: wanted, given: colourway.id, group: colourway.itemGroupId,
          items: colourway.items.map(\.id)))
    }
  }

  /// Whether a catalogue row with `items` (its JSON text) and `group` is a product other than
  /// `colourway`: a product that stood for itself (an item's own id, `[]`), or a colourway of
  /// another group.
  public static func isAnotherProduct(items: String, group: String?, than colourway: Product)
    -> Bool
  {
    let folded = { (group: String?) in group.map(Colourway.folded) ?? "" }
    return items == "[]" || folded(group) != folded(colourway.itemGroupId)
  }
}

/// A colourway that took another id than its group and colour make, because another product
/// (of the feed or the catalogue) has that one: said as an item warning naming both.
public struct ColourwayRename: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The id the group and colour make, which another product has.
  public var wanted: String
  /// The id the colourway has instead.
  public var given: String
  public var group: String?
  /// The colourway's items, in feed order.
  public var items: [String]

  public init(wanted: String, given: String, group: String?, items: [String]) {
    self.wanted = wanted
    self.given = given
    self.group = group
    self.items = items
  }

  public var description: String {
    let shown = items.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
    let more = items.count > 3 ? " and \(items.count - 3) more" : ""
    return "colourway of items \(shown)\(more)"
      + (group.map { " (group \"\($0)\")" } ?? "")
      + " is named \"\(given)\": \"\(wanted)\" is the id of another product"
  }
}

extension ProductValues {
  /// The product these values describe, under `id`.
  func product(id: String) -> Product {
    let additional =
      (try? JSONDecoder().decode([String].self, from: Data(additionalImageURLs.utf8))) ?? []
    return Product(
      id: id, title: title, brand: brand, vendorColor: vendorColor,
      link: link.flatMap { URL(string: $0) },
      imageURLs: ([imageURL].compactMap { $0 } + additional).compactMap { URL(string: $0) },
      price: price, availability: availability, itemGroupId: itemGroupId,
      items: Self.items(fromJSON: items))
  }
}
