import HuewallColorWords
public import HuewallCore
public import HuewallDecode
public import HuewallPalette
import Synchronization

/// Decoded images' sample grids kept in memory under a byte budget, what is cheapest to make
/// again dropped first (``evictIfOver(_:sparing:)``): with them a parameter change costs the
/// kernel, not the decode (about 80 % of an image's cost).
///
/// A grid is kept per image, step (the granularity) and decode plan, since a step picks other
/// pixels and a reduced decode gives other ones. Beside it the cache keeps the grid's colours
/// numbered (``ColourNumbers``, so that the fill, the skin step and the weighing test each
/// colour once), its backdrop marks (``BackdropMarks``) under the last few fill plans used
/// (``FillPlan``), its colours weighed (``WeighedColours``) under the last two weighing
/// parameters asked, and the last few analyses made from them. So a change of a control that
/// only bins (colours, sample sizes, priority, hue wrap, the families) or of a foreground prior
/// costs the binning alone (a scene whose colours are kept for one setting of the priors is
/// weighed again when they change), and a change of a backdrop control costs the fill, the
/// weighing and the binning of the photos whose marks it moves, and nothing for the others. A
/// grid of a coarser granularity over the same decode is coarsened from a kept one, not
/// decoded.
/// Shared by every request; safe from any task.
public final class SampleGridCache: Sendable {
  /// Which grid: an image's content hash, the step between samples and how the image is
  /// decoded (a JPEG's samples under the `reference` preset come from libgd's full decode,
  /// under the `product` preset from a reduced one).
  public struct Key: Hashable, Sendable {
    public var sha256: String
    public var step: Int
    public var plan: DecodePlan

    public init(sha256: String, step: Int, plan: DecodePlan = .wholeImage) {
      self.sha256 = sha256
      self.step = step
      self.plan = plan
    }
  }

  /// What the cache holds and how it has served (decodes avoided, grids dropped).
  public struct Statistics: Sendable, Equatable {
    public var grids = 0
    public var bytes = 0
    public var hits = 0
    public var misses = 0
    public var evictions = 0
    /// Weighed colours dropped for room while their grid stayed (weighed again, from the grid
    /// and its marks, when next asked).
    public var weighingsDropped = 0
    /// Grids coarsened from a kept grid of a finer step instead of decoded (not a miss).
    public var coarsened = 0
    /// Backdrop marks served kept, and made.
    public var markHits = 0
    public var markMisses = 0
    /// Weighed colours served kept, and made.
    public var weighingHits = 0
    public var weighingMisses = 0
    /// Analyses of weighed colours served kept, and made.
    public var analysisHits = 0
    public var analysisMisses = 0

    public init(
      grids: Int = 0, bytes: Int = 0, hits: Int = 0, misses: Int = 0, evictions: Int = 0,
      coarsened: Int = 0, markHits: Int = 0, markMisses: Int = 0, weighingHits: Int = 0,
      weighingMisses: Int = 0, weighingsDropped: Int = 0, analysisHits: Int = 0,
      analysisMisses: Int = 0
    ) {
      self.grids = grids
      self.bytes = bytes
      self.hits = hits
      self.misses = misses
      self.evictions = evictions
      self.coarsened = coarsened
      self.markHits = markHits
      self.markMisses = markMisses
      self.weighingHits = weighingHits
      self.weighingMisses = weighingMisses
      self.weighingsDropped = weighingsDropped
      self.analysisHits = analysisHits
      self.analysisMisses = analysisMisses
    }
  }

  /// The most bytes of samples kept; a grid larger than the whole budget is used and dropped.
  public let budget: Int
  private let state: Mutex<State>

  private struct State {
    var entries: [Key: Entry] = [:]
    /// Per image, the key of its finest kept grid that can be coarsened
    /// (``SampleGrid/canBeCoarsened``), with the image's header: the grid the coarser steps
    /// over the same decode are made from.
    var finest: [String: (key: Key, header: ImageHeader)] = [:]
    var clock = 0
    /// The clock when the wall's analysis under way started: a grid used since is in use.
    var wallStart = 0
    /// How many analyses of the wall have started.
    var walls = 0
    var statistics = Statistics()
  }

