import Foundation
import HuewallColorWords
import HuewallCore
import HuewallDecode
import HuewallPalette
import HuewallStore
import Testing

@testable import HuewallServe

@Suite struct AnticipationTests {
  /// The product preset with `change` made.
  static func product(_ change: (inout AnalysisParameters) -> Void) -> AnalysisParameters {
    var parameters = Preset.product.parameters
    change(&parameters)
    return parameters
  }

  /// The samples in an image cache, and a live analysis of them whose grid cache holds
  /// `budget` bytes, which has analysed them once under the product preset.
  static func analysedSamples(budget: Int, jobs: Int = 2) async throws -> (
    SampleImages, LiveAnalysis
  ) {
    let images = try SampleImages()
    let live = LiveAnalysis(
      images: images.cache, grids: SampleGridCache(budget: budget), decoder: ImageDecoder(),
      jobs: jobs)
    try await live.analyse(
      images.files.keys.sorted(), with: try PaletteAnalyzer(parameters: Preset.product.parameters)
    ) { _ in }
    return (images, live)
  }

  /// Anticipated are the changes that fill, weigh or sample every photo again: each backdrop
  /// step switched, background suppression first, then the granularity doubled. A control
  /// that bins is not (it costs the binning alone).
  @Test func theWallsAnticipatedAreTheDearChangesOneControlAway() {
    let neighbours = LiveAnalysis.neighbours(of: Preset.product.parameters)
    #expect(
      neighbours == [
        Self.product { $0[.backgroundSuppression] = false },
        Self.product { $0[.deepShadows] = false },
        Self.product { $0[.backdropTint] = false }, Self.product { $0[.thinOutlines] = false },
        Self.product { $0.granularity = 8 },
      ])
    // From a set with one of them off, switching it back on is among them.
    let off = Self.product { $0[.backgroundSuppression] = false }
    #expect(LiveAnalysis.neighbours(of: off).first == Preset.product.parameters)
  }

  /// Each anticipated wall is, image by image, what analysing the image under its parameters
  /// gives, and anticipating keeps nothing in the grid cache and counts nothing there: the
  /// wall on screen keeps what it kept.
  @Test func anAnticipatedWallIsTheWallAChangeWouldAnalyseAndTheCacheIsLeftAsItWas()
    async throws
  {
    let (images, live) = try await Self.analysedSamples(budget: 64 << 20)
    defer { images.cleanUp() }
    let (grids, hashes) = (live.grids, images.files.keys.sorted())
    let kept = grids.statistics
    await live.anticipate(hashes, for: Preset.product.parameters)
    #expect(grids.statistics == kept)
    for neighbour in LiveAnalysis.neighbours(of: Preset.product.parameters) {
      let wall = live.walls.results(for: neighbour, hints: [:])
      #expect(wall.count == hashes.count, "granularity \(neighbour.granularity)")
      try LiveAnalysisTests.expectDirect(
        hashes.compactMap { wall[$0] }, of: images, by: try PaletteAnalyzer(parameters: neighbour))
    }
  }

  /// An image whose grid is not kept (the cache is too small) is left to the change, which
  /// decodes it: anticipating never decodes.
  @Test func anImageWhoseGridIsNotKeptIsNotAnticipated() async throws {
    let (images, live) = try await Self.analysedSamples(budget: 0)
    defer { images.cleanUp() }
    let (grids, hashes) = (live.grids, images.files.keys.sorted())
    let misses = grids.statistics.misses
    await live.anticipate(hashes, for: Preset.product.parameters)
    #expect(grids.statistics.misses == misses)
    for neighbour in LiveAnalysis.neighbours(of: Preset.product.parameters) {
      #expect(live.walls.count(for: neighbour) == 0)
    }
    // The wall analysed is known all the same.
    #expect(live.walls.count(for: Preset.product.parameters) == hashes.count)
  }

  /// A wall analysed after the anticipation started stops it: the cores go to the change.
  @Test func anotherAnalysisOfTheWallStopsTheAnticipation() async throws {
    let (images, live) = try await Self.analysedSamples(budget: 64 << 20, jobs: 1)
    defer { images.cleanUp() }
    let (grids, hashes) = (live.grids, images.files.keys.sorted())
    // A change starts before the anticipation's first image.
    let wall = grids.latestWall
    grids.startingWall()
    await live.anticipate(hashes, for: Preset.product.parameters, behind: wall)
    for neighbour in LiveAnalysis.neighbours(of: Preset.product.parameters) {
      #expect(live.walls.count(for: neighbour) == 0)
    }
    // Nor does a response whose wall another followed start one, nor one a change was asked
    // after (before its analysis started).
    live.anticipateBehind(hashes, for: Preset.product.parameters, hints: [:], behind: wall)
    #expect(!live.isAnticipating)
    let latest = grids.latestWall
    live.stopAnticipating()
    live.anticipateBehind(hashes, for: Preset.product.parameters, hints: [:], behind: latest)
    #expect(!live.isAnticipating)
  }
}

