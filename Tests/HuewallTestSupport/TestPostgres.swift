import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A throwaway PostgreSQL server for the tests, and a fresh database on it per test.
///
/// `scripts/test` starts one cluster (`scripts/pg-cluster`, a Unix socket in a temporary
/// folder, never a shared server) and passes its URL in `HUEWALL_TEST_POSTGRES`; a test
/// process started otherwise (`swift test` alone) starts its own the same way and stops it
/// when it exits.
public enum TestPostgres {
  /// The repository's root.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The URL of the server's `postgres` database.
  public static let server: String = {
    if let url = ProcessInfo.processInfo.environment["HUEWALL_TEST_POSTGRES"], !url.isEmpty {
      return url
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-test-pg-\(getpid())").path
    let port = 20_000 + Int(getpid() % 20_000)
    let url = try! run(
      root.appendingPathComponent("scripts/pg-cluster").path, ["start", folder, "\(port)"])
    startedFolder = strdup(folder)
    atexit {
      guard let folder = startedFolder else { return }
      _ = try? TestPostgres.run(
        TestPostgres.root.appendingPathComponent("scripts/pg-cluster").path,
        ["stop", String(cString: folder)])
    }
    return url
  }()

  nonisolated(unsafe) private static var startedFolder: UnsafeMutablePointer<CChar>?
  private static let counter = Counter()

  /// The URL of a new, empty database on the server: one per test, so that tests never share
  /// state (they are left for the cluster's removal at the end).
  public static func freshDatabase() throws -> String {
    let name = "huewall_\(getpid())_\(counter.next())"
    _ = try run(
      "/usr/bin/psql", ["-q", "-v", "ON_ERROR_STOP=1", server, "-c", "CREATE DATABASE \(name)"])
    guard var components = URLComponents(string: server) else {
      throw TestPostgresError(message: "unreadable server URL \(server)")
    }
    components.path = "/\(name)"
    return components.string!
  }

  /// ``freshDatabase()`` from async code: `psql` is waited for on a thread of its own, not on
  /// one of the cooperative threads that the tests' loopback servers answer on.
  public static func freshDatabase() async throws -> String {
    try await offThePool { try freshDatabase() }
  }

  /// The rows of `sql` on the database at `url`, each as its columns joined with `|` (psql's
  /// unaligned output): how tests that run the built binary look at the catalogue.
  public static func query(_ url: String, _ sql: String) async throws -> [String] {
    let output = try await offThePool {
      try run("/usr/bin/psql", ["-qtA", "-v", "ON_ERROR_STOP=1", url, "-c", sql])
    }
    return output.isEmpty ? [] : output.split(separator: "\n").map(String.init)
  }

  /// Runs a program and returns its standard output, trimmed; throws with its standard error
  /// when it fails.
  ///
  /// Through `posix_spawn` and `waitpid`, not `Process`: tests run in parallel may hold every
  /// thread that `Process` needs to notice an exit. The output goes through files, not pipes:
  /// a server the program starts inherits them and would hold a pipe open while it runs. For
  /// the same reason no other descriptor is inherited: a server started while another test
  /// spawns `huewall` would keep that child's descriptors open, and `Process` would never
  /// learn that the child exited.
  @discardableResult
  static func run(_ program: String, _ arguments: [String]) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outputFile = folder.appendingPathComponent("out").path
    let errorFile = folder.appendingPathComponent("err").path

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    closeInheritedDescriptors(&actions)
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw TestPostgresError(message: "\(program): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let text = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
    // Exited normally with status 0.
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
      throw TestPostgresError(
        message: "\(program) \(arguments.joined(separator: " ")): "
          + ((try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""))
    }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// A throwaway PostgreSQL cluster of one test's own, which the test can stop and start again
/// (a database outage) without disturbing the other tests' server.
public final class TestCluster: Sendable {
  public let folder: String
  /// The URL of its `postgres` database.
  public let url: String

  /// Starts a new cluster on a Unix socket in a temporary folder.
  public init() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-cluster-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    chmod(folder, 0o755)
    self.folder = folder
    url = try TestPostgres.run(Self.script, ["start", folder + "/cluster", "\(Self.nextPort())"])
  }

  /// Runs `body` with a new cluster and removes the cluster afterwards, whether `body`
  /// returned or threw: a failed test leaves no server running.
  public static func with(_ body: (TestCluster) async throws -> Void) async throws {
    let cluster = try TestCluster()
    do {
      try await body(cluster)
    } catch {
      await cluster.remove()
      throw error
    }
    await cluster.remove()
  }

  /// Stops the server, keeping its data.
  public func pause() async throws {
    try await offThePool { [folder] in
      _ = try TestPostgres.run(Self.script, ["pause", folder + "/cluster"])
    }
  }

  /// Starts the server again with its data.
  public func resume() async throws {
    try await offThePool { [folder] in
      _ = try TestPostgres.run(Self.script, ["resume", folder + "/cluster"])
    }
  }

  /// Stops the server and removes the cluster.
  public func remove() async {
    _ = try? await offThePool { [folder] in
      _ = try TestPostgres.run(Self.script, ["stop", folder + "/cluster"])
      try? FileManager.default.removeItem(atPath: folder)
    }
  }

  static let script = TestPostgres.root.appendingPathComponent("scripts/pg-cluster").path
  private static let ports = Counter()

  /// A port number for the socket's name, distinct per process and per cluster.
  static func nextPort() -> Int { 40_000 + Int(getpid() % 1000) * 10 + ports.next() % 10 }
}

public struct TestPostgresError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}

/// Runs blocking work (a synchronous catalogue, a child process's end) on a thread of its
/// own and waits for it without holding one of Swift's cooperative threads: tests run in
/// parallel, and a few of them blocked there starve the loopback servers of the others.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { (done: CheckedContinuation<T, any Error>) in
    let thread = Thread {
      do { done.resume(returning: try work()) } catch { done.resume(throwing: error) }
    }
    thread.stackSize = 8 << 20
    thread.start()
  }
}

/// Adds glibc's `posix_spawn_file_actions_addclosefrom_np(actions, 3)`, which Swift's Glibc
/// module does not import: the child keeps only its standard input, output and error.
private func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
  typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32)
    -> Int32
  guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
  _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
}
