import Foundation
import HuewallCore
import HuewallDecode
import HuewallFetch
import HuewallPalette
import HuewallPipeline
import HuewallServe
import HuewallStore
import Testing

/// A grid of `count` samples (4 bytes each), step 1.
func grid(samples count: Int) -> SampleGrid {
  var buffer = PixelBuffer(width: count, height: 1)
  for x in 0..<count { buffer[x, 0] = Pixel(red: UInt8(x % 256), green: 0, blue: 0) }
  return buffer.withView { SampleGrid($0, step: 1) }
}

@Suite struct SampleGridCacheTests {
  @Test func aKeptGridIsNotMadeAgain() {
    let cache = SampleGridCache(budget: 1_000)
    var made = 0
    for _ in 0..<3 {
      _ = cache.grid(for: .init(sha256: "a", step: 1)) {
        made += 1
        return grid(samples: 10)
      }
    }
    #expect(made == 1)
    #expect(cache.statistics == .init(grids: 1, bytes: 40, hits: 2, misses: 1, evictions: 0))
    // Another step picks other pixels: another grid.
    _ = cache.grid(for: .init(sha256: "a", step: 2)) { grid(samples: 5) }
    #expect(cache.statistics.grids == 2 && cache.statistics.bytes == 60)
  }

  @Test func overTheBudgetTheLeastRecentlyUsedGoFirst() {
    let cache = SampleGridCache(budget: 400)  // ten grids of 40 bytes
    for name in 0..<10 {
      _ = cache.grid(for: .init(sha256: "\(name)", step: 1)) { grid(samples: 10) }
    }
    // Use 0 and 1 again, so that 2, 3… are the oldest.
    for name in 0..<2 {
      _ = cache.grid(for: .init(sha256: "\(name)", step: 1)) { grid(samples: 10) }
    }
    _ = cache.grid(for: .init(sha256: "new", step: 1)) { grid(samples: 10) }
    let stats = cache.statistics
    #expect(stats.bytes <= 400 && stats.evictions >= 1)
    var remade: [String] = []
    for name in ["0", "1", "new", "2"] {
      _ = cache.grid(for: .init(sha256: name, step: 1)) {
        remade.append(name)
        return grid(samples: 10)
      }
    }
    #expect(remade == ["2"], "the recently used stay, the oldest went")
  }

  @Test func overTheBudgetWeighedColoursGoBeforeAnyGrid() throws {
    let weighed = try WeighedGrids()
    // Two grids with their colours fit; a third grid goes over by less than one grid's colours.
    let budget = 3 * weighed.gridBytes + 2 * weighed.colourBytes + 2 * weighed.markBytes - 1
    let cache = SampleGridCache(budget: budget)
    weighed.weigh("a", in: cache)
    weighed.weigh("b", in: cache)
    _ = cache.grid(for: .init(sha256: "c", step: 1)) { WeighedGrids.distinct(3) }
    // The oldest grid's colours went, and no grid.
    let statistics = cache.statistics
    #expect(statistics.weighingsDropped == 1 && statistics.evictions == 0)
    #expect(statistics.bytes <= budget - budget / 10)
    #expect(["a", "b", "c"].allSatisfy { cache.contains(.init(sha256: $0, step: 1)) })
    weighed.weigh("b", in: cache)
    #expect(weighed.made == ["a", "b"], "b's colours stayed")
    weighed.weigh("a", in: cache)
    #expect(weighed.made == ["a", "b", "a"], "a's colours are weighed again from its grid")
    #expect(cache.statistics.misses == 3, "no grid was made again")
  }

  @Test func overTheBudgetACoarsenedGridGoesBeforeTheGridItWasMadeFrom() {
    let shop = ShopPhoto()
    let other = grid(samples: shop.four.pixels.count / 2)
    // Room for the wall's grid and the one coarsened from it, not for another beside them.
    let budget = shop.four.byteCount + shop.eight.byteCount + other.byteCount - 1
    let cache = SampleGridCache(budget: budget)
    shop.keep(in: cache)
    #expect(cache.statistics.coarsened == 1)
    // The grid of 4 is the least recently used, yet the coarsened one goes: it is made again
    // without a decode while the grid of 4 stays.
    _ = cache.grid(for: .init(sha256: "other", step: 1)) { other }
    #expect(cache.statistics.evictions == 1)
    #expect(cache.contains(shop.key(4)) && !cache.contains(shop.key(8)))
    _ = cache.kept(for: shop.key(8)) {
      Issue.record("decoded for 8 again")
      return .init(grid: shop.eight, header: shop.header)
    }
    #expect(cache.statistics.coarsened == 2)
  }

