import AsyncHTTPClient
import Foundation
import HuewallColorWords
import HuewallCore
import HuewallExport
import HuewallPipeline
import HuewallStore
import NIOCore
import NIOHTTP1
import Testing

@testable import HuewallServe

extension ServedCatalogue {
  /// A POST of `body` to `path`, with the page's origin and token unless `headers` says
  /// otherwise; the status and the decoded JSON answer.
  func post(_ path: String, body: String, type: String, headers: [(String, String)]? = nil)
    async throws -> (status: Int, json: [String: Any])
  {
    var request = HTTPClientRequest(url: base + path)
    request.method = .POST
    request.headers.add(
      contentsOf: headers ?? [("Origin", String(base.dropLast())), ("X-Huewall-Token", token)])
    request.headers.add(name: "Content-Type", value: type)
    request.body = .bytes(ByteBuffer(string: body))
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
    let text = String(buffer: try await response.body.collect(upTo: 1 << 20))
    let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    return (Int(response.status.code), try #require(json, "\(text)"))
  }

  /// The decisions the catalogue holds, by product id.
  func storedDecisions() throws -> [String: ColorOverride] {
    let store = try CatalogStore(path: configuration.database, access: .readOnly)
    return Dictionary(
      uniqueKeysWithValues: try store.colorOverrides(imagesPerProduct: 1).map {
        ($0.override.productID, $0.override)
      })
  }
}

@Suite(.serialized) struct ColorRouteTests {
  static func message(_ json: [String: Any]) -> String {
    ((json["error"] as? [String: Any])?["message"] as? String) ?? ""
  }

  @Test func aDecisionFromTheLiveWallIsStoredAndWinsOverTheAnalysis() async throws {
    try await ServedCatalogue.run { served in
      let set = try await served.post(
        "api/color?product=HW-001", body: "family=navy&hex=%231B2A4A&note=as+photographed",
        type: "application/x-www-form-urlencoded")
      #expect(set.status == 200, "\(set.json)")
      #expect(set.json["decidedBy"] as? String == "override")
      let stored = try #require(try served.storedDecisions()["HW-001"])
      #expect(stored.family == .navy && stored.hex == "#1b2a4a")
      #expect(stored.note == "as photographed")
      // The live analysis shows the decision, and the product is off the review list.
      let lines = try await served.analysis("")
      let line = try #require(lines.first { $0["product"] as? String == "HW-001" })
      #expect(line["decidedBy"] as? String == "override")
      #expect(line["family"] as? String == "navy")
      #expect((line["colors"] as? [[String: Any]])?.first?["hex"] as? String == "#1b2a4a")
      let review = try #require(lines.last?["review"] as? [String])
      #expect(!review.contains("HW-001"))
      // The page marks the tile.
      let page = try await served.get("")
      let tile = try #require(
        page.body.components(separatedBy: "<li ").first {
          $0.contains("data-product-id=\"HW-001\"")
        })
      #expect(tile.contains(" data-o"))

      // A JSON body clears it.
      let cleared = try await served.post(
        "api/color?product=HW-001", body: #"{"clear": true}"#, type: "application/json")
      #expect(cleared.status == 200, "\(cleared.json)")
      #expect(cleared.json["decidedBy"] as? String == "analysis")
      #expect(try served.storedDecisions().isEmpty)
      let after = try await served.analysis("")
      #expect(
        after.first { $0["product"] as? String == "HW-001" }?["decidedBy"] as? String
          == "analysis")
    }
  }

