import Foundation
import HuewallCore

/// Folds a staged feed's items, read in key order (``Colourway/key(of:)``), into one product
/// per colourway, for both catalogues' syncs: it holds the items of one group at a time, so a
/// feed of any size folds in the same memory.
public struct ColourwayFolder {
  private var key: String?
  private var items: [Product] = []

  public init() {}

  /// Adds the next staged item; returns the colourways of the group before it when `key`
  /// starts a new one.
  public mutating func add(key: String, id: String, values: ProductValues) -> [(
    id: String, values: ProductValues
  )] {
    var done: [(id: String, values: ProductValues)] = []
    if key != self.key { done = finish() }
    self.key = key
    items.append(values.product(id: id))
    return done
  }

  /// The colourways of the group being read, if any, and forgets it.
  public mutating func finish() -> [(id: String, values: ProductValues)] {
    let colourways = Colourway.colourways(items)
    items.removeAll(keepingCapacity: true)
    key = nil
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
