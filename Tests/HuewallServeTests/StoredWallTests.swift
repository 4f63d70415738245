import Foundation
import HuewallColorWords
import HuewallCore
import HuewallDecode
import HuewallPalette
import HuewallPipeline
import HuewallStore
import Testing

@testable import HuewallServe

/// Going back to a stored set costs no analysis, and a link to parameters no set has opens at
/// once, its tiles on screen analysed first.
@Suite(.serialized) struct StoredWallTests {
  @Test func goingBackToAStoredSetStreamsItsAnalysesWithoutAnalysing() async throws {
    try await ServedCatalogue.run(anticipates: false) { served in
      // One stored analysis marked with a colour the kernel would not find: a stream read
      // from the store shows it, one analysed again does not.
      let store = try CatalogStore(path: served.configuration.database)
      let set = try #require(try store.parameterSets().first)
      var entries: [ExportEntry] = []
      try store.forEachExportEntry(parameterSetID: set.id, imagesPerProduct: 3) {
        entries.append($0)
      }
      let sha = try #require(entries.first { $0.id == "HW-024" }?.imageSHA256)
      let mark = StoredColor(
        h: 0.58, s: 0.7, v: 0.34, hex: "#1a3d57", share: 1, weight: 1, family: .blue)
      try store.saveAnalyses([
        AnalysisRecord(
          imageSHA256: sha, parameterSetID: set.id, width: 1, height: 1, colors: [mark],
          family: .blue, samples: 1, skipped: 0, background: 0, plainness: 1,
          analysedAt: Date())
      ])
      func hexes(_ lines: [[String: Any]], _ id: String) -> [String]? {
        (lines.first { $0["product"] as? String == id }?["colors"] as? [[String: Any]])?
          .compactMap { $0["hex"] as? String }
      }
      let back = try await served.analysis("preset=product&first=HW-024")
      #expect(back.first?["product"] as? String == "HW-024")
      #expect(hexes(back, "HW-024") == ["#1a3d57"])
      #expect(back.last?["order"] is [String])
      // Behind the stored wall the sample grids were readied, with what the analysis keeps
      // beside them, so that a change costs what it changes alone: every image's grid is
      // kept, and its colours weighed under the stored set's parameters.
      let images = Set(entries.filter { !$0.isRemoved }.compactMap(\.imageSHA256))
      let kept = served.server.live.grids.statistics
      #expect(kept.grids == images.count && kept.misses == images.count)
      #expect(kept.weighingMisses == images.count && kept.markMisses == images.count)
      // A change of a control that bins analyses: the marked product gets its own colours
      // back, binned from the colours weighed behind the stored wall.
      let changed = try await served.analysis("preset=product&numColors=4")
      #expect(hexes(changed, "HW-024") != ["#1a3d57"])
      let after = served.server.live.grids.statistics
      #expect(after.misses == images.count && after.weighingMisses == images.count)
      #expect(after.weighingHits == images.count && after.markHits == images.count)
    }
  }

  @Test func aChangeThatLeavesTheFillsPlanSkipsTheFill() async throws {
    try await ServedCatalogue.run(anticipates: false) { served in
      let grids = served.server.live.grids
      _ = try await served.analysis("preset=product&numColors=4")
      let analysed = grids.statistics.markMisses
      #expect(analysed >= 20 && grids.statistics.markHits == 0)
      // The colours' count: every image's backdrop marks are kept.
      let changed = try await served.analysis("preset=product&numColors=5")
      #expect(grids.statistics.markHits == analysed && grids.statistics.markMisses == analysed)
      #expect(changed.last?["order"] is [String])
      // The fill reads the backdrop tint on a tinted backdrop only: a change of it marks those
      // images again, and finds the others' marks kept (their fill's plan is the same).
      let untinted = try await served.analysis("preset=product&numColors=5&backdropTint=false")
      let refilled = grids.statistics.markMisses - analysed
      #expect(refilled > 0 && refilled < analysed, "\(refilled) of \(analysed)")
      #expect(grids.statistics.markHits == analysed + (analysed - refilled))
      #expect(untinted.last?["order"] is [String])
      // Both sets' marks stay beside the grids: going back to the tint costs no fill.
      _ = try await served.analysis("preset=product&numColors=6")
      #expect(grids.statistics.markMisses == analysed + refilled)
      #expect(grids.statistics.markHits == 2 * analysed + (analysed - refilled))
    }
  }

  @Test func aBackdropChangeAnalysesAgainOnlyThePhotosWhoseMarksItMoves() async throws {
    let untinted = "preset=product&numColors=5&backdropTint=false"
    func json(_ lines: [[String: Any]]) throws -> Data {
      try JSONSerialization.data(withJSONObject: lines, options: .sortedKeys)
    }
    var fresh = Data()
    try await ServedCatalogue.run(anticipates: false) { served in
      fresh = try json(try await served.analysis(untinted))
    }
    try await ServedCatalogue.run(anticipates: false) { served in
      let grids = served.server.live.grids
      _ = try await served.analysis("preset=product&numColors=5")
      let analysed = grids.statistics.analysisMisses
      #expect(analysed >= 20 && grids.statistics.analysisHits == 0)
      // The kept tint reads a tinted backdrop only: the other photos' analyses are kept.
      let lines = try await served.analysis(untinted)
      let again = grids.statistics.analysisMisses - analysed
      #expect(again > 0 && again < analysed, "\(again) of \(analysed)")
      #expect(grids.statistics.analysisHits == analysed - again)
      // What was kept is what a server that kept nothing gives.
      #expect(try json(lines) == fresh)
      // Every alpha threshold treats an opaque photo alike: its analysis is kept.
      let opaque = try await served.analysis(untinted + "&alphaThreshold=30")
      #expect(grids.statistics.analysisMisses - analysed - again < analysed / 2)
      #expect(opaque.last?["order"] is [String])
      // A change of binning analyses every photo again.
      let hits = grids.statistics.analysisHits
      _ = try await served.analysis(untinted + "&numColors=3")
      #expect(grids.statistics.analysisHits == hits)
    }
  }

