public import Foundation
import GRDB

/// An image content that stopped a process while it was being decoded.
public struct PoisonImage: Sendable, Hashable {
  public var imageSHA256: String
  /// The run that was decoding it when the process stopped.
  public var runID: Int64?
  public var reason: String
  public var foundAt: Date
}

/// Poison images: a process that crashes on an image (a fault in libgd or a codec) must not
/// crash on it again every night.
///
/// Before a worker hands an image to the decoder, the writer notes it in `decoding_images`, and
/// takes the note away when the result comes back, in the same transaction as the next note:
/// so at any moment the notes are exactly the images being decoded. The next run, holding the
/// lock, finds notes only a dead process can have left: if that process crashed, it moves them
/// to `poison_images`, whose contents are skipped (and reported) until their bytes change; if
/// it was killed, it forgets them and the images are retried.
extension CatalogStore {
  /// Removes the notes of `finished` and notes `starting`, in one transaction.
  public func noteDecoding(starting: String?, finished: [String], runID: Int64, at date: Date)
    throws(StoreError)
  {
    guard starting != nil || !finished.isEmpty else { return }
    try write { db in
      for sha256 in finished {
        try db.execute(
          sql: "DELETE FROM decoding_images WHERE image_sha256 = ?", arguments: [sha256])
      }
      if let starting {
        try db.execute(
          sql: """
            INSERT INTO decoding_images (image_sha256, run_id, started_at) VALUES (?, ?, ?)
            ON CONFLICT (image_sha256) DO UPDATE SET run_id = excluded.run_id,
              started_at = excluded.started_at
            """,
          arguments: [starting, runID, date])
      }
    }
  }

  /// Turns every note left by a process that crashed into a poison image and returns them.
  ///
  /// Call it only while holding the run lock, before any decoding starts: then no live
  /// process has notes.
  public func recoverPoisonImages(at date: Date) throws(StoreError) -> [PoisonImage] {
    try write { db in
      let rows = try Row.fetchAll(
        db, sql: "SELECT image_sha256, run_id FROM decoding_images ORDER BY image_sha256")
      let found = rows.map { row in
        let runID: Int64? = row["run_id"]
        return PoisonImage(
          imageSHA256: row["image_sha256"], runID: runID,
          reason: "the process stopped while decoding this image"
            + (runID.map { " (run \($0))" } ?? ""),
          foundAt: date)
      }
      for image in found {
        try db.execute(
          sql: """
            INSERT INTO poison_images (image_sha256, run_id, reason, found_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (image_sha256) DO NOTHING
            """,
          arguments: [image.imageSHA256, image.runID, image.reason, image.foundAt])
      }
      try db.execute(sql: "DELETE FROM decoding_images")
      return found
    }
  }

  /// Removes the notes a killed process left (its images are retried) and returns how many.
  public func forgetDecodingNotes() throws(StoreError) -> Int {
    try write { db in
      try db.execute(sql: "DELETE FROM decoding_images")
      return db.changesCount
    }
  }

  /// Every poison image, by content hash.
  public func poisonImages() throws(StoreError) -> [String: PoisonImage] {
    try read { db in
      let rows = try Row.fetchAll(
        db, sql: "SELECT image_sha256, run_id, reason, found_at FROM poison_images")
      return Dictionary(
        uniqueKeysWithValues: rows.map { row in
          let image = PoisonImage(
            imageSHA256: row["image_sha256"], runID: row["run_id"], reason: row["reason"],
            foundAt: row["found_at"])
          return (image.imageSHA256, image)
        })
    }
  }
}
