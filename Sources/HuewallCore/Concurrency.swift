/// The one way Huewall spreads work over the cores: up to `width` items at once in a task
/// group, each result handed to `consume` on the calling task (one writer, however many
/// workers), as results arrive or, with `inOrder`, in the order of `items`. `willStart` runs on
/// the calling task just before an item is handed to a worker.
///
/// With a width of 1 everything runs on the calling task, which keeps one malloc arena warm.
public func forEachConcurrently<Item: Sendable, Output: Sendable>(
  _ items: [Item], width: Int, inOrder: Bool = false,
  work: @escaping @Sendable (Item) async -> Output,
  willStart: (Item) async throws -> Void = { _ in },
  consume: (Output) async throws -> Void
) async throws {
  if width <= 1 {
    for item in items {
      try await willStart(item)
      try await consume(await work(item))
    }
    return
  }
  try await withThrowingTaskGroup(of: (Int, Output).self) { group in
    var next = 0
    var nextToConsume = 0
    var finished: [Int: Output] = [:]
    func startNext() async throws {
      let index = next
      let item = items[index]
      try await willStart(item)
      group.addTask { (index, await work(item)) }
      next += 1
    }
    while next < min(width, items.count) { try await startNext() }
    while let (index, output) = try await group.next() {
      if inOrder {
        finished[index] = output
        while let ready = finished.removeValue(forKey: nextToConsume) {
          try await consume(ready)
          nextToConsume += 1
        }
      } else {
        try await consume(output)
      }
      if next < items.count { try await startNext() }
    }
  }
}

/// `count` items cut into at most `pieces` ranges of nearly equal size, for work that is too
/// small per item to be a task of its own (linking files, rendering tiles).
public func chunkRanges(count: Int, pieces: Int) -> [Range<Int>] {
  guard count > 0 else { return [] }
  let pieces = max(1, min(pieces, count))
  let size = (count + pieces - 1) / pieces
  return stride(from: 0, to: count, by: size).map { $0..<min(count, $0 + size) }
}

extension Duration {
  /// The duration in whole nanoseconds, as swift-metrics' timers take it.
  public var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