  @Test func refusedDecisionsStoreNothing() async throws {
    try await ServedCatalogue.run { served in
      let form = "application/x-www-form-urlencoded"
      let crossSite = try await served.post(
        "api/color?product=HW-001", body: "family=navy", type: form,
        headers: [("Origin", "http://evil.example"), ("X-Huewall-Token", served.token)])
      #expect(crossSite.status == 403)
      let noToken = try await served.post(
        "api/color?product=HW-001", body: "family=navy", type: form,
        headers: [("Origin", String(served.base.dropLast()))])
      #expect(noToken.status == 403)
      let family = try await served.post(
        "api/color?product=HW-001", body: "family=teal", type: form)
      #expect(family.status == 400)
      #expect(Self.message(family.json).contains("unknown colour family \"teal\""))
      #expect(Self.message(family.json).contains("HW-001"))
      let hex = try await served.post(
        "api/color?product=HW-001", body: "family=navy&hex=%23zzz", type: form)
      #expect(hex.status == 400)
      #expect(Self.message(hex.json).contains("is not a colour"))
      let unknown = try await served.post(
        "api/color?product=NOPE-1", body: "family=navy", type: form)
      #expect(unknown.status == 404)
      #expect(Self.message(unknown.json).contains("product NOPE-1 is not in the catalogue"))
      #expect(try served.storedDecisions().isEmpty)
    }
  }
}

/// The answer to a decision from the live wall: the one tile, with a colour from the product.
@Suite(.serialized) struct DecisionTileTests {
  static func colours(_ line: [String: Any]) -> [(hex: String, family: String)] {
    ((line["colors"] as? [[String: Any]]) ?? []).map {
      ($0["hex"] as? String ?? "", $0["family"] as? String ?? "")
    }
  }

  /// Makes the live wall know product `id`'s image as #010203 (a colour no analysis gives)
  /// under the parameters `query` names.
  static func knowBlack(_ id: String, under query: (String, String), in served: ServedCatalogue)
    throws
  {
    let entries = try served.server.catalogue()
    let sha = try #require(entries.first { $0.id == id }?.imageSHA256)
    let black = StoredColor(h: 0, s: 0, v: 0, hex: "#010203", share: 1, weight: 1, family: .black)
    served.server.live.walls.remember(
      LiveAnalysis.Result(sha256: sha, colors: [black], family: .black, failure: nil),
      hint: TuningServer.hints(of: entries)[sha] ?? .none,
      under: try LiveParameters(query: [query]).parameters)
  }

  /// A decision's tile is the product's line as the wall on screen has it: a known result
  /// (here one no analysis gives) is read, not analysed again. (Four colours: no stored set
  /// has them, whose rows the wall would show instead.)
  @Test func aDecisionsTileReadsTheWallOnScreen() async throws {
    try await ServedCatalogue.run(anticipates: false) { served in
      _ = try await served.analysis("numColors=4")
      try Self.knowBlack("HW-001", under: ("numColors", "4"), in: served)
      let misses = served.server.live.grids.statistics.analysisMisses
      let cleared = try await served.post(
        "api/color?product=HW-001&numColors=4", body: #"{"clear": true}"#,
        type: "application/json")
      #expect(cleared.status == 200, "\(cleared.json)")
      let tile = try #require(cleared.json["line"] as? [String: Any])
      #expect(Self.colours(tile).first?.hex == "#010203")
      #expect(served.server.live.grids.statistics.analysisMisses == misses)
    }
  }

  /// Where a stored set and a known wall both have the image, the tile is the stored one, as
  /// the wall streams it.
  @Test func aDecisionsTileOnAStoredWallIsTheStoredLine() async throws {
    try await ServedCatalogue.run(anticipates: false) { served in
      try Self.knowBlack("HW-001", under: ("preset", "product"), in: served)
      let wall = try await served.analysis("preset=product")
      let line = try #require(wall.first { $0["product"] as? String == "HW-001" })
      #expect(Self.colours(line).first?.hex != "#010203")
      let cleared = try await served.post(
        "api/color?product=HW-001&preset=product", body: #"{"clear": true}"#,
        type: "application/json")
      #expect(cleared.status == 200, "\(cleared.json)")
      let tile = try #require(cleared.json["line"] as? [String: Any])
      #expect(Self.colours(tile).map(\.hex) == Self.colours(line).map(\.hex))
    }
  }

