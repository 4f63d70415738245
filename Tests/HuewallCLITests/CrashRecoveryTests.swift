import Foundation
import HuewallStore
import HuewallTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `huewall run` killed with SIGKILL at several points: the next run completes, the database is
/// sound, and no analysis that had been committed is lost.
@Suite struct CrashRecoveryTests {
  @Test func killedRunsLoseNothingCommitted() async throws {
    let server = try await TestHTTPServer.start()
    let catalogue = TestCatalogue(server: server, images: try TestCatalogue.sampleImages())
    // Slow images and every pixel analysed, so that kills land in fetching and in analysing.
    catalogue.publish(count: 80, imageDelay: .milliseconds(10))
    let (folder, config, database) = try makeWorkspace(
      feed: catalogue.feedURL,
      settings:
        #""jobs": 1, "analysis": {"granularity": 1}, "fetch": {"maxConcurrentDownloads": 2, "allowPrivateNetworks": true}"#
    )
    defer { try? FileManager.default.removeItem(at: folder) }

    var committed: Set<String> = []
    var killedMidAnalysis = 0
    // Kill points: at start-up, while fetching (images recorded, nothing analysed), and twice
    // in the middle of analysing (right after a batch was committed).
    let points: [KillPoint] = [.afterStart, .whileFetching, .afterNewAnalyses, .afterNewAnalyses]
    for point in points {
      let process = try startHuewall(["run", "--config", config.path])
      let reached = try await waitUntil(process: process) {
        switch point {
        case .afterStart: return true
        case .whileFetching: return try imageCount(database) > 0
        case .afterNewAnalyses:
          return try FileManager.default.fileExists(atPath: database)
            && analysedHashes(CatalogStore(path: database)).count > committed.count
        }
      }
      guard reached else { break }  // the run finished first: nothing left to interrupt
      kill(process.processIdentifier, SIGKILL)
      try await waitForExit(process)
      #expect(process.terminationReason == .uncaughtSignal)
      if point == .afterNewAnalyses { killedMidAnalysis += 1 }

      guard FileManager.default.fileExists(atPath: database) else { continue }
      let store = try CatalogStore(path: database)
      #expect(try store.integrityCheck() == ["ok"])
      let analysed = try analysedHashes(store)
      #expect(analysed.isSuperset(of: committed), "an analysis committed before the kill is gone")
      committed = analysed
    }
    #expect(killedMidAnalysis >= 1, "no kill landed while analysing")
    #expect(!committed.isEmpty)

    let final = try await huewall(["run", "--config", config.path])
    #expect(final.status == 0, "\(final.stderr)")
    let store = try CatalogStore(path: database)
    #expect(try store.integrityCheck() == ["ok"])
    let analysed = try analysedHashes(store)
    #expect(analysed.isSuperset(of: committed))
    #expect(analysed.count == Set(catalogue.images).count)
    // A kill is not a crash: the images being decoded when it came are retried, not poison.
    #expect(try store.poisonImages().isEmpty)
    let runs = try store.recentRuns(limit: 20)
    #expect(runs.first?.status == .succeeded)
    #expect(runs.dropFirst().allSatisfy { $0.status == .interrupted })
    await server.shutdown()
  }

  /// SIGKILL at 20 moments spread over a whole run, from start-up to the export: after each
  /// the catalogue is sound and keeps every analysis it had; the run after the last finishes
  /// the work and poisons nothing.
  @Test func twentyKillsAtSpreadMomentsLoseNothing() async throws {
    let server = try await TestHTTPServer.start()
    let catalogue = TestCatalogue(server: server, images: try TestCatalogue.sampleImages())
    catalogue.publish(count: 40, imageDelay: .milliseconds(5))
    let (folder, config, database) = try makeWorkspace(
      feed: catalogue.feedURL,
      settings:
        #""jobs": 2, "analysis": {"granularity": 1}, "fetch": {"allowPrivateNetworks": true}"#)
    defer { try? FileManager.default.removeItem(at: folder) }

    // A fixed sequence of delays (a linear congruential generator), from 0 to 1.5 s, so that
    // a failure can be replayed.
    var state: UInt64 = 20_261_123
    var committed: Set<String> = []
    for _ in 0..<20 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let delay = Int(state >> 33) % 1500
      let process = try startHuewall(["run", "--config", config.path])
      try await Task.sleep(for: .milliseconds(delay))
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      try await waitForExit(process)
      guard FileManager.default.fileExists(atPath: database) else { continue }
      let store = try CatalogStore(path: database)
      #expect(try store.integrityCheck() == ["ok"])
      let analysed = try analysedHashes(store)
      #expect(analysed.isSuperset(of: committed), "an analysis committed before a kill is gone")
      committed = analysed
    }
    let final = try await huewall(["run", "--config", config.path])
    #expect(final.status == 0, "\(final.stderr)")
    let store = try CatalogStore(path: database)
    #expect(try analysedHashes(store).count == Set(catalogue.images).count)
    #expect(try store.poisonImages().isEmpty)
    #expect(try store.integrityCheck() == ["ok"])
    await server.shutdown()
  }

  enum KillPoint { case afterStart, whileFetching, afterNewAnalyses }

  /// A fresh folder with a pipeline.json reading `feed`, plus `settings` (more JSON members);
  /// returns the folder, the configuration and the catalogue's path.
  private func makeWorkspace(feed: URL, settings: String) throws
    -> (folder: URL, config: URL, database: String)
  {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-crash-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let config = folder.appendingPathComponent("pipeline.json")
    try #"{"feed": {"source": "\#(feed.absoluteString)"}, \#(settings)}"#
      .write(to: config, atomically: true, encoding: .utf8)
    return (folder, config, folder.appendingPathComponent(".huewall/catalogue.sqlite").path)
  }

  /// Polls `condition` every 10 ms while `process` runs; false when it exits first.
  private func waitUntil(process: Process, _ condition: () throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(60)
    while process.isRunning, ContinuousClock.now < deadline {
      if (try? condition()) == true { return process.isRunning }
      try await Task.sleep(for: .milliseconds(10))
    }
    return false
  }

  private func imageCount(_ database: String) throws -> Int {
    guard FileManager.default.fileExists(atPath: database) else { return 0 }
    return try CatalogStore(path: database).cachedImages().count
  }

  private func analysedHashes(_ store: CatalogStore) throws -> Set<String> {
    guard let set = try store.parameterSets().first else { return [] }
    return try store.analysedImageHashes(parameterSetID: set.id, measured: false)
  }

  private func startHuewall(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = try huewallExecutable()
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
  }
}
