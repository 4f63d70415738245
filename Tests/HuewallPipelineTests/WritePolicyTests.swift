import Foundation
import HuewallCore
import HuewallPipeline
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The one rule for every path Huewall writes outside its export folder: each kind of path
/// that must be kept is refused, by its own name and through a link, and ordinary paths pass.
@Suite struct WritePolicyTests {
  /// A folder laid out as a shop's would be: a configuration, a local feed, a catalogue with
  /// its side files, an image cache and last night's export.
  struct Layout {
    let root: URL
    var configuration = PipelineConfiguration()

    init() throws {
      root = FileManager.default.temporaryDirectory
        .appendingPathComponent("huewall-write-policy-\(UUID().uuidString)")
      let files = FileManager.default
      for folder in ["state/images", "out", "elsewhere"] {
        try files.createDirectory(
          at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
      }
      for file in [
        "pipeline.json", "feed.json", "state/catalogue.sqlite", "state/catalogue.sqlite-wal",
        "out/index.html", "out/.huewall-export", "elsewhere/old.prom",
      ] {
        try Data("x".utf8).write(to: root.appendingPathComponent(file))
      }
      configuration.feed.source = path("feed.json")
      configuration.database = path("state/catalogue.sqlite")
      configuration.cache = path("state/images")
      configuration.output = path("out")
      configuration.file = path("pipeline.json")
    }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// The reason `path` is refused as `target`, or nil when it is allowed.
    func refusal(_ path: String, as target: WriteTarget) -> String? {
      do {
        try configuration.checkWritable(path, as: target, option: "--test")
        return nil
      } catch {
        return error.problem
      }
    }
  }

  @Test(arguments: [
    ("state/catalogue.sqlite", "names the catalogue"),
    ("state/catalogue.sqlite-wal", "-wal file"),
    ("state/catalogue.sqlite-shm", "-shm file"),
    ("state/catalogue.sqlite-lock", "the catalogue's lock"),
    ("state/catalogue.sqlite-crash", "the crash mark"),
    ("pipeline.json", "names the configuration"),
    ("feed.json", "names the feed"),
    ("state/images/ab/cd.jpg", "inside the image cache"),
    ("out/huewall.prom", "inside the export folder"),
    ("state", "not a regular file"),
  ])
  func aFileThatMustBeKeptIsRefused(path: String, reason: String) throws {
    let layout = try Layout()
    defer { layout.remove() }
    let refusal = try #require(layout.refusal(layout.path(path), as: .file))
    #expect(refusal.contains(reason), "\(refusal)")
    #expect(refusal.contains("--test"), "the message names the option: \(refusal)")
  }

  @Test func aLinkIsJudgedByWhatItNames() throws {
    let layout = try Layout()
    defer { layout.remove() }
    let link = layout.path("elsewhere/metrics.prom")
    #expect(symlink(layout.configuration.database, link) == 0)
    #expect(layout.refusal(link, as: .file)?.contains("names the catalogue") == true)
    let folderLink = layout.path("shop-link")
    #expect(symlink(layout.path("state"), folderLink) == 0)
    #expect(layout.refusal(folderLink, as: .folder)?.contains("holds the catalogue") == true)
    // The same link through `..`.
    let dotted = layout.path("elsewhere/../elsewhere/metrics.prom")
    #expect(layout.refusal(dotted, as: .file)?.contains("names the catalogue") == true)
  }

  @Test func devicesFIFOsAndSocketsAreRefused() throws {
    let layout = try Layout()
    defer { layout.remove() }
    #expect(layout.refusal("/dev/null", as: .file)?.contains("names a device") == true)
    let fifo = layout.path("elsewhere/fifo")
    #expect(mkfifo(fifo, 0o644) == 0)
    #expect(layout.refusal(fifo, as: .file)?.contains("names a FIFO") == true)
    let socketPath = layout.path("elsewhere/sock")
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
      for (index, byte) in socketPath.utf8.enumerated() { bytes[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(bound == 0)
    #expect(layout.refusal(socketPath, as: .file)?.contains("names a socket") == true)
    // A link to nothing could become anything: refused too.
    let dangling = layout.path("elsewhere/dangling")
    #expect(symlink(layout.path("nowhere/at/all"), dangling) == 0)
    #expect(layout.refusal(dangling, as: .file)?.contains("a symbolic link to nothing") == true)
  }

  @Test func aFolderThatHoldsWhatMustBeKeptIsRefused() throws {
    let layout = try Layout()
    defer { layout.remove() }
    // The project folder holds the configuration; the state folder holds the catalogue.
    #expect(layout.refusal(layout.root.path, as: .folder)?.contains("holds the catalogue") == true)
    #expect(layout.refusal(layout.path("state"), as: .folder)?.contains("holds") == true)
    #expect(
      layout.refusal(layout.path("state/images"), as: .folder)?.contains("image cache") == true)
    #expect(
      layout.refusal(layout.path("out"), as: .folder)?.contains("is the export folder") == true)
    #expect(
      layout.refusal(layout.path("out/shop"), as: .folder)?.contains("inside the export folder")
        == true)
    #expect(layout.refusal(layout.path("feed.json"), as: .folder)?.contains("not a folder") == true)
    // An export marked elsewhere is an export folder too.
    let other = layout.path("out-summer")
    try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
    try Data().write(to: URL(fileURLWithPath: other + "/.huewall-export"))
    #expect(
      layout.refusal(other + "/shop", as: .folder)?.contains("export folder \(other)") == true)
    // …and itself may be exported to again.
    #expect(layout.refusal(other, as: .exportFolder) == nil)
    #expect(layout.refusal(layout.path("out"), as: .exportFolder) == nil)
    #expect(layout.refusal(layout.path("out/nested"), as: .exportFolder) != nil)
  }

  @Test func ordinaryPathsAreAllowed() throws {
    let layout = try Layout()
    defer { layout.remove() }
    #expect(layout.refusal(layout.path("elsewhere/old.prom"), as: .file) == nil)
    #expect(layout.refusal(layout.path("elsewhere/new.prom"), as: .file) == nil)
    #expect(layout.refusal(layout.path("metrics/new/huewall.prom"), as: .file) == nil)
    #expect(layout.refusal(layout.path("out-shop"), as: .folder) == nil)
    #expect(layout.refusal(layout.path("elsewhere"), as: .folder) == nil)
    #expect(layout.refusal(layout.path("out-new"), as: .exportFolder) == nil)
    // A remote feed is not a file to keep.
    var remote = layout
    remote.configuration.feed.source = "https://shop.example/feed.xml"
    #expect(remote.refusal(remote.path("feed.json"), as: .file) == nil)
  }

  @Test func anAtomicWriteNeverReplacesASpecialFile() throws {
    let layout = try Layout()
    defer { layout.remove() }
    let fifo = layout.path("elsewhere/fifo")
    #expect(mkfifo(fifo, 0o644) == 0)
    #expect(throws: AtomicFile.Failure.self) {
      try AtomicFile.write(Data("metrics".utf8), to: fifo, durable: false)
    }
    var status = stat()
    #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    #expect(throws: AtomicFile.Failure.self) {
      try AtomicFile.write(Data("metrics".utf8), to: layout.path("elsewhere"), durable: false)
    }
    try AtomicFile.write(
      Data("metrics".utf8), to: layout.path("elsewhere/old.prom"), durable: false)
    #expect(
      try String(contentsOfFile: layout.path("elsewhere/old.prom"), encoding: .utf8) == "metrics")
  }
}
