import Foundation
import HuewallColorWords
import HuewallCore
import HuewallDecode
import HuewallFetch
import HuewallPalette
import HuewallPipeline
import HuewallStore
import HuewallTestSupport
import Testing

@testable import HuewallServe

let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// An image cache in a temporary folder holding every sample image, by hash.
struct SampleImages {
  let folder: URL
  let cache: ImageCache
  /// Hash → file name.
  let files: [String: String]

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-serve-\(UUID().uuidString)")
    cache = try ImageCache(directory: folder.appendingPathComponent("images"))
    var files: [String: String] = [:]
    let samples = repositoryRoot.appendingPathComponent("samples")
    for name in try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted() {
      let data = try Data(contentsOf: samples.appendingPathComponent(name))
      guard ImageFormat.sniff(Array(data.prefix(64))) != nil else { continue }
      files[try cache.store(data)] = name
    }
    self.files = files
  }

  func cleanUp() { try? FileManager.default.removeItem(at: folder) }
}

@Suite struct LiveAnalysisTests {
  /// Expects each live result to be what analysing its image directly gives.
  static func expectDirect(
    _ results: [LiveAnalysis.Result], of images: SampleImages, by analyzer: PaletteAnalyzer
  ) throws {
    for result in results {
      let direct = try analyseImage(
        try images.cache.load(sha256: result.sha256), source: result.sha256,
        decoder: ImageDecoder(), analyzer: analyzer)
      let name = "\(images.files[result.sha256]!), granularity \(analyzer.parameters.granularity)"
      #expect(result.failure == nil, "\(name)")
      #expect(
        sameButForRounding(result.colors, direct.palette.colors.map(StoredColor.init)), "\(name)")
      #expect(result.family == direct.palette.family, "\(name)")
      #expect(result.backdrop == direct.palette.backdrop.stored, "\(name)")
    }
  }

  @Test func liveColoursAreTheColoursOfADirectAnalysis() async throws {
    let images = try SampleImages()
    defer { images.cleanUp() }
    let grids = SampleGridCache(budget: 64 << 20)
    let live = LiveAnalysis(images: images.cache, grids: grids, decoder: ImageDecoder(), jobs: 2)
    let hashes = images.files.keys.sorted()
    for parameters in [
      Preset.product.parameters, Preset.reference.parameters,
      try Preset.product.parameters(with: ParameterOverrides(numColors: 3, saturationPriority: 9)),
    ] {
      let analyzer = try PaletteAnalyzer(parameters: parameters)
      var results: [LiveAnalysis.Result] = []
      try await live.analyse(hashes, with: analyzer) { results.append($0) }
      #expect(results.map(\.sha256) == hashes, "in the order asked")
      try Self.expectDirect(results, of: images, by: analyzer)
    }
    // Same granularity each time: every image was decoded once for the product preset's
    // parameters (both sets: a JPEG reduced), and each JPEG once more for the reference's
    // (libgd, whole); the other formats are decoded whole by libgd for both, so the
    // reference's grid is the product's, copied rather than decoded.
    let jpegs = images.files.values.filter { $0.hasSuffix(".jpg") }.count
    #expect(jpegs > 0 && jpegs < hashes.count)
    #expect(grids.statistics.misses == hashes.count + jpegs)
    #expect(grids.statistics.coarsened == hashes.count - jpegs)
    #expect(grids.statistics.hits == hashes.count)
  }

  @Test func aCoarserGranularityIsAnalysedFromTheKeptGridsWithoutADecode() async throws {
    let images = try SampleImages()
    defer { images.cleanUp() }
    let grids = SampleGridCache(budget: 64 << 20)
    let live = LiveAnalysis(images: images.cache, grids: grids, decoder: ImageDecoder(), jobs: 2)
    let hashes = images.files.keys.sorted()
    for granularity in [4, 8, 12] {
      var parameters = Preset.product.parameters
      parameters.granularity = granularity
      let analyzer = try PaletteAnalyzer(parameters: parameters)
      var results: [LiveAnalysis.Result] = []
      try await live.analyse(hashes, with: analyzer) { results.append($0) }
      try Self.expectDirect(results, of: images, by: analyzer)
    }
    // Every sample is under 800 px: its JPEG is decoded at 1/2 for 4, 8 and 12 alike, the
    // others whole. Each image was decoded once, for 4; 8 and 12 were coarsened from it.
    #expect(grids.statistics.misses == hashes.count)
    #expect(grids.statistics.coarsened == 2 * hashes.count)
  }

  @Test func anImageThatCannotBeReadIsAResultWithItsReason() async throws {
    let images = try SampleImages()
    defer { images.cleanUp() }
    let broken = try images.cache.store(Data("not an image".utf8))
    let missing = String(repeating: "ab", count: 32)
    let live = LiveAnalysis(
      images: images.cache, grids: SampleGridCache(budget: 1 << 20), decoder: ImageDecoder(),
      jobs: 2)
    var results: [LiveAnalysis.Result] = []
    try await live.analyse([broken, missing], with: try PaletteAnalyzer(parameters: .reference)) {
      results.append($0)
    }
    #expect(results.count == 2)
    #expect(results.allSatisfy { $0.colors.isEmpty && $0.failure != nil })
    #expect(results[1].failure?.contains("no such file") == true, "\(results[1].failure ?? "")")
  }

  /// A white blouse worn over blue jeans: the live wall hands the analysis the product's title
  /// as a run does, so under the product preset the blouse, not the jeans, comes first (with
  /// thin outlines off: with them the blouse is kept whole and comes first without a title).
  @Test(
    .enabled(
      if: RealPhotos.has(RealPhotos.wornBlouse),
      "../shared/realphotos is absent: the worn-garment photo is skipped"))
  func theTitleReachesTheLiveAnalysis() async throws {
    let images = try SampleImages()
    defer { images.cleanUp() }
    let sha = try images.cache.store(try Data(contentsOf: RealPhotos.wornBlouse))
    let live = LiveAnalysis(
      images: images.cache, grids: SampleGridCache(budget: 8 << 20), decoder: ImageDecoder(),
      jobs: 1)
    var parameters = Preset.product.parameters
    parameters[.thinOutlines] = false
    let analyzer = try PaletteAnalyzer(parameters: parameters)
    var families: [ColorFamily?] = []
    for hints in [[:], [sha: ProductHint(title: "Women's shirt or blouse")]] {
      try await live.analyse([sha], with: analyzer, hints: hints) {
        families.append($0.colors.first?.family)
      }
    }
    #expect(families == [.blue, .white])
  }

  /// Each image is analysed with the title of the first product (by id) on sale that shows
  /// it, as a run analyses it: with none when that product's title is empty.
  @Test func eachImageGetsTheTitleOfTheFirstProductShowingIt() {
    func entry(_ id: String, _ title: String, _ sha: String?, removed: Bool = false)
      -> ExportEntry
    {
      ExportEntry(
        id: id, title: title, brand: nil, vendorColor: nil, link: nil, imageURL: nil,
        isRemoved: removed, imageSHA256: sha, colors: nil, family: nil)
    }
    let hints = TuningServer.hints(of: [
      entry("b2", "Women's trousers", "x"), entry("a1", "Women's blouse", "x"),
      entry("a0", "Cap", "x", removed: true), entry("c3", "", "y"), entry("d4", "Skirt", nil),
      entry("e5", "Men's shirt", "z"), entry("f6", "Skirt", "y"),
    ])
    #expect(
      hints == [
        "x": ProductHint(title: "Women's blouse"), "z": ProductHint(title: "Men's shirt"),
      ])
  }
}

/// Whether two lists of stored colours are the same but for the last bits of their weights,
/// shares and means: a live wall adds its kept colours' weights per colour, a run sample by
/// sample.
func sameButForRounding(_ a: [StoredColor], _ b: [StoredColor]) -> Bool {
  func near(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) }
  return a.count == b.count
    && zip(a, b).allSatisfy { x, y in
      x.hex == y.hex && x.family == y.family && near(x.h, y.h) && near(x.s, y.s)
        && near(x.v, y.v) && near(x.share, y.share) && near(x.weight, y.weight)
    }
}
