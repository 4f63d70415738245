public import Foundation

/// The product photos labelled by the shops' own colours, kept beside the repository
/// (`../shared/shopphotos`), read in place and never copied into it: tests that need them are
/// skipped, with a message, where the folder is absent.
public enum ShopPhotos {
  /// The folder, with `labels.tsv` and `images/`.
  public static let folder = RealPhotos.folder.deletingLastPathComponent()
    .appendingPathComponent("shopphotos")

  /// Whether the set is there to read.
  public static var isPresent: Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent("labels.tsv").path)
  }
}
