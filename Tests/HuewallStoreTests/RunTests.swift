import Foundation
import HuewallCore
import Testing

@testable import HuewallPostgres
@testable import HuewallStore

@Suite("Runs and item errors")
struct RunTests {
  @Test(
    "a run starts running and finishes with its status, counts and message",
    arguments: Backend.allCases)
  func startAndFinish(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let set = try await store.parameterSet(for: .reference, preset: "reference", name: nil).id
      let id = try await store.startRun(kind: .run, parameterSetID: set, at: t0)
      let started = try #require(try await store.run(id: id))
      #expect(
        started
          == RunRecord(
            id: id, kind: .run, status: .running, startedAt: t0, finishedAt: nil,
            parameterSetID: set, counts: RunCounts(), message: nil))

      var counts = RunCounts(
        imagesDownloaded: 5, imagesNotModified: 6, imagesFailed: 7, imagesDecoded: 8, errors: 9)
      counts.record(ProductSyncCounts(seen: 1, added: 2, changed: 3, removed: 4))
      try await store.finishRun(
        id, status: .failedItems, counts: counts, message: "9 items failed", at: t1)
      #expect(
        try await store.run(id: id)
          == RunRecord(
            id: id, kind: .run, status: .failedItems, startedAt: t0, finishedAt: t1,
            parameterSetID: set,
            counts: RunCounts(
              productsSeen: 1, productsAdded: 2, productsChanged: 3, productsRemoved: 4,
              imagesDownloaded: 5, imagesNotModified: 6, imagesFailed: 7, imagesDecoded: 8,
              errors: 9),
            message: "9 items failed"))
      #expect(
        try await store.strings(
          "SELECT status || ' ' || products_seen || ' ' || images_not_modified FROM runs")
          == ["failed-items 1 6"])
    }
  }

  @Test("finishing an unknown run is an error", arguments: Backend.allCases)
  func unknownRun(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let error = await #expect(throws: StoreError.self) {
        try await store.finishRun(7, status: .succeeded, counts: RunCounts(), message: nil, at: t0)
      }
      #expect(error?.reason == .unknownRun(7))
    }
  }

  @Test("recent runs come newest first, up to the limit", arguments: Backend.allCases)
  func recent(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let first = try await store.startRun(kind: .run, parameterSetID: nil, at: t0)
      let second = try await store.startRun(kind: .analyze, parameterSetID: nil, at: t1)
      let third = try await store.startRun(kind: .export, parameterSetID: nil, at: t2)
      #expect(first < second && second < third)
      #expect(try await store.recentRuns(limit: 10).map(\.id) == [third, second, first])
      #expect(try await store.recentRuns(limit: 2).map(\.kind) == [.export, .analyze])
      #expect(try await store.recentRuns(limit: 0).isEmpty)
    }
  }

  @Test("runs left running by a killed process are marked interrupted", arguments: Backend.allCases)
  func interrupted(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let killed = try await store.startRun(kind: .run, parameterSetID: nil, at: t0)
      let done = try await store.startRun(kind: .run, parameterSetID: nil, at: t1)
      try await store.finishRun(done, status: .succeeded, counts: RunCounts(), message: nil, at: t1)
      let alsoKilled = try await store.startRun(kind: .analyze, parameterSetID: nil, at: t2)

      #expect(try await store.markInterruptedRuns(at: t3) == 2)
      let runs = try await store.recentRuns(limit: 10)
      #expect(runs.map(\.id) == [alsoKilled, done, killed])
      #expect(runs.map(\.status) == [.interrupted, .succeeded, .interrupted])
      #expect(runs.map(\.finishedAt) == [t3, t1, t3])
      #expect(runs[0].message == "the process ended before the run finished")
      #expect(try await store.markInterruptedRuns(at: t3) == 0)
    }
  }

  @Test("item errors are kept per run, in order", arguments: Backend.allCases)
  func itemErrors(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let run = try await store.startRun(kind: .run, parameterSetID: nil, at: t0)
      let other = try await store.startRun(kind: .run, parameterSetID: nil, at: t1)
      try await store.recordError(
        runID: run, stage: "fetch", subject: "https://cdn.example/a.jpg", message: "HTTP 404",
        at: t0)
      try await store.recordError(
        runID: other, stage: "feed", subject: "row 12", message: "no id", at: t1)
      try await store.recordErrors([
        ItemErrorRecord(
          runID: run, stage: "decode", subject: "https://cdn.example/b.jpg",
          message: "not an image: the bytes look like an HTML page", at: t1)
      ])

      let errors = try await store.errors(runID: run)
      #expect(errors.map(\.stage) == ["fetch", "decode"])
      #expect(errors.map(\.subject) == ["https://cdn.example/a.jpg", "https://cdn.example/b.jpg"])
      #expect(
        errors.map(\.message) == ["HTTP 404", "not an image: the bytes look like an HTML page"])
      #expect(errors.map(\.at) == [t0, t1])
      #expect(errors.allSatisfy { $0.runID == run && $0.id != nil })
      #expect(try await store.errors(runID: other).map(\.stage) == ["feed"])
      #expect(try await store.errors(runID: 99).isEmpty)
      #expect(
        try await store.strings("SELECT stage FROM item_errors ORDER BY id") == [
          "fetch", "feed", "decode",
        ])
    }
  }

  @Test("an error for a run that does not exist is refused", arguments: Backend.allCases)
  func orphanError(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let error = await #expect(throws: StoreError.self) {
        try await store.recordError(runID: 5, stage: "fetch", subject: "x", message: "y", at: t0)
      }
      #expect(isForeignKeyFailure(error, backend))
    }
  }
}
