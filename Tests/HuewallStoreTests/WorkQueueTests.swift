import Foundation
import HuewallCore
import HuewallTestSupport
import Synchronization
import Testing

@testable import HuewallPostgres
@testable import HuewallStore

/// The work queue of a PostgreSQL catalogue: claims, leases, retries and the unique key that
/// makes each analysis happen once.
@Suite("Work queue")
struct WorkQueueTests {
  /// A catalogue with `count` products (each its own image URL) queued for one run; returns
  /// a second connection too, as a second worker would have.
  func withQueue(
    count: Int,
    _ body: (PostgresCatalog, PostgresCatalog, ParameterSetRecord, Int64) async throws -> Void
  ) async throws {
    let url = try await TestPostgres.freshDatabase()
    let first = try await PostgresCatalog(url: url)
    let second = try await PostgresCatalog(url: url)
    defer {
      try? first.close()
      try? second.close()
    }
    try await first.syncProducts(
      (0..<count).map { sampleProduct(String(format: "p%03d", $0)) }, at: t0)
    let set = try await first.parameterSet(for: .reference, preset: "reference", name: nil)
    let run = try await first.startRun(kind: .run, parameterSetID: set.id, at: t0)
    #expect(try await first.enqueueMainImages(parameterSetID: set.id, runID: run) == count)
    try await body(first, second, set, run)
  }

  func done(_ item: WorkItem, sha: String, set: Int64) -> WorkResult {
    .done(
      image: ImageRecord(
        url: item.imageURL, sha256: sha, byteCount: 10, format: .jpeg, lastStatus: .downloaded,
        fetchedAt: t1),
      analysis: AnalysisRecord(
        imageSHA256: sha, parameterSetID: set, width: 1, height: 1, colors: [], family: nil,
        samples: 1, skipped: 0, background: 0, backdrop: "#f0f0f0", analysedAt: t1))
  }

  @Test("two workers claiming at once never get the same item, and together get all")
  func exclusiveClaims() async throws {
    try await withQueue(count: 40) { first, second, _, _ in
      let policy = LeasePolicy(lease: 60)
      var claimed: [[String]] = [[], []]
      await withTaskGroup(of: (Int, [String]).self) { group in
        for index in 0..<2 {
          group.addTask { [first, second] in
            let catalog = index == 0 ? first : second
            var mine: [String] = []
            while let batch = try? await catalog.claim(
              worker: "w\(index)", limit: 3, policy: policy),
              !batch.isEmpty
            {
              mine += batch.map(\.imageURL)
              try? await Task.sleep(for: .milliseconds(2))
            }
            return (index, mine)
          }
        }
        for await (index, mine) in group { claimed[index] = mine }
      }
      #expect(Set(claimed[0]).isDisjoint(with: claimed[1]))
      #expect(claimed[0].count + claimed[1].count == 40)
      let counts = try await first.queueCounts()
      #expect(counts.leased == 40 && counts.pending == 0)
    }
  }