  @Test func aDecisionAnswersWithItsTileAndTheProductsOwnColour() async throws {
    try await ServedCatalogue.run { served in
      let lines = try await served.analysis("numColors=3")
      let products = lines.filter { $0["product"] != nil && $0["failure"] == nil }
      // A product with a colour of a family other than its own: decided that family without a
      // hex, it shows that very colour.
      let (line, own) = try #require(
        products.lazy.compactMap { line -> ([String: Any], (hex: String, family: String))? in
          let family = line["family"] as? String
          return Self.colours(line).first { $0.family != family && $0.family != "multicolour" }
            .map { (line, $0) }
        }.first, "no product with a second family among \(products.count)")
      let id = try #require(line["product"] as? String)
      let answer = try await served.post(
        "api/color?product=\(id)&numColors=3", body: "family=\(own.family)",
        type: "application/x-www-form-urlencoded")
      #expect(answer.status == 200, "\(answer.json)")
      #expect(answer.json["hex"] as? String == own.hex)
      #expect(answer.json["name"] is String)
      let tile = try #require(answer.json["line"] as? [String: Any])
      #expect(tile["product"] as? String == id)
      #expect(tile["decidedBy"] as? String == "override")
      #expect(tile["family"] as? String == own.family)
      #expect(Self.colours(tile).first?.hex == own.hex)
      #expect(tile["disagreement"] is Bool)
      #expect(answer.json["review"] is [String])
      // What the analysis stream says of the product now is what the answer said.
      let after = try await served.analysis("numColors=3")
      let streamed = try #require(after.first { $0["product"] as? String == id })
      #expect(Self.colours(streamed).map(\.hex) == Self.colours(tile).map(\.hex))
      #expect(streamed["disagreement"] as? Bool == tile["disagreement"] as? Bool)
      #expect(after.last?["reasons"] is [String: Any])
    }
  }

  @Test func aFamilyTheProductLacksTakesTheCataloguesOwnColour() async throws {
    try await ServedCatalogue.run { served in
      let lines = try await served.analysis("")
      let products = lines.filter { $0["product"] != nil && $0["failure"] == nil }
      // The families the catalogue's colours have, with every colour of each.
      var catalogue: [String: Set<String>] = [:]
      for line in products {
        for colour in Self.colours(line) {
          catalogue[colour.family, default: []].insert(colour.hex)
        }
      }
      let (line, family) = try #require(
        products.lazy.compactMap { line -> ([String: Any], String)? in
          let own = Set(Self.colours(line).map(\.family))
          // A family the photo holds nothing near: a stand-in shows (else its own colour).
          return catalogue.keys.sorted().first { family in
            !own.contains(family) && family != "multicolour"
              && Self.colours(line).allSatisfy {
                FamilyRegions.distance(ofHex: $0.hex, to: ColorFamily(rawValue: family)!)
                  > FamilyRegions.near
              }
          }.map { (line, $0) }
        }.first)
      let id = try #require(line["product"] as? String)
      let answer = try await served.post(
        "api/color?product=\(id)", body: "family=\(family)",
        type: "application/x-www-form-urlencoded")
      #expect(answer.status == 200, "\(answer.json)")
      let hex = try #require(answer.json["hex"] as? String)
      #expect(
        catalogue[family]?.contains(hex) == true, "\(hex) not among \(catalogue[family] ?? [])")
      let tile = try #require(answer.json["line"] as? [String: Any])
      #expect(tile["standIn"] as? Bool == true)
      let shares = ((tile["colors"] as? [[String: Any]]) ?? []).compactMap {
        $0["share"] as? Double
      }
      let before = ((line["colors"] as? [[String: Any]]) ?? []).compactMap {
        $0["share"] as? Double
      }
      #expect(abs(shares.reduce(0, +) - before.reduce(0, +)) < 1e-9, "\(shares) vs \(before)")
    }
  }

  @Test func parametersAnAddressCannotHoldAreRefusedBeforeTheDecision() async throws {
    try await ServedCatalogue.run { served in
      let answer = try await served.post(
        "api/color?product=HW-001&numColors=0", body: "family=navy",
        type: "application/x-www-form-urlencoded")
      #expect(answer.status == 400)
      #expect(try served.storedDecisions().isEmpty)
    }
  }
}
