import AsyncHTTPClient
import Foundation
import HuewallColorWords
import HuewallCore
import HuewallExport
import HuewallPipeline
import HuewallStore
import Logging
import NIOCore
import NIOHTTP1
import Testing

@testable import HuewallServe

/// A catalogue of the samples made by a real `huewall run` (file feed) in a temporary folder,
/// and `TuningServer` serving it on a free loopback port for the length of `body`.
struct ServedCatalogue {
  let folder: URL
  let configuration: PipelineConfiguration
  let base: String
  /// The server's token, which its page sends with a change.
  let token: String
  /// The server itself, to see what it keeps.
  let server: TuningServer

  /// `feed` is the samples' unless given. `anticipates` as ``TuningServer/anticipates``: a
  /// test that counts what the grid cache served turns it off, since what is anticipated
  /// between two requests depends on how long the test waits.
  static func run(
    feed: String? = nil, anticipates: Bool = true,
    _ body: (ServedCatalogue) async throws -> Void
  ) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-serve-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let configuration = PipelineConfiguration(
      feed: FeedSettings(
        source: feed ?? repositoryRoot.appendingPathComponent("samples/feed.json").path),
      database: folder.appendingPathComponent("catalogue.sqlite").path,
      cache: folder.appendingPathComponent("images").path,
      output: folder.appendingPathComponent("out").path, jobs: 2,
      // So that one product (HW-006, an orange bottle sold as "Tangerine") disagrees.
      colorSynonyms: ["Tangerine": "red"])
    let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    _ = try await Pipeline(
      configuration: configuration, logger: quiet, progress: ProgressReporter(interactive: false)
    ).run()
    let server = try TuningServer(
      configuration: configuration, gridBudget: 64 << 20, anticipates: anticipates, logger: quiet)
    let (ports, listening) = AsyncStream.makeStream(of: Int.self)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        try await server.run(host: "127.0.0.1", port: 0) { listening.yield($0) }
      }
      var iterator = ports.makeAsyncIterator()
      let port = try #require(await iterator.next())
      try await body(
        ServedCatalogue(
          folder: folder, configuration: configuration, base: "http://127.0.0.1:\(port)/",
          token: server.token, server: server))
      group.cancelAll()
    }
  }

  /// The status, content type and body of a request to `path`. A request that is not a GET
  /// carries what the server's own page sends (its origin and token) unless `headers` says
  /// otherwise.
  func get(_ path: String, method: HTTPMethod = .GET, headers: [(String, String)]? = nil)
    async throws -> (status: Int, type: String, body: String)
  {
    let response = try await request(path, method: method, headers: headers)
    let body = try await response.body.collect(upTo: 16 << 20)
    return (
      Int(response.status.code), response.headers.first(name: "content-type") ?? "",
      String(buffer: body)
    )
  }

  func request(_ path: String, method: HTTPMethod = .GET, headers: [(String, String)]? = nil)
    async throws -> HTTPClientResponse
  {
    var request = HTTPClientRequest(url: base + path)
    request.method = method
    let pageHeaders = [("Origin", String(base.dropLast())), ("X-Huewall-Token", token)]
    request.headers.add(contentsOf: headers ?? (method == .GET ? [] : pageHeaders))
    return try await HTTPClient.shared.execute(request, timeout: .seconds(60))
  }

  /// The analysis stream of `query`, one decoded JSON object a line.
  func analysis(_ query: String) async throws -> [[String: Any]] {
    let (status, _, body) = try await get("api/analysis?" + query)
    #expect(status == 200, "\(body)")
    return try body.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }
}

