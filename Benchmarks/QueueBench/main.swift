// The work queue's own cost, without fetching or analysing: W workers (threads, each with its
// own connection, as worker processes have) race to claim N items in batches of B and finish
// each at once; then W workers ask an empty queue E times each.
//
// usage: queue-bench URL [N=20000] [W=8] [B=4] [E=500]     (URL: an empty database)
import Dispatch
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

let setup = try PostgresCatalog(url: url)
let now = Date()
try setup.clearStagedProducts()
try setup.stageProducts { staging in
  for index in 0..<count {
    _ = try staging.add(
      Product(
        id: String(format: "P%06d", index), title: "Product \(index)",
        imageURLs: [URL(string: "https://cdn.example/img/\(index).jpg")!]),
      position: index + 1)
  }
}
try setup.syncStagedProducts(at: now)
let set = try setup.parameterSet(for: .reference, preset: "reference", name: nil)
let run = try setup.startRun(kind: .run, parameterSetID: set.id, at: now)
try setup.enqueueMainImages(parameterSetID: set.id, runID: run)

let policy = LeasePolicy()
let catalogs = try (0..<workers).map { _ in try PostgresCatalog(url: url) }
let started = DispatchTime.now()
DispatchQueue.concurrentPerform(iterations: workers) { index in
  let catalog = catalogs[index]
  let worker = "bench-\(index)"
  while let items = try? catalog.claim(worker: worker, limit: batch, policy: policy), !items.isEmpty
  {
    for item in items {
      let image = ImageRecord(
        url: item.imageURL, sha256: String(repeating: "0", count: 64), byteCount: 1,
        format: .jpeg, lastStatus: .notModified, fetchedAt: now)
      _ = try? catalog.finish(
        item, worker: worker, result: .done(image: image, analysis: nil), policy: policy)
    }
  }
}
let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
let counts = try setup.queueCounts()
precondition(counts.done == count, "not every item was done: \(counts)")

let emptyStarted = DispatchTime.now()
DispatchQueue.concurrentPerform(iterations: workers) { index in
  for _ in 0..<emptyClaims {
    _ = try? catalogs[index].claim(worker: "bench-\(index)", limit: batch, policy: policy)
  }
}
let emptySeconds =
  Double(DispatchTime.now().uptimeNanoseconds - emptyStarted.uptimeNanoseconds) / 1e9

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