  /// A grid as kept: whole, or compact once numbered (its pixels given back from the numbers
  /// when the fill or the weighing reads them, a tenth of a millisecond for a shop photo).
  public enum KeptGrid: Sendable {
    case whole(SampleGrid)
    case compact(CompactGrid)

    /// The grid, its pixels given back when it is kept compact.
    public var grid: SampleGrid {
      switch self {
      case .whole(let grid): grid
      case .compact(let compact): compact.grid
      }
    }

    /// What the fill's plan reads, without giving back the pixels.
    public var outline: GridOutline {
      switch self {
      case .whole(let grid): grid.outline
      case .compact(let compact): compact.outline
      }
    }

    var byteCount: Int {
      switch self {
      case .whole(let grid): grid.byteCount
      case .compact(let compact): compact.byteCount
      }
    }

    /// Whether it reads the pixels between its samples from the grid it was coarsened from
    /// (``SampleGrid/readsFinerGrid``): it goes with that grid.
    var readsFinerGrid: Bool {
      switch self {
      case .whole(let grid): grid.readsFinerGrid
      case .compact(let compact): compact.readsFinerGrid
      }
    }

    /// `grid` as kept: compact when its colours are numbered and its samples opaque
    /// (``CompactGrid``), else whole.
    static func keeping(_ grid: SampleGrid) -> KeptGrid {
      CompactGrid(grid).map(KeptGrid.compact) ?? .whole(grid)
    }

    /// The grid at `factor` times its step (``SampleGrid/coarsened(by:)``), numbered when
    /// this one is.
    func coarsened(by factor: Int) -> SampleGrid {
      switch self {
      case .whole(let grid):
        grid.colourNumbers == nil
          ? grid.coarsened(by: factor) : grid.coarsened(by: factor).numberingColours()
      case .compact(let compact): compact.coarsened(by: factor)
      }
    }
  }

  private struct Entry {
    var grid: KeptGrid
    /// The bytes of the grid's samples, whole: what the weighed colours are measured by.
    let sampleBytes: Int
    var lastUse: Int
    /// The kept grid this one was coarsened from: while that stays, this one is made again
    /// without a decode.
    var coarsenedFrom: Key? = nil
    /// The grids coarsened from this one.
    var coarsenedInto: Set<Key> = []
    /// The grid's backdrop marks, the most recently used last.
    var marks: [(plan: FillPlan, marks: BackdropMarks)] = []
    /// The grid's colours weighed under the parameters last asked, the most recently used
    /// last (``weighingsPerGrid``).
    var weighings: [(parameters: WeighedColours.Parameters, colours: WeighedColours)] = []
    /// The analyses last made from the grid's weighed colours, under the weighing's and the
    /// binning's parameters, the most recently used last.
    var analyses: [KeptAnalysis] = []
    /// Whether the grid's colours were numbered (``SampleGrid/numberingColours()``): a grid
    /// with too many colours is left as it is.
    var numbered = false

    var byteCount: Int {
      grid.byteCount + marks.reduce(0) { $0 + $1.marks.byteCount }
        + weighings.reduce(0) { $0 + $1.colours.byteCount }
        + analyses.reduce(0) { $0 + $1.byteCount }
    }
  }

  private struct KeptAnalysis {
    var weighing: WeighedColours.Parameters
    var binning: AnalysisParameters
    var result: PaletteAnalysis

    /// Roughly: the colours and the families' shares, and the marks the key holds (shared
    /// with the kept marks while those stay, kept alive by the key after).
    var byteCount: Int {
      MemoryLayout<PaletteAnalysis>.stride + result.colors.count
        * MemoryLayout<DominantColor>.stride + result.familyShares.count * 16
        + weighing.byteCount
    }
  }

  /// Backdrop marks kept per grid: the stored set's, the one being tuned and the one before
  /// it (going back and forth between two backdrop controls). Each is a bit per sample, 1/32
  /// of a grid of samples alone, within the eighth ``GridBudget`` adds to the grids.
  static let marksPerGrid = 3

  /// Weighed colours are kept only when they take at most this many times their grid's
  /// samples' bytes (``defaultWeighingShare``).
  public let weighingShare: Int

  public init(budget: Int, weighingShare: Int = SampleGridCache.defaultWeighingShare) {
    self.budget = max(0, budget)
    self.weighingShare = weighingShare
    state = Mutex(State())
  }

