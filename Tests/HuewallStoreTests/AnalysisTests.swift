import Foundation
import GRDB
import HuewallColorWords
import HuewallCore
import Testing

@testable import HuewallPostgres
@testable import HuewallStore

@Suite("Analyses and the catalogue")
struct AnalysisTests {
  let blue = StoredColor(
    h: 0.5700000000000001, s: 0.8, v: 0.6000000000000001, hex: "#1f5c99", share: 0.31,
    weight: 1234.5, family: .blue)
  let white = StoredColor(
    h: 0, s: 0, v: 1, hex: "#ffffff", share: 0.6, weight: 2400, family: .white)

  func analysis(_ sha: String, set: Int64, colors: [StoredColor], family: ColorFamily? = .blue)
    -> AnalysisRecord
  {
    AnalysisRecord(
      imageSHA256: sha, parameterSetID: set, width: 1000, height: 750, colors: colors,
      family: family, samples: 46_875, skipped: 12, background: 30_000, analysedAt: t0)
  }

  /// The stored analysis of `sha` under `set`, read back through the row type.
  func stored(_ store: any Catalogue, _ sha: String, set: Int64) async throws -> AnalysisRecord? {
    switch store {
    case let store as CatalogStore:
      try store.read { db in
        try AnalysisRow.fetchOne(db, key: ["parameter_set_id": set, "image_sha256": sha])?.record
      }
    case let catalog as PostgresCatalog:
      try await catalog.analysis(imageSHA256: sha, parameterSetID: set)
    default:
      nil
    }
  }

