public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's identity on this machine: its device and inode, which stay with it whatever name
/// or link leads to it.
public struct FileIdentity: Hashable, Sendable {
  public var device: UInt64
  public var inode: UInt64

  init(_ status: stat) {
    device = UInt64(truncatingIfNeeded: status.st_dev)
    inode = UInt64(truncatingIfNeeded: status.st_ino)
  }
}

/// A folder opened once, by a handle: what is created, renamed or deleted relative to it stays
/// in that folder, whatever happens to the path that led to it (a folder on the way swapped
/// for a symbolic link, say). Every name inside it is taken as it is, never followed when it
/// is a link.
public final class OpenedFolder: Sendable {
  /// Why a folder could not be opened or a file in it written, in plain words.
  public struct Failure: Error, Sendable {
    public var reason: String
    /// True when the write policy refused the path (``KeptPlaces``), rather than the file
    /// system failing.
    public var isRefusal = false

    public init(reason: String, isRefusal: Bool = false) {
      self.reason = reason
      self.isRefusal = isRefusal
    }
  }

  /// The handle; closed when the folder is released.
  public let descriptor: Int32
  /// The path the folder was opened by, for messages.
  public let path: String
  public let identity: FileIdentity

  private init(descriptor: Int32, path: String) throws(Failure) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = Self.currentError()
      close(descriptor)
      throw Failure(reason: "\(path): \(reason)")
    }
    self.descriptor = descriptor
    self.path = path
    self.identity = FileIdentity(status)
  }

  deinit { close(descriptor) }

  /// The most symbolic links one path may pass through, as the kernel allows.
  static let maxLinks = 40

  /// Opens the folder `path` names now: walked one component at a time from the root (or
  /// the working folder), each opened without following a link; a link met on the way is
  /// read and its target walked in turn from the folder that holds it. With `creating`,
  /// missing folders are made; `beforeCreating` judges the deepest existing one first.
  public static func open(
    _ path: String, creating: Bool = false,
    beforeCreating: (OpenedFolder) throws(Failure) -> Void = { _ throws(Failure) in }
  ) throws(Failure) -> OpenedFolder {
    var links = 0
    let start = try root(for: path)
    let (deepest, rest) = try walk(Self.components(path), from: start, links: &links, path: path)
    guard !rest.isEmpty else { return deepest }
    try beforeCreating(deepest)
    guard creating else {
      throw Failure(reason: "\(path): the folder \(rest[0]) does not exist")
    }
    var folder = deepest
    for name in rest {
      folder = try folder.folder(name, creating: true)
    }
    return folder
  }

  /// The folder that holds the file `path` names, opened as ``open(_:creating:beforeCreating:)``
  /// does, and the file's name in it. With `followingLastLink`, a link in the last place is
  /// followed to the file it names (a folder written into is the one the link names); without
  /// it, the link itself is the file (a file written replaces the link, never what it names).
  public static func parent(
    of path: String, creating: Bool = false, followingLastLink: Bool = false,
    beforeCreating: (OpenedFolder) throws(Failure) -> Void = { _ throws(Failure) in }
  ) throws(Failure) -> (folder: OpenedFolder, name: String) {
    var parts = components(path)
    guard let last = parts.popLast(), last != ".", last != ".." else {
      throw Failure(reason: "\(path): names no file in a folder")
    }
    let folderPath = (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    var folder = try open(
      folderPath.isEmpty ? "." : folderPath, creating: creating, beforeCreating: beforeCreating)
    var name = last
    guard followingLastLink else { return (folder, name) }
    var links = 0
    while let target = folder.linkTarget(name) {
      links += 1
      guard links <= maxLinks else { throw Failure(reason: "\(path): too many symbolic links") }
      var targetParts = components(target)
      guard let targetLast = targetParts.popLast(), targetLast != ".", targetLast != ".." else {
        throw Failure(reason: "\(path): the link names \(target): name the folder itself")
      }
      let start = target.hasPrefix("/") ? try root(for: "/") : folder
      let (deepest, rest) = try walk(targetParts, from: start, links: &links, path: path)
      guard rest.isEmpty else {
        throw Failure(reason: "\(path): the link names \(target), whose folder does not exist")
      }
      folder = deepest
      name = targetLast
    }
    return (folder, name)
  }

  /// The link's target when `name` is a symbolic link here, else nil.
  public func linkTarget(_ name: String) -> String? {
    guard let status = status(name), status.st_mode & S_IFMT == S_IFLNK else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlinkat(descriptor, name, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `name` here, without following a link; nil when nothing has the name.
  public func status(_ name: String) -> stat? {
    var status = stat()
    return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
  }

  /// The identity of what `name` here is, or names when it is a link; nil when nothing is.
  public func identity(following name: String) -> FileIdentity? {
    var status = stat()
    return fstatat(descriptor, name, &status, 0) == 0 ? FileIdentity(status) : nil
  }

  /// The folder `name` here, opened without following a link (unless `following`); with
  /// `creating`, made first when missing.
  public func folder(_ name: String, creating: Bool = false, following: Bool = false)
    throws(Failure) -> OpenedFolder
  {
    let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (following ? 0 : O_NOFOLLOW)
    var handle = openat(descriptor, name, flags)
    if handle < 0 && errno == ENOENT && creating {
      if mkdirat(descriptor, name, 0o755) != 0 && errno != EEXIST {
        throw Failure(reason: "cannot create the folder \(child(name)): \(Self.currentError())")
      }
      handle = openat(descriptor, name, flags)
    }
    guard handle >= 0 else {
      let reason =
        errno == ELOOP || errno == ENOTDIR
        ? "is not a folder (a link is not followed here)" : Self.currentError()
      throw Failure(reason: "\(child(name)) \(reason)")
    }
    return try OpenedFolder(descriptor: handle, path: child(name))
  }

  /// Makes the folder `name` here; it must not exist.
  public func makeFolder(_ name: String) throws(Failure) {
    guard mkdirat(descriptor, name, 0o755) == 0 else {
      throw Failure(reason: "cannot create the folder \(child(name)): \(Self.currentError())")
    }
  }

  /// The names in this folder, `.` and `..` left out.
  public func entries() throws(Failure) -> [String] {
    let copy = dup(descriptor)
    guard copy >= 0, let directory = fdopendir(copy) else {
      if copy >= 0 { close(copy) }
      throw Failure(reason: "cannot list \(path): \(Self.currentError())")
    }
    defer { closedir(directory) }
    rewinddir(directory)
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The bytes of the regular file `name` here (never through a link); nil when there is
  /// none or it cannot be read.
  public func read(_ name: String) -> Data? {
    let handle = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard handle >= 0 else { return nil }
    defer { close(handle) }
    var status = stat()
    guard fstat(handle, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = readBytes(handle, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return count == 0 ? data : nil }
      data.append(contentsOf: buffer[..<count])
    }
  }

  /// Writes `data` as the file `name` here, whole or not at all: the bytes go to a temporary
  /// file beside it, renamed over the name. `durable` flushes them to the disk first. Only a
  /// regular file or a link under the name is replaced (a link itself, never what it names).
  /// The temporary file is removed whatever fails; `removingLeftovers` also removes what a
  /// killed write of this name left (for files that one process at a time writes).
  public func writeFile(
    _ name: String, _ data: Data, durable: Bool, removingLeftovers: Bool = false
  ) throws(Failure) {
    if let existing = status(name) {
      let type = existing.st_mode & S_IFMT
      guard type == S_IFREG || type == S_IFLNK else {
        throw Failure(reason: "\(child(name)) is not a regular file; it was left untouched")
      }
    }
    let prefix = Self.temporaryPrefix(of: name)
    if removingLeftovers, let names = try? entries() {
      for entry in names where entry.hasPrefix(prefix) { _ = unlinkat(descriptor, entry, 0) }
    }
    let temporary = prefix + UUID().uuidString.prefix(8)
    let handle = openat(
      descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard handle >= 0 else {
      throw Failure(reason: "cannot write \(child(name)): \(Self.currentError())")
    }
    var failure: String?
    data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = writeBytes(handle, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = Self.currentError()
          return
        }
        offset += written
      }
    }
    if failure == nil, durable, fsync(handle) != 0 { failure = Self.currentError() }
    if close(handle) != 0, failure == nil { failure = Self.currentError() }
    if failure == nil, renameat(descriptor, temporary, descriptor, name) != 0 {
      failure = Self.currentError()
    }
    if let failure {
      unlinkat(descriptor, temporary, 0)
      throw Failure(reason: failure)
    }
  }

  /// The start of the temporary files' names of a write of `name`: `.NAME.tmp-`, or for a
  /// name too long to carry, `.tmp-`.
  static func temporaryPrefix(of name: String) -> String {
    name.utf8.count <= 200 ? ".\(name).tmp-" : ".tmp-"
  }

  /// Renames `name` here to `newName` here.
  public func rename(_ name: String, to newName: String) throws(Failure) {
    guard renameat(descriptor, name, descriptor, newName) == 0 else {
      throw Failure(reason: "cannot rename \(child(name)): \(Self.currentError())")
    }
  }

  /// Removes the file or link `name` here (a link itself, never what it names); a folder is
  /// refused. Nothing under the name is not an error.
  public func removeFile(_ name: String) throws(Failure) {
    guard let existing = status(name) else { return }
    guard existing.st_mode & S_IFMT != S_IFDIR else {
      throw Failure(reason: "\(child(name)) is a folder; it was left untouched")
    }
    guard unlinkat(descriptor, name, 0) == 0 || errno == ENOENT else {
      throw Failure(reason: "cannot remove \(child(name)): \(Self.currentError())")
    }
  }

  /// Removes `name` here and, when it is a folder, everything in it, following no link: a
  /// link inside is removed as a link, and what it names stays.
  public func removeTree(_ name: String) {
    guard let existing = status(name) else { return }
    if existing.st_mode & S_IFMT == S_IFDIR, let inner = try? folder(name) {
      for entry in (try? inner.entries()) ?? [] { inner.removeTree(entry) }
      unlinkat(descriptor, name, AT_REMOVEDIR)
    } else {
      unlinkat(descriptor, name, 0)
    }
  }

  /// Hard-links the file at `source` (any path) into this folder as `name`.
  public func link(_ source: String, as name: String) -> Bool {
    linkat(AT_FDCWD, source, descriptor, name, 0) == 0
  }

  /// This folder's identity and those of the folders above it, nearest first, up to the
  /// root; `visit` sees each folder opened (to look inside it) and may stop the walk.
  public func ancestry(_ visit: (OpenedFolder) -> Bool = { _ in true }) -> [FileIdentity] {
    var identities = [identity]
    guard visit(self) else { return identities }
    var current = self
    for _ in 0..<4096 {
      guard let up = try? current.folder("..") else { break }
      if up.identity == current.identity { break }
      identities.append(up.identity)
      guard visit(up) else { break }
      current = up
    }
    return identities
  }

  /// A path that reaches this very folder through its handle while the handle is open (on
  /// Linux, `/proc/self/fd/N`), for writers that take a path; elsewhere the path it was
  /// opened by.
  public var handlePath: String {
    let magic = "/proc/self/fd/\(descriptor)"
    var status = stat()
    guard stat(magic, &status) == 0, FileIdentity(status) == identity else { return path }
    return magic
  }

  /// `name` in this folder, as a path for messages.
  public func child(_ name: String) -> String {
    path.hasSuffix("/") ? path + name : path + "/" + name
  }

  // MARK: Walking

  private static func root(for path: String) throws(Failure) -> OpenedFolder {
    let handle = openPath(path.hasPrefix("/") ? "/" : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard handle >= 0 else { throw Failure(reason: "\(path): \(currentError())") }
    return try OpenedFolder(descriptor: handle, path: path.hasPrefix("/") ? "/" : ".")
  }

  private static func components(_ path: String) -> [String] {
    path.split(separator: "/").map(String.init).filter { $0 != "." }
  }

  /// Walks `parts` from `start` as far as folders exist: the deepest folder reached and the
  /// names not found below it.
  private static func walk(
    _ parts: [String], from start: OpenedFolder, links: inout Int, path: String
  ) throws(Failure) -> (OpenedFolder, [String]) {
    var pending = Array(parts.reversed())
    var folder = start
    while let name = pending.popLast() {
      if name == "." { continue }
      if let target = folder.linkTarget(name) {
        links += 1
        guard links <= maxLinks else { throw Failure(reason: "\(path): too many symbolic links") }
        if target.hasPrefix("/") { folder = try root(for: "/") }
        pending.append(contentsOf: components(target).reversed())
        continue
      }
      guard folder.status(name) != nil else {
        return (folder, [name] + pending.reversed())
      }
      do {
        folder = try folder.folder(name)
      } catch {
        throw Failure(reason: "\(path): \(error.reason)")
      }
    }
    return (folder, [])
  }

  private static func currentError() -> String { String(cString: strerror(errno)) }
}

/// POSIX `open`, `read` and `write`, by other names than the folder's own methods.
private func openPath(_ path: String, _ flags: Int32) -> Int32 {
  open(path, flags)
}

private func readBytes(_ handle: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(handle, buffer, count)
}

private func writeBytes(_ handle: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(handle, bytes, count)
}
