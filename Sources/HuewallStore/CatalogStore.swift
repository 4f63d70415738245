import Foundation
import GRDB

/// The catalogue in one SQLite file: products, images, parameter sets, analyses, runs and
/// per-item errors.
///
/// The file is opened as a GRDB `DatabasePool` in WAL mode, so that `huewall status` and the
/// preview export can read while a run writes, and a killed run leaves the last committed state
/// intact. Every method is synchronous and safe to call from any thread; writes are serialised
/// by the pool, so give the writing to one task and batch it (``saveAnalyses(_:)``,
/// ``saveImages(_:)``): one transaction per batch, not per item.
public final class CatalogStore: Catalogue {
  /// The database file.
  public let path: String
  public var location: String { path }
  private let pool: DatabasePool

  /// How the catalogue is opened.
  public enum Access: Sendable {
    /// Creates the file if needed and brings its schema up to date: what runs do. Waits for
    /// another process's write to end.
    case readWrite
    /// Reads an existing, up-to-date file and never takes the write lock, so it does not wait
    /// for a run that is writing: what `huewall status` does.
    case readOnly
  }

  /// Opens the catalogue at `path`: for ``Access/readWrite``, creating the file and its parent
  /// folders if needed, and bringing its schema up to date.
  public init(path: String, access: Access = .readWrite) throws(StoreError) {
    self.path = path
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    if access == .readWrite {
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw StoreError(
          path: path, reason: .cannotCreateFolder(detail: "\(folder.path): \(describe(error))"))
      }
    }

    var configuration = Configuration()
    configuration.readonly = access == .readOnly
    configuration.label = "Huewall catalogue"
    // Another process (a concurrent `huewall status`, an `analyze`) may hold the write lock
    // for a moment; wait for it rather than fail.
    configuration.busyMode = .timeout(10)
    configuration.prepareDatabase { db in
      // In WAL mode NORMAL keeps the file consistent and loses no committed transaction when
      // the process is killed; only a power loss may undo the last commits. It saves an fsync
      // per transaction.
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
    }
    do {
      pool = try DatabasePool(path: path, configuration: configuration)
      // A file migrated by a newer Huewall is left alone: this version cannot know what its
      // later migrations mean.
      let unknown = try pool.read { db in
        try Schema.migrator.appliedIdentifiers(db).subtracting(Schema.migrator.migrations)
      }
      if !unknown.isEmpty {
        throw StoreError(path: path, reason: .newerSchema(unknownMigrations: unknown.sorted()))
      }
      if access == .readOnly {
        let missing = try pool.read { db in
          Set(Schema.migrator.migrations).subtracting(
            try Schema.migrator.appliedIdentifiers(db))
        }
        if !missing.isEmpty {
          throw StoreError(path: path, reason: .olderSchema(missingMigrations: missing.sorted()))
        }
        return
      }
      try Schema.migrator.migrate(pool)
    } catch {
      throw StoreError(path: path, error: error)
    }
  }

  /// Closes the database files. Later calls fail; the store also closes when released.
  public func close() throws(StoreError) {
    do { try pool.close() } catch { throw StoreError(path: path, error: error) }
  }

  /// Runs `body` on a read-only snapshot; the one read path into GRDB.
  func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
    do { return try pool.read(body) } catch { throw StoreError(path: path, error: error) }
  }

  /// Runs `body` in one write transaction, rolled back if it throws; the one write path into
  /// GRDB.
  func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
    do { return try pool.write(body) } catch { throw StoreError(path: path, error: error) }
  }
}

private func describe(_ error: any Error) -> String {
  (error as NSError).localizedDescription
}
