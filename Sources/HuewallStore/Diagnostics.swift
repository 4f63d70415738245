import GRDB

extension CatalogStore {
  /// SQLite's `PRAGMA integrity_check`: `["ok"]` for a sound file, otherwise the problems it
  /// lists. For health checks after a crash.
  public func integrityCheck() throws(StoreError) -> [String] {
    try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
  }

  /// The first column of every row of a query, as text. For tests and diagnostics.
  func strings(_ sql: String) throws(StoreError) -> [String] {
    try read { db in try String.fetchAll(db, sql: sql) }
  }

  /// Runs SQL in a write transaction. For tests that need to plant a state.
  func execute(_ sql: String) throws(StoreError) {
    try write { db in try db.execute(sql: sql) }
  }
}
