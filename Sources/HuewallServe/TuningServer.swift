import Foundation
import HuewallColorWords
import HuewallCore
import HuewallDecode
import HuewallExport
import HuewallFetch
import HuewallPalette
public import HuewallPipeline
import HuewallRequests
import HuewallStore
public import Hummingbird
public import Logging
import NIOCore

/// `huewall serve`: the wall of the catalogue, re-analysed live as the parameters change.
///
/// Reads the catalogue through a read-only connection, so it never waits for a run nor makes
/// a run wait; only saving a parameter set writes, through the same pipeline as `huewall
/// analyze --name`, taking the run lock like any run.
public struct TuningServer: Sendable {
  public let configuration: PipelineConfiguration
  public let live: LiveAnalysis
  let store: CatalogStore
  let thumbnails: ThumbnailCache
  let logger: Logger
  /// This process's token, which the page carries and sends back with every change.
  public let token = RequestGuard.randomToken()
  /// People's colour decisions, written one at a time.
  let decisionWrites = WriteQueue()
  /// Whether the walls one dear change away are analysed behind each wall
  /// (``LiveAnalysis/anticipate(_:for:hints:behind:)``).
  public let anticipates: Bool

  /// Opens the catalogue (which must exist) and the image cache of `configuration`; up to
  /// `gridBudget` bytes of sample grids are kept in memory. `anticipates` as its property.
  public init(
    configuration: PipelineConfiguration, gridBudget: Int, anticipates: Bool = true,
    logger: Logger
  ) throws {
    self.configuration = configuration
    self.anticipates = anticipates
    store = try CatalogStore(path: configuration.database, access: .readOnly)
    let images = try ImageCache(directory: URL(fileURLWithPath: configuration.cache))
    live = LiveAnalysis(
      images: images, grids: SampleGridCache(budget: gridBudget),
      decoder: ImageDecoder(limits: configuration.decode), jobs: configuration.effectiveJobs)
    thumbnails = configuration.thumbnailCache
    self.logger = logger
  }

  /// Serves on `host`:`port` (0 picks a free port) until SIGINT or SIGTERM, then lets the
  /// requests under way finish. Requests must name `host` or one of `allowedHosts`
  /// (``RequestGuard``). `onListening` gets the port once the socket is bound.
  public func run(
    host: String, port: Int, allowedHosts: [String] = [],
    onListening: @escaping @Sendable (Int) async -> Void
  ) async throws {
    defer { live.stopAnticipating() }
    try await application(
      host: host, port: port, allowedHosts: allowedHosts, onListening: onListening
    ).runService()
  }

  /// The server as a service, to run beside others (a metrics endpoint) in one group.
  public func application(
    host: String, port: Int, allowedHosts: [String] = [],
    onListening: @escaping @Sendable (Int) async -> Void
  ) -> some ApplicationProtocol {
    let guarding = RequestGuard(listeningOn: host, extraHosts: allowedHosts, token: token)
    return Application(
      router: router(guarding: guarding),
      configuration: .init(address: .hostname(host, port: port), serverName: "Huewall"),
      onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
      logger: logger)
  }

