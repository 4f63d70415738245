import Foundation
import HuewallColorWords
import HuewallCore
import Testing

@testable import HuewallStore

@Suite("Opening the catalogue")
struct SchemaTests {
  @Test("the migrations create every table")
  func tables() throws {
    try withStore { store in
      let tables = try store.strings(
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      #expect(
        tables == [
          "analyses", "color_overrides", "decoding_images", "grdb_migrations", "images",
          "item_errors",
          "parameter_sets", "poison_images", "products", "runs", "sqlite_sequence",
          "wall_products", "wall_versions", "work_items", "workers",
        ])
      #expect(
        try store.strings("SELECT identifier FROM grdb_migrations") == [
          "v1", "v2-poison-images", "v3-item-warnings", "v4-work-queue", "v5-color-overrides",
          "v6-backdrop", "v7-plainness", "v8-work-item-titles", "v9-colourway-items",
          "v10-served-wall",
        ])
    }
  }

  @Test("read-only: reads while another connection writes, and never writes")
  func readOnly() throws {
    try withTemporaryFolder { folder in
      let path = folder.appendingPathComponent("catalog.sqlite").path
      let missing = #expect(throws: StoreError.self) {
        try CatalogStore(path: path, access: .readOnly)
      }
      #expect(missing?.path == path)
      #expect(!FileManager.default.fileExists(atPath: path))

      let writer = try CatalogStore(path: path)
      defer { try? writer.close() }
      let runID = try writer.startRun(kind: .run, parameterSetID: nil, at: t0)
      try writer.clearStagedProducts()
      // A run holds the write lock while it reads its feed; a read-write open would wait for it
      // (the migration check takes the lock) and give up as busy after ten seconds.
      let start = ContinuousClock.now
      let seen = try writer.stageProducts { staging in
        _ = try staging.add(sampleProduct("a"), position: 1)
        let reader = try CatalogStore(path: path, access: .readOnly)
        defer { try? reader.close() }
        let error = #expect(throws: StoreError.self) {
          try reader.syncProducts([sampleProduct("b")], at: t1)
        }
        #expect(error?.reason == .readOnly)
        return try reader.recentRuns(limit: 5).map(\.id)
      }
      #expect(seen == [runID])
      #expect(ContinuousClock.now - start < .seconds(5))
    }
  }

  @Test("read-only: a catalogue without the current migrations is refused")
  func readOnlyOlderSchema() throws {
    try withTemporaryFolder { folder in
      let path = folder.appendingPathComponent("catalog.sqlite").path
      let first = try CatalogStore(path: path)
      try first.execute("DELETE FROM grdb_migrations")
      try first.close()
      let error = #expect(throws: StoreError.self) {
        try CatalogStore(path: path, access: .readOnly)
      }
      #expect(
        error?.reason
          == .olderSchema(
            missingMigrations: [
              "v1", "v10-served-wall", "v2-poison-images", "v3-item-warnings", "v4-work-queue",
              "v5-color-overrides", "v6-backdrop", "v7-plainness", "v8-work-item-titles",
              "v9-colourway-items",
            ]))
    }
  }

  @Test("the columns of products are the documented ones")
  func productColumns() throws {
    try withStore { store in
      let columns = try store.strings("SELECT name FROM pragma_table_info('products')")
      #expect(
        columns == [
          "id", "title", "brand", "vendor_color", "link", "image_url", "additional_image_urls",
          "price", "availability", "item_group_id", "first_seen_at", "last_seen_at",
          "removed_at", "updated_at", "items",
        ])
    }
  }

  @Test("the columns of analyses are the documented ones")
  func analysisColumns() throws {
    try withStore { store in
      let columns = try store.strings("SELECT name FROM pragma_table_info('analyses')")
      #expect(
        columns == [
          "parameter_set_id", "image_sha256", "width", "height", "colors", "family", "samples",
          "skipped", "background", "analysed_at", "backdrop", "plainness",
        ])
    }
  }

  @Test("the queries' columns are indexed")
  func indexes() throws {
    try withStore { store in
      let indexed = try store.strings(
        """
        SELECT m.tbl_name || '.' || group_concat(i.name, ',')
        FROM sqlite_master AS m, pragma_index_info(m.name) AS i
        WHERE m.type = 'index'
        GROUP BY m.name ORDER BY 1
        """)
      #expect(indexed.contains("products.image_url"))
      #expect(indexed.contains("images.sha256"))
      #expect(indexed.contains("analyses.parameter_set_id,image_sha256"))
      #expect(indexed.contains("item_errors.run_id"))
      #expect(indexed.contains("parameter_sets.name"))
    }
  }

  @Test("WAL journal and foreign keys are on")
  func pragmas() throws {
    try withStore { (store) throws in
      #expect(try store.strings("PRAGMA journal_mode") == ["wal"])
      #expect(try store.strings("PRAGMA foreign_keys") == ["1"])
    }
  }

  @Test("missing parent folders are created")
  func createsFolders() throws {
    try withTemporaryFolder { folder in
      let path = folder.appendingPathComponent("a/b/catalog.sqlite").path
      let store = try CatalogStore(path: path)
      defer { try? store.close() }
      #expect(store.path == path)
      #expect(FileManager.default.fileExists(atPath: path))
    }
  }

  @Test("a file that is not a database fails with an error naming it")
  func notADatabase() throws {
    try withTemporaryFolder { folder in
      let path = folder.appendingPathComponent("notes.sqlite").path
      try Data(String(repeating: "these are not the pages of a database\n", count: 40).utf8)
        .write(to: URL(fileURLWithPath: path))
      let error = #expect(throws: StoreError.self) { try CatalogStore(path: path) }
      #expect(error?.path == path)
      #expect(error?.reason == .notADatabase)
      #expect(
        error?.localizedDescription == "\(path): the file is not an SQLite database")
    }
  }

  @Test("a folder where the file should be fails with an error naming it")
  func folderInTheWay() throws {
    try withTemporaryFolder { folder in
      let path = folder.appendingPathComponent("catalog.sqlite").path
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      let error = #expect(throws: StoreError.self) { try CatalogStore(path: path) }
      #expect(error?.path == path)
      #expect(error?.localizedDescription.hasPrefix(path + ": ") == true)
    }
  }

  @Test("a file migrated by a newer version is refused")
  func newerSchema() throws {
    try withTemporaryFolder { folder in
      let path = folder.appendingPathComponent("catalog.sqlite").path
      let first = try CatalogStore(path: path)
      try first.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v7')")
      try first.close()
      let error = #expect(throws: StoreError.self) { try CatalogStore(path: path) }
      #expect(error?.reason == .newerSchema(unknownMigrations: ["v7"]))
    }
  }

  @Test("reopening keeps the data and integrity_check is ok after writes")
  func reopen() throws {
    try withTemporaryFolder { folder in
      let path = folder.appendingPathComponent("catalog.sqlite").path
      do {
        let store = try CatalogStore(path: path)
        try store.syncProducts([sampleProduct("a"), sampleProduct("b")], at: t0)
        let set = try store.parameterSet(
          for: .reference, preset: "reference", name: nil, at: Date())
        try store.saveAnalyses([
          AnalysisRecord(
            imageSHA256: "aa", parameterSetID: set.id, width: 1, height: 1, colors: [],
            family: nil, samples: 1, skipped: 0, background: 0, analysedAt: t0)
        ])
        _ = try store.startRun(kind: .run, parameterSetID: set.id, at: t0)
        #expect(try store.integrityCheck() == ["ok"])
        try store.close()
      }
      let store = try CatalogStore(path: path)
      defer { try? store.close() }
      #expect(try store.products(includeRemoved: true).map(\.product.id) == ["a", "b"])
      #expect(try store.parameterSets().count == 1)
      #expect(try store.recentRuns(limit: 5).count == 1)
      #expect(try store.integrityCheck() == ["ok"])
      #expect(
        try store.strings("SELECT identifier FROM grdb_migrations") == [
          "v1", "v2-poison-images", "v3-item-warnings", "v4-work-queue", "v5-color-overrides",
          "v6-backdrop", "v7-plainness", "v8-work-item-titles", "v9-colourway-items",
          "v10-served-wall",
        ])
    }
  }

  /// The catalogue is documented as readable with the `sqlite3` command, which
  /// `scripts/setup` installs.
  @Test("the file reads with the sqlite3 command")
  func sqlite3Command() throws {
    #expect(
      FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"),
      "no /usr/bin/sqlite3: run scripts/setup")
    try withTemporaryFolder { folder in
      let path = folder.appendingPathComponent("catalog.sqlite").path
      let store = try CatalogStore(path: path)
      defer { try? store.close() }
      try store.syncProducts([sampleProduct("a")], at: t0)
      let set = try store.parameterSet(
        for: .reference, preset: "reference", name: "ref", at: Date())
      try store.saveAnalyses([
        AnalysisRecord(
          imageSHA256: "aa", parameterSetID: set.id, width: 2, height: 3,
          colors: [
            StoredColor(
              h: 0.57, s: 0.8, v: 0.6, hex: "#1f5c99", share: 1, weight: 4.2, family: .blue)
          ],
          family: .blue, samples: 6, skipped: 0, background: 0, analysedAt: t0)
      ])

      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
      process.arguments = [
        "-readonly", path,
        """
        SELECT id, additional_image_urls, first_seen_at FROM products;
        SELECT json_extract(colors, '$[0].hex'), family FROM analyses;
        SELECT name, json_extract(parameters, '$.granularity') FROM parameter_sets;
        """,
      ]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let output = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      #expect(
        String(decoding: output, as: UTF8.self) == """
          a|["https://cdn.example/a-2.jpg"]|2025-06-15 15:06:40.000
          #1f5c99|blue
          ref|4

          """)
    }
  }
}
