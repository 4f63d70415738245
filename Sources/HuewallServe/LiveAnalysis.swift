import Foundation
public import HuewallColorWords
public import HuewallCore
public import HuewallDecode
public import HuewallFetch
public import HuewallPalette
import HuewallPipeline
public import HuewallStore
import Metrics

/// Re-analyses cached images with any parameters, from sample grids kept in memory: what the
/// tuning page asks on every change of a control.
public struct LiveAnalysis: Sendable {
  public let images: ImageCache
  public let grids: SampleGridCache
  public let decoder: ImageDecoder
  /// Images analysed at once.
  public let jobs: Int
  /// The walls analysed lately and those anticipated, image by image.
  public let walls: KnownWalls
  /// The anticipation under way behind the wall on screen, if any.
  private let behind = BackgroundWork()

  public init(
    images: ImageCache, grids: SampleGridCache, decoder: ImageDecoder, jobs: Int,
    walls: KnownWalls = KnownWalls()
  ) {
    self.images = images
    self.grids = grids
    self.decoder = decoder
    self.jobs = max(1, jobs)
    self.walls = walls
  }

  /// One image's colours under the asked parameters, as the store would keep them.
  public struct Result: Sendable, Equatable {
    public var sha256: String
    public var colors: [StoredColor]
    public var family: ColorFamily?
    /// Why the image could not be analysed (unreadable, undecodable), or nil.
    public var failure: String?
    /// The backdrop under the asked parameters, as the store keeps it.
    public var backdrop: String? = nil
  }

  /// Analyses `hashes` in that order of priority (the caller puts what is on screen first),
  /// handing each result to `each` as soon as it and those before it are ready: a caller that
  /// streams them yields to an `AsyncStream` here. `hints` says what the feed says of the
  /// product each image shows, by hash, as a run hands it to the analysis. Each result is
  /// also kept in ``walls``. Returns the analysis's number (``SampleGridCache/latestWall``).
  @discardableResult
  public func analyse(
    _ hashes: [String], with analyzer: PaletteAnalyzer, hints: [String: ProductHint] = [:],
    each: (Result) throws -> Void
  ) async throws -> Int {
    let (step, plan) = (analyzer.parameters.granularity, DecodePlan.analysis(analyzer.parameters))
    let wall = grids.startingWall()
    try await forEachConcurrently(hashes, width: jobs, inOrder: true) { sha256 -> Result in
      // A page that changed its mind (a newer change, a closed tab) cancels: skip the rest.
      guard !Task.isCancelled else {
        return Result(sha256: sha256, colors: [], family: nil, failure: "cancelled")
      }
      let started = ContinuousClock.now
      defer { ServeMetrics.image(took: ContinuousClock.now - started) }
      do {
        return Result(
          sha256: sha256,
          palette: try analysis(
            of: .init(sha256: sha256, step: step, plan: plan), hint: hints[sha256] ?? .none,
            by: analyzer))
      } catch {
        return Result(
          sha256: sha256, colors: [], family: nil, failure: DecodeError.reason(of: error))
      }
    } consume: { result in
      walls.remember(result, hint: hints[result.sha256] ?? .none, under: analyzer.parameters)
      try each(result)
    }
    ServeMetrics.gridCache(grids.statistics)
    return wall
  }

  /// The analysis of the grid of `key` by `analyzer`, the grid kept (``kept(_:)``) with its
  /// colours numbered, and the analysis made from what is kept beside it.
  private func analysis(
    of key: SampleGridCache.Key, hint: ProductHint, by analyzer: PaletteAnalyzer
  ) throws -> PaletteAnalysis {
    Self.analysis(
      of: grids.numbered(try kept(key), for: key), key: key, hint: hint, by: analyzer,
      grids: grids)
  }

