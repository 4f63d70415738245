import Foundation
import HuewallColorWords
import HuewallCore
import HuewallPalette
import HuewallStore
import Testing

@testable import HuewallExport

let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let repositoryRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()

/// A temporary folder, removed by `cleanUp()`.
struct Scratch {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func cleanUp() { try? FileManager.default.removeItem(at: folder) }

  func url(_ name: String) -> URL { folder.appendingPathComponent(name) }
}

/// One product for a test store: its feed values, and its main image's analysis (nil for a
/// product whose image has none).
struct Seed {
  var product: Product
  var sha256: String?
  var colors: [StoredColor]
  var family: ColorFamily?
  var backdrop: String?

  init(
    id: String, title: String = "", brand: String? = nil, vendorColor: String? = nil,
    link: String? = nil, image: URL? = nil, sha256: String? = nil, colors: [StoredColor] = [],
    family: ColorFamily? = nil, backdrop: String? = nil
  ) {
    let imageURL = image ?? URL(string: "https://images.example/\(id).jpg")!
    product = Product(
      id: id, title: title, brand: brand, vendorColor: vendorColor,
      link: link.flatMap { URL(string: $0) }, imageURLs: [imageURL])
    self.sha256 = sha256 ?? (colors.isEmpty ? nil : fakeHash(id))
    self.colors = colors
    self.family = family ?? colors.first?.family
    self.backdrop = backdrop
  }
}

/// A 64-digit hex "hash" made from `text`, for images that do not exist.
func fakeHash(_ text: String) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in text.utf8 {
    hash ^= UInt64(byte)
    hash &*= 0x0000_0100_0000_01b3
  }
  let hex = String(hash, radix: 16)
  return String(repeating: String(repeating: "0", count: 16 - hex.count) + hex, count: 4)
}

func color(_ h: Double, _ s: Double, _ v: Double, share: Double = 0.5, hex: String = "#808080")
  -> StoredColor
{
  StoredColor(
    h: h, s: s, v: v, hex: hex, share: share, weight: share * 1000,
    family: ColorFamily(h: h, s: s, v: v))
}

/// A store in `scratch` holding `seeds` (and, marked removed, `removed`), analysed under
/// `parameters`.
func makeStore(
  in scratch: Scratch, seeds: [Seed], removed: [Seed] = [],
  parameters: AnalysisParameters = AnalysisParameters(), preset: String = "product"
) throws -> (CatalogStore, ParameterSetRecord) {
  let store = try CatalogStore(path: scratch.url("catalogue.sqlite").path)
  let date = Date(timeIntervalSince1970: 1_800_000_000)
  if !removed.isEmpty {
    try store.syncProducts((seeds + removed).map(\.product), at: date)
  }
  try store.syncProducts(seeds.map(\.product), at: date.addingTimeInterval(60))
  let set = try store.parameterSet(for: parameters, preset: preset, name: nil, at: date)
  var images: [ImageRecord] = []
  var analyses: [AnalysisRecord] = []
  for seed in seeds + removed {
    guard let sha = seed.sha256, let url = seed.product.imageURLs.first else { continue }
    images.append(
      ImageRecord(url: url.absoluteString, sha256: sha, lastStatus: .downloaded, fetchedAt: date))
    if !seed.colors.isEmpty {
      analyses.append(
        AnalysisRecord(
          imageSHA256: sha, parameterSetID: set.id, width: 100, height: 100, colors: seed.colors,
          family: seed.family, samples: 100, skipped: 0, background: 0,
          backdrop: seed.backdrop, analysedAt: date))
    }
  }
  try store.saveImages(images)
  try store.saveAnalyses(analyses)
  return (store, set)
}

/// The samples' catalogue as one run of the product preset left it (products from
/// samples/feed.json, analyses from their images), read from Fixtures/samples-catalogue.json.
struct SamplesCatalogue: Decodable {
  struct ParameterSet: Decodable {
    var preset: String
    var parameters: AnalysisParameters
  }
  struct Entry: Decodable {
    var id, title: String
    var brand, vendorColor, link: String?
    var image: String
    var sha256: String
    var family: ColorFamily?
    var colors: [StoredColor]
  }
  var parameterSet: ParameterSet
  var products: [Entry]

  static func load() throws -> SamplesCatalogue {
    let data = try Data(
      contentsOf: testsFolder.appendingPathComponent("Fixtures/samples-catalogue.json"))
    return try JSONDecoder().decode(SamplesCatalogue.self, from: data)
  }

  var seeds: [Seed] {
    products.map {
      Seed(
        id: $0.id, title: $0.title, brand: $0.brand, vendorColor: $0.vendorColor, link: $0.link,
        image: repositoryRoot.appendingPathComponent($0.image), sha256: $0.sha256,
        colors: $0.colors, family: $0.family)
    }
  }
}
