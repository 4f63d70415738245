import AsyncHTTPClient
import Foundation
import HuewallStore
import HuewallTestSupport
import NIOCore
import NIOHTTP1
import Testing

/// `huewall api` as a process: what it refuses before it listens, and how it stops.
@Suite struct ApiCommandTests {
  @Test("beyond loopback it refuses to start without keys, naming api.keys")
  func keysBeyondLoopback() async throws {
    let folder = try makeTemporaryFolder("huewall-api-cli")
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("catalogue.sqlite").path
    try CatalogStore(path: database).close()
    let result = try await huewall(["api", "--db", database, "--host", "0.0.0.0", "--port", "0"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("api.keys"), "\(result.stderr)")
  }

  @Test("SIGTERM stops it within 10 s, exit 0, with a client's connection still open")
  func stopsOnSIGTERM() async throws {
    let folder = try makeTemporaryFolder("huewall-api-cli")
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("catalogue.sqlite").path
    try CatalogStore(path: database).close()
    let server = try Background(["api", "--db", database, "--port", "0"])
    let port = try #require(
      try await server.announced(#/at http://127\.0\.0\.1:(\d+)/#), "\(server.log)")
    let http = HTTPClient(eventLoopGroupProvider: .singleton)
    let response = try await http.execute(
      HTTPClientRequest(url: "http://127.0.0.1:\(port)/openapi.yaml"), timeout: .seconds(30))
    #expect(response.status.code == 200)
    _ = try await response.body.collect(upTo: 1 << 20)
    // No run has stored the catalogue's parameters yet: not ready, and it says why.
    let health = try await http.execute(
      HTTPClientRequest(url: "http://127.0.0.1:\(port)/health"), timeout: .seconds(30))
    #expect(health.status.code == 503)
    _ = try await health.body.collect(upTo: 1 << 20)
    let took = try await server.terminate()
    try await http.shutdown()
    #expect(took < .seconds(10))
    #expect(server.process.terminationReason == .exit)
    #expect(server.process.terminationStatus == 0, "\(server.log)")
  }
}
