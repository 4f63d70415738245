import Foundation
import HuewallStore
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// One connection to the PostgreSQL catalogue, used synchronously like ``CatalogStore``'s
/// SQLite file: every call blocks its thread until the server answered, and calls are
/// serialised, so a transaction holds the connection from `BEGIN` to `COMMIT`.
///
/// The driver's futures complete on SwiftNIO's own threads, so waiting on them never needs a
/// thread of Swift's cooperative pool. Every driver error becomes a ``StoreError`` in
/// ``checked(_:)``, the one path from PostgreSQL results to Huewall's errors.
final class PostgresSession: @unchecked Sendable {
  let location: PostgresLocation
  private let connection: PostgresConnection
  private let logger: Logger
  /// Serialises calls; recursive so that a transaction's body can query through the session.
  private let lock = NSRecursiveLock()

  init(location: PostgresLocation) throws(StoreError) {
    self.location = location
    var logger = Logger(label: "huewall.postgres")
    logger.logLevel = .critical
    self.logger = logger
    var configuration = try location.configuration()
    // A server that does not answer must not hold a worker that was asked to stop.
    configuration.options.connectTimeout = .seconds(5)
    do {
      connection = try PostgresConnection.connect(
        on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration,
        id: 1, logger: logger
      ).wait()
    } catch {
      throw StoreError(
        path: location.description, reason: .cannotConnect(detail: Self.describe(error)))
    }
  }

  deinit {
    try? connection.close().wait()
  }

  func close() throws(StoreError) {
    try checked { try connection.close().wait() }
  }

  /// Closes the connection without waiting: a call that waits on the server fails at once,
  /// and so does every later one. Any thread may call it (a worker told to stop does).
  func interrupt() {
    let closing: EventLoopFuture<Void> = connection.close()
    _ = closing
  }

  /// `future`'s value. The driver drops a query sent on a closed connection without ever
  /// answering it, so a closed connection fails here instead of waiting forever.
  private func answer<T>(_ future: () -> EventLoopFuture<T>) throws -> T {
    guard !connection.isClosed else {
      throw StoreError(
        path: location.description,
        reason: .cannotConnect(detail: "the connection to the server is closed"))
    }
    return try future().wait()
  }

  /// The rows of `query`.
  @discardableResult
  func rows(_ query: PostgresQuery) throws(StoreError) -> [Columns] {
    try checked {
      try answer { connection.query(query, logger: logger) }.rows.map {
        Columns(row: $0.makeRandomAccess(), location: location)
      }
    }
  }

  /// The first column of every row of `query`.
  func values<T: PostgresDecodable>(_ query: PostgresQuery, as type: T.Type = T.self)
    throws(StoreError) -> [T]
  {
    var values: [T] = []
    for row in try rows(query) { values.append(try row[0]) }
    return values
  }

  /// Runs a statement and returns how many rows it changed.
  @discardableResult
  func execute(_ query: PostgresQuery) throws(StoreError) -> Int {
    try checked { try answer { connection.query(query, logger: logger) }.metadata.rows ?? 0 }
  }

  /// Transactions open on this thread's call stack: a transaction inside another is part of it.
  private var depth = 0

  /// Runs `body` between `BEGIN` and `COMMIT`, rolled back if it throws. Called inside another
  /// transaction, `body` simply runs in that one.
  func transaction<T>(_ body: () throws -> T) throws(StoreError) -> T {
    lock.lock()
    defer { lock.unlock() }
    if depth > 0 {
      depth += 1
      defer { depth -= 1 }
      do { return try body() } catch { throw Self.storeError(error, location: location) }
    }
    depth = 1
    defer { depth = 0 }
    try execute("BEGIN")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      _ = try? execute("ROLLBACK")
      throw Self.storeError(error, location: location)
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

  /// The one path from the driver's results to ``StoreError``.
  private func checked<T>(_ work: () throws -> T) throws(StoreError) -> T {
    lock.lock()
    defer { lock.unlock() }
    do { return try work() } catch { throw Self.storeError(error, location: location) }
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
