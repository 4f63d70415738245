import Foundation
import HuewallTestSupport
import Testing

/// `huewall serve` as a user starts it; the server's pages are tested in HuewallServeTests and
/// in a browser by scripts/serve-check.
@Suite struct ServeCommandTests {
  @Test func aPortInUseIsAClearErrorNotACrash() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-serve-cli-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("c.sqlite").path
    let missing = try await huewall(["serve", "--db", database, "--port", "0"])
    #expect(missing.status == 1)
    #expect(
      missing.stderr.contains("no catalogue yet (run `huewall run` first)"), "\(missing.stderr)")

    let run = try await huewall([
      "run", "--db", database, "--cache", folder.appendingPathComponent("images").path,
      "--out", folder.appendingPathComponent("out").path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let busy = try await TestHTTPServer.start()
    let port = try #require(busy.url("/").port)
    let refused = try await huewall(["serve", "--db", database, "--port", "\(port)"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains("port \(port) on 127.0.0.1 is in use (another huewall serve?)"),
      "\(refused.stderr)")
    await busy.shutdown()
    let bad = try await huewall(["serve", "--db", database, "--port", "70000"])
    #expect(bad.status == 64 && bad.stderr.contains("--port must be 0…65535"))
  }
}
