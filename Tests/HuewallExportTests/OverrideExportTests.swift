import Foundation
import HuewallColorWords
import HuewallCore
import HuewallStore
import Testing

@testable import HuewallExport

/// A person's decision in the export: it wins over the analysis, moves the product on the
/// wall, and is set aside (but shown) once the image changes.
@Suite struct OverrideExportTests {
  let seeds = [
    Seed(
      id: "jacket", vendorColor: "Blue",
      colors: [
        color(0, 0, 1, share: 0.5, hex: "#ffffff"),
        color(0.6, 0.8, 0.8, share: 0.3, hex: "#296acc"),
        color(0.62, 0.7, 0.3, share: 0.2, hex: "#17234d"),
      ]),
    Seed(id: "mug", colors: [color(0.36, 0.6, 0.6, share: 0.8, hex: "#3d994c")]),
  ]
  let date = Date(timeIntervalSince1970: 1_800_000_000)

  func export(_ overrides: [ColorOverride], change: String? = nil) async throws
    -> ColorsDocument
  {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let (store, set) = try makeStore(in: scratch, seeds: seeds)
    try store.saveColorOverrides(overrides)
    if let change {
      try await store.saveImage(
        ImageRecord(
          url: "https://images.example/\(change).jpg", sha256: fakeHash("new " + change),
          lastStatus: .downloaded, fetchedAt: date))
      let seed = try #require(seeds.first { $0.product.id == change })
      try store.saveAnalyses([
        AnalysisRecord(
          imageSHA256: fakeHash("new " + change), parameterSetID: set.id, width: 100,
          height: 100, colors: seed.colors, family: seed.family, samples: 100, skipped: 0,
          background: 0, analysedAt: date)
      ])
    }
    _ = try await Exporter(store: store).export(parameterSet: set, to: scratch.url("out"))
    return try decode(scratch.url("out/colors.json"))
  }

  @Test func aDecisionWithAHexComesFirstAndSaysSo() async throws {
    let document = try await export([
      ColorOverride(
        productID: "jacket", family: .navy, hex: "#1b2a4a", note: "backdrop won",
        decidedAt: date, imageSHA256: fakeHash("jacket"))
    ])
    let jacket = try #require(document.products.first { $0.id == "jacket" })
    #expect(jacket.decidedBy == .override)
    #expect(jacket.family == .navy)
    #expect(jacket.colors.first?.hex == "#1b2a4a")
    #expect(jacket.colors.first?.family == .navy)
    #expect(jacket.colors.first?.share == 0.2, "it takes the share of the navy it replaces")
    #expect(jacket.colors.map(\.hex) == ["#1b2a4a", "#ffffff", "#296acc"])
    #expect(jacket.override?.current == true)
    #expect(jacket.override?.note == "backdrop won")
    #expect(jacket.override?.name == NamedColourTable.css.name(ofHex: "#1b2a4a"))
    #expect(jacket.disagreement, "the vendor says blue, the person navy")
    // Navy is dark: the jacket now sorts with the darks, after the green mug.
    #expect(document.products.map(\.id) == ["mug", "jacket"])
    let mug = try #require(document.products.first { $0.id == "mug" })
    #expect(mug.decidedBy == .analysis && mug.override == nil)
  }

  @Test func aDecisionWithoutAHexMovesTheFamilysColoursFirst() async throws {
    let document = try await export([
      ColorOverride(productID: "jacket", family: .blue, decidedAt: date, imageSHA256: nil)
    ])
    let jacket = try #require(document.products.first { $0.id == "jacket" })
    #expect(jacket.family == .blue && jacket.decidedBy == .override)
    #expect(jacket.colors.map(\.hex) == ["#296acc", "#ffffff", "#17234d"])
    #expect(!jacket.disagreement)
  }

  @Test func aFamilyTheAnalysisDidNotFindGetsItsSwatch() async throws {
    let document = try await export([
      ColorOverride(productID: "mug", family: .red, decidedAt: date, imageSHA256: nil)
    ])
    let mug = try #require(document.products.first { $0.id == "mug" })
    #expect(mug.colors.first?.family == .red)
    #expect(mug.colors.first?.hex == ColorFamily.red.swatch)
    #expect(mug.colors.count == 2)
  }

  @Test func aChangedImageSetsTheDecisionAsideButShowsIt() async throws {
    let document = try await export(
      [
        ColorOverride(
          productID: "jacket", family: .navy, hex: "#1b2a4a", decidedAt: date,
          imageSHA256: fakeHash("jacket"))
      ], change: "jacket")
    let jacket = try #require(document.products.first { $0.id == "jacket" })
    #expect(jacket.decidedBy == .analysis)
    #expect(jacket.override?.current == false)
    #expect(jacket.override?.family == .navy)
  }
}