  public var statistics: Statistics { state.withLock { $0.statistics } }

  /// Whether the grid of `key` is kept (a look that counts as neither a hit nor a use).
  public func contains(_ key: Key) -> Bool { state.withLock { $0.entries[key] != nil } }

  /// The grid of `key`, made with `make` (a decode) when it is not kept. Two tasks missing
  /// the same grid at once may both make it; one copy is kept.
  public func grid(
    for key: Key, make: () throws -> SampleGrid
  ) rethrows -> SampleGrid {
    try kept(for: key, make: make).grid
  }

  /// The grid of `key` as kept (compact once numbered), made with `make` when it is not.
  public func kept(
    for key: Key, make: () throws -> SampleGrid
  ) rethrows -> KeptGrid {
    try kept(for: key) { Sampled(grid: try make(), header: nil) }
  }

  /// A grid sampled from a decode, and the header of the image decoded.
  public struct Sampled: Sendable {
    public var grid: SampleGrid
    public var header: ImageHeader?

    public init(grid: SampleGrid, header: ImageHeader?) {
      self.grid = grid
      self.header = header
    }
  }

  /// How an analysis uses what is kept: a change of the wall keeps what it makes; an
  /// anticipation (``LiveAnalysis/anticipate(_:for:hints:behind:)``) reads what is kept and keeps
  /// nothing, so that it never displaces what the wall on screen keeps, nor reorders it.
  public enum Use: Sendable {
    case keeping
    case readingOnly
  }

  /// The grid of `key` as kept (compact once numbered); else, when the finest grid kept of the
  /// same image samples the same decode at a step `key`'s is a multiple of, that grid
  /// coarsened to `key`'s step (``SampleGrid/coarsened(by:)``, no decode: a granularity of 8
  /// after 4); else the grid `sample` makes (a decode), kept with its image's header so that
  /// it can serve so.
  public func kept(for key: Key, sampling sample: () throws -> Sampled) rethrows -> KeptGrid {
    switch found(key, use: .keeping) {
    case .kept(let kept):
      return kept
    case .coarsening(let source, let factor, let header, let sourceKey):
      let grid = source.coarsened(by: factor)
      keep(grid, for: key, header: header, coarsenedFrom: sourceKey)
      return .whole(grid)
    case nil:
      let sampled = try sample()
      keep(sampled.grid, for: key, header: sampled.header)
      return .whole(sampled.grid)
    }
  }

  /// The grid of `key` as kept, else coarsened from the finest grid kept of its image as
  /// ``kept(for:sampling:)`` would, without keeping it; nil when only a decode would make it.
  /// Counts as neither a hit nor a use.
  public func keptOrCoarsened(_ key: Key) -> KeptGrid? {
    switch found(key, use: .readingOnly) {
    case .kept(let kept): kept
    case .coarsening(let source, let factor, _, _): .whole(source.coarsened(by: factor))
    case nil: nil
    }
  }

  private enum Found {
    case kept(KeptGrid)
    case coarsening(KeptGrid, factor: Int, header: ImageHeader, source: Key)
  }

  /// The grid of `key` if kept, else the kept grid it can be coarsened from; a use, a hit or
  /// a miss when `use` keeps.
  private func found(_ key: Key, use: Use) -> Found? {
    state.withLock { state -> Found? in
      if let entry = state.entries[key] {
        if use == .keeping {
          state.clock += 1
          state.entries[key]?.lastUse = state.clock
          state.statistics.hits += 1
        }
        return .kept(entry.grid)
      }
      guard let (source, header) = state.finest[key.sha256],
        let entry = state.entries[source], key.step.isMultiple(of: source.step),
        key.plan.decodesAlike(source.plan, header)
      else {
        if use == .keeping { state.statistics.misses += 1 }
        return nil
      }
      // The source keeps its own last use: should grids themselves have to go during a
      // change of granularity, the finer grids it has already coarsened go first, not the
      // ones it still needs (a wall is analysed in the same order each time).
      if use == .keeping { state.statistics.coarsened += 1 }
      return .coarsening(
        entry.grid, factor: key.step / source.step, header: header, source: source)
    }
  }

