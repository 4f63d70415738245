import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a run keeps and no output may touch: the catalogue's files, the image cache, the
/// export folders. An output is judged by the folder it is written in, opened
/// (``OutputTarget``): the kept places are found by identity (device and inode) at the moment
/// of the write, so no link, and no folder swapped for one, leads a write into them.
public struct KeptPlaces: Sendable {
  /// A kept file or folder: what it is, for messages, and its path.
  public struct Place: Sendable {
    public var what: String
    public var path: String

    public init(_ what: String, _ path: String) {
      self.what = what
      self.path = path
    }
  }

  /// Files, kept whether or not they exist yet (a catalogue's `-wal`, say).
  public var files: [Place]
  /// Folders kept whole, with everything in them.
  public var folders: [Place]
  /// Export folders, which the next export replaces whole: nothing else may be written in
  /// them.
  public var exports: [Place]
  /// The file that marks any other folder as an export's.
  public var exportMarker: String

  public init(files: [Place], folders: [Place], exports: [Place], exportMarker: String) {
    self.files = files
    self.folders = folders
    self.exports = exports
    self.exportMarker = exportMarker
  }

  /// Why an output is refused: a sentence's end after its path ("is inside the image cache
  /// (…)").
  public struct Refusal: Error, Sendable {
    public var reason: String
  }

  /// The kept places as they are now, by identity.
  struct Identities {
    /// A kept file's folder and name, whether or not the file exists.
    var fileSlots: [FileIdentity: [(name: String, place: Place)]] = [:]
    /// The kept files that exist.
    var fileIdentities: [FileIdentity: Place] = [:]
    var folderIdentities: [FileIdentity: Place] = [:]
    var exportIdentities: [FileIdentity: Place] = [:]
    /// Every folder above a kept file or folder, with the place it holds.
    var holders: [FileIdentity: Place] = [:]
  }

  func identities() -> Identities {
    var found = Identities()
    for place in files {
      guard let (folder, name) = try? OpenedFolder.parent(of: place.path, followingLastLink: true)
      else { continue }
      found.fileSlots[folder.identity, default: []].append((name, place))
      if let identity = folder.identity(following: name) { found.fileIdentities[identity] = place }
      for above in folder.ancestry() where found.holders[above] == nil {
        found.holders[above] = place
      }
    }
    for place in folders {
      guard let folder = try? OpenedFolder.open(place.path) else { continue }
      found.folderIdentities[folder.identity] = place
      for above in folder.ancestry().dropFirst() where found.holders[above] == nil {
        found.holders[above] = place
      }
    }
    for place in exports {
      guard let folder = try? OpenedFolder.open(place.path) else { continue }
      found.exportIdentities[folder.identity] = place
    }
    return found
  }

  /// Whether `name` in `folder` is, or holds, a kept place: what a clean-up must not delete.
  public func isKeptOrHolder(_ folder: OpenedFolder, _ name: String) -> Bool {
    guard let identity = folder.identity(following: name) else { return false }
    let found = identities()
    return found.fileIdentities[identity] != nil || found.folderIdentities[identity] != nil
      || found.exportIdentities[identity] != nil || found.holders[identity] != nil
  }

  /// Refuses `folder` (opened) as a place to write in when it is, or is inside, a kept folder
  /// or an export folder (the configured one, or any that an export marked).
  func checkInside(_ folder: OpenedFolder, _ found: Identities) throws(Refusal) {
    var refusal: Refusal?
    _ = folder.ancestry { above in
      if let place = found.folderIdentities[above.identity] {
        refusal = Refusal(reason: "is inside \(place.what) (\(place.path))")
      } else if let place = found.exportIdentities[above.identity] {
        refusal = Refusal(
          reason: "is inside the export folder \(place.path), which the next export replaces whole")
      } else if above.status(exportMarker) != nil {
        refusal = Refusal(
          reason:
            "is inside the export folder \(above.path), which the next export replaces whole")
      }
      return refusal == nil
    }
    if let refusal { throw refusal }
  }

  /// Refuses writing `name` in `folder` (opened) as `kind`.
  func check(_ folder: OpenedFolder, _ name: String, as kind: OutputKind, _ found: Identities)
    throws(Refusal)
  {
    try checkInside(folder, found)
    if let slot = found.fileSlots[folder.identity]?.first(where: { $0.name == name }) {
      throw Refusal(reason: "names \(slot.place.what) (\(slot.place.path))")
    }
    guard let identity = folder.identity(following: name) else { return }
    if let place = found.fileIdentities[identity] {
      throw Refusal(reason: "names \(place.what) (\(place.path))")
    }
    if let place = found.folderIdentities[identity] {
      throw Refusal(reason: "names \(place.what) (\(place.path))")
    }
    if kind != .file, let place = found.holders[identity] {
      throw Refusal(reason: "names a folder that holds \(place.what) (\(place.path))")
    }
    if kind == .folder {
      if let place = found.exportIdentities[identity] {
        throw Refusal(
          reason: "is the export folder \(place.path), which the next export replaces whole")
      }
      if let inner = try? folder.folder(name), inner.status(exportMarker) != nil {
        throw Refusal(
          reason: "is an export folder, which the next export replaces whole")
      }
    }
  }
}

/// What an output is: one file, a folder of files written by name, or an export folder,
/// which is replaced whole.
public enum OutputKind: Sendable, Equatable {
  case file
  case folder
  case exportFolder
}

/// An output resolved once: the folder it is written in, opened and judged, and its name
/// there. Everything the writer does goes through ``folder``, so nothing between the judgment
/// and the write can move it.
public struct OutputTarget: Sendable {
  /// The folder the output is written in.
  public let folder: OpenedFolder
  /// The output's name in ``folder``.
  public let name: String

  /// Resolves `path` as an output of `kind` and judges it by `kept` (nil: only resolved).
  /// A file's own link is replaced, never followed; a folder's is followed to the folder it
  /// names. Missing folders above it are made with `creating`, once the deepest existing one
  /// passed the check.
  public static func open(
    _ path: String, as kind: OutputKind, keeping kept: KeptPlaces?, creating: Bool = true
  ) throws(OpenedFolder.Failure) -> OutputTarget {
    let found = kept?.identities()
    func refused(_ refusal: KeptPlaces.Refusal) -> OpenedFolder.Failure {
      OpenedFolder.Failure(reason: "\(path) \(refusal.reason)", isRefusal: true)
    }
    let opened = try OpenedFolder.parent(
      of: path, creating: creating, followingLastLink: kind != .file
    ) { deepest throws(OpenedFolder.Failure) in
      guard let kept, let found else { return }
      do throws(KeptPlaces.Refusal) {
        try kept.checkInside(deepest, found)
      } catch {
        throw refused(error)
      }
    }
    if let kept, let found {
      do throws(KeptPlaces.Refusal) {
        try kept.check(opened.folder, opened.name, as: kind, found)
      } catch {
        throw refused(error)
      }
    }
    return OutputTarget(folder: opened.folder, name: opened.name)
  }

  /// Judges `path` as ``open(_:as:keeping:creating:)`` would, making nothing: why it is
  /// refused ("is inside the image cache (…)"), or nil when it may be written (a folder still
  /// to be made is judged by the deepest one that exists).
  public static func refusal(of path: String, as kind: OutputKind, keeping kept: KeptPlaces)
    -> String?
  {
    do {
      _ = try open(path, as: kind, keeping: kept, creating: false)
      return nil
    } catch {
      guard error.isRefusal else { return nil }
      return String(error.reason.dropFirst(path.count + 1))
    }
  }
}
