import GRDB

/// The catalogue's schema, one migration per released change.
///
/// A migration that has shipped is never edited: a database that already ran it would not run
/// it again. Change the schema by registering a new migration after the last one. Column names
/// are snake_case so that the file reads naturally with the `sqlite3` command; times are UTC
/// text (`YYYY-MM-DD HH:MM:SS.SSS`), lists and colours are JSON text.
enum Schema {
  static let migrator: DatabaseMigrator = {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1", migrate: v1)
    migrator.registerMigration("v2-poison-images", migrate: v2)
    migrator.registerMigration("v3-item-warnings", migrate: v3)
    migrator.registerMigration("v4-work-queue", migrate: v4)
    migrator.registerMigration("v5-color-overrides", migrate: v5)
    migrator.registerMigration("v6-backdrop", migrate: v6)
    migrator.registerMigration("v7-plainness", migrate: v7)
    migrator.registerMigration("v8-work-item-titles", migrate: v8)
    migrator.registerMigration("v9-colourway-items", migrate: v9)
    migrator.registerMigration("v10-served-wall", migrate: v10)
    return migrator
  }()

  private static func v1(_ db: Database) throws {
    // The products of the feed. Rows are never deleted: a product that leaves the feed gets a
    // removed_at, so that its history and analyses survive a feed hiccup.
    try db.create(table: "products") { t in
      t.primaryKey("id", .text)  // the feed's id
      t.column("title", .text).notNull()
      t.column("brand", .text)
      t.column("vendor_color", .text)
      t.column("link", .text)
      t.column("image_url", .text).indexed()  // the main image, the one analysed
      t.column("additional_image_urls", .text).notNull().defaults(to: "[]")  // JSON array
      t.column("price", .text)
      t.column("availability", .text)
      t.column("item_group_id", .text)
      t.column("first_seen_at", .datetime).notNull()
      t.column("last_seen_at", .datetime).notNull()
      t.column("removed_at", .datetime)  // null while the product is in the feed
      t.column("updated_at", .datetime).notNull()  // last change of anything but last_seen_at
    }

    // One row per image URL: the HTTP validators for conditional GET and what the bytes were.
    // Several URLs may hold the same bytes (same sha256).
    try db.create(table: "images") { t in
      t.primaryKey("url", .text)
      t.column("etag", .text)
      t.column("last_modified", .text)
      t.column("sha256", .text).indexed()  // null until the bytes were fetched once
      t.column("byte_count", .integer)
      t.column("format", .text)
      t.column("width", .integer)
      t.column("height", .integer)
      t.column("last_status", .text).notNull()  // downloaded, not-modified, failed
      t.column("last_error", .text)
      t.column("fetched_at", .datetime).notNull()
    }

    // The analysis parameters, one row per distinct set: analyses are keyed by it.
    try db.create(table: "parameter_sets") { t in
      t.autoIncrementedPrimaryKey("id")
      t.column("name", .text).notNull().unique()
      t.column("auto_named", .boolean).notNull().defaults(to: false)
      t.column("parameters", .text).notNull().unique()  // canonical JSON, sorted keys
      t.column("hash", .text).notNull()  // FNV-1a 64 of the canonical JSON, 16 hex digits
      t.column("preset", .text).notNull()
      t.column("created_at", .datetime).notNull()
    }

    // The dominant colours of one image content under one parameter set. Keyed by content, not
    // URL, so that an image that moved or is shared is analysed once.
    try db.create(table: "analyses") { t in
      t.column("parameter_set_id", .integer).notNull()
        .references("parameter_sets", onDelete: .cascade)
      t.column("image_sha256", .text).notNull()
      t.primaryKey(["parameter_set_id", "image_sha256"])
      t.column("width", .integer).notNull()
      t.column("height", .integer).notNull()
      t.column("colors", .text).notNull()  // JSON array of {h, s, v, hex, share, weight, family}
      t.column("family", .text)  // the product-level family; null when no colour was found
      t.column("samples", .integer).notNull()
      t.column("skipped", .integer).notNull()
      t.column("background", .integer).notNull()
      t.column("analysed_at", .datetime).notNull()
    }

    // One row per invocation of a command that changes the catalogue.
    try db.create(table: "runs") { t in
      t.autoIncrementedPrimaryKey("id")
      t.column("kind", .text).notNull()  // run, analyze, export
      t.column("started_at", .datetime).notNull()
      t.column("finished_at", .datetime)
      t.column("status", .text).notNull()  // running, succeeded, failed-items, …
      t.column("parameter_set_id", .integer).indexed()
        .references("parameter_sets", onDelete: .setNull)
      for count in [
        "products_seen", "products_added", "products_changed", "products_removed",
        "images_downloaded", "images_not_modified", "images_failed", "images_decoded", "errors",
      ] {
        t.column(count, .integer).notNull().defaults(to: 0)
      }
      t.column("message", .text)
    }

    // What went wrong with one product, URL or file during a run; the run goes on.
    try db.create(table: "item_errors") { t in
      t.autoIncrementedPrimaryKey("id")
      t.column("run_id", .integer).notNull().indexed().references("runs", onDelete: .cascade)
      t.column("stage", .text).notNull()  // feed, fetch, decode, analyse, export
      t.column("subject", .text).notNull()  // product id, URL or path
      t.column("message", .text).notNull()
      t.column("at", .datetime).notNull()
    }
  }

