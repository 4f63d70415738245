import AsyncHTTPClient
import Foundation
import HuewallExport
import HuewallPipeline
import HuewallStore
import NIOCore
import NIOHTTP1
import Testing

extension ServedCatalogue {
  /// A POST of the bytes `body` to `path` with the page's origin and token, and `type` as its
  /// Content-Type (none if nil); the status and the body of the answer.
  func post(
    _ path: String, bytes body: [UInt8], type: String?, client: HTTPClient = .shared
  ) async throws -> (status: Int, body: String) {
    var request = HTTPClientRequest(url: base + path)
    request.method = .POST
    request.headers.add(contentsOf: [
      ("Origin", String(base.dropLast())), ("X-Huewall-Token", token),
    ])
    if let type { request.headers.add(name: "Content-Type", value: type) }
    request.body = .bytes(ByteBuffer(bytes: body))
    let response = try await client.execute(request, timeout: .seconds(60))
    let text = String(buffer: try await response.body.collect(upTo: 16 << 20))
    return (Int(response.status.code), text)
  }

  /// The server still answers: the page of the wall, then a decision.
  func stillAnswers() async throws {
    #expect(try await get("").status == 200)
    let decision = try await post(
      "api/color?product=HW-002", body: "family=red", type: "application/x-www-form-urlencoded")
    #expect(decision.status == 200, "\(decision.json)")
  }
}

/// Whatever a client sends to a POST route, `huewall serve` answers, and goes on answering:
/// a body it cannot read gets a 4xx that says why, and stores nothing.
@Suite(.serialized) struct RequestBodyTests {
  static let form = "application/x-www-form-urlencoded"
  static let json = "application/json"

  static func message(_ body: String) -> String {
    let json = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
    return ((json?["error"] as? [String: Any])?["message"] as? String) ?? body
  }

