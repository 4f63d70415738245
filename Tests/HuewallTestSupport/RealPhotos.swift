public import Foundation

/// The labelled real product photos kept beside the repository (`../shared/realphotos`), read
/// in place and never copied into it: tests that need them are skipped, with a message, where
/// the folder is absent.
public enum RealPhotos {
  /// The folder, with `labels.json` and `images/`.
  public static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/realphotos")

  /// A white blouse worn over blue jeans on a white backdrop: the photo where the product's
  /// title decides which garment's colour comes first.
  public static let wornBlouse = folder.appendingPathComponent(
    "images/spreefashion_036-white.jpg")

  /// Whether `file` is there to read.
  public static func has(_ file: URL) -> Bool {
    FileManager.default.fileExists(atPath: file.path)
  }
}