  @Test func aGridReadingThePixelsBetweenItsSamplesFromItsSourceGoesWithIt() {
    // The grid of 4 numbered and opaque, kept compact: the grid of 8 coarsened from it reads
    // the pixels between its samples from its numbers rather than holding them.
    let shop = ShopPhoto()
    let four = shop.four.numberingColours()
    let probe = SampleGridCache(budget: 1 << 30)
    _ = probe.kept(for: shop.key(4)) { .init(grid: four, header: shop.header) }
    let fourBytes = probe.statistics.bytes
    let eight = probe.kept(for: shop.key(8)) {
      Issue.record("decoded for 8")
      return .init(grid: shop.eight, header: shop.header)
    }
    #expect(eight.grid.readsFinerGrid && probe.statistics.coarsened == 1)
    let eightBytes = probe.statistics.bytes - fourBytes
    #expect(eightBytes < shop.eight.byteCount / 2, "it holds no copy of the grid of 4")
    // A grid used after the grid of 4: making room for the grid of 8 drops the grid of 4, the
    // least recently used, and the grid of 8 with it, whose bytes would stay held otherwise.
    let other = grid(samples: 1_000)
    let cache = SampleGridCache(budget: fourBytes + eightBytes + other.byteCount - 1)
    // Kept whole, then numbered (kept whole, a numbered grid would not fit).
    let kept = cache.kept(for: shop.key(4)) { .init(grid: shop.four, header: shop.header) }
    _ = cache.numbered(kept, for: shop.key(4))
    #expect(cache.statistics.bytes == fourBytes)
    _ = cache.grid(for: .init(sha256: "other", step: 1)) { other }
    let made = cache.kept(for: shop.key(8)) {
      Issue.record("decoded for 8")
      return .init(grid: shop.eight, header: shop.header)
    }
    #expect(made.grid.pixels == shop.eight.pixels, "the change gets its grid all the same")
    #expect(!cache.contains(shop.key(4)) && !cache.contains(shop.key(8)))
    #expect(cache.contains(.init(sha256: "other", step: 1)))
    #expect(cache.statistics.bytes == other.byteCount && cache.statistics.grids == 1)
    #expect(cache.statistics.evictions == 2)
  }

  @Test func whatTheWallHasNotUsedYetGoesFirst() throws {
    // A granularity tried (8, coarsened from the wall's 4), then the wall at 4 again: the
    // grid of 8 goes before the colours the wall's analysis has just weighed.
    let shop = ShopPhoto()
    let weighed = try WeighedGrids()
    let other = grid(samples: shop.eight.pixels.count / 2)
    let budget =
      2 * other.byteCount + shop.four.byteCount + shop.eight.byteCount + weighed.gridBytes
      + weighed.colourBytes + weighed.markBytes - 1
    let cache = SampleGridCache(budget: budget)
    // An older grid the wall does not use: it needs a decode to be made again.
    _ = cache.grid(for: .init(sha256: "old", step: 1)) { other }
    shop.keep(in: cache)
    cache.startingWall()
    _ = cache.kept(for: shop.key(4)) { .init(grid: shop.four, header: shop.header) }
    weighed.weigh("b", in: cache)
    _ = cache.grid(for: .init(sha256: "other", step: 1)) { other }
    #expect(!cache.contains(shop.key(8)) && cache.contains(shop.key(4)))
    #expect(cache.contains(.init(sha256: "old", step: 1)))
    #expect(cache.statistics.weighingsDropped == 0 && cache.statistics.evictions == 1)
    weighed.weigh("b", in: cache)
    #expect(weighed.made == ["b"], "b's colours stayed")
  }

  @Test func aGridLargerThanTheBudgetIsUsedButNotKept() {
    let cache = SampleGridCache(budget: 100)
    let big = cache.grid(for: .init(sha256: "big", step: 1)) { grid(samples: 50) }
    #expect(big.columns == 50)
    #expect(cache.statistics.grids == 0 && cache.statistics.bytes == 0)
  }