  /// Each content type a client may send to `/api/color`: a form and JSON are read, with or
  /// without a Content-Type; another type is refused.
  @Test func aDecisionIsReadFromEachContentType() async throws {
    try await ServedCatalogue.run { served in
      for (type, body, note) in [
        // What made the server trap: a raw space, a raw é, both in a form.
        (Self.form, "family=red&note=hello world", "hello world"),
        (Self.form, "family=red&note=café", "café"),
        (Self.form + "; charset=UTF-8", "family=red&note=caf%C3%A9+50%25", "café 50%"),
        (Self.json, #"{"family": "red", "note": "caf\u00e9"}"#, "café"),
        (nil, "family=red&note=plain", "plain"),
        (nil, #"{"family": "red", "note": "sniffed"}"#, "sniffed"),
      ] as [(String?, String, String)] {
        let answer = try await served.post(
          "api/color?product=HW-001", bytes: Array(body.utf8), type: type)
        #expect(answer.status == 200, "\(type ?? "no type"): \(answer.body)")
        #expect(try served.storedDecisions()["HW-001"]?.note == note, "\(body)")
      }
      let text = try await served.post(
        "api/color?product=HW-003", bytes: Array("family=red".utf8), type: "text/plain")
      #expect(text.status == 415)
      #expect(
        Self.message(text.body).contains(#"a body of type "text/plain" is not read"#),
        "\(text.body)")
      #expect(try served.storedDecisions()["HW-003"] == nil)
      try await served.stillAnswers()
    }
  }

  @Test func aBodyTheServerCannotReadIsA4xxThatSaysWhy() async throws {
    try await ServedCatalogue.run { served in
      let large = Array("family=red&note=".utf8) + [UInt8](repeating: 0x61, count: 1 << 20)
      let refused: [(String, [UInt8], String?, Int, String)] = [
        ("broken %", Array("family=red&note=50%zz".utf8), Self.form, 400, #""note" has "%zz""#),
        ("a lone %", Array("family=red&note=100%".utf8), Self.form, 400, #""note" has "%""#),
        (
          "Latin-1, encoded", Array("family=red&note=caf%E9".utf8), Self.form, 400,
          #"the form field "note" is not UTF-8 text"#
        ),
        (
          "Latin-1, raw", Array("family=red&note=caf".utf8) + [0xE9], nil, 400,
          #"the form field "note" is not UTF-8 text"#
        ),
        (
          "JSON, not UTF-8", Array(#"{"family": "red", "note": "caf"#.utf8) + [0xE9, 0x22, 0x7D],
          Self.json, 400, "the body is not a JSON object: it is not UTF-8"
        ),
        ("JSON, broken", Array(#"{"family": "red""#.utf8), Self.json, 400, "not valid JSON"),
        (
          "JSON, an array", Array(#"["red"]"#.utf8), Self.json, 400,
          "it is another kind of JSON value"
        ),
        (
          "JSON, nested", Array(#"{"family": {"name": "red"}}"#.utf8), Self.json, 400,
          #"the JSON member "family" is not text"#
        ),
        ("1 MB", large, Self.form, 413, "the body is larger than 64 KB"),
        ("1 MB, no type", large, nil, 413, "the body is larger than 64 KB"),
      ]
      for (what, body, type, status, message) in refused {
        let answer = try await served.post("api/color?product=HW-001", bytes: body, type: type)
        #expect(answer.status == status, "\(what): \(answer.body)")
        #expect(Self.message(answer.body).contains(message), "\(what): \(answer.body)")
        #expect(try served.storedDecisions().isEmpty, "\(what)")
        try await served.stillAnswers()
        _ = try await served.post(
          "api/color?product=HW-002", body: #"{"clear": true}"#, type: Self.json)
      }
    }
  }

  /// Save takes its name and parameters from the address: its body must be empty (or a form
  /// or JSON object without fields), and one that cannot be read is refused as on
  /// `/api/color`.
  @Test func saveReadsItsBodyAsStrictly() async throws {
    try await ServedCatalogue.run { served in
      // A name Save refuses, so that a body it accepts gets that answer, and nothing is saved.
      let path = "api/save?name=..%2Fx&numColors=2"
      let large = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
      let answers: [(String, [UInt8], String?, Int, String)] = [
        ("empty", [], nil, 400, "a parameter set's name is 1 to 64"),
        ("empty form", [], Self.form, 400, "a parameter set's name is 1 to 64"),
        (
          "empty JSON object", Array("{}".utf8), Self.json, 400, "a parameter set's name is 1 to 64"
        ),
        ("empty text", [], "text/plain", 400, "a parameter set's name is 1 to 64"),
        (
          "a form", Array("name=x".utf8), Self.form, 400,
          #"not from the body, which has the field "name""#
        ),
        ("JSON", Array(#"{"numColors": 3}"#.utf8), Self.json, 400, #"the field "numColors""#),
        ("no type", Array("name=x".utf8), nil, 400, #"the field "name""#),
        ("text", Array("name=x".utf8), "text/plain", 415, #"a body of type "text/plain""#),
        ("broken %", Array("name=%zz".utf8), Self.form, 400, #"the form field "name" has "%zz""#),
        ("not UTF-8", Array("name=%FF".utf8), Self.form, 400, "is not UTF-8 text"),
        ("1 MB", large, Self.form, 413, "the body is larger than 64 KB"),
      ]
      for (what, body, type, status, message) in answers {
        let answer = try await served.post(path, bytes: body, type: type)
        #expect(answer.status == status, "\(what): \(answer.body)")
        #expect(Self.message(answer.body).contains(message), "\(what): \(answer.body)")
        try await served.stillAnswers()
      }
      let store = try CatalogStore(path: served.configuration.database, access: .readOnly)
      #expect(try store.parameterSets().count == 1, "nothing saved")
      // The page's own Save, an empty POST, still saves.
      let saved = try await served.post("api/save?name=kept&numColors=2", bytes: [], type: nil)
      #expect(saved.status == 200 && saved.body.contains("saved kept and exported"), "\(saved)")
    }
  }

  /// Decisions sent at once (200, each on a connection of its own) are written one after the
  /// other: none is refused as if a run held the lock. A run that does hold it (here the
  /// test's own lock) still gets 409.
  @Test func concurrentDecisionsAllSucceedButARunStillWins() async throws {
    let client = HTTPClient(
      eventLoopGroupProvider: .singleton,
      configuration: .init(
        connectionPool: .init(
          idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 200)))
    do {
      try await decide(through: client)
    } catch {
      try? await client.shutdown()
      throw error
    }
    try await client.shutdown()
  }

  func decide(through client: HTTPClient) async throws {
    try await ServedCatalogue.run { served in
      let families = ["black", "white", "red", "green", "blue", "navy", "multicolour"]
      let statuses = try await withThrowingTaskGroup(of: (Int, String).self) { group in
        for n in 0..<200 {
          group.addTask {
            let product = String(format: "HW-%03d", n % 24 + 1)
            let family = families[n % families.count]
            let answer = try await served.post(
              "api/color?product=\(product)", bytes: Array("family=\(family)&note=n\(n)".utf8),
              type: Self.form, client: client)
            return (answer.status, answer.body)
          }
        }
        var statuses: [(Int, String)] = []
        for try await answer in group { statuses.append(answer) }
        return statuses
      }
      #expect(statuses.count == 200)
      let refused = statuses.filter { $0.0 != 200 }
      #expect(refused.isEmpty, "\(refused.count) refused, e.g. \(refused.first?.1 ?? "")")
      #expect(try served.storedDecisions().count == 24)

      var lock: RunLock? = try RunLock(path: served.configuration.lock)
      let held = try await served.post(
        "api/color?product=HW-001", bytes: Array("family=navy".utf8), type: Self.form)
      #expect(held.status == 409)
      #expect(Self.message(held.body).contains("a run holds the catalogue's lock"), "\(held)")
      #expect(lock != nil)
      lock = nil  // the run ends
      let after = try await served.post(
        "api/color?product=HW-001", bytes: Array("family=navy".utf8), type: Self.form)
      #expect(after.status == 200, "\(after)")
    }
  }
}
