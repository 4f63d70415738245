import Foundation
import HuewallTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `huewall run` coordinating `huewall worker` processes over a PostgreSQL catalogue, as the
/// built binaries, against a shop on loopback HTTP.
@Suite struct WorkerCommandTests {
  /// 300 products, 4 workers, two of them killed with SIGKILL while they hold leases and
  /// started again: every image content is analysed once, no lease is left, and the export is
  /// the one the same feed gives with the SQLite catalogue. The shop serves 100 images and
  /// holds the rest until both are killed, so that work is left to take over however fast or
  /// slow the machine is.
  @Test func fourWorkersTwoKilledAnalyseEveryProductOnce() async throws {
    let server = try await TestHTTPServer.start()
    let catalogue = TestCatalogue(server: server, images: try TestCatalogue.sampleImages())
    let gate = Gate(passing: 100, timeout: .seconds(120))
    catalogue.publish(count: 300, imageDelay: .milliseconds(5), imageGate: gate, distinct: true)
    let database = try await TestPostgres.freshDatabase()
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let settings =
      #""feed": {"source": "\#(catalogue.feedURL.absoluteString)"}, "jobs": 1, "#
      + #""fetch": {"allowPrivateNetworks": true}"#
    let postgresConfig = try write(
      #"{\#(settings), "database": "\#(database)", "output": "out-postgres"}"#,
      to: folder.appendingPathComponent("postgres.json"))
    let sqliteConfig = try write(
      #"{\#(settings), "output": "out-sqlite"}"#, to: folder.appendingPathComponent("sqlite.json"))

    func startWorker(_ index: Int) throws -> Process {
      try start([
        "worker", "--config", postgresConfig.path, "--cache",
        folder.appendingPathComponent("cache-\(index)").path, "--lease", "2", "--concurrency", "2",
      ])
    }
    var workers = try (0..<4).map(startWorker)
    let run = Task {
      try await huewall(["run", "--config", postgresConfig.path, "--workers", "4"])
    }

    // Kill workers 0 and 1, each at a moment it holds items, after a seeded delay.
    var state: UInt64 = 20_261_123
    for victim in [0, 1] {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      try await Task.sleep(for: .milliseconds(300 + Int(state >> 33) % 1200))
      let pid = workers[victim].processIdentifier
      // The schema may not exist yet: the first process to connect creates it.
      let holding = try await waitUntil(seconds: 30) {
        let leased = try? await TestPostgres.query(
          database,
          "SELECT count(*) FROM work_items WHERE state = 'leased' AND claimed_by LIKE '%:\(pid):%'"
        )
        return leased.map { $0 != ["0"] } ?? false
      }
      #expect(holding, "worker \(victim) never held an item")
      kill(pid, SIGKILL)
      try await waitForExit(workers[victim])
      #expect(workers[victim].terminationReason == .uncaughtSignal)
      workers[victim] = try startWorker(victim)
    }
    gate.open()

    let result = try await run.value
    #expect(result.status == 0, "\(result.stderr)")
    // SIGTERM stops a worker that has started working; one still loading dies of it.
    let pids = workers.map { String($0.processIdentifier) }.joined(separator: ", ")
    let registered = try await waitUntil(seconds: 30) {
      let count = try? await TestPostgres.query(
        database, "SELECT count(*) FROM workers WHERE pid IN (\(pids))")
      return count == ["4"]
    }
    #expect(registered, "the restarted workers never reached the catalogue")
    for worker in workers { kill(worker.processIdentifier, SIGTERM) }
    for worker in workers {
      try await waitForExit(worker)
      #expect(worker.terminationReason == .exit && worker.terminationStatus == 0)
    }

    // Every content analysed exactly once for the set; every item done, none leased.
    #expect(try await TestPostgres.query(database, "SELECT count(*) FROM analyses") == ["300"])
    #expect(
      try await TestPostgres.query(
        database, "SELECT count(DISTINCT image_sha256) FROM analyses") == ["300"])
    // The product preset looks for a backdrop, and the workers' batch insert keeps it.
    #expect(
      try await TestPostgres.query(database, "SELECT count(*) FROM analyses WHERE backdrop IS NULL")
        == ["0"])
    #expect(
      try await TestPostgres.query(
        database, "SELECT state, count(*), count(claimed_by) FROM work_items GROUP BY state")
        == ["done|300|0"])
    // The killed workers' items were taken again once their leases expired.
    let retaken = try await TestPostgres.query(
      database, "SELECT count(*) FROM work_items WHERE attempts > 1")
    #expect(retaken != ["0"])

    let sqlite = try await huewall(["run", "--config", sqliteConfig.path])
    #expect(sqlite.status == 0, "\(sqlite.stderr)")
    for file in ["colors.json", "colors.csv"] {
      let a = try exported(folder.appendingPathComponent("out-postgres/\(file)"))
      let b = try exported(folder.appendingPathComponent("out-sqlite/\(file)"))
      #expect(a == b, "\(file) differs between the catalogues")
      #expect(a.count > 300)
    }
    await server.shutdown()
  }

  @Test func aWorkerRefusesAnSQLiteCatalogue() async throws {
    let result = try await huewall(["worker", "--db", "/tmp/huewall-no-such/catalogue.sqlite"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("a worker needs a postgres:// catalogue"))
  }

  @Test func statusShowsTheQueue() async throws {
    let (server, database, folder, config) = try await shop(products: 5)
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await huewall(["run", "--config", config.path, "--workers", "0"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("images 5 downloaded, 0 not modified, 0 failed, 5 analysed"))
    let status = try await huewall(["status", "--db", database])
    #expect(status.status == 0, "\(status.stderr)")
    #expect(status.stdout.contains("queue: 0 pending, 0 leased, 5 done, 0 failed"))
    // The password of a URL never shows.
    let hidden = try await huewall([
      "status", "--db",
      database.replacingOccurrences(
        of: "postgres://postgres@", with: "postgres://postgres:s3cret@"),
    ])
    #expect(!hidden.stdout.contains("s3cret") && !hidden.stderr.contains("s3cret"))

    // Reprocessing queues the fetched images for the new set, and this process does them.
    let analyze = try await huewall([
      "analyze", "--config", config.path, "--preset", "reference", "--name", "original",
    ])
    #expect(analyze.status == 0, "\(analyze.stderr)")
    #expect(analyze.stdout.contains("5 analysed"), "\(analyze.stdout)")
    #expect(
      try await TestPostgres.query(
        database,
        "SELECT count(*) FROM analyses JOIN parameter_sets ON id = parameter_set_id WHERE name = 'original'"
      ) == ["5"])
    await server.shutdown()
  }

  /// One coordinator at a time: the second exits 75 while the first waits for workers.
  @Test func aSecondCoordinatorExits75() async throws {
    let (server, database, folder, config) = try await shop(products: 3)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Waits for outside workers that never come.
    let first = try start(["run", "--config", config.path, "--workers", "1"])
    let queued = try await waitUntil(seconds: 30) {
      (try? await TestPostgres.query(database, "SELECT count(*) FROM work_items")) == ["3"]
    }
    #expect(queued)
    let second = try await huewall(["run", "--config", config.path])
    #expect(second.status == 75, "\(second.stderr)")
    #expect(second.stderr.contains("another coordinating run"))
    kill(first.processIdentifier, SIGKILL)
    try await waitForExit(first)
    // The lock went with the killed coordinator's connection: a run goes ahead and finishes
    // the queued work itself.
    let third = try await huewall(["run", "--config", config.path, "--workers", "0"])
    #expect(third.status == 0, "\(third.stderr)")
    #expect(third.stdout.contains("3 analysed"), "\(third.stdout)")
    await server.shutdown()
  }

  /// A shop of `products` on loopback, a fresh PostgreSQL database, and a folder with a
  /// pipeline.json that reads one into the other.
  private func shop(products: Int) async throws
    -> (server: TestHTTPServer, database: String, folder: URL, config: URL)
  {
    let server = try await TestHTTPServer.start()
    let catalogue = TestCatalogue(server: server, images: try TestCatalogue.sampleImages())
    catalogue.publish(count: products)
    let database = try await TestPostgres.freshDatabase()
    let folder = try makeFolder()
    let config = try write(
      #"{"feed": {"source": "\#(catalogue.feedURL.absoluteString)"}, "database": "\#(database)", "fetch": {"allowPrivateNetworks": true}}"#,
      to: folder.appendingPathComponent("pipeline.json"))
    return (server, database, folder, config)
  }

  private func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-workers-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private func write(_ text: String, to url: URL) throws -> URL {
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  /// An export file without its time of generation.
  private func exported(_ url: URL) throws -> String {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
      .filter { !$0.contains("\"generatedAt\"") }.joined(separator: "\n")
  }

  private func start(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = try huewallExecutable()
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Polls `condition` every 20 ms for up to `seconds`.
  private func waitUntil(seconds: Int, _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
      if try await condition() { return true }
      try await Task.sleep(for: .milliseconds(20))
    }
    return false
  }
}
