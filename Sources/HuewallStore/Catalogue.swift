public import Foundation
public import HuewallCore

/// The catalogue as the pipeline, the export and the commands use it, whichever database holds
/// it: ``CatalogStore`` (one SQLite file, the embedded default) or the PostgreSQL catalogue
/// that several machines share.
///
/// Both keep the same tables and give the same answers; the shared store tests run against
/// both. Calls are asynchronous: the PostgreSQL catalogue awaits its server without holding a
/// thread, and the SQLite store answers its synchronous calls through them.
public protocol Catalogue: AnyObject, Sendable {
  /// What messages call the catalogue: the SQLite file's path, or the PostgreSQL URL without
  /// its password.
  var location: String { get }

  /// Closes the connection or files. Later calls fail. Synchronous, so that a `defer` can
  /// call it: a PostgreSQL connection is closed without awaiting the server's goodbye.
  func close() throws(StoreError)

  // MARK: Runs

  /// Records the start of a run, status running, and returns its id.
  func startRun(kind: RunKind, parameterSetID: Int64?, at date: Date) async throws(StoreError)
    -> Int64
  /// Records how the run ended and what it counted.
  func finishRun(
    _ id: Int64, status: RunStatus, counts: RunCounts, message: String?, at date: Date
  ) async throws(StoreError)
  /// Marks the runs still "running" as interrupted; call it only while holding the run lock.
  @discardableResult
  func markInterruptedRuns(at date: Date) async throws(StoreError) -> Int
  /// The last `limit` runs, newest first.
  func recentRuns(limit: Int) async throws(StoreError) -> [RunRecord]
  /// The run with this id.
  func run(id: Int64) async throws(StoreError) -> RunRecord?
  /// Records many item errors in one transaction (their `id`s are ignored).
  func recordErrors(_ errors: [ItemErrorRecord]) async throws(StoreError)
  /// The item errors of a run, in the order they were recorded.
  func errors(runID: Int64) async throws(StoreError) -> [ItemErrorRecord]

  // MARK: Parameter sets

  /// The set holding `parameters`, created if there is none (the naming rules are
  /// ``ParameterSetNaming``'s).
  func parameterSet(
    for parameters: AnalysisParameters, preset: String, name: String?, at date: Date
  ) async throws(StoreError) -> ParameterSetRecord
  /// The set named `name`, automatic names included.
  func parameterSet(named name: String) async throws(StoreError) -> ParameterSetRecord?
  /// The set with this id.
  func parameterSet(id: Int64) async throws(StoreError) -> ParameterSetRecord?
  /// Every set, oldest first.
  func parameterSets() async throws(StoreError) -> [ParameterSetRecord]

  // MARK: Products

  /// Forgets what an earlier, unfinished read staged. Call it before a feed is read.
  func clearStagedProducts() async throws(StoreError)
  /// Runs `body` with the staging area; what `body` throws is rethrown as it is, and what it
  /// staged is kept until ``clearStagedProducts()``.
  func stageProducts<T>(_ body: (any ProductStaging) throws -> T) async throws -> T
  /// How many distinct products are staged.
  func stagedProductCount() async throws(StoreError) -> Int
  /// Makes the catalogue match the staged feed (see ``CatalogStore/syncProducts(_:at:)`` for
  /// the rules), then forgets the staged products.
  @discardableResult
  func syncStagedProducts(at date: Date) async throws(StoreError) -> ProductSyncCounts
  /// The URLs of the first `imagesPerProduct` images (main image first) of the products in
  /// the feed, each once, in order.
  func imageURLs(imagesPerProduct: Int) async throws(StoreError) -> [String]
  /// The ids of the products in the feed that show `url` among their images, for messages.
  func productIDs(imageURL url: String) async throws(StoreError) -> [String]
  /// The products of the catalogue ordered by id, removed ones too when `includeRemoved`.
  func products(includeRemoved: Bool) async throws(StoreError) -> [StoredProduct]

  // MARK: Images and analyses

  /// The records of the first `imagesPerProduct` images of the products in the feed, by URL.
  func imageRecords(imagesPerProduct: Int) async throws(StoreError) -> [String: ImageRecord]
  /// Inserts or replaces many image records in one transaction.
  func saveImages(_ records: [ImageRecord]) async throws(StoreError)
  /// The images whose bytes were fetched once, one per distinct sha256, ordered by sha256.
  func cachedImages() async throws(StoreError) -> [ImageRecord]
  /// The sha256 of every image content analysed with the set; with `measured`, only those
  /// whose analysis has a plainness (analyses made before it was kept are left out).
  func analysedImageHashes(parameterSetID: Int64, measured: Bool) async throws(StoreError)
    -> Set<String>
  /// Inserts or replaces the analyses, all in one transaction.
  func saveAnalyses(_ records: [AnalysisRecord]) async throws(StoreError)

  // MARK: Export

