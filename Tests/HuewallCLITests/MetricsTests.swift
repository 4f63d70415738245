import AsyncHTTPClient
import Foundation
import HuewallTestSupport
import NIOCore
import NIOHTTP1
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What operators monitor: `huewall run --metrics-file` for node_exporter's textfile
/// collector, and `/metrics` of `huewall worker` and `huewall serve`, each read by the
/// Prometheus text-format rules.
@Suite struct MetricsTests {
  @Test func theCheckerRefusesWhatPrometheusRefuses() throws {
    let good = """
      # HELP a_total A.
      # TYPE a_total counter
      a_total{x="1",y="q\\"uote"} 3
      # TYPE h histogram
      h_bucket{le="1"} 1
      h_bucket{le="+Inf"} 2
      h_sum 1.5
      h_count 2

      """
    #expect(try PrometheusText.parse(good).count == 5)
    let bad = [
      "1abc 2\n", "a{x=1} 2\n", "a two\n", "a 1", "a{x=\"1\",x=\"2\"} 1\n",
      "# TYPE a counter\na -1\n", "a 1\n# TYPE a gauge\n", "# TYPE a wobble\na 1\n",
      "a 1\nb 1\na 2\n", "# TYPE h histogram\nh_bucket{le=\"+Inf\"} 1\nh_count 2\nh_sum 1\n",
      "a{x=\"\\q\"} 1\n",
    ]
    for text in bad {
      #expect(throws: PrometheusText.Problem.self, "\(text)") { try PrometheusText.parse(text) }
    }
  }

  @Test func aRunWritesItsFiguresForTheTextfileCollectorFailedRunsIncluded() async throws {
    let folder = try makeTemporaryFolder("huewall-metrics")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("textfile/huewall.prom")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let good = folder.appendingPathComponent("good.json")
    try #"{"feed": {"source": "\#(repositoryRoot.path)/samples/feed.json"}}"#
      .write(to: good, atomically: true, encoding: .utf8)

    let before = Date().timeIntervalSince1970
    let run = try await huewall(["run", "--config", good.path, "--metrics-file", file.path])
    #expect(run.status == 0, "\(run.stderr)")
    let first = try Self.values(try String(contentsOf: file, encoding: .utf8))
    #expect(first["huewall_run_exit_code"] == 0)
    #expect(first["huewall_run_products{state=seen}"] == 24)
    #expect(first["huewall_run_products{state=added}"] == 24)
    #expect(first["huewall_run_images{outcome=fetched}"] == 24)
    #expect(first["huewall_run_images{outcome=analysed}"] == 24)
    #expect(first["huewall_run_item_errors"] == 0)
    let succeeded = try #require(first["huewall_run_last_success_timestamp_seconds"])
    #expect(succeeded >= before && succeeded <= Date().timeIntervalSince1970)
    #expect(first["huewall_run_duration_seconds"].map { $0 > 0 } == true)

    // A run that fails says so, and keeps the time of the last success.
    let broken = folder.appendingPathComponent("broken.json")
    try #"{"feed": {"source": "\#(folder.path)/no-such-feed.json"}}"#
      .write(to: broken, atomically: true, encoding: .utf8)
    let failed = try await huewall(["run", "--config", broken.path, "--metrics-file", file.path])
    #expect(failed.status == 1)
    let second = try Self.values(try String(contentsOf: file, encoding: .utf8))
    #expect(second["huewall_run_exit_code"] == 1)
    #expect(second["huewall_run_last_success_timestamp_seconds"] == succeeded)
    #expect(second["huewall_run_products{state=seen}"] == nil, "no counts from a failed run")
    // Written by a rename: no temporary file is left beside it.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        == ["huewall.prom"])
  }