  /// Notes of the images being decoded right now, and the images a process died on.
  private static func v2(_ db: Database) throws {
    // One row per image a worker is decoding at this moment; written before the decode and
    // removed after it. Rows found by the next run were left by a process that died there.
    try db.create(table: "decoding_images") { t in
      t.primaryKey("image_sha256", .text)
      t.column("run_id", .integer).notNull().references("runs", onDelete: .cascade)
      t.column("started_at", .datetime).notNull()
    }
    // Image contents that stopped a process: never decoded again. Keyed by content, so new
    // bytes at the same URL are tried afresh.
    try db.create(table: "poison_images") { t in
      t.primaryKey("image_sha256", .text)
      t.column("run_id", .integer).references("runs", onDelete: .setNull)
      t.column("reason", .text).notNull()
      t.column("found_at", .datetime).notNull()
    }
  }

  private static func v3(_ db: Database) throws {
    // Items the run kept, with a warning (a feed field read with replacement characters),
    // recorded beside the failed ones.
    try db.alter(table: "item_errors") { t in
      t.add(column: "is_warning", .boolean).notNull().defaults(to: false)
    }
  }

  /// The work queue of `huewall worker`. Only a PostgreSQL catalogue uses it; the SQLite one
  /// has the same tables so that both catalogues keep one schema.
  private static func v4(_ db: Database) throws {
    try db.create(table: "work_items") { t in
      t.column("parameter_set_id", .integer).notNull()
        .references("parameter_sets", onDelete: .cascade)
      t.column("image_url", .text).notNull()
      t.primaryKey(["parameter_set_id", "image_url"])
      t.column("run_id", .integer).references("runs", onDelete: .setNull)
      t.column("state", .text).notNull()  // pending, leased, done, failed
      t.column("attempts", .integer).notNull().defaults(to: 0)
      t.column("not_before", .datetime).notNull()  // a retry waits until then
      t.column("claimed_by", .text)  // the worker holding the lease
      t.column("lease_until", .datetime)
      t.column("outcome", .text)  // downloaded, not-modified
      t.column("analysed", .boolean).notNull().defaults(to: false)
      t.column("last_error", .text)
      t.column("finished_at", .datetime)
    }
    try db.create(index: "work_items_ready", on: "work_items", columns: ["state", "not_before"])
    try db.create(table: "workers") { t in
      t.primaryKey("id", .text)
      t.column("host", .text).notNull()
      t.column("pid", .integer).notNull()
      t.column("started_at", .datetime).notNull()
      t.column("last_seen_at", .datetime).notNull()
      t.column("items_done", .integer).notNull().defaults(to: 0)
    }
  }

  /// A person's colour decisions (`huewall set-color`), one per product, kept apart from the
  /// analyses so that no re-analysis or re-sync touches them.
  private static func v5(_ db: Database) throws {
    try db.create(table: "color_overrides") { t in
      t.primaryKey("product_id", .text).references("products", onDelete: .cascade)
      t.column("family", .text).notNull()
      t.column("hex", .text)  // #rrggbb, lowercase
      t.column("note", .text)
      t.column("decided_at", .datetime).notNull()
      t.column("image_sha256", .text)  // the main image's content when decided
    }
  }

  private static func v6(_ db: Database) throws {
    // What the analysis took for the backdrop, apart from the product's colours: "#rrggbb",
    // "transparent" or "scene"; null when unknown (analysed earlier, or with no background
    // suppression).
    try db.alter(table: "analyses") { t in
      t.add(column: "backdrop", .text)
    }
  }

  private static func v7(_ db: Database) throws {
    // How plainly the image shows its product, 0…1 (a packshot on a uniform or transparent
    // backdrop, no skin, a fair product area rank highest), for choosing among a product's
    // images; null for analyses made before it was kept, which rank below any measured one.
    try db.alter(table: "analyses") { t in
      t.add(column: "plainness", .double)
    }
  }

  private static func v8(_ db: Database) throws {
    // The title of the first product (by id) that shows a queued image: a worker hands it to
    // the analysis as `huewall run` hands over a product's title. Null for items queued
    // earlier, and for images no product in the feed shows.
    try db.alter(table: "work_items") { t in
      t.add(column: "title", .text)
    }
  }

  private static func v9(_ db: Database) throws {
    // A product is a colourway: the feed items it stands for (every size), each with its id
    // and size, as a JSON array of {"id", "size"}. Empty for rows synced before, which stand for
    // themselves.
    try db.alter(table: "products") { t in
      t.add(column: "items", .text).notNull().defaults(to: "[]")
    }
    // How many feed items a run's products stood for; 0 for runs before colourways.
    try db.alter(table: "runs") { t in
      t.add(column: "items_seen", .integer).notNull().defaults(to: 0)
    }
  }

  /// What `huewall api` served, so that an app can ask what changed since: one row per version
  /// of the wall that differed from the one before, and each product's digest as last served
  /// with the version it last changed in. Written by `huewall api` alone.
  private static func v10(_ db: Database) throws {
    try db.create(table: "wall_versions") { t in
      t.autoIncrementedPrimaryKey("id")
      // The catalogue when the version was read (CatalogStore.wallFingerprint).
      t.column("fingerprint", .text).notNull()
      t.column("parameter_set_id", .integer)
      t.column("created_at", .datetime).notNull()
    }
    try db.create(table: "wall_products") { t in
      t.primaryKey("product_id", .text)
      t.column("digest", .text).notNull()  // of the product as served; "" once off the wall
      t.column("version", .integer).notNull().indexed()  // the version it last changed in
      t.column("on_wall", .boolean).notNull()
    }
  }
}