  /// Every product, removed ones included, ordered by id (bytewise), with the analysis under
  /// the set of its chosen image among its first `imagesPerProduct`
  /// (``ImageCandidate/choose(_:)``). `body` must not call the catalogue.
  func forEachExportEntry(
    parameterSetID: Int64, imagesPerProduct: Int, _ body: (ExportEntry) throws -> Void
  ) async throws(StoreError)

  // MARK: Colour overrides

  /// Every person's colour decision, ordered by product id, with each product's images now
  /// (its first `imagesPerProduct`).
  func colorOverrides(imagesPerProduct: Int) async throws(StoreError) -> [StoredColorOverride]
  /// The products among `productIDs` that the catalogue has (removed ones too), by id.
  func overrideTargets(productIDs: [String]) async throws(StoreError) -> [String: OverrideTarget]
  /// Records the decisions, replacing earlier ones of the same products, in one transaction.
  func saveColorOverrides(_ overrides: [ColorOverride]) async throws(StoreError)
  /// Forgets the decisions of `productIDs` and returns how many there were.
  @discardableResult
  func clearColorOverrides(productIDs: [String]) async throws(StoreError) -> Int

  // MARK: The served wall

  /// What changes whenever the wall `huewall api` serves may: the finished runs and the
  /// people's decisions (a run under way is left out until it ends).
  func wallFingerprint(parameterSetID: Int64) async throws(StoreError) -> String
  /// The decisions and every export entry of the set, with the fingerprint, from one
  /// consistent snapshot (one read transaction): a wall never mixes two runs.
  func catalogueSnapshot(parameterSetID: Int64, imagesPerProduct: Int) async throws(StoreError)
    -> CatalogueSnapshot
  /// Records the wall read at `fingerprint`, its products' `digests` by id: a new version when
  /// a product changed, arrived or left, else the latest confirmed; nil when the catalogue
  /// moved on since `fingerprint`. Several `huewall api` processes may record at once.
  func recordWall(
    fingerprint: String, parameterSetID: Int64, digests: [String: String], at date: Date
  ) async throws(StoreError) -> WallVersion?
  /// The oldest version whose changes are kept, nil before the first.
  func oldestWallVersion() async throws(StoreError) -> Int64?
  /// The products that changed after version `since` up to `through`, ordered by id (bytewise)
  /// from the first id after `after`, at most `limit`.
  func wallChanges(since: Int64, through: Int64, after: String?, limit: Int)
    async throws(StoreError) -> [WallChange]
}

/// Where ``Catalogue/stageProducts(_:)`` keeps a feed's products while it is read.
public protocol ProductStaging {
  /// Keeps `product` and returns nil, or, when a product with its id was staged already,
  /// keeps that one and returns its `position`.
  func add(_ product: Product, position: Int) throws -> Int?
}

extension Catalogue {
  /// Records that one item failed during the run, or was kept with a warning.
  public func recordError(
    runID: Int64, stage: String, subject: String, message: String, at date: Date,
    isWarning: Bool = false
  ) async throws(StoreError) {
    try await recordErrors([
      ItemErrorRecord(
        runID: runID, stage: stage, subject: subject, message: message, at: date,
        isWarning: isWarning)
    ])
  }

  /// ``parameterSet(for:preset:name:at:)`` as of now.
  public func parameterSet(
    for parameters: AnalysisParameters, preset: String, name: String?
  ) async throws(StoreError) -> ParameterSetRecord {
    try await parameterSet(for: parameters, preset: preset, name: name, at: Date())
  }

  /// The main image URLs of the products in the feed, each once, in order.
  public func mainImageURLs() async throws(StoreError) -> [String] {
    try await imageURLs(imagesPerProduct: 1)
  }

  /// The records of every main image of the products in the feed, by URL.
  public func mainImageRecords() async throws(StoreError) -> [String: ImageRecord] {
    try await imageRecords(imagesPerProduct: 1)
  }

  /// The sha256 of every image content analysed with the set.
  public func analysedImageHashes(parameterSetID: Int64) async throws(StoreError) -> Set<String> {
    try await analysedImageHashes(parameterSetID: parameterSetID, measured: false)
  }

  /// ``forEachExportEntry(parameterSetID:imagesPerProduct:_:)`` of the main images only.
  public func forEachExportEntry(
    parameterSetID: Int64, _ body: (ExportEntry) throws -> Void
  ) async throws(StoreError) {
    try await forEachExportEntry(parameterSetID: parameterSetID, imagesPerProduct: 1, body)
  }

  /// ``colorOverrides(imagesPerProduct:)`` with the main images only.
  public func colorOverrides() async throws(StoreError) -> [StoredColorOverride] {
    try await colorOverrides(imagesPerProduct: 1)
  }

  /// Inserts or replaces one image record.
  public func saveImage(_ record: ImageRecord) async throws(StoreError) {
    try await saveImages([record])
  }
}