  /// The kept grid of `key` (`kept`) with its colours numbered, numbered now and kept so when
  /// they are not yet: what a change that fills or weighs reads, each colour tested once. A
  /// numbered grid whose samples are all opaque is kept compact (``CompactGrid``), in about
  /// half the memory. A grid not kept is not worth numbering for one analysis.
  public func numbered(_ kept: KeptGrid, for key: Key) -> KeptGrid {
    guard case .whole(let grid) = kept, grid.colourNumbers == nil,
      state.withLock({ state in state.entries[key].map { !$0.numbered } ?? false })
    else { return kept }
    let numbered = grid.numberingColours()
    state.withLock { state in
      guard var entry = state.entries[key], !entry.numbered else { return }
      let before = entry.byteCount
      entry.grid = .keeping(numbered)
      entry.numbered = true
      state.statistics.bytes += entry.byteCount - before
      state.entries[key] = entry
      evictIfOver(&state, sparing: key)
    }
    return .whole(numbered)
  }

  /// The backdrop marks of the grid of `key` under the fill's `plan`, made with `make` when
  /// they are not kept. They are kept only beside a kept grid, and dropped with it.
  public func marks(
    for key: Key, _ plan: FillPlan, use: Use = .keeping, make: () -> BackdropMarks
  ) -> BackdropMarks {
    besideGrid(
      of: key, use: use, hits: \.markHits, misses: \.markMisses,
      find: { entry in entry.marks.usingFirst { $0.plan == plan }?.marks }, make: make,
      store: { entry, marks in
        entry.marks.keepingRecent((plan, marks), limit: Self.marksPerGrid) { $0.plan == plan }
        return true
      })
  }

  /// The colours of the grid of `key` weighed under `parameters`, serving `priors`, made with
  /// `make` when they are not kept. They are kept only beside a kept grid, and only when they
  /// take at most ``weighingShare`` times its bytes: for every setting of the priors where
  /// they fit, else narrowed to `priors` (a scene's many colours). The last two weighings
  /// asked are kept per grid (``weighingsPerGrid``), the earlier one first to go.
  public func weighing(
    for key: Key, _ parameters: WeighedColours.Parameters, serving priors: WeighedColours.Priors,
    use: Use = .keeping, make: () -> WeighedColours
  ) -> WeighedColours {
    besideGrid(
      of: key, use: use, hits: \.weighingHits, misses: \.weighingMisses,
      find: { entry in
        entry.weighings.usingFirst { $0.parameters == parameters && $0.colours.serves(priors) }?
          .colours
      },
      make: make,
      store: { entry, colours in
        let room = entry.sampleBytes * weighingShare
        let kept = colours.byteCount <= room ? colours : colours.narrowed(to: priors)
        guard kept.byteCount <= room else { return false }
        // Kept for other priors under the same parameters, they serve no more than these.
        entry.weighings.keepingRecent((parameters, kept), limit: Self.weighingsPerGrid) {
          $0.parameters == parameters
        }
        return true
      })
  }

  /// Weighings kept per grid: the wall's, and the one a change asked for, so that a change
  /// that weighs every photo again (background suppression off: a scene's weighing of each
  /// whole photo) and the change back both find theirs, while the budget has room for both
  /// (the earlier ones go first when it has not, ``evictIfOver(_:sparing:)``).
  static let weighingsPerGrid = 2

  /// The analysis of the colours of `key` weighed under `weighing` and binned under
  /// `binning` (``PaletteAnalyzer/binningParameters``), made with `make` when it is not kept.
  /// The last few used are kept per grid (``analysesPerGrid``; a kilobyte each, and their
  /// marks once no other set keeps them), so that a change of a backdrop control costs nothing
  /// on a photo whose marks it leaves as they were (most photos, for most of those controls),
  /// and going back to an earlier set costs nothing at all.
  public func analysis(
    for key: Key, weighedUnder weighing: WeighedColours.Parameters,
    binnedUnder binning: AnalysisParameters, use: Use = .keeping, make: () -> PaletteAnalysis
  ) -> PaletteAnalysis {
    besideGrid(
      of: key, use: use, hits: \.analysisHits, misses: \.analysisMisses,
      find: { entry in
        entry.analyses.usingFirst { $0.binning == binning && $0.weighing == weighing }?.result
      },
      make: make,
      store: { entry, result in
        entry.analyses.keepingRecent(
          KeptAnalysis(weighing: weighing, binning: binning, result: result),
          limit: Self.analysesPerGrid)
        return true
      })
  }