  @Test func serveAnswersMetricsOnAPortOfItsOwn() async throws {
    let folder = try makeTemporaryFolder("huewall-metrics")
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appendingPathComponent("pipeline.json")
    try #"{"feed": {"source": "\#(repositoryRoot.path)/samples/feed.json"}}"#
      .write(to: config, atomically: true, encoding: .utf8)
    #expect(try await huewall(["run", "--config", config.path]).status == 0)
    let serve = try Background([
      "serve", "--config", config.path, "--port", "0", "--metrics-port", "0",
    ])
    let page = try #require(try await serve.announced(#/serving .* at (http://[^ ]*/)\n/#))
    let metrics = try #require(try await serve.announced(#/metrics at (http://[^ ]*/metrics)\n/#))
    #expect(try await Self.get(page).status == 200)
    #expect(try await Self.get(page, host: "evil.example").status == 421)
    // A change of a control: every image analysed live.
    #expect(try await Self.get(page + "api/analysis?numColors=2").status == 200)
    // A colour decision without the page's token, and an address no route takes: each
    // counted under the route the router matched.
    var decision = HTTPClientRequest(url: page + "api/color?product=HW-001")
    decision.method = .POST
    let refused = try await HTTPClient.shared.execute(decision, timeout: .seconds(60))
    #expect(refused.status == .forbidden)
    _ = try await refused.body.collect(upTo: 1 << 20)
    #expect(try await Self.get(page + "nowhere").status == 404)
    // The metrics answer the names of the server alone, as the page does.
    #expect(try await Self.get(metrics, host: "evil.example").status == 421)
    let (status, type, body) = try await Self.get(metrics)
    #expect(status == 200 && type.hasPrefix("text/plain; version=0.0.4"))
    let values = try Self.values(body)
    #expect(values[#"huewall_serve_requests_total{route=/,status=200}"#] == 1)
    #expect(values[#"huewall_serve_requests_total{route=/,status=421}"#] == 1)
    #expect(values[#"huewall_serve_requests_total{route=/api/analysis,status=200}"#] == 1)
    #expect(values[#"huewall_serve_requests_total{route=/api/color,status=403}"#] == 1)
    #expect(values[#"huewall_serve_requests_total{route=NotFound,status=404}"#] == 1)
    let analyses = try #require(values["huewall_serve_analyses_total"])
    #expect(analyses >= 24 && analyses.truncatingRemainder(dividingBy: 24) == 0, "\(analyses)")
    #expect(values["huewall_serve_image_duration_seconds_count"] == analyses)
    #expect(values[#"huewall_serve_request_duration_seconds_count{route=/}"#] == 2)
    _ = try await serve.terminate()
  }

  @Test func aWorkerAnswersMetricsWhileItWorks() async throws {
    let database = try await TestPostgres.freshDatabase()
    let folder = try makeTemporaryFolder("huewall-metrics")
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appendingPathComponent("pipeline.json")
    try
      #"{"feed": {"source": "\#(repositoryRoot.path)/samples/feed.json"}, "database": "\#(database)"}"#
      .write(to: config, atomically: true, encoding: .utf8)
    let worker = try Background([
      "worker", "--config", config.path, "--metrics-port", "0", "--verbose",
    ])
    let metrics = try #require(try await worker.announced(#/metrics at (http://[^ ]*/metrics)\n/#))
    _ = try #require(try await worker.announced(#/worker (\S+) on /#))
    // The coordinator leaves the work to the connected worker.
    let run = try await huewall(["run", "--config", config.path, "--workers", "1"])
    #expect(run.status == 0, "\(run.stderr)")
    let values = try Self.values(try await Self.get(metrics).body)
    #expect(values["huewall_worker_claimed_items_total"] == 24)
    #expect(values["huewall_worker_analyses_total"] == 24)
    #expect(values["huewall_worker_items_total{result=done}"] == 24)
    #expect(values["huewall_worker_image_duration_seconds_count"] == 24)
    #expect(values["huewall_worker_claims_total"].map { $0 >= 1 } == true)
    #expect(values["huewall_queue_items{state=pending}"] != nil)
    // Within what a supervisor allows (the documented 10 s), however loaded the machine.
    let took = try await worker.terminate()
    #expect(took < WorkerShutdownTests.bound, "took \(took)")
    #expect(worker.process.terminationStatus == 0, "\(worker.log)")
  }

  /// The samples of a text by name and labels (`name{a=x,b=y}`, labels sorted), after
  /// checking it against the format's rules.
  static func values(_ text: String) throws -> [String: Double] {
    var values: [String: Double] = [:]
    for sample in try PrometheusText.parse(text) {
      let labels = sample.labels.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      let key = labels.isEmpty ? sample.name : "\(sample.name){\(labels.joined(separator: ","))}"
      values[key] = sample.value
    }
    return values
  }

  static func get(_ url: String, host: String? = nil) async throws -> (
    status: Int, type: String, body: String
  ) {
    var request = HTTPClientRequest(url: url)
    if let host { request.headers.add(name: "Host", value: host) }
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
    let body = try await response.body.collect(upTo: 16 << 20)
    return (
      Int(response.status.code), response.headers.first(name: "content-type") ?? "",
      String(buffer: body)
    )
  }
}
