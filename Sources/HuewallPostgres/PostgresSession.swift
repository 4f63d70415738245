import Foundation
public import HuewallStore
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// One connection to the PostgreSQL catalogue, used through postgres-nio's async API: a call
/// awaits the server without holding a thread. Calls are taken in turn (``ConnectionTurn``),
/// so a transaction holds the connection from `BEGIN` to `COMMIT`; the calls a transaction's
/// body makes run in its turn.
///
/// Every driver error becomes a ``StoreError`` in ``checked(_:)``, the one path from
/// PostgreSQL results to Huewall's errors.
final class PostgresSession: Sendable {
  let location: PostgresLocation
  private let connection: PostgresConnection
  private let logger: Logger
  private let turn = ConnectionTurn()

  private init(location: PostgresLocation, connection: PostgresConnection, logger: Logger) {
    self.location = location
    self.connection = connection
    self.logger = logger
  }

  /// Connects to `location`.
  static func connect(to location: PostgresLocation) async throws(StoreError) -> PostgresSession {
    var logger = Logger(label: "huewall.postgres")
    logger.logLevel = .critical
    var configuration = try location.configuration()
    // A server that does not answer must not hold a worker that was asked to stop.
    configuration.options.connectTimeout = .seconds(5)
    do {
      let connection = try await PostgresConnection.connect(
        configuration: configuration, id: 1, logger: logger)
      return PostgresSession(location: location, connection: connection, logger: logger)
    } catch {
      throw StoreError(
        path: location.description, reason: .cannotConnect(detail: describe(error)))
    }
  }

  deinit {
    close()
  }

  /// Closes the connection without awaiting it: a call that awaits the server fails at once,
  /// and so does every later one. Any task may call it (a worker told to stop does).
  func close() {
    guard !connection.isClosed else { return }
    let connection = self.connection
    // The driver wants a connection closed before it is freed: held until it is.
    connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
  }

  /// The driver drops a query sent on a closed connection without ever answering it, so a
  /// closed connection fails here instead of waiting forever.
  private func checkOpen() throws(StoreError) {
    guard !connection.isClosed else {
      throw StoreError(
        path: location.description,
        reason: .cannotConnect(detail: "the connection to the server is closed"))
    }
  }

  /// The rows of `query`.
  @discardableResult
  func rows(_ query: PostgresQuery) async throws(StoreError) -> [Columns] {
    try await checked {
      try checkOpen()
      return try await connection.query(query, logger: logger).collect().map {
        Columns(row: $0.makeRandomAccess(), location: location)
      }
    }
  }

  /// Calls `body` with each row of `query` as it arrives, without holding them all.
  func forEachRow(_ query: PostgresQuery, _ body: (Columns) throws -> Void) async throws(StoreError)
  {
    try await checked {
      try checkOpen()
      for try await row in try await connection.query(query, logger: logger) {
        try body(Columns(row: row.makeRandomAccess(), location: location))
      }
    }
  }

  /// The first column of every row of `query`.
  func values<T: PostgresDecodable>(_ query: PostgresQuery, as type: T.Type = T.self)
    async throws(StoreError) -> [T]
  {
    var values: [T] = []
    for row in try await rows(query) { values.append(try row[0]) }
    return values
  }

  /// Runs a statement and returns how many rows it changed. The row sequence of the async
  /// `query` does not carry the command tag that counts them; the future the driver answers
  /// with does, and is awaited here, never waited on.
  @discardableResult
  func execute(_ query: PostgresQuery) async throws(StoreError) -> Int {
    try await checked {
      try checkOpen()
      let result: EventLoopFuture<PostgresQueryResult> = connection.query(query, logger: logger)
      return try await result.get().metadata.rows ?? 0
    }
  }

  /// The sessions whose transaction the current task is inside, by identity.
  @TaskLocal private static var transactions: Set<ObjectIdentifier> = []

  /// Runs `body` between `BEGIN` and `COMMIT`, rolled back if it throws. Called inside another
  /// transaction of this session, `body` simply runs in that one.
  func transaction<T>(_ body: () async throws -> T) async throws(StoreError) -> T {
    let me = ObjectIdentifier(self)
    if Self.transactions.contains(me) {
      do { return try await body() } catch { throw Self.storeError(error, location: location) }
    }
    return try await checked {
      try await execute("BEGIN")
      do {
        let result = try await Self.$transactions.withValue(Self.transactions.union([me])) {
          try await body()
        }
        try await execute("COMMIT")
        return result
      } catch {
        _ = try? await execute("ROLLBACK")
        throw error
      }
    }
  }