  /// The analysis of the kept grid of `key`, from what is kept beside it where it serves
  /// `analyzer`: an analysis kept under the same weighing and binning, else the colours
  /// weighed under the same marks, binned; the fill runs only when its plan's marks are not
  /// kept, and the grid's pixels are given back only for the fill or the weighing.
  static func analysis(
    of kept: SampleGridCache.KeptGrid, key: SampleGridCache.Key, hint: ProductHint,
    by analyzer: PaletteAnalyzer, grids: SampleGridCache, use: SampleGridCache.Use = .keeping
  ) -> PaletteAnalysis {
    var whole: SampleGrid?
    func grid() -> SampleGrid {
      if let whole { return whole }
      let grid = kept.grid
      whole = grid
      return grid
    }
    let outline = kept.outline
    let fill = analyzer.fillPlan(for: outline)
    let marks = grids.marks(for: key, fill, use: use) {
      analyzer.backdropMarks(in: grid(), plan: fill)
    }
    guard analyzer.weighsColours else { return analyzer.analyze(grid(), marks: marks, hint: hint) }
    let weighing = analyzer.weighingParameters(for: outline, hint: hint, marks: marks)
    return grids.analysis(
      for: key, weighedUnder: weighing, binnedUnder: analyzer.binningParameters, use: use
    ) {
      analyzer.analyze(
        grids.weighing(for: key, weighing, serving: analyzer.foregroundPriors, use: use) {
          analyzer.weighedColours(grid(), marks: marks, hint: hint)
        })
    }
  }

  /// The parameters one change of a control away from `parameters` whose change would fill,
  /// weigh or sample every photo again, the dearest first: each step of the backdrop stage
  /// switched (the steps the binning does not read, ``PaletteAnalyzer/binningParameters``;
  /// the table lists background suppression, which moves every photo's backdrop, first), then
  /// the granularity doubled (a grid coarsened from the wall's, no decode). Any other change
  /// costs the binning alone, or the weighing of the few scenes whose colours are kept for
  /// one setting of the priors.
  public static func neighbours(of parameters: AnalysisParameters) -> [AnalysisParameters] {
    guard (try? PaletteAnalyzer(parameters: parameters)) != nil else { return [] }
    var neighbours: [AnalysisParameters] = AnalysisStep.acting(in: .backdrop).map { step in
      var switched = parameters
      switched[step].toggle()
      return switched
    }
    var coarser = parameters
    coarser.granularity *= 2
    if (try? PaletteAnalyzer(parameters: coarser)) != nil { neighbours.append(coarser) }
    return neighbours
  }

  /// Analyses behind the wall on screen, under `parameters` and `hints` as it was analysed,
  /// the walls one change away whose change would cost most (``neighbours(of:)``), into
  /// ``walls``: a change to one of them then streams its wall as a stored set's. Reads what
  /// the cache keeps and keeps nothing in it (``SampleGridCache/Use/readingOnly``); an image
  /// whose grid is not kept is left to the change, which decodes it. `wall` is the number of
  /// the wall's analysis (``SampleGridCache/latestWall``, by default the latest): stops as
  /// soon as another starts, or when the task is cancelled (another anticipation replaces
  /// this one, ``anticipateBehind(_:for:hints:behind:)``).
  public func anticipate(
    _ hashes: [String], for parameters: AnalysisParameters, hints: [String: ProductHint] = [:],
    behind wall: Int? = nil
  ) async {
    let wall = wall ?? grids.latestWall
    @Sendable func stopped() -> Bool { Task.isCancelled || grids.latestWall != wall }
    for neighbour in Self.neighbours(of: parameters) {
      guard !stopped(), let analyzer = try? PaletteAnalyzer(parameters: neighbour) else { return }
      let known = walls.results(for: neighbour, hints: hints)
      let (step, plan) = (neighbour.granularity, DecodePlan.analysis(neighbour))
      try? await forEachConcurrently(hashes.filter { known[$0] == nil }, width: jobs) {
        sha256 -> Result? in
        guard !stopped() else { return nil }
        let key = SampleGridCache.Key(sha256: sha256, step: step, plan: plan)
        guard let kept = grids.keptOrCoarsened(key) else { return nil }
        return Result(
          sha256: sha256,
          palette: Self.analysis(
            of: kept, key: key, hint: hints[sha256] ?? .none, by: analyzer, grids: grids,
            use: .readingOnly))
      } consume: { result in
        guard let result else { return }
        walls.remember(result, hint: hints[result.sha256] ?? .none, under: neighbour)
        ServeMetrics.anticipatedImages.increment()
      }
    }
  }

