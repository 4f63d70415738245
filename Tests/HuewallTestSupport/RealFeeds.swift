public import Foundation

/// The real shops' feeds kept beside the repository (`../shared/realfeeds`, or the folder
/// `HUEWALL_REAL_FEEDS` names), read in place and never copied into it: tests that need them
/// are skipped, with a message, where the folder is absent.
public enum RealFeeds {
  /// The folder; nil when it is not there.
  public static let folder: URL? = {
    let path =
      ProcessInfo.processInfo.environment["HUEWALL_REAL_FEEDS"]
      ?? RealPhotos.folder.deletingLastPathComponent().appendingPathComponent("realfeeds").path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
    else { return nil }
    return URL(fileURLWithPath: path, isDirectory: true)
  }()
}