  /// Analyses kept per grid: set by hand with the cache of analyses (cd89378), enough to go
  /// back and forth between a few sets; measured only as a whole with the cache
  /// (Benchmarks/README.md, "The colours numbered, the analyses kept, compact grids").
  static let analysesPerGrid = 4

  /// What is kept beside the grid of `key`: what `find` finds there, else what `make` makes,
  /// which `store` puts beside the grid when one is kept (saying whether it did) and `use`
  /// keeps. Hits and misses are counted under `hits` and `misses` when it does.
  private func besideGrid<Value: Sendable>(
    of key: Key, use: Use, hits: any WritableKeyPath<Statistics, Int> & Sendable,
    misses: any WritableKeyPath<Statistics, Int> & Sendable, find: (inout Entry) -> Value?,
    make: () -> Value, store: (inout Entry, Value) -> Bool
  ) -> Value {
    let kept = state.withLock { state -> Value? in
      let found = state.entries[key].flatMap { entry in
        // `find` puts what it finds last, the most recently used: not for a reading.
        var entry = entry
        defer { if use == .keeping { state.entries[key] = entry } }
        return find(&entry)
      }
      if use == .keeping { state.statistics[keyPath: found != nil ? hits : misses] += 1 }
      return found
    }
    if let kept { return kept }
    let value = make()
    guard use == .keeping else { return value }
    state.withLock { state in
      guard var entry = state.entries[key] else { return }
      let before = entry.byteCount
      guard store(&entry, value) else { return }
      state.statistics.bytes += entry.byteCount - before
      state.entries[key] = entry
      evictIfOver(&state, sparing: key)
    }
    return value
  }

  /// What weighed colours may take at most, as a share of their grid's samples' bytes, by
  /// default. A studio shot's take a tenth to a half of its grid; a scene's noise, or a large
  /// product's smooth shading, nearly one colour per sample, weighed for every setting of the
  /// priors, up to seven times: kept too (about 40 of 1,000 shop photos, a tenth of the cache),
  /// so that a change of a prior bins them rather than weighing them again. Beyond it (noise
  /// in skin tones, damped and weighed apart) they are kept for the setting asked alone.
  public static let defaultWeighingShare = 8

  private func keep(
    _ grid: SampleGrid, for key: Key, header: ImageHeader? = nil, coarsenedFrom source: Key? = nil
  ) {
    guard grid.byteCount <= budget else { return }
    state.withLock { state in
      // A grid reading its source's pixels is not kept once the source went (another task
      // made room meanwhile): nothing would drop it with the source.
      if let source, grid.readsFinerGrid, state.entries[source] == nil { return }
      state.clock += 1
      // A grid numbered already (coarsened from a numbered one) is kept as numbered grids are.
      var entry = Entry(
        grid: .keeping(grid), sampleBytes: grid.byteCount - (grid.colourNumbers?.byteCount ?? 0),
        lastUse: state.clock, coarsenedFrom: source, numbered: grid.colourNumbers != nil)
      if let source { state.entries[source]?.coarsenedInto.insert(key) }
      if let old = state.entries[key] {
        // Two tasks made it at once: the grids coarsened from the first go with this one.
        entry.coarsenedInto = old.coarsenedInto
      }
      if let old = state.entries.updateValue(entry, forKey: key) {
        state.statistics.bytes -= old.byteCount
      } else {
        state.statistics.grids += 1
      }
      let finest = state.finest[key.sha256]
      if let header, grid.canBeCoarsened,
        finest.map({ $0.key == key || key.step < $0.key.step }) ?? true
      {
        state.finest[key.sha256] = (key, header)
      } else if finest?.key == key {
        state.finest[key.sha256] = nil
      }
      state.statistics.bytes += entry.byteCount
      evictIfOver(&state, sparing: key)
    }
  }

  /// Marks the start of an analysis of the wall (a change): the grids it uses from now on are
  /// in use, and those it has not used yet make room first (``evictIfOver(_:sparing:)``).
  /// Returns the analysis's number, which ``latestWall`` holds until another starts.
  @discardableResult
  public func startingWall() -> Int {
    state.withLock {
      $0.wallStart = $0.clock
      $0.walls += 1
      return $0.walls
    }
  }