  @Test func aCoarserStepIsMadeFromAKeptGridOnlyOverTheSameDecode() {
    func key(_ sha256: String, _ granularity: Int) -> SampleGridCache.Key {
      var parameters = Preset.product.parameters
      parameters.granularity = granularity
      return .init(sha256: sha256, step: granularity, plan: .analysis(parameters))
    }
    // A decode at 1/`reduction` of an image with `header`, and its grid at `step`.
    func sampled(_ header: ImageHeader?, _ reduction: Int, step: Int) -> SampleGridCache.Sampled {
      let (width, height) = (
        (header?.width ?? 400) / reduction, (header?.height ?? 400) / reduction
      )
      var buffer = PixelBuffer(width: width, height: height)
      for x in 0..<width {
        for y in 0..<height {
          buffer[x, y] = Pixel(red: UInt8(x % 256), green: UInt8(y % 256), blue: 9)
        }
      }
      return .init(
        grid: buffer.withView { SampleGrid($0, step: step, reduction: reduction) }, header: header)
    }
    let shop = ImageHeader(format: .jpeg, width: 1276, height: 1580)
    let wide = ImageHeader(format: .jpeg, width: 1700, height: 900)
    let cache = SampleGridCache(budget: 64 << 20)
    // Granularity 4 decodes both at 1/4; a third image's grid comes without a header.
    _ = cache.kept(for: key("shop", 4)) { sampled(shop, 4, step: 4) }
    _ = cache.kept(for: key("wide", 4)) { sampled(wide, 4, step: 4) }
    _ = cache.kept(for: key("unknown", 4)) { sampled(nil, 4, step: 4).grid }
    var decoded: [String] = []
    var grids: [String: SampleGrid] = [:]
    for (name, header) in [("shop", shop), ("wide", wide), ("unknown", nil)] {
      let reduction = name == "wide" ? 8 : 4
      let kept = cache.kept(for: key(name, 8)) {
        decoded.append(name)
        return sampled(header, reduction, step: 8)
      }
      grids[name] = kept.grid
    }
    // Granularity 8 decodes the shop photo at 1/4 too (1/8 would leave its longer side under
    // 200 px): its grid is coarsened from the kept one. The wide photo is decoded at 1/8 for
    // 8, other pixels; the third image's decode is not known.
    #expect(decoded == ["wide", "unknown"])
    #expect(cache.statistics.coarsened == 1 && cache.statistics.misses == 5)
    #expect(grids["shop"]?.pixels == sampled(shop, 4, step: 8).grid.pixels)
    // 12 is a multiple of 4, not of 8: coarsened from the finest grid kept, 4's.
    let twelve = cache.kept(for: key("shop", 12)) {
      Issue.record("decoded for 12")
      return sampled(shop, 4, step: 12)
    }
    #expect(cache.statistics.coarsened == 2)
    #expect(twelve.grid.pixels == sampled(shop, 4, step: 12).grid.pixels)
  }

  @Test func aNumberedOpaqueGridIsKeptCompact() throws {
    let file = repositoryRoot.appendingPathComponent("samples/01-red-sneaker.jpg")
    let image = try ImageDecoder().decode(
      try Data(contentsOf: file), source: file.path, plan: .analysis(Preset.product.parameters))
    let sampled = image.withPixels { SampleGrid($0, step: 4, reduction: image.reduction) }
    let cache = SampleGridCache(budget: 64 << 20)
    let key = SampleGridCache.Key(sha256: "sneaker", step: 4)
    let kept = cache.kept(for: key) { sampled }
    #expect(cache.statistics.bytes == sampled.byteCount)
    let numbered = cache.numbered(kept, for: key).grid
    #expect(numbered.colourNumbers != nil && numbered.pixels == sampled.pixels)
    // Kept as its colours' numbers: less than its pixels took, and given back whole.
    #expect(cache.statistics.bytes < sampled.byteCount)
    let again = cache.kept(for: key) {
      Issue.record("decoded again")
      return sampled
    }
    guard case .compact(let compact) = again else {
      Issue.record("kept whole")
      return
    }
    #expect(compact.grid.pixels == sampled.pixels && compact.grid.colourNumbers != nil)
    #expect(cache.numbered(again, for: key).grid.pixels == sampled.pixels)
    // Its fill's plan is made from what it keeps, without its pixels.
    let product = try PaletteAnalyzer(parameters: Preset.product.parameters)
    #expect(product.fillPlan(for: compact.outline) == product.fillPlan(for: sampled))
  }

