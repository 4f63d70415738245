import Crypto
import Foundation
import HuewallStore
import HuewallTestSupport
import Testing

/// A process that dies while decoding an image does not die on it again: the next run records
/// the image as failed and skips it until its bytes change (the test hook
/// `HUEWALL_TEST_CRASH_ON_IMAGE` makes a debug build die on a chosen image, as a crash inside
/// libgd would).
@Suite struct PoisonImageTests {
  @Test func anImageThatKilledTheProcessIsSkippedUntilItChanges() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-poison-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Four sample images in a feed of our own, so that one image's bytes can change.
    let samples = repositoryRoot.appendingPathComponent("samples")
    let names = ["01-red-sneaker.jpg", "04-green-cap.png", "05-blue-mug.jpg", "13-grey-hoodie.png"]
    var products: [String] = []
    for (i, name) in names.enumerated() {
      try FileManager.default.copyItem(
        at: samples.appendingPathComponent(name), to: folder.appendingPathComponent(name))
      products.append(#"{"id": "P\#(i)", "title": "Product \#(i)", "images": ["\#(name)"]}"#)
    }
    try #"{"products": [\#(products.joined(separator: ","))]}"#
      .write(to: folder.appendingPathComponent("feed.json"), atomically: true, encoding: .utf8)
    let config = folder.appendingPathComponent("pipeline.json").path
    try #"{"feed": {"source": "feed.json"}, "jobs": 1}"#
      .write(toFile: config, atomically: true, encoding: .utf8)
    let database = folder.appendingPathComponent(".huewall/catalogue.sqlite").path
    let poison = folder.appendingPathComponent("05-blue-mug.jpg")
    let poisonHash = SHA256.hash(data: try Data(contentsOf: poison))
      .map { String(format: "%02x", $0) }.joined()

    // 1. The process dies on the chosen image.
    let crashed = try await huewall(
      ["run", "--config", config], environment: ["HUEWALL_TEST_CRASH_ON_IMAGE": poisonHash])
    #expect(crashed.reason == .uncaughtSignal, "the hook did not stop the process")

    // 2. The next run (no hook) turns the note into a poison image, reports it as a failed
    //    image naming its URL, and analyses the rest.
    let second = try await huewall(["run", "--config", config])
    #expect(second.reason == .exit)
    #expect(second.status == 3, "one failed image of four is over the 5 % failure rate")
    #expect(second.stdout.contains(" 1 failed, "), "\(second.stdout)")
    #expect(second.stderr.contains("the process stopped while decoding this image"))
    #expect(second.stderr.contains("05-blue-mug.jpg"), "\(second.stderr)")
    let store = try CatalogStore(path: database)
    #expect(try Array(store.poisonImages().keys) == [poisonHash])
    let set = try #require(try store.parameterSets().first)
    #expect(try store.analysedImageHashes(parameterSetID: set.id, measured: false).count == 3)
    let runs = try store.recentRuns(limit: 5)
    let errors = try store.errors(runID: try #require(runs.first?.id))
    #expect(errors.map(\.stage) == ["decode"])
    #expect(errors.first?.subject.hasSuffix("05-blue-mug.jpg") == true)
    #expect(errors.first?.message.hasSuffix("(products P2)") == true, "\(errors)")

    // 3. A run with the hook still set never reaches the image again: it does not die.
    let third = try await huewall(
      ["run", "--config", config], environment: ["HUEWALL_TEST_CRASH_ON_IMAGE": poisonHash])
    #expect(third.reason == .exit && third.status == 3, "\(third.stderr)")
    #expect(third.stdout.contains("1 failed, 0 analysed"), "\(third.stdout)")

    // 4. New bytes at the same place are tried afresh and analysed.
    try FileManager.default.removeItem(at: poison)
    try FileManager.default.copyItem(
      at: samples.appendingPathComponent("22-pink-mug.jpg"), to: poison)
    let fourth = try await huewall(["run", "--config", config])
    #expect(fourth.status == 0, "\(fourth.stderr)")
    #expect(fourth.stdout.contains("0 failed, 1 analysed"), "\(fourth.stdout)")
    #expect(try store.integrityCheck() == ["ok"])
  }
}