  /// Starts ``anticipate(_:for:hints:behind:)`` behind the response, in place of the one
  /// under way, unless another analysis of the wall started since `wall` (the number of the
  /// response's last, ``analyse(_:with:hints:each:)`` or ``prepare(_:for:hints:)``): that
  /// analysis anticipates its own.
  public func anticipateBehind(
    _ hashes: [String], for parameters: AnalysisParameters, hints: [String: ProductHint],
    behind wall: Int
  ) {
    guard grids.latestWall == wall else { return }
    behind.replace { await self.anticipate(hashes, for: parameters, hints: hints, behind: wall) }
  }

  /// Stops the anticipation under way, and any a response under way would start
  /// (``anticipateBehind(_:for:hints:behind:)``): a change is asked for, and has the cores.
  /// Counts as the start of an analysis of the wall (``SampleGridCache/startingWall()``).
  public func stopAnticipating() {
    grids.startingWall()
    behind.cancel()
  }

  /// Whether an anticipation is under way.
  public var isAnticipating: Bool { behind.isRunning }

  /// Keeps the sample grids of the images of `hashes` under `analyzer`'s parameters, in that
  /// order, decoding those not kept, and beside each what an analysis under them keeps (the
  /// colours numbered, the backdrop marks, the colours weighed), without handing the results
  /// anywhere: what a wall served from the store does, so that the next change costs what it
  /// changes alone (the binning, for a control that bins; the fill of the photos it moves,
  /// for a backdrop control). `hints` as for ``analyse(_:with:hints:each:)``. Stops once the
  /// cache has to drop a grid for another (it is full), once another analysis of the wall
  /// starts (the page asked for a change: it is not slowed), or when the task is cancelled.
  /// Returns its number, as ``analyse(_:with:hints:each:)`` does.
  @discardableResult
  public func prepare(
    _ hashes: [String], for analyzer: PaletteAnalyzer, hints: [String: ProductHint] = [:]
  ) async throws -> Int {
    let (step, plan) = (analyzer.parameters.granularity, DecodePlan.analysis(analyzer.parameters))
    let wall = grids.startingWall()
    let evictions = grids.statistics.evictions
    try await forEachConcurrently(hashes, width: jobs) { sha256 -> Bool in
      guard !Task.isCancelled, grids.statistics.evictions == evictions, grids.latestWall == wall
      else { return false }
      let key = SampleGridCache.Key(sha256: sha256, step: step, plan: plan)
      // An image that cannot be decoded fails again, with its reason, when a change asks.
      // Without weighing (no product step on), the grid alone is readied: an analysis would
      // keep only its marks beside it.
      if analyzer.weighsColours {
        _ = try? analysis(of: key, hint: hints[sha256] ?? .none, by: analyzer)
      } else {
        _ = try? kept(key)
      }
      return true
    } consume: { _ in
    }
    ServeMetrics.gridCache(grids.statistics)
    return wall
  }

  /// The kept grid of `key`, else one coarsened from a kept grid of a finer step, else one
  /// made from its image's decode; kept.
  private func kept(_ key: SampleGridCache.Key) throws -> SampleGridCache.KeptGrid {
    try grids.kept(for: key) {
      let image = try decoder.decode(
        try images.load(sha256: key.sha256), source: key.sha256, plan: key.plan)
      return SampleGridCache.Sampled(
        grid: image.withPixels { SampleGrid($0, step: key.step, reduction: image.reduction) },
        header: ImageHeader(format: image.format, width: image.width, height: image.height))
    }
  }
}

extension LiveAnalysis.Result {
  /// The result of an analysis of the image of `sha256`.
  init(sha256: String, palette: PaletteAnalysis) {
    self.init(
      sha256: sha256, colors: palette.colors.map(StoredColor.init),
      family: palette.family, failure: nil, backdrop: palette.backdrop.stored)
  }
}