  @Test func aLinkToUnstoredParametersOpensAtOnceAndAnalysesTheTilesOnScreenFirst() async throws {
    try await ServedCatalogue.run { served in
      let (status, _, page) = try await served.get("?numColors=2&hueWrap=false")
      #expect(status == 200)
      // The stored set's wall stands in: nothing was decoded or analysed for the page.
      #expect(page.contains(#"data-pending=""#))
      #expect(served.server.live.grids.statistics == SampleGridCache.Statistics())
      // What the page then asks for: the tiles on screen first, under the link's parameters.
      let lines = try await served.analysis("numColors=2&hueWrap=false&first=HW-013%0AHW-002")
      #expect(lines.prefix(2).map { $0["product"] as? String } == ["HW-013", "HW-002"])
      #expect(lines.dropLast().allSatisfy { ($0["colors"] as? [Any])?.count ?? 0 <= 2 })
      #expect(lines.last?["order"] is [String])
    }
  }
}

@Suite struct GridBudgetTests {
  @Test func theDefaultHoldsTheCatalogueUpToAQuarterOfTheMachine() throws {
    let machine = 16 << 30
    let fits = GridBudget(needed: 600 << 20, images: 1000, granularity: 4, memory: machine)
    #expect(fits.bytes >= 600 << 20 && fits.fits && fits.warning == nil && !fits.isChosen)
    // Room for a product not yet cached (an eighth) and for the grids' weighed colours (as
    // much again, twice: two weighings a grid), then a quarter of that for a granularity twice
    // as coarse.
    #expect(fits.bytes == 1875 << 20 + 1875 << 20 / 4)
    let small = GridBudget(needed: 1 << 20, images: 24, granularity: 4, memory: machine)
    #expect(small.bytes == GridBudget.minimumDefault)
    let large = GridBudget(needed: 6 << 30, images: 12_000, granularity: 4, memory: machine)
    #expect(large.bytes == 4 << 30 && !large.fits)
    let warning = try #require(large.warning)
    #expect(warning.contains("--grid-memory") && warning.contains("6144 MB"), "\(warning)")
    let chosen = GridBudget(
      needed: 600 << 20, images: 1000, granularity: 4, memory: machine, chosenMegabytes: 512)
    #expect(chosen.bytes == 512 << 20 && chosen.isChosen)
    #expect(chosen.warning?.contains("--grid-memory is 512 MB") == true)
    let enough = GridBudget(
      needed: 600 << 20, images: 1000, granularity: 4, memory: machine, chosenMegabytes: 700)
    #expect(enough.warning == nil)
  }

  @Test func aShopSizeJPEGKeepsItsSamplesAloneAtTheProductPreset() {
    // 1274 × 1580, the size shops upload: decoded at 1/4 for granularity 4, every decoded
    // pixel is a sample and none lies between two; libgd's full decode (the reference
    // preset) keeps the 3 pixels between neighbouring samples too, for thin outlines.
    let photo = ImageHeader(format: .jpeg, width: 1274, height: 1580)
    let samples = 319 * 395
    #expect(GridBudget.gridBytes(of: photo, parameters: Preset.product.parameters) == samples * 4)
    #expect(
      GridBudget.gridBytes(of: photo, parameters: Preset.reference.parameters) == samples * 7 * 4)
    let png = ImageHeader(format: .png, width: 1274, height: 1580)
    #expect(
      GridBudget.gridBytes(of: png, parameters: Preset.product.parameters) == samples * 7 * 4)
  }

  @Test func theCataloguesEstimateIsWhatItsGridsTake() async throws {
    try await ServedCatalogue.run { served in
      let budget = try GridBudget.forCatalogue(served.configuration, chosenMegabytes: nil)
      #expect(budget.images == 24 && budget.fits && budget.warning == nil)
      // The stored wall readies every image's grid behind it; whole, without the colours'
      // numbers the cache keeps them by, they take what the estimate says.
      _ = try await served.analysis("")
      let grids = served.server.live.grids
      #expect(grids.statistics.grids == budget.images)
      let parameters = try served.configuration.analysis.parameters()
      let store = try CatalogStore(path: served.configuration.database, access: .readOnly)
      defer { try? store.close() }
      let shown = try TuningServer.catalogue(store: store, configuration: served.configuration)
        .filter { !$0.isRemoved }
      let bytes = try Set(shown.compactMap(\.imageSHA256)).reduce(0) { sum, sha in
        let grid = try grids.grid(
          for: .init(sha256: sha, step: parameters.granularity, plan: .analysis(parameters))
        ) { throw CocoaError(.fileNoSuchFile) }
        return sum + grid.byteCount - (grid.colourNumbers?.byteCount ?? 0)
      }
      #expect(bytes == budget.needed)
    }
  }
}
