import Foundation
public import HuewallCore
import HuewallExport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a path that Huewall writes will hold: one file (the metrics textfile), a folder of
/// files written by name (the shop's import files), or an export folder, which is replaced
/// whole.
public enum WriteTarget: Sendable, Equatable {
  case file
  case folder
  case exportFolder

  /// The same, as the writers that open it know it.
  var kind: OutputKind {
    switch self {
    case .file: .file
    case .folder: .folder
    case .exportFolder: .exportFolder
    }
  }
}

extension PipelineConfiguration {
  /// The one rule for every path Huewall writes, checked before a command does anything: a
  /// mistyped path must never destroy what a run has to keep.
  ///
  /// A file must be a regular file or a new path; a folder must be a folder or a new path.
  /// Never the catalogue (with its `-wal`, `-shm`, `-journal`, `-lock` and crash mark), the
  /// image cache, the configuration file or a local feed, nor a folder that holds one of
  /// those; never a path inside an export folder (the configured output, or any folder that
  /// an export marked), which the next export replaces whole; never a device, FIFO or
  /// socket. A symbolic link is judged by what it names as well as by itself. `option` names
  /// the setting or flag the path came from, for the message.
  public func checkWritable(_ path: String, as target: WriteTarget, option: String)
    throws(ConfigurationError)
  {
    func refuse(_ reason: String) -> ConfigurationError {
      ConfigurationError(
        path: path, problem: "\(option) \(reason); nothing was written: choose another path")
    }
    let literal = Self.absolutePath(path)
    let real = Self.realPath(path)
    if let kind = ExistingFile(literal) ?? ExistingFile(real) {
      switch (target, kind) {
      case (.file, .regular), (.folder, .folder), (.exportFolder, .folder): break
      case (.exportFolder, .regular): break  // refused with its reason by the exporter
      default:
        let wanted = target == .file ? ExistingFile.regular : .folder
        throw refuse("names \(kind.rawValue), not \(wanted.rawValue)")
      }
    }
    for candidate in Set([literal, real]) {
      for (what, kept) in keptFiles {
        if candidate == kept { throw refuse("names \(what) (\(kept))") }
        if target != .file, Self.path(kept, isInside: candidate) {
          throw refuse("names a folder that holds \(what) (\(kept))")
        }
      }
      for (what, folder) in keptFolders {
        if candidate == folder || Self.path(candidate, isInside: folder) {
          throw refuse("is inside \(what) (\(folder))")
        }
        if target != .file, Self.path(folder, isInside: candidate) {
          throw refuse("names a folder that holds \(what) (\(folder))")
        }
      }
      if let export = Self.enclosingExport(of: candidate, configuredOutput: output) {
        // An export folder is the export's own to replace; anything inside one is lost then.
        if !(target == .exportFolder && candidate == export) {
          let place = candidate == export ? "is the export folder" : "is inside the export folder"
          throw refuse("\(place) \(export), which the next export replaces whole")
        }
      }
    }
    // The same rule on the folders as they are opened: a link on the way to a path that does
    // not exist yet is judged by the folder it leads to. The writers judge again, on the
    // folder they write in, at the moment of the write.
    if let reason = OutputTarget.refusal(of: path, as: target.kind, keeping: keptPlaces) {
      throw refuse(reason)
    }
  }

  /// What no output of this configuration may touch, for the writers to judge the folder
  /// they write in, opened, at the moment of the write: the catalogue's files, the image
  /// cache and the configured export folder (and any folder an export marked).
  public var keptPlaces: KeptPlaces {
    KeptPlaces(
      files: keptFileList.map { KeptPlaces.Place($0.0, $0.1) },
      folders: [KeptPlaces.Place("the image cache", cache)],
      exports: [KeptPlaces.Place("the export folder", output)], exportMarker: Exporter.marker)
  }

  /// What the catalogue keeps in files of its own, real paths first resolved.
  private var keptFiles: [(String, String)] {
    keptFileList.map { ($0.0, Self.realPath($0.1)) }
  }

  /// What the catalogue keeps in files of its own, as configured.
  private var keptFileList: [(String, String)] {
    var kept: [(String, String)] = []
    if !usesPostgres {
      kept.append(("the catalogue", database))
      for suffix in ["-wal", "-shm", "-journal"] {
        kept.append(("the catalogue's \(suffix) file", database + suffix))
      }
      kept.append(("the catalogue's lock", lock))
    }
    kept.append(("the crash mark", crashMarker))
    if let file { kept.append(("the configuration", file)) }
    if !feed.source.contains("://") { kept.append(("the feed", feed.source)) }
    return kept
  }

  /// The folders Huewall keeps whole: the image cache (and the thumbnails beside its images).
  private var keptFolders: [(String, String)] {
    [("the image cache", Self.realPath(cache))]
  }

  /// The export folder that holds `path` or is `path`: the configured output, or the nearest
  /// existing folder above it with an export's marker.
  private static func enclosingExport(of path: String, configuredOutput: String) -> String? {
    let output = realPath(configuredOutput)
    if path == output || self.path(path, isInside: output) { return output }
    var folder = path
    while folder != "/" && !folder.isEmpty {
      if FileManager.default.fileExists(atPath: folder + "/" + Exporter.marker) { return folder }
      folder = (folder as NSString).deletingLastPathComponent
    }
    return nil
  }

  /// Whether `path` lies strictly below `folder`.
  static func path(_ path: String, isInside folder: String) -> Bool {
    path.hasPrefix(folder == "/" ? "/" : folder + "/") && path != folder
  }

  /// `path` absolute, with `.` and `..` resolved but links kept.
  private static func absolutePath(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// `path` absolute, with `.`, `..` and the links of its existing part resolved.
  static func realPath(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}

/// What an existing path names, following a symbolic link; the raw value names it in messages.
private enum ExistingFile: String {
  case regular = "a regular file"
  case folder = "a folder"
  case device = "a device"
  case fifo = "a FIFO"
  case socket = "a socket"
  case special = "a special file"
  case danglingLink = "a symbolic link to nothing"

  /// Nil when nothing is at `path`.
  init?(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    if status.st_mode & S_IFMT == S_IFLNK, stat(path, &status) != 0 {
      self = .danglingLink
      return
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: self = .regular
    case S_IFDIR: self = .folder
    case S_IFCHR, S_IFBLK: self = .device
    case S_IFIFO: self = .fifo
    case S_IFSOCK: self = .socket
    default: self = .special
    }
  }
}