@Suite(.serialized) struct TuningServerTests {
  @Test func theLiveAnalysisLooksAtTheImageTheWallShows() async throws {
    // A T-shirt whose first image is a model shot and whose second a packshot (the pipeline
    // tests' fixtures): the run takes its colour from the packshot, and so does the live wall.
    let shop = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-serve-shop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: shop, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: shop) }
    let fixtures = repositoryRoot.appendingPathComponent("Tests/HuewallPipelineTests/Fixtures")
    for name in ["model-shot.jpg", "packshot.png"] {
      try FileManager.default.copyItem(
        at: fixtures.appendingPathComponent(name), to: shop.appendingPathComponent(name))
    }
    try
      #"{"products": [{"id": "TEE", "title": "T-shirt", "images": ["model-shot.jpg", "packshot.png"]}]}"#
      .write(to: shop.appendingPathComponent("feed.json"), atomically: true, encoding: .utf8)
    try await ServedCatalogue.run(feed: shop.appendingPathComponent("feed.json").path) { served in
      let store = try CatalogStore(path: served.configuration.database, access: .readOnly)
      let set = try #require(try store.parameterSets().first)
      var stored: [ExportEntry] = []
      try store.forEachExportEntry(parameterSetID: set.id, imagesPerProduct: 3) {
        stored.append($0)
      }
      #expect(stored.first?.chosenImageIndex == 1 && stored.first?.family == .green)
      let lines = try await served.analysis("")
      let tee = try #require(lines.first { $0["product"] as? String == "TEE" })
      #expect(tee["family"] as? String == "green", "\(tee)")
    }
  }

  @Test func theLiveAnalysisOfTheRunsParametersIsWhatTheRunStored() async throws {
    try await ServedCatalogue.run { served in
      let lines = try await served.analysis("first=HW-024%0AHW-013")
      // The products asked first come first; the order comes last.
      #expect(lines.prefix(2).map { $0["product"] as? String } == ["HW-024", "HW-013"])
      let order = try #require(lines.last?["order"] as? [String])
      let store = try CatalogStore(path: served.configuration.database, access: .readOnly)
      let set = try #require(try store.parameterSets().first)
      var stored: [String: ExportEntry] = [:]
      try await store.forEachExportEntry(parameterSetID: set.id) { stored[$0.id] = $0 }
      #expect(lines.count == stored.count + 1)
      for line in lines.dropLast() {
        let id = try #require(line["product"] as? String)
        let colors = try #require(line["colors"] as? [[String: Any]])
        #expect(colors.map { $0["hex"] as? String } == stored[id]?.colors?.map(\.hex), "\(id)")
        #expect(line["family"] as? String == stored[id]?.family?.rawValue, "\(id)")
      }
      // The wall's order is the export's.
      let exported = try JSONSerialization.jsonObject(
        with: Data(contentsOf: served.folder.appendingPathComponent("out/colors.json")))
      let products = try #require((exported as? [String: Any])?["products"] as? [[String: Any]])
      #expect(order == products.map { $0["id"] as? String ?? "" })
      // And each product's disagreement with its vendor colour is the export's.
      let flagged = Set(
        products.filter { $0["disagreement"] as? Bool == true }.compactMap { $0["id"] as? String })
      let disagreeing = Set(
        lines.dropLast().filter { $0["disagreement"] as? Bool == true }.compactMap {
          $0["product"] as? String
        })
      #expect(disagreeing == flagged)
      #expect(flagged == ["HW-006"], "the synonyms make one disagreement to compare")
      #expect(lines.dropLast().allSatisfy { $0["disagreement"] is Bool })
      // The stream of a stored set's parameters is read from the store; analysed live, every
      // product gets the same colours.
      let live = try await served.server.liveEntries(try LiveParameters(query: []))
      #expect(live.count == stored.count)
      for entry in live {
        #expect(entry.colors?.map(\.hex) == stored[entry.id]?.colors?.map(\.hex), "\(entry.id)")
        #expect(entry.family == stored[entry.id]?.family, "\(entry.id)")
      }
    }
  }

  /// Behind a wall, the server anticipates the walls one dear change away; a change to one
  /// of them streams it as it is known (what a live analysis gives), and so does a change to
  /// any wall it knows.
  @Test func aChangeToAWallAnticipatedOrKnownStreamsItAsKnown() async throws {
    try await ServedCatalogue.run { served in
      func settled() async throws {
        for _ in 0..<600 where served.server.live.isAnticipating {
          try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!served.server.live.isAnticipating)
      }
      _ = try await served.analysis("preset=product")
      try await settled()
      let off = try LiveParameters(query: [
        ("preset", "product"), ("backgroundSuppression", "false"),
      ])
      let entries = try served.server.catalogue()
      let hints = TuningServer.hints(of: entries)
      let images = Set(TuningServer.hashes(of: entries, first: []))
      #expect(
        served.server.live.walls.results(for: off.parameters, hints: hints).count
          == images.count)
      let anticipated = try await served.analysis("preset=product&backgroundSuppression=false")
      let analysed = try await served.server.liveEntries(off)
      #expect(anticipated.count == analysed.count + 1)
      for entry in analysed {
        let line = try #require(anticipated.first { $0["product"] as? String == entry.id })
        let colors = try #require(line["colors"] as? [[String: Any]])
        // To the last bit: the same weighing and binning as a change's.
        #expect(colors.map { $0["hex"] as? String } == (entry.colors ?? []).map(\.hex))
        for (key, value) in [("share", \StoredColor.share), ("h", \.h), ("s", \.s), ("v", \.v)] {
          #expect(
            colors.map { $0[key] as? Double } == (entry.colors ?? []).map { $0[keyPath: value] },
            "\(entry.id) \(key)")
        }
        #expect(line["family"] as? String == entry.family?.rawValue, "\(entry.id)")
      }
      // A colour no analysis gives, known for one image: the change streams it.
      try await settled()
      let product = try #require(entries.first { $0.imageSHA256 != nil })
      let sha = try #require(product.imageSHA256)
      served.server.live.walls.remember(
        LiveAnalysis.Result(
          sha256: sha,
          colors: [
            StoredColor(h: 0, s: 0, v: 0, hex: "#010203", share: 1, weight: 1, family: .black)
          ],
          family: .black, failure: nil),
        hint: hints[sha] ?? .none, under: off.parameters)
      let known = try await served.analysis("preset=product&backgroundSuppression=false")
      let line = try #require(known.first { $0["product"] as? String == product.id })
      let colors = try #require(line["colors"] as? [[String: Any]])
      #expect(colors.first?["hex"] as? String == "#010203")
    }
  }

  @Test func theServedWallIsTheExportedWallForTheSameParameters() async throws {
    try await ServedCatalogue.run { served in
      let (status, type, page) = try await served.get("")
      #expect(status == 200 && type.hasPrefix("text/html"))
      #expect(page.contains(#"<form class="tuning" id="tuning""#))
      #expect(page.contains("connect-src &#39;self&#39;"), "the page may ask its server")
      let exported = try String(
        contentsOf: served.folder.appendingPathComponent("out/index.html"), encoding: .utf8)
      #expect(!exported.contains(#"id="tuning""#), "an exported page has no controls")
      #expect(!exported.contains("connect-src"), "nor asks any server")
      func wall(_ html: String) -> Substring? {
        guard let start = html.range(of: #"<ol class="wall""#),
          let end = html.range(of: "</ol>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return html[start.lowerBound..<end.upperBound]
      }
      let servedWall = try #require(wall(page))
      #expect(servedWall == wall(exported))
      #expect(servedWall.contains(#"data-t=""#), "thumbnails come from the cache")
      #expect(!page.contains(#"data-pending=""#), "the stored wall is the wall of its parameters")
      // Other parameters, which no set has (a shared link): the page comes with the stored
      // wall at once and asks for their analysis as it opens; that analysis gives one colour
      // a tile.
      let (_, _, one) = try await served.get("?numColors=1&preset=reference")
      #expect(one.contains(#"data-pending=""#))
      func colours(_ html: String) -> [String] {
        (wall(html) ?? "").components(separatedBy: #" data-c=""#).dropFirst().map {
          String($0.prefix { $0 != "\"" })
        }.sorted()
      }
      #expect(!colours(one).isEmpty && colours(one) == colours(exported))
      #expect(one.contains(#"<option value="reference" selected>"#))
      let lines = try await served.analysis("numColors=1&preset=reference").dropLast()
      #expect(lines.count == 24 && lines.allSatisfy { ($0["colors"] as? [Any])?.count == 1 })
    }
  }

  @Test func badAddressesGetAMessageThatSaysWhatIsWrong() async throws {
    try await ServedCatalogue.run { served in
      for (query, message) in [
        ("numColors=0", "num-colors 0 must be between 1 and 1000"),
        ("granularity=fine", #"granularity \"fine\" is not a whole number"#),
        ("preset=vivid", #"unknown preset \"vivid\""#),
        ("colour=red", #"unknown parameter \"colour\""#),
      ] {
        let (status, type, body) = try await served.get("api/analysis?" + query)
        #expect(status == 400 && type.hasPrefix("application/json"), "\(query)")
        #expect(body.contains(message), "\(body)")
        let page = try await served.get("?" + query)
        #expect(page.status == 400 && page.type.hasPrefix("text/html"))
        #expect(page.body.contains(message.replacingOccurrences(of: #"\""#, with: "&quot;")))
      }
      let missing = try await served.get("thumbs/\(String(repeating: "0", count: 64)).jpg")
      #expect(missing.status == 404 && missing.body.contains("no thumbnail"))
      #expect(try await served.get("thumbs/..%2Fcatalogue.sqlite").status == 404)
      let (_, _, page) = try await served.get("")
      let thumb = try #require(page.firstMatch(of: /data-t="([0-9a-f]{64}\.jpg)"/)?.1)
      let image = try await served.get("thumbs/\(thumb)")
      #expect(image.status == 200 && image.type == "image/jpeg")
      #expect(try await served.get("api/save?name=..%2Fx", method: .POST).status == 400)
    }
  }

  @Test func compareShowsTheLiveParametersBesideAStoredSet() async throws {
    try await ServedCatalogue.run { served in
      let store = try CatalogStore(path: served.configuration.database, access: .readOnly)
      let stored = try #require(try store.parameterSets().first).name
      let (_, _, live) = try await served.get("")
      #expect(live.contains("<option>\(stored)</option>"), "the live page offers the stored set")
      let (status, _, html) = try await served.get("compare?a=\(stored)&b=\(stored)")
      #expect(status == 200 && html.contains(#"id="wall-b""#))
      #expect(html.contains("0 products whose family or first colour changed visibly"))
      let (_, _, tuned) = try await served.get(
        "compare?a=live&b=\(stored)&numColors=1&hueSampleSize=0.25")
      #expect(tuned.contains("comparing <b>live</b>"))
      #expect(tuned.components(separatedBy: "<tr data-product-id=").count > 1)
      #expect(tuned.contains(#"href="./?numColors=1&amp;hueSampleSize=0.25""#), "back keeps them")
      let missing = try await served.get("compare?a=live&b=nope")
      #expect(missing.status == 404 && missing.type.hasPrefix("text/html"))
      #expect(missing.body.contains("no parameter set named &quot;nope&quot;"))
    }
  }

  @Test func savingStoresTheParametersAsASetAndExportsIt() async throws {
    try await ServedCatalogue.run { served in
      let (status, _, body) = try await served.get(
        "api/save?name=two-colours&numColors=2", method: .POST)
      #expect(status == 200)
      #expect(body.contains("saved two-colours and exported it to"), "\(body)")
      let store = try CatalogStore(path: served.configuration.database, access: .readOnly)
      let saved = try #require(try store.parameterSet(named: "two-colours"))
      #expect(saved.parameters.numColors == 2)
      let folder = served.folder.appendingPathComponent("out-two-colours")
      #expect(
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path))
      // While a run holds the lock, saving waits and says so.
      var lock: RunLock? = try RunLock(path: served.configuration.lock)
      async let waiting = served.get("api/save?name=waited&numColors=3", method: .POST)
      try await Task.sleep(for: .seconds(2))
      #expect(lock != nil)
      lock = nil  // the run ends
      let (_, _, later) = try await waiting
      #expect(later.contains("a run holds the catalogue's lock"), "\(later)")
      #expect(later.contains("saved waited and exported"), "\(later)")
    }
  }

  /// Another site's page can neither save through the user's browser nor, through a host
  /// name of its own (DNS rebinding), read the catalogue; nothing changes on disk.
  @Test func requestsFromElsewhereAreRefusedAndChangeNothing() async throws {
    try await ServedCatalogue.run { served in
      let origin = String(served.base.dropLast())
      let refused: [(String, [(String, String)], Int)] = [
        (
          "cross-origin", [("Origin", "http://evil.example"), ("X-Huewall-Token", served.token)],
          403
        ),
        ("no token", [("Origin", origin)], 403),
        (
          "another server on this machine",
          [("Origin", "http://127.0.0.1:1"), ("X-Huewall-Token", served.token)], 403
        ),
        (
          "a wrong token",
          [("Origin", origin), ("X-Huewall-Token", String(repeating: "0", count: 64))], 403
        ),
        (
          "a cross-site form",
          [("Sec-Fetch-Site", "cross-site"), ("X-Huewall-Token", served.token)], 403
        ),
        ("neither Origin nor Sec-Fetch-Site", [("X-Huewall-Token", served.token)], 403),
        (
          "a foreign Host",
          [
            ("Host", "evil.example"), ("Origin", "http://evil.example"),
            ("X-Huewall-Token", served.token),
          ], 421
        ),
      ]
      for (what, headers, status) in refused {
        let (got, _, body) = try await served.get(
          "api/save?name=evil&numColors=2", method: .POST, headers: headers)
        #expect(got == status, "\(what): \(body)")
        #expect(body.contains("\"error\""), "\(what): \(body)")
      }
      // A foreign Host reads nothing either.
      let rebound = try await served.get("", headers: [("Host", "evil.example:8080")])
      #expect(rebound.status == 421 && !rebound.body.contains("data-product-id"))
      let stream = try await served.get(
        "api/analysis?numColors=2", headers: [("Host", "evil.example")])
      #expect(stream.status == 421)
      // Nothing stored, nothing exported.
      let store = try CatalogStore(path: served.configuration.database, access: .readOnly)
      #expect(try store.parameterSet(named: "evil") == nil)
      #expect(
        !FileManager.default.fileExists(
          atPath: served.folder.appendingPathComponent("out-evil").path))

      // The page's own request goes through, by Origin or by Sec-Fetch-Site, and names
      // the server as localhost too.
      let own = try await served.get(
        "api/save?name=own&numColors=2", method: .POST,
        headers: [("Sec-Fetch-Site", "same-origin"), ("X-Huewall-Token", served.token)])
      #expect(own.status == 200 && own.body.contains("saved own"), "\(own.body)")
      let localhost = served.base.replacingOccurrences(of: "127.0.0.1", with: "localhost")
      let named = try await served.get(
        "", headers: [("Host", String(localhost.dropFirst("http://".count).dropLast()))])
      #expect(named.status == 200)
    }
  }

  /// The page's Content-Security-Policy is a header too (where it can forbid framing), the
  /// page carries the token its saves send, and no response may be sniffed as another type.
  @Test func responsesCarryThePolicyAndTheToken() async throws {
    try await ServedCatalogue.run { served in
      let page = try await served.request("")
      let html = String(buffer: try await page.body.collect(upTo: 16 << 20))
      let header = try #require(page.headers.first(name: "Content-Security-Policy"))
      let meta = try #require(
        html.firstMatch(of: /http-equiv="Content-Security-Policy" content="([^"]*)"/)?.1)
      #expect(
        header == meta.replacingOccurrences(of: "&#39;", with: "'") + "; frame-ancestors 'none'")
      #expect(header.contains("script-src 'sha256-"))
      #expect(html.contains(#"data-token="\#(served.token)""#))
      #expect(page.headers.first(name: "X-Content-Type-Options") == "nosniff")
      for path in ["api/analysis?numColors=2", "compare?a=live&b=nope", "favicon.ico"] {
        let response = try await served.request(path)
        _ = try await response.body.collect(upTo: 16 << 20)
        #expect(response.headers.first(name: "X-Content-Type-Options") == "nosniff", "\(path)")
        #expect(response.headers.first(name: "Content-Security-Policy") != nil, "\(path)")
      }
    }
  }
}