  @Test func weighedColoursAreKeptBesideTheirGridAndServeAChangeOfBinningOnly() throws {
    let file = repositoryRoot.appendingPathComponent("samples/01-red-sneaker.jpg")
    let product = try PaletteAnalyzer(parameters: Preset.product.parameters)
    var fewer = Preset.product.parameters
    fewer.numColors = 2
    fewer.saturationPriority = 1
    let tuned = try PaletteAnalyzer(parameters: fewer)
    let image = try ImageDecoder().decode(
      try Data(contentsOf: file), source: file.path, plan: .analysis(product.parameters))
    let sampled = image.withPixels { SampleGrid($0, step: 4, reduction: image.reduction) }
    let key = SampleGridCache.Key(sha256: "sneaker", step: 4)
    let cache = SampleGridCache(budget: 64 << 20)
    let kept = cache.grid(for: key) { sampled }
    let marks = cache.marks(for: key, product.fillPlan(for: kept)) {
      product.backdropMarks(in: kept)
    }
    var weighed = 0
    for analyzer in [product, tuned, product] {
      let colours = cache.weighing(
        for: key, analyzer.weighingParameters(for: kept.outline, hint: .none, marks: marks),
        serving: analyzer.foregroundPriors
      ) {
        weighed += 1
        return analyzer.weighedColours(kept, marks: marks)
      }
      #expect(
        sameButForRounding(
          analyzer.analyze(colours).colors.map(StoredColor.init),
          analyzer.analyze(kept).colors.map(StoredColor.init)))
    }
    #expect(weighed == 1)
    let statistics = cache.statistics
    #expect(statistics.weighingHits == 2 && statistics.weighingMisses == 1)
    // The grid, its marks and its colours: the colours are counted, and less than half.
    let colours = product.weighedColours(kept, marks: marks)
    #expect(colours.byteCount > 0 && colours.byteCount <= kept.byteCount / 2)
    #expect(statistics.bytes >= kept.byteCount + colours.byteCount)
    // Beside no kept grid nothing is kept.
    var made = 0
    for _ in 0..<2 {
      _ = cache.weighing(
        for: .init(sha256: "gone", step: 4),
        product.weighingParameters(for: kept.outline, hint: .none, marks: marks),
        serving: product.foregroundPriors
      ) {
        made += 1
        return colours
      }
    }
    #expect(made == 2)
  }

  @Test func theLastTwoWeighingsAreKeptAndTheEarlierGoesFirst() throws {
    // The wall's weighing and background suppression off's (every sample, a scene's priors):
    // going back and forth weighs each once.
    let file = repositoryRoot.appendingPathComponent("samples/15-multicolour-sneaker.jpg")
    let product = try PaletteAnalyzer(parameters: Preset.product.parameters)
    var whole = Preset.product.parameters
    whole[.backgroundSuppression] = false
    let off = try PaletteAnalyzer(parameters: whole)
    let image = try ImageDecoder().decode(
      try Data(contentsOf: file), source: file.path, plan: .analysis(product.parameters))
    let sampled = image.withPixels { SampleGrid($0, step: 4, reduction: image.reduction) }
    let key = SampleGridCache.Key(sha256: "sneaker", step: 4)
    var made: [String] = []
    @discardableResult
    func weigh(
      _ analyzer: PaletteAnalyzer, _ name: String, hint: ProductHint = .none,
      in cache: SampleGridCache
    ) -> WeighedColours {
      // Numbered and kept compact, as a live wall keeps it.
      let grid = cache.numbered(cache.kept(for: key) { sampled }, for: key).grid
      let marks = cache.marks(for: key, analyzer.fillPlan(for: grid)) {
        analyzer.backdropMarks(in: grid)
      }
      return cache.weighing(
        for: key, analyzer.weighingParameters(for: grid.outline, hint: hint, marks: marks),
        serving: analyzer.foregroundPriors
      ) {
        made.append(name)
        return analyzer.weighedColours(grid, marks: marks, hint: hint)
      }
    }
    let cache = SampleGridCache(budget: 64 << 20)
    for (analyzer, name) in [(product, "wall"), (off, "off"), (product, "wall"), (off, "off")] {
      weigh(analyzer, name, in: cache)
    }
    #expect(made == ["wall", "off"])
    // A third goes in place of the one used least recently, the wall's.
    weigh(product, "worn", hint: ProductHint(title: "Cotton t-shirt"), in: cache)
    weigh(off, "off", in: cache)
    weigh(product, "wall", in: cache)
    #expect(made == ["wall", "off", "worn", "wall"])
    #expect(cache.statistics.weighingsDropped == 0)

    // Over the budget, the earlier weighing goes first, before the one used last.
    made = []
    let probe = SampleGridCache(budget: 64 << 20)
    weigh(product, "wall", in: probe)
    let offBytes = weigh(off, "off", in: probe).byteCount
    weigh(product, "wall", in: probe)
    let both = probe.statistics.bytes
    let other = grid(samples: 10)
    let budget = both + other.byteCount - 1
    // Dropping the earlier weighing (suppression off's) is enough to reach the budget's nine
    // tenths.
    try #require(both - offBytes + other.byteCount <= budget - budget / 10)
    let tight = SampleGridCache(budget: budget)
    made = []
    for (analyzer, name) in [(product, "wall"), (off, "off"), (product, "wall")] {
      weigh(analyzer, name, in: tight)
    }
    _ = tight.grid(for: .init(sha256: "other", step: 1)) { other }
    #expect(tight.statistics.weighingsDropped == 1 && tight.statistics.evictions == 0)
    weigh(product, "wall", in: tight)
    weigh(off, "off", in: tight)
    #expect(made == ["wall", "off", "off"], "the wall's stayed, suppression off's went")
  }

  @Test func weighedColoursTooManyForTheShareAreKeptForTheSettingAsked() throws {
    // A scene of noise (each sample its own colour) with a person in it: weighed for every
    // setting of the priors, its colours take several times its grid; kept for one setting,
    // they fit and serve that setting alone.
    var buffer = PixelBuffer(width: 40, height: 40)
    for x in 0..<40 {
      for y in 0..<40 {
        let n = UInt32(x * 40 + y) &* 2_654_435_761
        buffer[x, y] = Pixel(
          red: UInt8(truncatingIfNeeded: n >> 8), green: UInt8(truncatingIfNeeded: n >> 16),
          blue: UInt8(truncatingIfNeeded: n >> 24))
      }
    }
    let skin = Pixel(red: 224, green: 172, blue: 140)
    for x in 5..<15 { for y in 2..<12 { buffer[x, y] = skin } }
    for x in 25..<35 { for y in 2..<12 { buffer[x, y] = skin } }
    let sampled = buffer.withView { SampleGrid($0, step: 1) }
    var p = AnalysisParameters(granularity: 1)
    p[.backgroundSuppression] = true
    p.mergeDistance = 12
    p[.scenePrior] = true
    p[.skinSuppression] = true
    p[.garmentPrior] = true
    var sceneless = p
    sceneless[.scenePrior] = false
    let (asked, other) = (
      try PaletteAnalyzer(parameters: p), try PaletteAnalyzer(parameters: sceneless)
    )
    let hint = ProductHint(title: "Tank top")
    // The server's share keeps this scene's colours for every setting (about seven times its
    // grid); a smaller one does not.
    let every = try PaletteAnalyzer(parameters: p).weighedColours(
      sampled, marks: try PaletteAnalyzer(parameters: p).backdropMarks(in: sampled), hint: hint)
    #expect(every.byteCount <= sampled.byteCount * SampleGridCache.defaultWeighingShare)
    let cache = SampleGridCache(budget: 64 << 20, weighingShare: 4)
    let key = SampleGridCache.Key(sha256: "noise", step: 1)
    let kept = cache.grid(for: key) { sampled }
    let marks = cache.marks(for: key, asked.fillPlan(for: kept)) { asked.backdropMarks(in: kept) }
    #expect(every.byteCount > kept.byteCount * cache.weighingShare)
    var made = 0
    for analyzer in [asked, asked, other, other] {
      let colours = cache.weighing(
        for: key, analyzer.weighingParameters(for: kept.outline, hint: hint, marks: marks),
        serving: analyzer.foregroundPriors
      ) {
        made += 1
        return analyzer.weighedColours(kept, marks: marks, hint: hint)
      }
      #expect(
        sameButForRounding(
          analyzer.analyze(colours).colors.map(StoredColor.init),
          analyzer.analyze(kept, hint: hint).colors.map(StoredColor.init)))
    }
    // Made for the first ask of each setting; the second ask of each found them kept.
    #expect(made == 2)
    #expect(cache.statistics.weighingHits == 2 && cache.statistics.weighingMisses == 2)
    let narrowed = every.narrowed(to: asked.foregroundPriors)
    #expect(narrowed.serves(asked.foregroundPriors) && !narrowed.serves(other.foregroundPriors))
    #expect(every.serves(other.foregroundPriors))
    // What is kept beside the grid and its marks is within the share, so not every setting.
    let colours = cache.statistics.bytes - kept.byteCount - marks.byteCount
    #expect(colours > 0 && colours <= kept.byteCount * cache.weighingShare)
  }
}

