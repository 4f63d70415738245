import Foundation
import HuewallTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Outputs reached through a symbolic link, or through a folder swapped for one while a
/// command runs, are judged by the folder they land in: nothing is written or deleted in the
/// catalogue's folder, the image cache or the export folder.
@Suite struct LinkedOutputTests {
  typealias Sandbox = RunCommandTests.Sandbox

  /// The names below `folder`, its own files and folders' included (no link followed).
  func listing(_ folder: String) -> Set<String> {
    var names: Set<String> = []
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return names }
    while let name = walker.nextObject() as? String { names.insert(name) }
    return names
  }

  /// Whether the file at `path` is a SQLite database.
  func isSQLite(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    return (try? handle.read(upToCount: 15)) == Data("SQLite format 3".utf8)
  }

  /// Whether `path` holds a metrics file's text.
  func holdsMetrics(_ path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path) else { return false }
    return String(decoding: data, as: UTF8.self).contains("huewall_run_")
  }

  @Test func aLinkedFolderLeadsNoOutputIntoTheCatalogueOrTheImageCache() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    #expect(try await huewall(["run", "--config", sandbox.config]).status == 0)
    let state = sandbox.folder.appendingPathComponent("state").path
    #expect(symlink(state, sandbox.folder.appendingPathComponent("dlink").path) == 0)
    let images = listing(state + "/images")

    for suffix in ["-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: state + "/catalogue.sqlite" + suffix)
      let run = try await huewall(
        [
          "run", "--config", "pipeline.json", "--feed-only", "--metrics-file",
          "dlink/catalogue.sqlite\(suffix)",
        ], in: sandbox.folder)
      #expect(run.status == 1, "\(suffix): \(run.stderr)")
      #expect(run.stderr.contains("--metrics-file"), "\(run.stderr)")
      #expect(run.stderr.contains("catalogue's \(suffix) file"), "\(run.stderr)")
      #expect(!holdsMetrics(state + "/catalogue.sqlite" + suffix), "\(suffix)")
    }
    for (arguments, name) in [
      (["export", "--out", "dlink/images/zz"], "zz"),
      (["export", "--compare", "a,b", "--out", "dlink/images/c2"], "c2"),
      (["export", "--format", "merchant-supplemental", "--out", "dlink/images/ms"], "ms"),
    ] {
      let export = try await huewall(
        arguments + ["--config", "pipeline.json"], in: sandbox.folder)
      #expect(export.status == 1, "\(arguments): \(export.stderr)")
      #expect(export.stderr.contains("image cache"), "\(arguments): \(export.stderr)")
      #expect(!FileManager.default.fileExists(atPath: state + "/images/" + name))
    }

    // writeBack.output through the link, for `run` and for `export --format`.
    let config = sandbox.folder.appendingPathComponent("shop.json").path
    let feed = repositoryRoot.appendingPathComponent("samples/feed.json").path
    try """
    {"feed": {"source": "\(feed)"}, "database": "state/catalogue.sqlite",
     "cache": "state/images", "output": "out",
     "writeBack": {"formats": ["merchant-supplemental"], "output": "dlink/images/shopnew"}}
    """.write(toFile: config, atomically: true, encoding: .utf8)
    for arguments in [["run"], ["export", "--format", "merchant-supplemental"]] {
      let run = try await huewall(arguments + ["--config", config])
      #expect(run.status == 1, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("writeBack.output"), "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("image cache"), "\(arguments): \(run.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: state + "/images/shopnew"))
    #expect(listing(state + "/images") == images)
    #expect(isSQLite(sandbox.database))
  }

  @Test func anOutputInsideTheConfiguredExportFolderIsRefused() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    #expect(try await huewall(["run", "--config", sandbox.config]).status == 0)
    let before = listing(sandbox.output.path)
    for arguments in [
      ["export", "--out", "out/sub"], ["export", "--compare", "a,b", "--out", "out/c"],
    ] {
      let export = try await huewall(
        arguments + ["--config", "pipeline.json"], in: sandbox.folder)
      #expect(export.status == 1, "\(arguments): \(export.stderr)")
      #expect(
        export.stderr.contains("inside the export folder \(sandbox.output.path)"),
        "\(arguments): \(export.stderr)")
      #expect(export.stderr.contains("which the next export replaces whole"))
    }
    #expect(listing(sandbox.output.path) == before)
    // The configured folder itself, and one beside it, are still exports' to replace.
    let again = try await huewall(
      ["export", "--config", "pipeline.json", "--out", "out"], in: sandbox.folder)
    #expect(again.status == 0, "\(again.stderr)")
  }

  @Test func aParameterSetNameIsANameEverywhere() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    #expect(try await huewall(["run", "--config", sandbox.config]).status == 0)
    for arguments in [
      ["analyze", "--preset", "reference", "--name", "../../../escaped"],
      ["export", "--params", "../../../escaped"],
      ["export", "--compare", "../../../escaped,x"],
      ["analyze", "--preset", "reference", "--name", ".hidden"],
    ] {
      let refused = try await huewall(arguments + ["--config", sandbox.config])
      #expect(refused.status != 0, "\(arguments)")
      #expect(
        refused.stderr.contains("is not a parameter set name"), "\(arguments): \(refused.stderr)")
      #expect(refused.stderr.contains("letters, digits"), "\(refused.stderr)")
    }
    let escaped = URL(fileURLWithPath: sandbox.output.path + "-../../../escaped")
      .standardizedFileURL.path
    #expect(!FileManager.default.fileExists(atPath: escaped))

    // The configured parameters' set is the nightly one: --name does not rename it.
    let rename = try await huewall(["analyze", "--config", sandbox.config, "--name", "mine"])
    #expect(rename.status != 0)
    #expect(rename.stderr.contains("nightly"), "\(rename.stderr)")
    // The stored names, as a failed export lists them.
    let stored = try await huewall(["export", "--config", sandbox.config, "--params", "nope"])
    #expect(stored.stderr.contains("(stored: product-"), "\(stored.stderr)")
    #expect(!stored.stderr.contains("mine"), "\(stored.stderr)")
  }

  // MARK: Races

  /// Swaps `path` between a real folder and a symbolic link to `target` from a thread of its
  /// own, as fast as it can, until stopped; the folder is back in place when it returns.
  final class Swapper: Sendable {
    let path: String
    let target: String
    private let stopped = Atomic<Bool>(false)
    private let done = Atomic<Bool>(false)
    let swaps = Atomic<Int>(0)

    init(_ path: String, linkingTo target: String) {
      self.path = path
      self.target = target
    }

    func start() {
      let (path, target) = (self.path, self.target)
      let stash = path + "-real"
      let link = path + "-link"
      symlink(target, link)
      Thread.detachNewThread { [self] in
        while !stopped.load(ordering: .relaxed) {
          rename(path, stash)
          rename(link, path)
          usleep(200)
          rename(path, link)
          rename(stash, path)
          usleep(200)
          swaps.add(1, ordering: .relaxed)
        }
        unlink(link)
        done.store(true, ordering: .releasing)
      }
    }

    func stop() {
      stopped.store(true, ordering: .relaxed)
      while !done.load(ordering: .acquiring) { usleep(1000) }
    }
  }

  @Test func anExportWhoseFolderIsSwappedForALinkNeverTouchesTheCatalogue() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    #expect(try await huewall(["run", "--config", sandbox.config]).status == 0)
    let state = sandbox.folder.appendingPathComponent("state").path
    let images = listing(state + "/images")
    let p = sandbox.folder.appendingPathComponent("p").path
    try FileManager.default.createDirectory(atPath: p, withIntermediateDirectories: true)
    // `p/state` is a new export folder while p is p, and the catalogue's folder while p is a
    // link to the sandbox.
    let swapper = Swapper(p, linkingTo: sandbox.folder.path)
    swapper.start()
    var outcomes: [Int32: Int] = [:]
    for _ in 0..<40 {
      let export = try await huewall(
        ["export", "--config", "pipeline.json", "--out", "p/state"], in: sandbox.folder)
      outcomes[export.status, default: 0] += 1
      if !isSQLite(sandbox.database) { break }
    }
    swapper.stop()
    #expect(swapper.swaps.load(ordering: .relaxed) > 40)
    #expect(isSQLite(sandbox.database), "the catalogue is gone: \(outcomes)")
    #expect(listing(state + "/images") == images, "\(outcomes)")
    // Nothing of an export landed beside the catalogue or in the sandbox.
    #expect(!FileManager.default.fileExists(atPath: state + "/" + ".huewall-export"))
    let strays = listing(sandbox.folder.path).filter {
      !$0.contains("/") && ($0.hasPrefix(".state.") || $0.hasPrefix(".tmp-"))
    }
    #expect(strays.isEmpty, "\(strays)")
  }

  @Test func aMetricsFileWhoseFolderIsSwappedForALinkNeverReplacesTheCatalogue() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    #expect(try await huewall(["run", "--config", sandbox.config]).status == 0)
    let state = sandbox.folder.appendingPathComponent("state").path
    let d = sandbox.folder.appendingPathComponent("d").path
    try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
    let swapper = Swapper(d, linkingTo: state)
    swapper.start()
    var outcomes: [Int32: Int] = [:]
    for _ in 0..<40 {
      let run = try await huewall(
        [
          "run", "--config", "pipeline.json", "--feed-only", "--metrics-file", "d/catalogue.sqlite",
        ],
        in: sandbox.folder)
      outcomes[run.status, default: 0] += 1
      if !isSQLite(sandbox.database) { break }
    }
    swapper.stop()
    #expect(swapper.swaps.load(ordering: .relaxed) > 40)
    #expect(isSQLite(sandbox.database), "the catalogue was replaced: \(outcomes)")
    // No temporary file is left behind, in the catalogue's folder or in d.
    for folder in [state, d] {
      let strays = listing(folder).filter { $0.contains(".tmp-") }
      #expect(strays.isEmpty, "\(folder): \(strays)")
    }
  }
}
