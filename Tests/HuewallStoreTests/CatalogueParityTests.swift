import Foundation
import HuewallTestSupport
import Testing

@testable import HuewallPostgres
@testable import HuewallStore

@Suite("The SQLite and PostgreSQL catalogues")
struct CatalogueParityTests {
  @Test("both have the same migrations, tables and columns")
  func sameSchema() async throws {
    try await withCatalogue(.sqlite) { sqlite in
      let postgres = try await PostgresCatalog(url: try await TestPostgres.freshDatabase())
      defer { try? postgres.close() }
      do {
        #expect(
          try await sqlite.strings("SELECT identifier FROM grdb_migrations ORDER BY identifier")
            == postgres.strings("SELECT identifier FROM schema_migrations ORDER BY identifier"))
        let sqliteColumns = try await sqlite.strings(
          """
          SELECT m.name || '.' || c.name FROM sqlite_master AS m, pragma_table_info(m.name) AS c
          WHERE m.type = 'table' AND m.name NOT IN ('grdb_migrations', 'sqlite_sequence')
          ORDER BY 1
          """)
        let postgresColumns = try await postgres.strings(
          """
          SELECT table_name || '.' || column_name FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name <> 'schema_migrations'
          ORDER BY table_name || '.' || column_name COLLATE "C"
          """)
        #expect(sqliteColumns.count > 60)
        #expect(sqliteColumns == postgresColumns)
      }
    }
  }

  @Test("a URL's password never shows in what errors and logs print")
  func passwordHidden() throws {
    let location = try PostgresLocation(
      url: "postgres://huewall:s3cret@db.example:6432/catalogue?sslmode=require",
      environment: [:])
    #expect(location.password == "s3cret")
    #expect(location.description == "postgres://huewall@db.example:6432/catalogue")
    #expect(!PostgresLocation.redacted("postgres://u:s3cret@h/d").contains("s3cret"))
    #expect(location.tlsMode == .require)
    // A scheme in capitals is still a URL, not a file name to create folders for.
    #expect(PostgresLocation.isURL("Postgres://u:s3cret@h/d"))
    #expect(!PostgresLocation.isURL("/var/lib/huewall/catalogue.sqlite"))
    #expect(location.endpoint == .tcp(host: "db.example", port: 6432))
  }

  @Test("the PG variables fill what the URL leaves out, and the URL wins")
  func environment() throws {
    let environment = [
      "PGHOST": "/run/pg", "PGPORT": "5499", "PGUSER": "nightly", "PGPASSWORD": "from-env",
      "PGDATABASE": "shop", "PGSSLMODE": "disable",
    ]
    let filled = try PostgresLocation(url: "postgres://", environment: environment)
    #expect(filled.endpoint == .socket(folder: "/run/pg", port: 5499))
    #expect(filled.user == "nightly")
    #expect(filled.password == "from-env")
    #expect(filled.database == "shop")
    #expect(filled.tlsMode == .disable)
    #expect(!filled.description.contains("from-env"))

    let url = try PostgresLocation(
      url: "postgres://alice@10.0.0.5/catalogue?sslmode=verify-full", environment: environment)
    #expect(url.endpoint == .tcp(host: "10.0.0.5", port: 5499))
    #expect(url.user == "alice")
    #expect(url.database == "catalogue")
    #expect(url.tlsMode == .verifyFull)
  }

  @Test("an unusable URL or sslmode is an error naming it, without its password")
  func badLocations() throws {
    let mode = #expect(throws: StoreError.self) {
      try PostgresLocation(url: "postgres://u:pw@h/d?sslmode=sometimes", environment: [:])
    }
    #expect(mode?.reason == .invalidLocation(detail: "sslmode sometimes"))
    #expect(mode?.path.contains("pw") == false)
    let port = #expect(throws: StoreError.self) {
      try PostgresLocation(url: "postgres://h/d?port=70000", environment: [:])
    }
    #expect(port?.reason == .invalidLocation(detail: "port 70000"))
  }

  @Test("read-only opening checks the schema and changes nothing")
  func readOnly() async throws {
    let url = try await TestPostgres.freshDatabase()
    let error = await #expect(throws: StoreError.self) {
      try await PostgresCatalog(url: url, readOnly: true)
    }
    #expect(
      error?.reason
        == .olderSchema(
          missingMigrations: [
            "v1", "v10-served-wall", "v2-poison-images", "v3-item-warnings", "v4-work-queue",
            "v5-color-overrides", "v6-backdrop", "v7-plainness", "v8-work-item-titles",
            "v9-colourway-items",
          ]))
    #expect(
      try await TestPostgres.query(url, "SELECT to_regclass('schema_migrations') IS NULL") == ["t"])
    try await PostgresCatalog(url: url).close()
    let reader = try await PostgresCatalog(url: url, readOnly: true)
    #expect(try await reader.recentRuns(limit: 5).isEmpty)
    try reader.close()
  }

  @Test("a server that is not there is an error naming the catalogue")
  func unreachable() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "huewall-no-server-\(UUID().uuidString)")
    let error = await #expect(throws: StoreError.self) {
      try await PostgresCatalog(
        url: "postgres://nobody@/none?host=\(folder.path)", environment: [:])
    }
    guard case .cannotConnect = error?.reason else {
      Issue.record("expected cannotConnect, got \(String(describing: error))")
      return
    }
    #expect(error?.path == "postgres://nobody@/none?host=\(folder.path)&port=5432")
  }
}
