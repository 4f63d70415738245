import Foundation
import HuewallTestSupport
import Testing

#if canImport(Glibc)
  import CoreFoundation
  import Glibc
#endif

/// What a run or an export may replace, delete and lock: only its own export folder, only what
/// killed runs left, and the catalogue's lock whichever configuration names the catalogue.
@Suite struct OutputSafetyTests {
  typealias Sandbox = RunCommandTests.Sandbox

  /// Every file and folder under `folder` with its size and modification time.
  func snapshot(_ folder: URL) throws -> [String: String] {
    var entries: [String: String] = [:]
    let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
    let walker = try #require(
      FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys))
    for case let url as URL in walker {
      let values = try url.resourceValues(forKeys: Set(keys))
      entries[url.path] =
        "\(values.fileSize ?? -1) \(values.contentModificationDate?.timeIntervalSince1970 ?? 0)"
    }
    return entries
  }

  @Test func runOutDotRefusesAndTouchesNothing() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    #expect(try await huewall(["run", "--config", sandbox.config]).status == 0)
    let before = try snapshot(sandbox.folder)
    #expect(before.keys.contains(sandbox.database))

    let run = try await huewall(
      ["run", "--config", "pipeline.json", "--out", "."], in: sandbox.folder)
    #expect(run.status == 1)
    #expect(run.stderr.contains(sandbox.folder.path), "\(run.stderr)")
    #expect(run.stderr.contains("holds the catalogue"), "\(run.stderr)")
    let export = try await huewall(
      ["export", "--config", "pipeline.json", "--out", "."], in: sandbox.folder)
    #expect(export.status == 1)
    #expect(export.stderr.contains("holds the catalogue"), "\(export.stderr)")
    let after = try snapshot(sandbox.folder)
    #expect(after.keys.sorted() == before.keys.sorted())
    #expect(after[sandbox.output.appendingPathComponent("index.html").path] != nil)
  }

  @Test func aFolderThatIsNotAnExportIsLeftUntouched() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let mine = sandbox.folder.appendingPathComponent("my-documents")
    try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
    try "keep me".write(
      to: mine.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    let file = sandbox.folder.appendingPathComponent("report.pdf")
    try "%PDF-1.7".write(to: file, atomically: true, encoding: .utf8)

    let run = try await huewall(["run", "--config", sandbox.config, "--out", mine.path])
    #expect(run.status == 1)
    #expect(run.stderr.contains("\(mine.path): is not empty and not an earlier Huewall export"))
    // Refused before anything: no catalogue was even created.
    #expect(!FileManager.default.fileExists(atPath: sandbox.database))
    let onFile = try await huewall(["run", "--config", sandbox.config, "--out", file.path])
    #expect(onFile.status == 1)
    #expect(onFile.stderr.contains("\(file.path): is a file"), "\(onFile.stderr)")

    #expect(try await huewall(["run", "--config", sandbox.config]).status == 0)
    let export = try await huewall(["export", "--config", sandbox.config, "--out", mine.path])
    #expect(export.status == 1)
    #expect(export.stderr.contains("not an earlier Huewall export"), "\(export.stderr)")
    #expect(
      try String(contentsOf: mine.appendingPathComponent("notes.txt"), encoding: .utf8)
        == "keep me")
    #expect(try FileManager.default.contentsOfDirectory(atPath: mine.path) == ["notes.txt"])
    #expect(try String(contentsOf: file, encoding: .utf8) == "%PDF-1.7")
  }

  @Test func anEmptyFolderAnEarlierExportOrAnUnmarkedOneIsReplaced() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let fresh = sandbox.folder.appendingPathComponent("fresh")
    try FileManager.default.createDirectory(at: fresh, withIntermediateDirectories: true)
    let first = try await huewall(["run", "--config", sandbox.config, "--out", fresh.path])
    #expect(first.status == 0, "\(first.stderr)")
    let marker = fresh.appendingPathComponent(".huewall-export")
    #expect(FileManager.default.fileExists(atPath: marker.path))
    let again = try await huewall(["export", "--config", sandbox.config, "--out", fresh.path])
    #expect(again.status == 0, "\(again.stderr)")

    // An export written before exports carried their marker.
    try FileManager.default.removeItem(at: marker)
    let unmarked = try await huewall(["export", "--config", sandbox.config, "--out", fresh.path])
    #expect(unmarked.status == 0, "\(unmarked.stderr)")
    #expect(FileManager.default.fileExists(atPath: marker.path))
  }

  @Test func theNextRunRemovesWhatKilledRunsLeft() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let files = FileManager.default
    let staging = sandbox.folder.appendingPathComponent(".out.new-dead1234/thumbs")
    let retired = sandbox.folder.appendingPathComponent(".out.old-cafe0000")
    let partial = sandbox.folder.appendingPathComponent("state/images/feed-download.partial")
    for folder in [staging, retired, partial.deletingLastPathComponent()] {
      try files.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    try Data(count: 4096).write(to: staging.appendingPathComponent("a.jpg"))
    try Data("{}".utf8).write(to: retired.appendingPathComponent("colors.json"))
    try Data(count: 4096).write(to: partial)
    // Another folder's leftovers are not this export's.
    let other = sandbox.folder.appendingPathComponent(".elsewhere.new-0000aaaa")
    try files.createDirectory(at: other, withIntermediateDirectories: true)

    let run = try await huewall(["run", "--config", sandbox.config])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!files.fileExists(atPath: staging.deletingLastPathComponent().path))
    #expect(!files.fileExists(atPath: retired.path))
    #expect(!files.fileExists(atPath: partial.path))
    #expect(files.fileExists(atPath: other.path))
    let names = try files.contentsOfDirectory(atPath: sandbox.folder.path)
    #expect(!names.contains { $0.hasPrefix(".out.") }, "\(names)")
  }

  @Test func configurationsSharingACatalogueShareItsLock() async throws {
    let first = try Sandbox()
    defer { first.remove() }
    let second = try Sandbox()
    defer { second.remove() }
    #expect(try await huewall(["run", "--config", first.config]).status == 0)
    // Another configuration, another folder, the same catalogue.
    let lockPath = first.database + "-lock"
    let fd = open(lockPath, O_RDWR | O_CREAT, 0o644)
    defer { close(fd) }
    #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
    for command in ["run", "export", "analyze"] {
      let blocked = try await huewall([command, "--config", second.config, "--db", first.database])
      #expect(blocked.status == 75, "\(command): \(blocked.stderr)")
      #expect(blocked.stderr.contains("another run holds the lock \(lockPath)"))
    }
    flock(fd, LOCK_UN)
    let after = try await huewall(["run", "--config", second.config, "--db", first.database])
    #expect(after.status == 0, "\(after.stderr)")
  }

  @Test func aMetricsFileNeverReplacesTheCatalogue() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    #expect(try await huewall(["run", "--config", sandbox.config]).status == 0)
    let before = try snapshot(sandbox.folder)
    for path in [sandbox.database, sandbox.config, sandbox.database + "-wal", "/dev/null"] {
      let run = try await huewall(["run", "--config", sandbox.config, "--metrics-file", path])
      #expect(run.status == 1, "\(path): \(run.stderr)")
      #expect(run.stderr.contains("--metrics-file"), "\(run.stderr)")
      #expect(!run.stdout.contains("succeeded"), "refused before the run: \(run.stdout)")
    }
    // Nothing was run, nothing written: the catalogue still answers with its products.
    #expect(try snapshot(sandbox.folder) == before)
    let status = try await huewall(["status", "--config", sandbox.config])
    #expect(
      status.status == 0 && status.stdout.contains("succeeded")
        && status.stdout.contains("24 +24/~0/-0"), "\(status.stderr)")
    var device = stat()
    #expect(stat("/dev/null", &device) == 0 && device.st_mode & S_IFMT == S_IFCHR)
  }

  @Test func theShopsFilesNeverGoWhereAnExportOrTheCatalogueIs() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    #expect(try await huewall(["run", "--config", sandbox.config]).status == 0)
    let before = try snapshot(sandbox.folder)
    for out in ["out", "out/shop", "state", "."] {
      let export = try await huewall(
        ["export", "--config", "pipeline.json", "--format", "merchant-supplemental", "--out", out],
        in: sandbox.folder)
      #expect(export.status == 1, "\(out): \(export.stderr)")
      #expect(export.stderr.contains("--out"), "\(export.stderr)")
    }
    #expect(try snapshot(sandbox.folder) == before)
    let allowed = try await huewall(
      [
        "export", "--config", "pipeline.json", "--format", "merchant-supplemental", "--out", "shop",
      ],
      in: sandbox.folder)
    #expect(allowed.status == 0, "\(allowed.stderr)")
  }
}