  @Test("an expired lease goes to another worker; the first one's late result is not written")
  func expiredLease() async throws {
    try await withQueue(count: 1) { first, second, set, _ in
      // Long enough that a loaded machine still asks again before it expires.
      let short = LeasePolicy(lease: 3)
      let start = ContinuousClock.now
      let item = try #require(try await first.claim(worker: "slow", limit: 5, policy: short).first)
      let again: WorkItem
      if let early = try await second.claim(worker: "other", limit: 5, policy: short).first {
        // A loaded machine paused past the lease between the two claims: the item came back
        // then, and only because the lease had run out.
        #expect(ContinuousClock.now - start >= .seconds(3))
        again = early
      } else {
        try await Task.sleep(for: .seconds(3.3))
        again = try #require(try await second.claim(worker: "other", limit: 5, policy: short).first)
      }
      #expect(again.imageURL == item.imageURL)
      #expect(again.attempts == 2)
      #expect(
        try await !first.finish(
          item, worker: "slow", result: done(item, sha: "aaaa", set: set.id),
          policy: short))
      #expect(
        try await second.finish(
          again, worker: "other", result: done(again, sha: "aaaa", set: set.id),
          policy: short))
      #expect(try await first.strings("SELECT count(*) FROM analyses") == ["1"])
      let counts = try await first.queueCounts()
      #expect(counts.done == 1 && counts.leased == 0)
    }
  }

  @Test("a batch is written at once: an item taken over is skipped, each content analysed once")
  func batchFinish() async throws {
    try await withQueue(count: 4) { first, second, set, _ in
      let short = LeasePolicy(lease: 1)
      let batch = try await first.claim(worker: "slow", limit: 4, policy: short)
      #expect(batch.count == 4)
      #expect(batch.allSatisfy { !$0.leaseExpired && !$0.previousAnalysed })
      try await Task.sleep(for: .seconds(1.3))
      // Another worker takes one item over once the lease expired.
      let taken = try #require(
        try await second.claim(worker: "other", limit: 1, policy: short).first)
      #expect(taken.leaseExpired)
      let others = batch.filter { $0.imageURL != taken.imageURL }
      let stale = try #require(batch.first { $0.imageURL == taken.imageURL })
      // Two items have the same bytes: one analysis, and one of them says it analysed.
      let results: [(item: WorkItem, result: WorkResult)] = [
        (stale, done(stale, sha: "lost", set: set.id)),
        (others[0], done(others[0], sha: "same", set: set.id)),
        (others[1], done(others[1], sha: "same", set: set.id)),
        (others[2], .failed(stage: "fetch", message: "404", retry: false, image: nil)),
      ]
      #expect(
        try await first.finish(results, worker: "slow", policy: short) == [false, true, true, true])
      #expect(try await first.strings("SELECT image_sha256 FROM analyses") == ["same"])
      #expect(try await first.strings("SELECT backdrop FROM analyses") == ["#f0f0f0"])
      let states = try await first.strings(
        """
        SELECT state || '|' || count(*) || '|' || count(*) FILTER (WHERE analysed)
        FROM work_items GROUP BY state ORDER BY state
        """)
      #expect(
        states == ["done|2|1", "failed|1|0", "leased|1|0"], "\(states)")
      #expect(try await first.strings("SELECT count(*) FROM images") == ["2"])
      #expect(
        try await first.strings("SELECT items_done FROM workers WHERE id = 'slow'").allSatisfy {
          $0 == "2"
        })
      #expect(
        try await second.finish(
          taken, worker: "other", result: done(taken, sha: "same", set: set.id), policy: short))
      #expect(try await first.strings("SELECT count(*) FROM analyses") == ["1"])

      // Queued again, the items whose bytes have an analysis say so from the claim.
      let run = try await first.startRun(kind: .run, parameterSetID: set.id, at: t1)
      _ = try await first.enqueueMainImages(parameterSetID: set.id, runID: run)
      let again = try await first.claim(worker: "next", limit: 4, policy: short)
      let known = Set(again.filter(\.previousAnalysed).map(\.imageURL))
      #expect(known == Set([others[0], others[1], taken].map(\.imageURL)))
    }
  }

  @Test("a renewed lease is not taken over")
  func renewal() async throws {
    try await withQueue(count: 1) { first, second, _, _ in
      let short = LeasePolicy(lease: 1)
      let items = try await first.claim(worker: "busy", limit: 5, policy: short)
      for _ in 0..<3 {
        try await Task.sleep(for: .seconds(0.5))
        #expect(try await first.renew(worker: "busy", items: items, policy: short) == 1)
      }
      #expect(try await second.claim(worker: "other", limit: 5, policy: short).isEmpty)
    }
  }

  @Test("an item whose worker keeps dying fails after the last attempt, recorded for its run")
  func abandonedTooOften() async throws {
    try await withQueue(count: 1) { first, _, _, run in
      let policy = LeasePolicy(lease: 1, maxAttempts: 2)
      for attempt in 1...2 {
        let claimed = try await first.claim(worker: "dies-\(attempt)", limit: 1, policy: policy)
        #expect(claimed.map(\.attempts) == [attempt])
        try await Task.sleep(for: .seconds(1.2))
      }
      #expect(try await first.claim(worker: "next", limit: 1, policy: policy).isEmpty)
      #expect(try await first.queueCounts().failed == 1)
      let errors = try await first.errors(runID: run)
      #expect(errors.map(\.stage) == ["worker"])
      #expect(errors.first?.subject == "https://cdn.example/p000-1.jpg")
      #expect(errors.first?.message.contains("(products p000)") == true)
    }
  }

  @Test("a failure is retried after a growing wait, then recorded once as failed")
  func retries() async throws {
    try await withQueue(count: 1) { first, _, _, run in
      let policy = LeasePolicy(lease: 30, maxAttempts: 2, backoff: 1)
      let failure = WorkResult.failed(stage: "fetch", message: "HTTP 503", retry: true, image: nil)
      let item = try #require(try await first.claim(worker: "w", limit: 1, policy: policy).first)
      // The wait runs from the finishing transaction's start (PostgreSQL's now()), so it is
      // timed from before the call: on a loaded machine the transaction itself can take a
      // good part of the second.
      let finishing = ContinuousClock.now
      #expect(try await first.finish(item, worker: "w", result: failure, policy: policy))
      var early = try await first.claim(worker: "w", limit: 1, policy: policy).first
      // Waiting for its retry: not claimable yet. Only judged when the claim came within the
      // wait: a loaded machine can take longer than the 1 s wait between two statements.
      if ContinuousClock.now - finishing < .milliseconds(900) {
        #expect(early == nil)
        #expect(try await first.queueCounts().pending == 1)
      }
      if early == nil {
        try await Task.sleep(for: .seconds(1.2))
        early = try await first.claim(worker: "w", limit: 1, policy: policy).first
      }
      let retry = try #require(early)
      #expect(retry.attempts == 2)
      #expect(try await first.finish(retry, worker: "w", result: failure, policy: policy))
      #expect(try await first.queueCounts().failed == 1)
      #expect(try await first.errors(runID: run).map(\.message) == ["HTTP 503 (products p000)"])
      #expect(try await first.tally(runID: run) == QueueTally(failed: 1))
    }
  }

  @Test("an item's result is written whole or not at all")
  func finishIsAtomic() async throws {
    try await withQueue(count: 1) { first, _, _, _ in
      let policy = LeasePolicy()
      let item = try #require(try await first.claim(worker: "w", limit: 1, policy: policy).first)
      // An analysis for a parameter set that does not exist breaks the last write.
      let error = await #expect(throws: StoreError.self) {
        try await first.finish(
          item, worker: "w", result: done(item, sha: "abcd", set: 999), policy: policy)
      }
      #expect(isForeignKeyFailure(error, .postgres))
      #expect(try await first.image(url: item.imageURL) == nil)
      #expect(try await first.queueCounts().leased == 1)
    }
  }

  @Test("a failure that cannot succeed later is not retried")
  func permanentFailure() async throws {
    try await withQueue(count: 1) { first, _, _, run in
      let policy = LeasePolicy(maxAttempts: 5)
      let item = try #require(try await first.claim(worker: "w", limit: 1, policy: policy).first)
      let failure = WorkResult.failed(
        stage: "decode", message: "not an image", retry: false, image: nil)
      #expect(try await first.finish(item, worker: "w", result: failure, policy: policy))
      #expect(try await first.queueCounts().failed == 1)
      #expect(try await first.errors(runID: run).map(\.stage) == ["decode"])
    }
  }

  @Test("two URLs with the same bytes, finished by two workers, store one analysis")
  func oneAnalysisPerContent() async throws {
    try await withQueue(count: 2) { first, second, set, run in
      let policy = LeasePolicy()
      let a = try #require(try await first.claim(worker: "a", limit: 1, policy: policy).first)
      let b = try #require(try await second.claim(worker: "b", limit: 1, policy: policy).first)
      #expect(a.imageURL != b.imageURL)
      #expect(
        try await first.finish(
          a, worker: "a", result: done(a, sha: "same", set: set.id), policy: policy))
      #expect(
        try await second.finish(
          b, worker: "b", result: done(b, sha: "same", set: set.id), policy: policy)
      )
      #expect(try await first.strings("SELECT count(*) FROM analyses") == ["1"])
      #expect(try await first.tally(runID: run) == QueueTally(downloaded: 2, analysed: 1))
    }
  }

  @Test("queueing again restarts finished items and leaves claimed ones alone")
  func requeue() async throws {
    try await withQueue(count: 3) { first, _, set, run in
      let policy = LeasePolicy()
      let items = try await first.claim(worker: "w", limit: 2, policy: policy)
      try await first.finish(
        items[0], worker: "w", result: done(items[0], sha: "x", set: set.id), policy: policy)
      let next = try await first.startRun(kind: .run, parameterSetID: set.id, at: t1)
      // The finished item is queued again; the claimed and the unclaimed one stay as they
      // are, but now count for the new run.
      #expect(try await first.enqueueMainImages(parameterSetID: set.id, runID: next) == 3)
      let counts = try await first.queueCounts()
      #expect(counts.pending == 2 && counts.leased == 1 && counts.done == 0)
      #expect(try await first.tally(runID: next) == QueueTally())
      #expect(
        try await first.strings("SELECT count(*) FROM work_items WHERE run_id = \(next)") == ["3"])
      #expect(run != next)
    }
  }

  @Test("each item carries the title of the first product showing its image, also to reprocess")
  func titles() async throws {
    do {
      let url = try await TestPostgres.freshDatabase()
      let catalog = try await PostgresCatalog(url: url)
      defer { try? catalog.close() }
      func product(_ id: String, _ title: String, _ images: [String]) -> Product {
        var p = sampleProduct(id)
        p.title = title
        p.imageURLs = images.map { HuewallStoreTests.url("https://cdn.example/\($0).jpg") }
        return p
      }
      // b is the second image of p1 and of p2; a is p2's main image and p3's second.
      try await catalog.syncProducts(
        [
          product("p2", "Women's blouse", ["a", "b"]), product("p1", "Men's jeans", ["c", "b"]),
          product("p3", "Cap", ["d", "a"]),
        ], at: t0)
      let policy = LeasePolicy()
      func claimedTitles() async throws -> [String: String] {
        let items = try await catalog.claim(worker: "w", limit: 10, policy: policy)
        return Dictionary(
          uniqueKeysWithValues: items.map {
            (String($0.imageURL.dropFirst("https://cdn.example/".count).prefix(1)), $0.title ?? "-")
          })
      }
      let main = try await catalog.parameterSet(for: .reference, preset: "reference", name: nil)
      let run = try await catalog.startRun(kind: .run, parameterSetID: main.id, at: t0)
      try await catalog.enqueueProductImages(
        parameterSetID: main.id, runID: run, imagesPerProduct: 2)
      #expect(
        try await claimedTitles() == [
          "a": "Women's blouse", "b": "Men's jeans", "c": "Men's jeans", "d": "Cap",
        ])

      // Reprocessing queues one URL per content: d, fetched last, has a's bytes, which p2
      // shows first.
      try await catalog.saveImages(
        [("a", "x", t0), ("b", "y", t0), ("c", "z", t0), ("d", "x", t1)].map { name, sha, at in
          ImageRecord(
            url: "https://cdn.example/\(name).jpg", sha256: sha, byteCount: 10, format: .jpeg,
            lastStatus: .downloaded, fetchedAt: at)
        })
      var tuned = AnalysisParameters.reference
      tuned.granularity = 2
      let other = try await catalog.parameterSet(for: tuned, preset: "reference", name: "tuned")
      let reprocess = try await catalog.startRun(kind: .analyze, parameterSetID: other.id, at: t1)
      try await catalog.enqueueCachedImages(
        parameterSetID: other.id, runID: reprocess, imagesPerProduct: 2)
      #expect(
        try await claimedTitles() == [
          "b": "Men's jeans", "c": "Men's jeans", "d": "Women's blouse",
        ])
    }
  }
}
