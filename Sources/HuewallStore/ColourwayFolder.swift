import Foundation
import HuewallCore

/// Folds a staged feed's items, read in key order (``Colourway/key(of:)``), into one product
/// per colourway, for both catalogues' syncs: it holds the items of one group at a time, so a
/// feed of any size folds in the same memory.
public struct ColourwayFolder {
  public typealias Entry = (id: String, values: ProductValues)

  private var key: String?
  /// The group's items as staged; turned into products only when there are two or more to
  /// fold, so that a feed of one item a product passes through as it was staged.
  private var staged: [Entry] = []

  public init() {}

  /// Adds the next staged item; returns the colourways of the group before it when `key`
  /// starts a new one.
  public mutating func add(key: String, id: String, values: ProductValues) -> [Entry] {
    var done: [Entry] = []
    if key != self.key { done = finish() }
    self.key = key
    staged.append((id, values))
    return done
  }

  /// The colourways of the group being read, if any, and forgets it.
  public mutating func finish() -> [Entry] {
    defer {
      staged.removeAll(keepingCapacity: true)
      key = nil
    }
    guard staged.count > 1 else { return staged }
    let colourways = Colourway.colourways(staged.map { $0.values.product(id: $0.id) })
    return colourways.map { ($0.id, ProductValues($0)) }
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
