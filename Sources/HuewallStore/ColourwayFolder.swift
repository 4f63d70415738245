import Foundation
import HuewallCore

/// Folds a staged feed's items, read in colourway order (``Colourway/key(of:)``), into one
/// product per colourway, for both catalogues' syncs: it holds the items of one colourway at a
/// time, so a feed of any size folds in the same memory.
public struct ColourwayFolder {
  private var key: String?
  private var items: [Product] = []

  public init() {}

  /// Adds the next staged item; returns the colourway before it when `key` starts a new one.
  public mutating func add(key: String, id: String, values: ProductValues) -> (
    id: String, values: ProductValues
  )? {
    var done: (id: String, values: ProductValues)?
    if key != self.key { done = finish() }
    self.key = key
    items.append(values.product(id: id))
    return done
  }

  /// The colourway being folded, if any, and forgets it.
  public mutating func finish() -> (id: String, values: ProductValues)? {
    guard !items.isEmpty else { return nil }
    let product = Colourway.fold(items)
    items.removeAll(keepingCapacity: true)
    key = nil
    return (product.id, ProductValues(product))
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