  @Test("analyses save, read back exactly, and replace on save", arguments: Backend.allCases)
  func roundTrip(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let set = try await store.parameterSet(for: .reference, preset: "reference", name: nil).id
      var first = analysis("aaaa", set: set, colors: [white, blue], family: .white)
      first.backdrop = "#f0e6d2"
      try await store.saveAnalyses([first])
      #expect(try await stored(store, "aaaa", set: set) == first)
      #expect(try await stored(store, "aaaa", set: set + 1) == nil)
      #expect(try await stored(store, "bbbb", set: set) == nil)

      var redone = first
      redone.colors = [blue]
      redone.family = nil
      redone.analysedAt = t1
      redone.backdrop = "scene"
      try await store.saveAnalyses([redone])
      #expect(try await stored(store, "aaaa", set: set) == redone)
      #expect(try await store.strings("SELECT count(*) FROM analyses") == ["1"])
    }
  }

  @Test("analysed hashes are per parameter set", arguments: Backend.allCases)
  func analysedHashes(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let reference = try await store.parameterSet(for: .reference, preset: "reference", name: nil)
        .id
      let product = try await store.parameterSet(
        for: Preset.product.parameters, preset: "product", name: nil
      ).id
      try await store.saveAnalyses([
        analysis("aaaa", set: reference, colors: [blue]),
        analysis("bbbb", set: reference, colors: [blue]),
        analysis("bbbb", set: product, colors: [white]),
      ])
      #expect(try await store.analysedImageHashes(parameterSetID: reference) == ["aaaa", "bbbb"])
      #expect(try await store.analysedImageHashes(parameterSetID: product) == ["bbbb"])
      #expect(try await store.analysedImageHashes(parameterSetID: 99) == [])
    }
  }

  @Test(
    "a batch with an unknown parameter set fails whole and names the file",
    arguments: Backend.allCases)
  func batchIsAtomic(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let set = try await store.parameterSet(for: .reference, preset: "reference", name: nil).id
      let error = await #expect(throws: StoreError.self) {
        try await store.saveAnalyses([
          analysis("aaaa", set: set, colors: [blue]),
          analysis("bbbb", set: 42, colors: [blue]),
        ])
      }
      #expect(error?.path == store.location)
      #expect(isForeignKeyFailure(error, backend))
      #expect(try await store.analysedImageHashes(parameterSetID: set).isEmpty)
    }
  }

  @Test(
    "the export reads every product with its main image and that image's analysis",
    arguments: Backend.allCases)
  func catalogue(_ backend: Backend) async throws {
    try await withCatalogue(backend) { store in
      let set = try await store.parameterSet(for: .reference, preset: "reference", name: nil).id
      let other = try await store.parameterSet(
        for: AnalysisParameters(granularity: 8), preset: "reference", name: nil
      ).id

      // a: image fetched and analysed. b: image fetched, analysed only with the other set.
      // c: image never fetched. d: no image at all. e: removed, analysed. f: shares a's bytes
      // under another URL.
      let a = sampleProduct("a")
      let b = sampleProduct("b")
      let c = sampleProduct("c")
      let d = Product(id: "d", title: "No picture", imageURLs: [])
      let e = sampleProduct("e")
      var f = sampleProduct("f")
      f.imageURLs = [url("https://mirror.example/a-1.jpg")]
      try await store.syncProducts([a, b, c, d, e, f], at: t0)
      try await store.syncProducts([a, b, c, d, f], at: t1)

      func image(_ product: Product, sha: String) -> ImageRecord {
        ImageRecord(
          url: product.imageURLs[0].absoluteString, sha256: sha, format: .jpeg, width: 1000,
          height: 750, lastStatus: .downloaded, fetchedAt: t0)
      }
      let imageA = image(a, sha: "aaaa")
      let imageB = image(b, sha: "bbbb")
      let imageE = image(e, sha: "eeee")
      let imageF = image(f, sha: "aaaa")
      // A record for a's second image, which is not the one analysed.
      let secondA = ImageRecord(
        url: a.imageURLs[1].absoluteString, sha256: "zzzz", lastStatus: .downloaded,
        fetchedAt: t0)
      try await store.saveImages([imageA, imageB, imageE, imageF, secondA])
      let analysisA = analysis("aaaa", set: set, colors: [blue])
      let analysisE = analysis("eeee", set: set, colors: [white], family: .white)
      try await store.saveAnalyses([
        analysisA, analysisE, analysis("bbbb", set: other, colors: [white]),
        analysis("zzzz", set: set, colors: [white]),
      ])

      func entries(_ set: Int64) async throws -> [ExportEntry] {
        var entries: [ExportEntry] = []
        try await store.forEachExportEntry(parameterSetID: set) { entries.append($0) }
        return entries
      }
      let all = try await entries(set)
      #expect(all.map(\.id) == ["a", "b", "c", "d", "e", "f"])
      #expect(all.map(\.imageSHA256) == ["aaaa", "bbbb", nil, nil, "eeee", "aaaa"])
      #expect(all.map(\.colors) == [[blue], nil, nil, nil, [white], [blue]])
      #expect(all.map(\.family) == [.blue, nil, nil, nil, .white, .blue])
      #expect(all.map(\.isRemoved) == [false, false, false, false, true, false])
      #expect(all[0].title == a.title && all[0].brand == a.brand)
      #expect(all[0].vendorColor == a.vendorColor)
      #expect(all[0].link == a.link?.absoluteString)
      #expect(all[0].imageURL == a.imageURLs[0].absoluteString)
      #expect(all[3].imageURL == nil)

      let otherEntries = try await entries(other)
      #expect(otherEntries.map(\.colors) == [nil, [white], nil, nil, nil, nil])

      // A colours column edited into something else is an error naming the product and image.
      try await store.execute("UPDATE analyses SET colors = 'oops' WHERE image_sha256 = 'eeee'")
      let error = await #expect(throws: StoreError.self) { _ = try await entries(set) }
      guard case .unreadableData(let detail) = error?.reason else {
        Issue.record("expected unreadable data, got \(String(describing: error))")
        return
      }
      #expect(detail.contains("image eeee") && detail.contains("product e"), "\(detail)")

      // So is a family that is no family, in the product's column or among its colours.
      try await store.execute("UPDATE analyses SET family = 'teal' WHERE image_sha256 = 'aaaa'")
      let family = await #expect(throws: StoreError.self) { _ = try await entries(set) }
      guard case .unreadableData(let familyDetail) = family?.reason else {
        Issue.record("expected unreadable data, got \(String(describing: family))")
        return
      }
      #expect(
        familyDetail.contains("product a") && familyDetail.contains("\"teal\""),
        "\(familyDetail)")
      try await store.execute(
        "UPDATE analyses SET family = NULL, colors = replace(colors, 'white', 'chalk')"
          + " WHERE image_sha256 = 'bbbb'")
      let colour = await #expect(throws: StoreError.self) { _ = try await entries(other) }
      guard case .unreadableData(let colourDetail) = colour?.reason else {
        Issue.record("expected unreadable data, got \(String(describing: colour))")
        return
      }
      #expect(colourDetail.contains("product b"), "\(colourDetail)")
    }
  }
}
