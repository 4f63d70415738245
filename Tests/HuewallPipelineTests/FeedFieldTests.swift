import Foundation
import HuewallCore
import HuewallPipeline
import HuewallStore
import HuewallTestSupport
import Testing

/// What the feed stage makes of odd field values, as the store keeps them.
@Suite struct FeedFieldTests {
  @Test func controlCharactersAndUndefinedBytesReachTheStoreCleanedAndRecorded() async throws {
    let server = try await TestHTTPServer.start()
    let catalogue = TestCatalogue(server: server, images: try TestCatalogue.sampleImages())
    catalogue.publish(count: 4)
    let image = { (i: Int) in server.url("/img/\(i).img").absoluteString }
    var feed = Data("id,title,image_link\n".utf8)
    feed += Data("A\u{0}x,First,\(image(0))\n".utf8)
    feed += Data("A\u{0}y,Second,\(image(1))\n".utf8)
    feed += Data("B-1,Enamel\u{0} Mug,\(image(2))\n".utf8)
    feed += Data("ODD-2,Odd ".utf8) + Data([0x81]) + Data(" byte,\(image(3))\n".utf8)
    server.route("/feed.csv", .ok(feed, contentType: "text/csv"))
    var workspace = try Workspace(feed: server.url("/feed.csv"))
    defer { workspace.remove() }
    workspace.configuration.maxFailureRate = 0.9

    let report = try await workspace.run()
    let store = try workspace.store()
    let stored = try store.products(includeRemoved: false).map(\.product)
    #expect(stored.map(\.id).sorted() == ["B-1", "ODD-2"])
    #expect(stored.first { $0.id == "B-1" }?.title == "Enamel Mug")
    #expect(stored.first { $0.id == "ODD-2" }?.title == "Odd \u{FFFD} byte")
    // The two ids with a NUL are errors; the dropped NUL and the replaced byte are warnings,
    // each said once a run with its count, not counted as errors.
    #expect(report.counts.errors == 2)
    let feedRecords = try store.errors(runID: report.runID).filter { $0.stage == "feed" }
    #expect(
      feedRecords.map { ($0.isWarning ? "warning: " : "") + $0.message } == [
        #"item 1 (line 2, id "A\u{0000}x"): the id holds a control character (U+0000)"#,
        #"item 2 (line 3, id "A\u{0000}y"): the id holds a control character (U+0000)"#,
        #"warning: item 3 (line 4, id "B-1"): 1 control character dropped (title) from 1 item, this the first; the feed's text has bytes that are not characters"#,
        #"warning: item 4 (line 5, id "ODD-2"): 1 byte neither UTF-8 nor Windows-1252 replaced with U+FFFD (title) in 1 item, this the first; save the feed as UTF-8 to keep those characters"#,
      ])
    await server.shutdown()
  }
}