  /// The number ``startingWall()`` gave the latest analysis of the wall.
  public var latestWall: Int { state.withLock { $0.walls } }

  /// Over budget: frees room, but never `key`'s, until a tenth of the budget is free (so that
  /// the sort is paid once per many insertions rather than on each). What the wall's analysis
  /// under way has not used goes before what it has (``startingWall()``), and within each,
  /// what is cheapest to make again goes first, the least recently used first:
  /// 1. a grid's earlier weighing, whether in use or not, before any grid's last one;
  /// 2. weighed colours, made again from their grid and its marks (at 1,000 shop photos,
  ///    about 2 s for the wall against 6 s when its grids are decoded again);
  /// 3. grids coarsened from a grid still kept, made again without a decode: a granularity
  ///    tried beside the wall's own leaves the wall's grids in place;
  /// 4. any grid, with what is kept beside it: made again only by a decode.
  private func evictIfOver(_ state: inout State, sparing key: Key) {
    guard state.statistics.bytes > budget else { return }
    let target = budget - budget / 10
    let byAge = state.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }).map(\.key)
    let wallStart = state.wallStart
    func isCoarsening(_ entry: Entry) -> Bool {
      entry.coarsenedFrom.map { state.entries[$0] != nil } ?? false
    }
    /// Drops the grid's weighings, or all but the one used last.
    func dropWeighings(_ oldKey: Key, keepingLast: Bool) {
      guard var weighings = state.entries[oldKey]?.weighings, !weighings.isEmpty else { return }
      let dropped = weighings.prefix(keepingLast ? weighings.count - 1 : weighings.count)
      weighings.removeFirst(dropped.count)
      state.entries[oldKey]?.weighings = weighings
      state.statistics.bytes -= dropped.reduce(0) { $0 + $1.colours.byteCount }
      state.statistics.weighingsDropped += dropped.count
    }
    func drop(_ oldKey: Key) {
      guard let entry = state.entries.removeValue(forKey: oldKey) else { return }
      if state.finest[oldKey.sha256]?.key == oldKey { state.finest[oldKey.sha256] = nil }
      state.statistics.bytes -= entry.byteCount
      state.statistics.grids -= 1
      state.statistics.evictions += 1
      // A grid that reads its links from this one would keep this one's numbers alive.
      for child in entry.coarsenedInto {
        if let coarser = state.entries[child], coarser.coarsenedFrom == oldKey,
          coarser.grid.readsFinerGrid
        {
          drop(child)
        }
      }
    }
    enum Dropped { case earlierWeighing, weighing, coarsenedGrid, grid }
    let order: [(inUse: Bool, dropping: Dropped)] = [
      (false, .earlierWeighing), (true, .earlierWeighing), (false, .weighing),
      (false, .coarsenedGrid), (true, .weighing), (true, .coarsenedGrid), (false, .grid),
      (true, .grid),
    ]
    for (inUse, dropping) in order {
      for oldKey in byAge where oldKey != key {
        guard state.statistics.bytes > target else { return }
        guard let entry = state.entries[oldKey], (entry.lastUse > wallStart) == inUse else {
          continue
        }
        switch dropping {
        case .earlierWeighing: dropWeighings(oldKey, keepingLast: true)
        case .weighing: dropWeighings(oldKey, keepingLast: false)
        case .coarsenedGrid: if isCoarsening(entry) { drop(oldKey) }
        case .grid: drop(oldKey)
        }
      }
    }
  }
}

/// What is kept beside a grid, the most recently used last.
extension Array {
  /// The first element that `matches`, moved last: the most recently used.
  fileprivate mutating func usingFirst(where matches: (Element) -> Bool) -> Element? {
    guard let i = firstIndex(where: matches) else { return nil }
    append(remove(at: i))
    return last
  }

  /// Appends `element`, the most recently used, after dropping those it `replaces`, and at
  /// `limit` the least recently used.
  fileprivate mutating func keepingRecent(
    _ element: Element, limit: Int, replacing replaces: (Element) -> Bool = { _ in false }
  ) {
    removeAll(where: replaces)
    if count >= limit { removeFirst() }
    append(element)
  }
}
