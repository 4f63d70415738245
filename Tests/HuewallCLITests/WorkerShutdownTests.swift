import Foundation
import HuewallTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// SIGTERM stops `huewall worker` within its documented bound (10 s) in every state, against
/// a PostgreSQL cluster of the test's own that the test stops and starts, as a supervisor
/// (systemd, Kubernetes) would send it and wait.
@Suite(.serialized) struct WorkerShutdownTests {
  /// What a supervisor allows: the documented 10 s, and a little for the process to exit.
  static let bound: Duration = .seconds(12)

  @Test func stopsWhileTheCatalogueIsDownFromTheStart() async throws {
    try await TestCluster.with { cluster in
      try await cluster.pause()
      let worker = try Background(["worker", "--db", cluster.url, "--verbose"])
      // Connecting, failing, waiting to try again.
      let waiting = try await poll(seconds: 20) { worker.log.contains("connecting again") }
      #expect(waiting, "\(worker.log)")
      let took = try await worker.terminate()
      #expect(took < Self.bound, "took \(took)")
      #expect(worker.process.terminationReason == .exit)
      #expect(worker.process.terminationStatus == 0, "\(worker.log)")
    }
  }

  @Test func stopsWhenTheCatalogueWentAwayUnderIt() async throws {
    try await TestCluster.with { cluster in
      let worker = try Background(["worker", "--db", cluster.url, "--verbose"])
      let connected = try await poll(seconds: 30) {
        (try? await TestPostgres.query(cluster.url, "SELECT count(*) FROM workers")) == ["1"]
      }
      #expect(connected, "\(worker.log)")
      // The database goes away while the worker polls an empty queue: it reconnects, with
      // growing waits, and says so.
      try await cluster.pause()
      let reconnecting = try await poll(seconds: 20) { worker.log.contains("connecting again") }
      #expect(reconnecting, "\(worker.log)")
      try await Task.sleep(for: .seconds(2))
      let took = try await worker.terminate()
      #expect(took < Self.bound, "took \(took)")
      #expect(worker.process.terminationStatus == 0, "\(worker.log)")
    }
  }

  @Test func stopsAtOnceWhenIdle() async throws {
    try await TestCluster.with { cluster in
      let worker = try Background(["worker", "--db", cluster.url, "--verbose"])
      let connected = try await poll(seconds: 30) {
        (try? await TestPostgres.query(cluster.url, "SELECT count(*) FROM workers")) == ["1"]
      }
      #expect(connected, "\(worker.log)")
      let took = try await worker.terminate()
      #expect(took < .seconds(3), "took \(took)")
      #expect(worker.process.terminationStatus == 0, "\(worker.log)")
      // It left the list of connected workers.
      #expect(try await TestPostgres.query(cluster.url, "SELECT count(*) FROM workers") == ["0"])
    }
  }

  /// A worker stopped with a batch whose images take longer than the bound gives up the batch
  /// after 10 s; its leases expire, another worker takes the items, and every content is
  /// analysed exactly once.
  @Test func stopsWithSlowWorkInHandAndAnotherWorkerFinishesItOnce() async throws {
    try await TestCluster.with { cluster in
      let server = try await TestHTTPServer.start()
      let catalogue = TestCatalogue(server: server, images: try TestCatalogue.sampleImages())
      catalogue.publish(count: 6, imageDelay: .seconds(25), distinct: true)
      let folder = try makeTemporaryFolder("huewall-shutdown")
      defer { try? FileManager.default.removeItem(at: folder) }
      let config = folder.appendingPathComponent("pipeline.json")
      try
        #"{"feed": {"source": "\#(catalogue.feedURL.absoluteString)"}, "database": "\#(cluster.url)", "fetch": {"allowPrivateNetworks": true}}"#
        .write(to: config, atomically: true, encoding: .utf8)

      // The coordinator queues the images and waits for outside workers.
      let coordinator = try Background(["run", "--config", config.path, "--workers", "1"])
      let first = try Background([
        "worker", "--config", config.path, "--cache", folder.appendingPathComponent("a").path,
        "--lease", "3", "--concurrency", "2", "--batch", "4", "--verbose",
      ])
      let holding = try await poll(seconds: 30) {
        (try? await TestPostgres.query(
          cluster.url, "SELECT count(*) FROM work_items WHERE state = 'leased'")) == ["4"]
      }
      #expect(holding, "\(first.log)")
      let took = try await first.terminate()
      #expect(took < Self.bound, "took \(took)")
      #expect(first.process.terminationStatus == 0, "\(first.log)")
      #expect(first.log.contains("not written in time"), "\(first.log)")
      // Nothing of the batch was recorded as done or analysed.
      #expect(try await TestPostgres.query(cluster.url, "SELECT count(*) FROM analyses") == ["0"])

      // A coordinator waiting for workers stops at once too.
      let coordinatorTook = try await coordinator.terminate()
      #expect(coordinatorTook < Self.bound, "took \(coordinatorTook)")

      catalogue.publish(count: 6, distinct: true)
      let second = try await huewall([
        "worker", "--config", config.path, "--cache", folder.appendingPathComponent("b").path,
        "--exit-when-idle",
      ])
      #expect(second.status == 0, "\(second.stderr)")
      #expect(second.stdout.contains("6 items done (6 analysed)"), "\(second.stdout)")
      #expect(
        try await TestPostgres.query(
          cluster.url, "SELECT count(*), count(DISTINCT image_sha256) FROM analyses") == ["6|6"])
      #expect(
        try await TestPostgres.query(
          cluster.url, "SELECT state, count(*), count(claimed_by) FROM work_items GROUP BY state")
          == ["done|6|0"])
      await server.shutdown()
    }
  }

  /// Polls `condition` every 50 ms for up to `seconds`.
  private func poll(seconds: Int, _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
      if try await condition() { return true }
      try await Task.sleep(for: .milliseconds(50))
    }
    return false
  }
}
