// The work queue's own cost, without fetching or analysing: W workers (tasks, each with its
// own connection, as worker processes have) race to claim N items in batches of B and finish
// each at once; then W workers ask an empty queue E times each.
//
// usage: queue-bench URL [N=20000] [W=8] [B=4] [E=500]     (URL: an empty database)
import Foundation
import HuewallCore
import HuewallPostgres
import HuewallStore

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: queue-bench URL [N] [W] [B] [E]\n".utf8))
  exit(64)
}
let url = arguments[1]
func argument(_ index: Int, _ fallback: Int) -> Int {
  arguments.count > index ? Int(arguments[index]) ?? fallback : fallback
}
let (count, workers, batch, emptyClaims) = (
  argument(2, 20_000), argument(3, 8), argument(4, 4), argument(5, 500)
)

let setup = try await PostgresCatalog(url: url)
let now = Date()
try await setup.clearStagedProducts()
try await setup.stageProducts { staging in
  for index in 0..<count {
    _ = try staging.add(
      Product(
        id: String(format: "P%06d", index), title: "Product \(index)",
        imageURLs: [URL(string: "https://cdn.example/img/\(index).jpg")!]),
      position: index + 1)
  }
}
_ = try await setup.syncStagedProducts(at: now)
let set = try await setup.parameterSet(for: .reference, preset: "reference", name: nil)
let run = try await setup.startRun(kind: .run, parameterSetID: set.id, at: now)
_ = try await setup.enqueueMainImages(parameterSetID: set.id, runID: run)

let policy = LeasePolicy()
var catalogs: [PostgresCatalog] = []
for _ in 0..<workers { catalogs.append(try await PostgresCatalog(url: url)) }
let workerCatalogs = catalogs

/// Seconds `body` takes with one task per worker, each given its index.
func timedWorkers(_ body: @escaping @Sendable (Int) async -> Void) async -> Double {
  let started = ContinuousClock.now
  await withTaskGroup(of: Void.self) { group in
    for index in 0..<workers { group.addTask { await body(index) } }
  }
  let elapsed = ContinuousClock.now - started
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

let seconds = await timedWorkers { index in
  let catalog = workerCatalogs[index]
  let worker = "bench-\(index)"
  while let items = try? await catalog.claim(worker: worker, limit: batch, policy: policy),
    !items.isEmpty
  {
    for item in items {
      let image = ImageRecord(
        url: item.imageURL, sha256: String(repeating: "0", count: 64), byteCount: 1,
        format: .jpeg, lastStatus: .notModified, fetchedAt: now)
      _ = try? await catalog.finish(
        item, worker: worker, result: .done(image: image, analysis: nil), policy: policy)
    }
  }
}
let counts = try await setup.queueCounts()
precondition(counts.done == count, "not every item was done: \(counts)")

let emptySeconds = await timedWorkers { index in
  for _ in 0..<emptyClaims {
    _ = try? await workerCatalogs[index].claim(
      worker: "bench-\(index)", limit: batch, policy: policy)
  }
}

print(
  String(
    format:
      "claim + finish, %d workers racing, batches of %d: %d items in %.2f s = %.0f items/s, %.0f µs per item per worker",
    workers, batch, count, seconds, Double(count) / seconds,
    seconds * 1e6 * Double(workers) / Double(count)))
print(
  String(
    format: "empty queue, %d workers: %d claims in %.2f s = %.0f µs per claim per worker",
    workers, workers * emptyClaims, emptySeconds, emptySeconds * 1e6 / Double(emptyClaims)))