/// Grids of 400 samples of distinct colours, whose colours weighed take more than the grid,
/// weighed through a cache as a live wall does.
private final class WeighedGrids {
  let product: PaletteAnalyzer
  let gridBytes: Int
  let colourBytes: Int
  let markBytes: Int
  /// The grids whose colours were weighed, in order.
  var made: [String] = []

  init() throws {
    product = try PaletteAnalyzer(parameters: Preset.product.parameters)
    let probe = Self.distinct(0)
    let marks = product.backdropMarks(in: probe)
    (gridBytes, colourBytes, markBytes) = (
      probe.byteCount, product.weighedColours(probe, marks: marks).byteCount, marks.byteCount
    )
  }

  static func distinct(_ seed: UInt32) -> SampleGrid {
    var buffer = PixelBuffer(width: 20, height: 20)
    for x in 0..<20 {
      for y in 0..<20 {
        let n = (UInt32(x * 20 + y) &+ seed &* 400) &* 2_654_435_761
        buffer[x, y] = Pixel(
          red: UInt8(truncatingIfNeeded: n >> 8), green: UInt8(truncatingIfNeeded: n >> 16),
          blue: UInt8(truncatingIfNeeded: n >> 24))
      }
    }
    return buffer.withView { SampleGrid($0, step: 1) }
  }