@Suite struct KnownWallsTests {
  static func result(_ sha: String, _ hex: String, failure: String? = nil) -> LiveAnalysis.Result {
    LiveAnalysis.Result(
      sha256: sha,
      colors: failure == nil
        ? [StoredColor(h: 0, s: 1, v: 1, hex: hex, share: 1, weight: 1, family: .red)] : [],
      family: failure == nil ? .red : nil, failure: failure)
  }

  /// A result serves the hint it was analysed under only: a product renamed since (another
  /// title, another garment) is analysed again.
  @Test func aResultServesTheHintItWasAnalysedUnder() {
    let walls = KnownWalls()
    let parameters = Preset.product.parameters
    let blouse = ProductHint(title: "Women's blouse")
    walls.remember(Self.result("a", "#ff0000"), hint: blouse, under: parameters)
    walls.remember(Self.result("b", "#00ff00"), hint: .none, under: parameters)
    #expect(walls.results(for: parameters, hints: ["a": blouse]).keys.sorted() == ["a", "b"])
    #expect(walls.results(for: parameters, hints: [:]).keys.sorted() == ["b"])
    #expect(walls.results(for: Preset.reference.parameters, hints: [:]).isEmpty)
  }

  /// A failure is not kept: it may be a cancellation, or an image a later run stores.
  @Test func aFailureIsNotKept() {
    let walls = KnownWalls()
    walls.remember(
      Self.result("a", "", failure: "cancelled"), hint: .none, under: Preset.product.parameters)
    #expect(walls.count(for: Preset.product.parameters) == 0)
  }

  /// Past the byte budget, the walls asked least recently go first; a wall that alone would
  /// take more keeps no more results.
  @Test func theByteBudgetHoldsAndTheWallAskedLeastRecentlyGoesFirst() {
    let sets = (3...4).map { n in AnticipationTests.product { $0.numColors = n } }
    let probe = KnownWalls()
    probe.remember(Self.result("a", "#ff0000"), hint: .none, under: sets[0])
    let one = probe.byteCount
    #expect(one > 0)
    let walls = KnownWalls(byteBudget: 2 * one)
    for sha in ["a", "b"] {
      walls.remember(Self.result(sha, "#ff0000"), hint: .none, under: sets[0])
    }
    #expect(walls.count(for: sets[0]) == 2)
    walls.remember(Self.result("a", "#ff0000"), hint: .none, under: sets[1])
    #expect(walls.count(for: sets[0]) == 0 && walls.count(for: sets[1]) == 1)
    for sha in ["b", "c"] {
      walls.remember(Self.result(sha, "#ff0000"), hint: .none, under: sets[1])
    }
    #expect(walls.count(for: sets[1]) == 2 && walls.byteCount == 2 * one)
  }

  /// Past the capacity, the wall asked least recently goes.
  @Test func theWallAskedLeastRecentlyGoesFirst() {
    let walls = KnownWalls(capacity: 2)
    let sets = (3...5).map { n in AnticipationTests.product { $0.numColors = n } }
    walls.remember(Self.result("a", "#ff0000"), hint: .none, under: sets[0])
    walls.remember(Self.result("a", "#ff0000"), hint: .none, under: sets[1])
    _ = walls.results(for: sets[0], hints: [:])
    walls.remember(Self.result("a", "#ff0000"), hint: .none, under: sets[2])
    #expect(sets.map { walls.count(for: $0) } == [1, 0, 1])
  }
}