  /// One row of a result, read column by column.
  struct Columns {
    let row: PostgresRandomAccessRow
    let location: PostgresLocation

    /// The value of column `index` (counted from 0), or a store error naming the column.
    subscript<T: PostgresDecodable>(index: Int) -> T {
      get throws(StoreError) {
        do {
          return try row[index].decode(T.self)
        } catch {
          throw PostgresSession.storeError(error, location: location)
        }
      }
    }
  }

  /// The sessions whose turn the current task holds, by identity.
  @TaskLocal private static var turns: Set<ObjectIdentifier> = []

  /// Runs `work` in this session's turn (at once when the current task holds it already): the
  /// one path from the driver's results to ``StoreError``.
  private func checked<T>(_ work: () async throws -> T) async throws(StoreError) -> T {
    let me = ObjectIdentifier(self)
    do {
      if Self.turns.contains(me) { return try await work() }
      await turn.take()
      defer { turn.pass() }
      return try await Self.$turns.withValue(Self.turns.union([me])) { try await work() }
    } catch {
      throw Self.storeError(error, location: location)
    }
  }

  static func storeError(_ error: any Error, location: PostgresLocation) -> StoreError {
    let shown = location.description
    switch error {
    case let error as StoreError:
      return error
    case let error as PSQLError:
      guard let info = error.serverInfo else {
        return StoreError(path: shown, reason: .cannotConnect(detail: describe(error)))
      }
      let code = info[.sqlState] ?? "?????"
      var message = info[.message] ?? "\(error.code)"
      if let detail = info[.detail] { message += " (\(detail))" }
      switch code.prefix(2) {
      case "23": return StoreError(path: shown, reason: .constraint(detail: message))
      case "25" where code == "25006": return StoreError(path: shown, reason: .readOnly)
      case "53" where code == "53100": return StoreError(path: shown, reason: .diskFull)
      default: return StoreError(path: shown, reason: .postgres(code: code, message: message))
      }
    case let error as PostgresDecodingError:
      return StoreError(
        path: shown, reason: .unreadableData(detail: "column \(error.columnName): \(error.code)"))
    case let error as DecodingError:
      return StoreError(path: shown, reason: .unreadableData(detail: "\(error)"))
    default:
      return StoreError(path: shown, reason: .unexpected(detail: describe(error)))
    }
  }

  /// A driver error as one line: the server's message when it sent one.
  static func describe(_ error: any Error) -> String {
    if let error = error as? PSQLError {
      if let message = error.serverInfo?[.message] { return message }
      if let underlying = error.underlying { return "\(error.code): \(underlying)" }
      return "\(error.code)"
    }
    return "\(error)"
  }
}

extension StoreError {
  /// Whether the database went away (a restart, a network failure) rather than refused
  /// something: what a worker waits out and reconnects after.
  public var isConnectionLost: Bool {
    switch reason {
    case .cannotConnect: true
    // Connection exceptions, and the server shutting down or restarting.
    case .postgres(let code, _): code.hasPrefix("08") || code.hasPrefix("57P")
    default: false
    }
  }
}

/// Who may use a connection now: one task at a time, the others waiting in order. A lock that
/// suspends instead of blocking, so that a task awaiting the server holds no thread.
final class ConnectionTurn: Sendable {
  private struct State {
    var taken = false
    var waiting: [CheckedContinuation<Void, Never>] = []
  }
  private let state = Mutex(State())

  /// Returns once the caller holds the turn.
  func take() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let now = state.withLock { state in
        if state.taken {
          state.waiting.append(waiter)
          return false
        }
        state.taken = true
        return true
      }
      if now { waiter.resume() }
    }
  }

  /// Hands the turn to the next waiting task, or frees it.
  func pass() {
    let next = state.withLock { state in
      if state.waiting.isEmpty {
        state.taken = false
        return nil as CheckedContinuation<Void, Never>?
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
