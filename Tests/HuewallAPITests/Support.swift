import AsyncHTTPClient
import Foundation
import HTTPTypes
import HuewallAPI
import HuewallColorWords
import HuewallCore
import HuewallExport
import HuewallPalette
import HuewallStore
import Logging
import NIOCore
import NIOHTTP1
import OpenAPIRuntime
import ServiceLifecycle

let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let repositoryRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()

/// A catalogue in a temporary folder that a test changes as runs would: each ``sync(_:)``
/// stores the feed's products, their images and analyses, and records a finished run.
final class TestCatalogue: @unchecked Sendable {
  let folder: URL
  let store: CatalogStore
  let parameterSet: ParameterSetRecord
  private var runs = 0

  /// A product as a feed and its analysis give it: one image whose colour is `hue` (turns).
  struct Item {
    var id: String
    var title: String
    var brand: String?
    var hue: Double
    var saturation = 0.8
    var value = 0.7
    /// Which image content it shows: a new one is new bytes at the same URL.
    var imageVersion = 1

    /// Distinct per product and image, so that a changed image shows in the colours.
    var hex: String { "#" + sha256.suffix(6) }
    var sha256: String {
      let text = "\(id)@\(imageVersion)"
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01b3
      }
      let hex = String(hash, radix: 16)
      return String(repeating: String(repeating: "0", count: 16 - hex.count) + hex, count: 4)
    }
    /// Percent-encoded, so that an id of any characters makes the same URL a feed's does.
    var imageURL: String {
      let path = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id
      return "https://images.example/\(path).jpg"
    }

    /// The product as the feed gives it.
    var product: Product {
      Product(id: id, title: title, brand: brand, imageURLs: [URL(string: imageURL)!])
    }

    /// Its image as a run records it, downloaded on `date`.
    func image(at date: Date) -> ImageRecord {
      ImageRecord(url: imageURL, sha256: sha256, lastStatus: .downloaded, fetchedAt: date)
    }

    /// Its image's analysis under `set` on `date`: one colour, the item's.
    func analysis(under set: ParameterSetRecord, at date: Date) -> AnalysisRecord {
      let color = StoredColor(
        h: hue, s: saturation, v: value, hex: hex, share: 0.9, weight: 900,
        family: ColorFamily(h: hue, s: saturation, v: value))
      return AnalysisRecord(
        imageSHA256: sha256, parameterSetID: set.id, width: 10, height: 10, colors: [color],
        family: color.family, samples: 100, skipped: 0, background: 0, analysedAt: date)
    }
  }

  /// When run `number` happens: a day after the one before.
  static func runDate(_ number: Int) -> Date {
    Date(timeIntervalSince1970: 1_800_000_000 + Double(number) * 86_400)
  }

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-api-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    store = try CatalogStore(path: folder.appendingPathComponent("catalogue.sqlite").path)
    parameterSet = try store.parameterSet(
      for: AnalysisParameters(), preset: "product", name: nil, at: Date())
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Stores `items` as the whole feed (others are marked removed) with their analyses, as
  /// one finished run.
  func sync(_ items: [Item]) throws {
    runs += 1
    let date = Self.runDate(runs)
    let run = try store.startRun(kind: .run, parameterSetID: parameterSet.id, at: date)
    try store.syncProducts(items.map(\.product), at: date)
    try store.saveImages(items.map { $0.image(at: date) })
    try store.saveAnalyses(items.map { $0.analysis(under: parameterSet, at: date) })
    try store.finishRun(
      run, status: .succeeded, counts: RunCounts(productsSeen: items.count), message: nil,
      at: date.addingTimeInterval(60))
  }
}

/// A `huewall api` server on 127.0.0.1 on a free port, over `catalogue`.
final class TestServer: @unchecked Sendable {
  let port: Int
  let group: ServiceGroup
  let task: Task<Void, any Error>
  let http = HTTPClient(eventLoopGroupProvider: .singleton)

  convenience init(catalogue: TestCatalogue, settings: CatalogueServer.Settings = .init())
    async throws
  {
    try await self.init(
      store: catalogue.store, parameterSet: catalogue.parameterSet, settings: settings)
  }

  init(
    store: any Catalogue, parameterSet set: ParameterSetRecord,
    settings: CatalogueServer.Settings = .init()
  ) async throws {
    var settings = settings
    settings.refreshInterval = .zero
    var logger = Logger(label: "huewall.api.test")
    logger.logLevel = .warning
    let server = CatalogueServer(
      store: store, parameterSet: { set }, synonyms: ColorSynonyms(),
      imagesPerProduct: 1, settings: settings, logger: logger)
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let app = try server.application(host: "127.0.0.1", port: 0) { port in
      continuation.yield(port)
    }
    group = ServiceGroup(services: [app], logger: logger)
    let group = group
    task = Task { try await group.run() }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else { throw CancellationError() }
    self.port = port
  }

  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// A client generated from openapi.yaml, talking to this server.
  var client: Client {
    Client(serverURL: baseURL, transport: AsyncHTTPClientTransport(http: http))
  }

  /// A plain request: status, headers and body.
  func get(_ path: String, headers: [(String, String)] = [], method: HTTPMethod = .GET)
    async throws -> (status: Int, headers: [String: String], body: String)
  {
    var request = HTTPClientRequest(url: baseURL.absoluteString + path)
    request.method = method
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    let response = try await http.execute(request, timeout: .seconds(60))
    let body = try await response.body.collect(upTo: 64 << 20)
    var fields: [String: String] = [:]
    for (name, value) in response.headers { fields[name.lowercased()] = value }
    return (Int(response.status.code), fields, String(buffer: body))
  }

  func stop() async throws {
    await group.triggerGracefulShutdown()
    try await task.value
    try await http.shutdown()
  }
}

/// The generated client's transport over AsyncHTTPClient.
struct AsyncHTTPClientTransport: ClientTransport {
  let http: HTTPClient

  func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String)
    async throws -> (HTTPResponse, HTTPBody?)
  {
    var url = baseURL.absoluteString
    if url.hasSuffix("/") { url.removeLast() }
    var outgoing = HTTPClientRequest(url: url + (request.path ?? ""))
    outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
    for field in request.headerFields {
      outgoing.headers.add(name: field.name.rawName, value: field.value)
    }
    let response = try await http.execute(outgoing, timeout: .seconds(60))
    var fields = HTTPFields()
    for (name, value) in response.headers {
      if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
    }
    let bytes = try await response.body.collect(upTo: 64 << 20)
    return (
      HTTPResponse(status: .init(code: Int(response.status.code)), headerFields: fields),
      HTTPBody(Array(buffer: bytes))
    )
  }
}