  /// The colours of grid `name` (made from `name`'s characters), weighed when not kept.
  func weigh(_ name: String, in cache: SampleGridCache) {
    let key = SampleGridCache.Key(sha256: name, step: 1)
    let kept = cache.grid(for: key) { Self.distinct(UInt32(name.unicodeScalars.first!.value)) }
    let marks = cache.marks(for: key, product.fillPlan(for: kept)) {
      product.backdropMarks(in: kept)
    }
    _ = cache.weighing(
      for: key, product.weighingParameters(for: kept.outline, hint: .none, marks: marks),
      serving: product.foregroundPriors
    ) {
      made.append(name)
      return product.weighedColours(kept, marks: marks)
    }
  }
}

/// A shop photo (1276 × 1580 JPEG) decoded at 1/4 and sampled every decoded pixel
/// (granularity 4), and its grid at granularity 8, coarsened from it.
private struct ShopPhoto {
  let header = ImageHeader(format: .jpeg, width: 1276, height: 1580)
  let four: SampleGrid
  let eight: SampleGrid

  init() {
    var buffer = PixelBuffer(width: 319, height: 395)
    for x in 0..<319 {
      for y in 0..<395 {
        buffer[x, y] = Pixel(red: UInt8(x % 256), green: UInt8(y % 256), blue: 9)
      }
    }
    four = buffer.withView { SampleGrid($0, step: 4, reduction: 4) }
    eight = four.coarsened(by: 2)
  }

  func key(_ granularity: Int) -> SampleGridCache.Key {
    var parameters = Preset.product.parameters
    parameters.granularity = granularity
    return .init(sha256: "shop", step: granularity, plan: .analysis(parameters))
  }

  /// Keeps the grid of 4, then makes the grid of 8 from it.
  func keep(in cache: SampleGridCache) {
    _ = cache.kept(for: key(4)) { .init(grid: four, header: header) }
    _ = cache.kept(for: key(8)) {
      Issue.record("decoded for 8")
      return .init(grid: eight, header: header)
    }
  }
}