  func router(guarding: RequestGuard) -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: ServeMetricsMiddleware())
    router.add(middleware: RequestGuardMiddleware(guarding: guarding))
    router.get("/") { request, _ in try await page(request) }
    router.get("/api/analysis") { request, _ in try analysis(request) }
    router.get("/compare") { request, _ in try await comparison(request) }
    router.get("/thumbs/:name") { _, context in try thumbnail(context.parameters.require("name")) }
    router.post("/api/save") { request, _ in try await save(request) }
    router.post("/api/color") { request, _ in try await setColor(request) }
    // Browsers ask for an icon; the page has none.
    router.get("/favicon.ico") { _, _ in HTTPResponse.Status.noContent }
    return router
  }

  // MARK: Routes

  /// The live page for the parameters in the address, rendered by the export's templates.
  func page(_ request: Request) async throws -> Response {
    let asked: LiveParameters
    do {
      asked = try LiveParameters(query: Self.query(of: request))
    } catch {
      return Self.errorPage(.badRequest, "Huewall cannot show these parameters: \(error)")
    }
    let sets = try store.parameterSets()
    // A stored set of exactly these parameters has the wall already: shown at once (the page
    // re-analyses behind it, which also readies the sample grids for the next change).
    let stored = Self.set(of: asked, in: sets)
    let entries: [ExportEntry]
    // Parameters no set has (a shared link): the page comes at once with the pipeline's stored
    // wall, which it then re-analyses, the tiles on screen first; only a catalogue without
    // that wall waits for the whole analysis.
    var standIn: String? = nil
    let pipelineWall = try catalogue()
    if let stored {
      var read: [ExportEntry] = []
      try store.forEachExportEntry(
        parameterSetID: stored.id, imagesPerProduct: configuration.imagesPerProduct
      ) { read.append($0) }
      entries = read
    } else if let pipelineSet = try await store.configuredParameterSet(configuration),
      pipelineWall.contains(where: { $0.colors?.isEmpty == false })
    {
      entries = pipelineWall
      standIn = pipelineSet.name
    } else {
      entries = try await liveEntries(asked)
    }
    let html = try await LivePage.render(
      entries: entries, parameters: asked.parameters, preset: asked.preset,
      synonyms: configuration.synonyms, thumbnails: thumbnailFiles(entries),
      storedSets: sets.map(\.name), token: token, storedSet: stored?.name, standIn: standIn,
      overrides: Array(try decisions().values), typical: FamilyColors(entries: pipelineWall))
    return Self.html(html)
  }

  /// Two parameter sets side by side (`a` and `b`: a stored set's name, or `live` for the
  /// parameters in the address), with the products whose colour changed.
  func comparison(_ request: Request) async throws -> Response {
    do {
      return try await comparisonPage(request)
    } catch let error as ServeError {
      return Self.errorPage(error.status, "Huewall cannot compare these: \(error.message)")
    }
  }

  private func comparisonPage(_ request: Request) async throws -> Response {
    let asked = try parameters(of: request)
    func side(_ key: String) async throws -> LivePage.Side {
      let name = request.uri.queryParameters[Substring(key)].map(String.init) ?? "live"
      if name == "live" {
        return try .live(
          entries: try await liveEntries(asked), parameters: asked.parameters,
          preset: asked.preset)
      }
      guard let set = try store.parameterSet(named: name) else {
        let names = try store.parameterSets().map(\.name).joined(separator: ", ")
        throw ServeError(
          .notFound,
          "no parameter set named \"\(name)\" (stored: \(names.isEmpty ? "none" : names))")
      }
      var entries: [ExportEntry] = []
      try store.forEachExportEntry(
        parameterSetID: set.id, imagesPerProduct: configuration.imagesPerProduct
      ) { entries.append($0) }
      return LivePage.Side(entries: entries, set: set)
    }
    let (a, b) = (try await side("a"), try await side("b"))
    var back = URLComponents()
    back.queryItems = Self.query(of: request).filter { !["a", "b"].contains($0.0) }.map {
      URLQueryItem(name: $0.0, value: $0.1)
    }
    let html = try await LivePage.renderComparison(
      a, b, synonyms: configuration.synonyms, overrides: Array(try decisions().values),
      typical: FamilyColors(entries: try catalogue()),
      thumbnails: thumbnailFiles(a.entries + b.entries),
      backLink: "./"
        + (back.queryItems?.isEmpty == false ? "?" + (back.percentEncodedQuery ?? "") : ""))
    return Self.html(html)
  }

  /// Every product with its colours under `asked`, analysed live.
  func liveEntries(_ asked: LiveParameters) async throws -> [ExportEntry] {
    let analyzer = try PaletteAnalyzer(parameters: asked.parameters)
    let entries = try catalogue()
    var results: [String: LiveAnalysis.Result] = [:]
    try await live.analyse(
      Self.hashes(of: entries, first: []), with: analyzer, hints: Self.hints(of: entries)
    ) { results[$0.sha256] = $0 }
    return Self.coloured(entries, by: results)
  }

  /// `entries` with the colours of `results` (by image hash); an image that could not be
  /// analysed leaves its products without colours, so they stay off the wall.
  static func coloured(_ entries: [ExportEntry], by results: [String: LiveAnalysis.Result])
    -> [ExportEntry]
  {
    entries.map { entry in
      guard let sha = entry.imageSHA256, let result = results[sha] else { return entry }
      var coloured = entry
      coloured.colors = result.colors.isEmpty ? nil : result.colors
      coloured.family = result.family
      coloured.backdrop = result.backdrop
      return coloured
    }
  }

  /// The thumbnails the cache has for `entries`' images, by hash.
  func thumbnailFiles(_ entries: [ExportEntry]) -> [String: String] {
    var files: [String: String] = [:]
    for sha in Set(entries.compactMap(\.imageSHA256)) where thumbnails.contains(sha256: sha) {
      files[sha] = thumbnails.fileName(forSHA256: sha)
    }
    return files
  }

  /// A page for a person who typed or shared an address that does not work: what is wrong,
  /// and a way back to the defaults.
  static func errorPage(_ status: HTTPResponse.Status, _ message: String) -> Response {
    var response = html(
      "<!DOCTYPE html><title>Huewall</title><p>\(HTMLText.escape(message)).</p>"
        + "<p><a href=\"/\">Start from the defaults</a></p>\n")
    response.status = status
    return response
  }

  /// A page, with the policy it declares also sent as a header, where it can forbid framing.
  static func html(_ text: String) -> Response {
    var headers: HTTPFields = [.contentType: "text/html; charset=utf-8"]
    headers[.contentSecurityPolicy] =
      LivePage.contentSecurityPolicy(ofPage: text).map { $0 + "; frame-ancestors 'none'" }
      ?? RequestGuardMiddleware<BasicRequestContext>.strictPolicy
    return Response(
      status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
  }

  /// The analysis under the parameters in the address, as NDJSON: a line per product as its
  /// image is analysed (those named by `first`, newline-separated ids, before the rest), then
  /// one line with the wall's new order.
  func analysis(_ request: Request) throws -> Response {
    let asked = try parameters(of: request)
    let analyzer = try PaletteAnalyzer(parameters: asked.parameters)
    // The cores go to the change asked for, not to walls anticipated behind the last one.
    live.stopAnticipating()
    // The header of the page names the parameters on screen by this hash.
    let hash = try LivePage.hash(of: asked.parameters)
    let first = (request.uri.queryParameters["first"].map(String.init) ?? "")
      .split(separator: "\n").map(String.init)
    let entries = try catalogue()
    let wall = LiveWallRequest(
      entries: entries, decisions: try decisions(), synonyms: configuration.synonyms,
      parameters: asked.parameters)
    let hashes = Self.hashes(of: entries, first: first)
    let hints = Self.hints(of: entries)
    // A stored set of these parameters (going back to the nightly set), or a wall analysed
    // lately or anticipated behind the last one: its analyses are streamed as they are; only
    // images it has not analysed are analysed live.
    let known = try knownResults(asked, hints: hints)
    let live = self.live
    let body = ResponseBody { writer in
      let (lines, continuation) = AsyncStream.makeStream(of: LiveAnalysis.Result.self)
      var results: [String: LiveAnalysis.Result] = [:]
      var near: FamilyCalibration.Neighbourhoods = [:]
      // The number of the wall's analysis: what is anticipated behind it stops once another
      // starts.
      var lastAnalysis = try await withThrowingTaskGroup(of: Int.self) { group in
        group.addTask {
          defer { continuation.finish() }
          for sha in hashes { if let result = known[sha] { continuation.yield(result) } }
          return try await live.analyse(
            known.isEmpty ? hashes : hashes.filter { known[$0] == nil }, with: analyzer,
            hints: hints
          ) { continuation.yield($0) }
        }
        for await result in lines {
          results[result.sha256] = result
          for line in wall.lines(for: result, near: &near) {
            try await writer.write(ByteBuffer(string: line + "\n"))
          }
        }
        return try await group.next() ?? 0
      }
      try await writer.write(
        ByteBuffer(
          string: try wall.wallLine(results: results, preset: asked.preset, hash: hash) + "\n"))
      // Served from what is known: the sample grids and what the analysis keeps beside them
      // are readied behind it, so that the next change costs what it changes alone (the page
      // has its wall already).
      if !known.isEmpty {
        lastAnalysis = try await live.prepare(hashes, for: analyzer, hints: hints)
      }
      // Then the walls a change of one control would have to weigh again, so that the change
      // streams them as it streams a stored set.
      if anticipates {
        live.anticipateBehind(hashes, for: asked.parameters, hints: hints, behind: lastAnalysis)
      }
      try await writer.finish(nil)
    }
    return Response(
      status: .ok, headers: [.contentType: "application/x-ndjson"], body: body)
  }

  /// A thumbnail from the thumbnail cache, by its file name (`<sha256>.jpg`).
  func thumbnail(_ name: String) throws -> Response {
    let sha = String(name.prefix { $0 != "." })
    guard sha.isSHA256Hex, name == thumbnails.fileName(forSHA256: sha),
      let data = FileManager.default.contents(atPath: thumbnails.path(forSHA256: sha)),
      !data.isEmpty
    else {
      throw ServeError(.notFound, "no thumbnail \(name) in the cache (run `huewall run`)")
    }
    let type = name.hasSuffix(".webp") ? "image/webp" : "image/jpeg"
    return Response(
      status: .ok, headers: [.contentType: type, .cacheControl: "max-age=3600"],
      body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }

  // MARK: Helpers

  func parameters(of request: Request) throws -> LiveParameters {
    do {
      return try LiveParameters(query: Self.query(of: request))
    } catch {
      throw ServeError(.badRequest, error.description)
    }
  }

  static func query(of request: Request) -> [(String, String)] {
    request.uri.queryParameters.map { (String($0.key), String($0.value)) }
  }

  /// Every product of the catalogue with the hash of the image a live analysis looks at: the
  /// one the pipeline's own parameter set took its colour from (the image the exported wall
  /// shows), or the main image while that set has analysed none of the product's images.
  func catalogue() throws -> [ExportEntry] {
    try Self.catalogue(store: store, configuration: configuration)
  }

  /// ``catalogue()`` of the catalogue `store` holds for `configuration`.
  static func catalogue(store: CatalogStore, configuration: PipelineConfiguration) throws
    -> [ExportEntry]
  {
    var entries: [ExportEntry] = []
    let pipelineSet = try store.configuredParameterSet(configuration)
    // No parameter set has id 0: without the pipeline's set every product shows its main image.
    try store.forEachExportEntry(
      parameterSetID: pipelineSet?.id ?? 0, imagesPerProduct: configuration.imagesPerProduct
    ) { entries.append($0) }
    return entries
  }

  /// The stored set of exactly the parameters and preset `asked`, if one of `sets` is.
  static func set(of asked: LiveParameters, in sets: [ParameterSetRecord]) -> ParameterSetRecord? {
    sets.first { $0.parameters == asked.parameters && $0.preset == asked.preset.rawValue }
  }

  /// The analyses of the wall of `asked` that cost nothing, by image hash: a stored set's of
  /// exactly these parameters (they win: the wall shows them), then those the live wall knows
  /// under `hints` (``KnownWalls``). The analysis route streams these; a decision's tile reads
  /// its product's here, so that it is the tile the wall shows.
  func knownResults(_ asked: LiveParameters, hints: [String: ProductHint]) throws
    -> [String: LiveAnalysis.Result]
  {
    try storedResults(asked).merging(
      live.walls.results(for: asked.parameters, hints: hints),
      uniquingKeysWith: { stored, _ in stored })
  }

  /// The analyses a stored set of exactly `asked` holds, by image hash: a wall served from
  /// these costs no analysis. Empty when no set has these parameters.
  func storedResults(_ asked: LiveParameters) throws -> [String: LiveAnalysis.Result] {
    guard let set = Self.set(of: asked, in: try store.parameterSets()) else { return [:] }
    var results: [String: LiveAnalysis.Result] = [:]
    try store.forEachExportEntry(
      parameterSetID: set.id, imagesPerProduct: configuration.imagesPerProduct
    ) { entry in
      guard let sha = entry.imageSHA256, let colors = entry.colors else { return }
      results[sha] = LiveAnalysis.Result(
        sha256: sha, colors: colors, family: entry.family, failure: nil,
        backdrop: entry.backdrop)
    }
    return results
  }

  /// The title of the first product (by id) in the feed that shows each image, by hash: what
  /// a run hands the analysis of that image (none when that product's title is empty, as in
  /// the run).
  static func hints(of entries: [ExportEntry]) -> [String: ProductHint] {
    var showing: [String: [(id: String, title: String)]] = [:]
    for entry in entries where !entry.isRemoved {
      guard let sha = entry.imageSHA256 else { continue }
      showing[sha, default: []].append((id: entry.id, title: entry.title))
    }
    return showing.compactMapValues { ProductHint.ofFirst($0) }
  }

  /// The distinct image hashes of the products on sale, those of `first` (product ids) first.
  static func hashes(of entries: [ExportEntry], first: [String]) -> [String] {
    var byProduct: [String: String] = [:]
    var all: [String] = []
    for entry in entries where !entry.isRemoved {
      guard let sha = entry.imageSHA256 else { continue }
      byProduct[entry.id] = sha
      all.append(sha)
    }
    var seen = Set<String>()
    return (first.compactMap { byProduct[$0] } + all).filter { seen.insert($0).inserted }
  }

  /// One product's line of the analysis stream: its colours with a person's `decision`
  /// applied when it holds (`decidedBy` says whose they are).
  /// `images` are the contents of the product's images (a decision holds while the one it
  /// was made on is among them); the analysed one when not given.
  static func line(
    product id: String, _ analysed: LiveAnalysis.Result, vendorFamily: ColorFamily?,
    decision: ColorOverride? = nil, images: [String]? = nil, typical: FamilyColors? = nil,
    regions: ColorFamily.Regions = .shopper
  ) -> String {
    JSONValue.object(
      lineMembers(
        product: id, analysed, vendorFamily: vendorFamily, decision: decision, images: images,
        typical: typical, regions: regions)
    ).serialized()
  }

  /// The members of ``line(product:_:vendorFamily:decision:images:typical:regions:)``: also
  /// `standIn` when a decision shows a stand-in, and each colour's `hexFamily` where its hex
  /// alone is filed (by `regions`) in another family than the analysis filed it.
  static func lineMembers(
    product id: String, _ analysed: LiveAnalysis.Result, vendorFamily: ColorFamily?,
    decision: ColorOverride? = nil, images: [String]? = nil, typical: FamilyColors? = nil,
    regions: ColorFamily.Regions = .shopper
  ) -> [(String, JSONValue)] {
    var members: [(String, JSONValue)] = [("product", .string(id))]
    if let failure = analysed.failure {
      members.append(("failure", .string(failure)))
    } else {
      var result = analysed
      let decided = LivePage.decided(
        colors: result.colors, family: result.family, images: images ?? [result.sha256],
        by: decision, typical: typical)
      (result.colors, result.family) = (decided.colors, decided.family)
      members.append(
        (
          "decidedBy",
          .string(
            (decided.decided
              ? ColorsDocument.DecidedBy.override : ColorsDocument.DecidedBy.analysis).rawValue)
        ))
      members.append(("family", result.family.map { .string($0.rawValue) } ?? .null))
      let disagrees = familiesDisagree(
        vendor: vendorFamily, family: result.family, colors: result.colors)
      members.append(("disagreement", .bool(disagrees)))
      if decided.decided, let decision,
        ColorDecision.needsTypical(decision, colors: analysed.colors)
      {
        members.append(("standIn", .bool(true)))
      }
      members.append(
        (
          "colors",
          .array(
            result.colors.enumerated().map { index, color in
              var fields: [(String, JSONValue)] = [
                ("hex", .string(color.hex)), ("share", .double(color.share)),
                ("family", .string(color.family.rawValue)), ("h", .double(color.h)),
                ("s", .double(color.s)), ("v", .double(color.v)),
              ]
              if !(decided.decided && index == 0),
                let byHex = FamilyRegions.family(ofHex: color.hex, regions: regions),
                byHex != color.family
              {
                fields.append(("hexFamily", .string(byHex.rawValue)))
              }
              return .object(fields)
            })
        ))
    }
    return members
  }
}

/// An error the page shows: a status and a message in plain words.
struct ServeError: HTTPResponseError {
  let status: HTTPResponse.Status
  let message: String

  init(_ status: HTTPResponse.Status, _ message: String) {
    self.status = status
    self.message = message
  }

  /// A body that cannot be read: 413 when it is too large, 415 when it is of another media
  /// type, 400 otherwise.
  init(_ error: RequestBodyError) {
    switch error.reason {
    case .tooLarge: status = .contentTooLarge
    case .unsupportedType: status = .unsupportedMediaType
    default: status = .badRequest
    }
    message = error.description
  }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    plainResponse()
  }

  /// The error as a JSON body: `{"error": {"message": …}}`.
  func plainResponse() -> Response {
    let body = JSONValue.object([("error", .object([("message", .string(message))]))])
    return Response(
      status: status, headers: [.contentType: "application/json; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: body.serialized() + "\n")))
  }
}
