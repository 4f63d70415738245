import Foundation

/// Magento configurable products that list each other as variations, directly (`A` lists `B`,
/// `B` lists `A`) or around a longer loop: none of them can be the other's parent, so each is
/// an item error naming the rows of the loop, never folded away unseen.
struct ConfigurableCycles {
  /// The loop each configurable of one is in, by sku, in the order the loop is followed.
  private(set) var loops: [String: [String]] = [:]

  /// The loops among `family`'s configurables: each follows the edge from a configurable to
  /// the configurable that lists it. Every sku is visited once, so a feed of long chains costs
  /// no more than a short one.
  init(_ family: ShopExport.Family) {
    var state: [String: Bool] = [:]  // false: on the path being followed; true: done
    for start in family.parents.keys.sorted() where state[start] == nil {
      var path: [String] = []
      var sku: String? = start
      while let current = sku, state[current] == nil {
        state[current] = false
        path.append(current)
        let parent = family.children[current]?.parent
        sku = parent.flatMap { family.parents[$0] == nil ? nil : $0 }
      }
      if let current = sku, state[current] == false, let from = path.firstIndex(of: current) {
        let loop = Array(path[from...])
        for member in loop { loops[member] = loop }
      }
      for member in path { state[member] = true }
    }
  }

  var isEmpty: Bool { loops.isEmpty }

  /// Why the configurable `sku` is skipped, naming the rows of its loop (`lines` by sku), or
  /// nil when it is in none.
  func problem(of sku: String, lines: [String: Int]) -> String? {
    guard let loop = loops[sku] else { return nil }
    let named = loop.map { "\"\($0)\"" + (lines[$0].map { " (line \($0))" } ?? "") }
    return "configurable products \(named.joined(separator: ", ")) list each other as"
      + " variations; none of them is read"
  }
}
