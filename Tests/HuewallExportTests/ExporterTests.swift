import Foundation
import HuewallColorWords
import HuewallCore
import HuewallDecode
import HuewallStore
import Testing

@testable import HuewallExport

@Suite struct ExporterTests {
  @Test func removedAndUnanalysedProductsAreListedApart() async throws {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let (store, set) = try makeStore(
      in: scratch,
      seeds: [
        Seed(id: "a", title: "Blue", vendorColor: "BLK", colors: [color(0.6, 0.8, 0.8)]),
        Seed(id: "b", title: "No analysis"),
        Seed(id: "c", title: "Red", vendorColor: "Rot", colors: [color(0.99, 0.8, 0.8)]),
      ],
      removed: [Seed(id: "z", title: "Gone", brand: "Old", colors: [color(0.3, 0.8, 0.8)])])
    let out = scratch.url("out")
    let summary = try await Exporter(store: store).export(parameterSet: set, to: out)
    #expect(summary.placed == 2 && summary.unplaced == 2 && summary.disagreements == 1)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let document = try decoder.decode(
      ColorsDocument.self, from: Data(contentsOf: out.appendingPathComponent("colors.json")))
    #expect(document.products.map(\.id) == ["c", "a"])
    #expect(document.products.map(\.disagreement) == [false, true])
    #expect(document.products.map(\.vendorFamily) == [.red, .black])
    #expect(document.unplaced.map(\.id) == ["b", "z"])
    #expect(document.unplaced.map(\.reason) == ["not analysed", "removed"])
    let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(tileIDs(html) == ["c", "a"])
    #expect(html.contains("<li data-product-id=\"z\"><b>z</b> Gone · Old — removed</li>"))
    // Without an image source the tiles show their first colour.
    #expect(html.contains("<b class=\"im x808080\"></b>"))
  }

  @Test func everyKeyIsWrittenEvenWhenEmpty() async throws {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let (store, set) = try makeStore(
      in: scratch, seeds: [Seed(id: "a", colors: [color(0.6, 0.8, 0.8)])])
    let out = scratch.url("out")
    _ = try await Exporter(store: store).export(parameterSet: set, to: out)
    let object =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: out.appendingPathComponent("colors.json"))) as? [String: Any]
    let product = try #require((object?["products"] as? [[String: Any]])?.first)
    #expect(
      Set(product.keys) == [
        "id", "title", "brand", "vendorColor", "vendorFamily", "link", "imageUrl", "position",
        "family", "disagreement", "colors", "decidedBy", "override", "confidence", "backdrop",
        "image", "imageIndex", "items", "secondFamily",
      ])
    #expect(product["brand"] is NSNull)
    #expect(product["backdrop"] is NSNull)
    #expect(product["override"] is NSNull)
    let color = try #require((product["colors"] as? [[String: Any]])?.first)
    #expect(
      Set(color.keys) == ["h", "s", "v", "hex", "share", "family", "name", "shopName"])
    #expect(color["shopName"] is NSNull)
  }

  @Test func theBackdropIsKeptApartFromTheColours() async throws {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let (store, set) = try makeStore(
      in: scratch,
      seeds: [
        Seed(id: "a", colors: [color(0.6, 0.8, 0.8)], backdrop: "#d3d3d3"),
        Seed(id: "b", colors: [color(0.3, 0.8, 0.8)], backdrop: "transparent"),
        Seed(id: "c", colors: [color(0.1, 0.8, 0.8)], backdrop: "scene"),
        Seed(id: "d", colors: [color(0.9, 0.8, 0.8)]),
      ])
    let out = scratch.url("out")
    _ = try await Exporter(store: store).export(parameterSet: set, to: out)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let document = try decoder.decode(
      ColorsDocument.self, from: Data(contentsOf: out.appendingPathComponent("colors.json")))
    let backdrops = Dictionary(
      uniqueKeysWithValues: document.products.map { ($0.id, $0.backdrop ?? "null") })
    #expect(backdrops == ["a": "#d3d3d3", "b": "transparent", "c": "scene", "d": "null"])
    #expect(document.products.allSatisfy { $0.colors.allSatisfy { $0.hex != "#d3d3d3" } })
    let csv = try String(contentsOf: out.appendingPathComponent("colors.csv"), encoding: .utf8)
    let rows = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(
      rows[0].hasSuffix(",confidence,backdrop,image,imageIndex,secondFamily,items,itemColors"))
    let last = Dictionary(
      uniqueKeysWithValues: rows.dropFirst().map {
        (
          $0.split(separator: ",", omittingEmptySubsequences: false)[1],
          $0.split(separator: ",", omittingEmptySubsequences: false).dropLast(5).last!
        )
      })
    #expect(last == ["a": "#d3d3d3", "b": "transparent", "c": "scene", "d": ""])
    let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("data-bd=\"#d3d3d3\""))
    #expect(html.contains("data-bd=\"scene\""))
    #expect(html.contains("row(\"backdrop\""))
  }

  @Test func aFailedExportLeavesThePreviousOneInPlace() async throws {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let (store, set) = try makeStore(
      in: scratch, seeds: [Seed(id: "a", colors: [color(0.6, 0.8, 0.8)])])
    let out = scratch.url("out")
    _ = try await Exporter(store: store).export(parameterSet: set, to: out)
    let before = try Data(contentsOf: out.appendingPathComponent("colors.json"))
    try store.close()
    await #expect(throws: (any Error).self) {
      _ = try await Exporter(store: store).export(parameterSet: set, to: out)
    }
    #expect(try Data(contentsOf: out.appendingPathComponent("colors.json")) == before)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path)
      .filter { $0.hasPrefix(".out.") }
    #expect(leftovers.isEmpty)
  }
}

@Suite struct ThumbnailTests {
  func sample(_ name: String) throws -> Data {
    try Data(contentsOf: repositoryRoot.appendingPathComponent("samples/\(name)"))
  }

  @Test(arguments: [ThumbnailFormat.webp, .jpeg])
  func thumbnailsAreSmallAndDecodable(format: ThumbnailFormat) async throws {
    let decoder = ImageDecoder()
    let image = try decoder.decode(try sample("01-red-sneaker.jpg"), source: "sneaker")
    let data = try image.thumbnail(maxSide: 240, format: format, quality: 80)
    let thumb = try decoder.decode(data, source: "thumbnail")
    #expect(thumb.format == (format == .webp ? .webp : .jpeg))
    #expect(max(thumb.width, thumb.height) == 240)
    let ratio = Double(image.width) / Double(image.height)
    #expect(abs(Double(thumb.width) / Double(thumb.height) - ratio) < 0.02)
    #expect(data.count < 30_000)
  }

  @Test func smallImagesAreNotEnlarged() async throws {
    let image = try ImageDecoder().decode(try sample("04-green-cap.png"), source: "cap")
    let thumb = try ImageDecoder().decode(
      try image.thumbnail(maxSide: 4000), source: "thumbnail")
    #expect(thumb.width == image.width && thumb.height == image.height)
  }

  @Test func transparencyIsKeptInWebPAndLaidOnWhiteInJPEG() async throws {
    let image = try ImageDecoder().decode(try sample("04-green-cap.png"), source: "cap")
    #expect(image.withPixels { $0[0, 0].packed } >> 24 == 127)
    let webp = try ImageDecoder().decode(
      try image.thumbnail(maxSide: 120, format: .webp), source: "t")
    let corner = webp.withPixels { $0[0, 0].packed }
    #expect(corner >> 24 == 127, "the transparent corner stays transparent")
    let jpeg = try ImageDecoder().decode(
      try image.thumbnail(maxSide: 120, format: .jpeg), source: "t")
    let white = jpeg.withPixels { $0[0, 0] }
    #expect(white.alpha == 0 && min(white.red, white.green, white.blue) >= 250, "\(white)")
  }

  /// A 24-bit BMP of `width` × `height` whose pixels alternate black and white, like a
  /// checkerboard of one-pixel squares.
  func checkerboardBMP(width: Int, height: Int) -> Data {
    let rowBytes = (3 * width + 3) / 4 * 4
    func le(_ value: Int, _ bytes: Int) -> [UInt8] {
      (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    var data: [UInt8] = Array("BM".utf8) + le(54 + rowBytes * height, 4) + le(0, 4) + le(54, 4)
    data += le(40, 4) + le(width, 4) + le(height, 4) + le(1, 2) + le(24, 2) + le(0, 4)
    data += le(rowBytes * height, 4) + le(2835, 4) + le(2835, 4) + le(0, 4) + le(0, 4)
    for y in 0..<height {
      var row = [UInt8](repeating: 0, count: rowBytes)
      for x in 0..<width where (x + y).isMultiple(of: 2) {
        row[3 * x] = 255
        row[3 * x + 1] = 255
        row[3 * x + 2] = 255
      }
      data += row
    }
    return Data(data)
  }

  @Test(arguments: [ThumbnailFormat.jpeg, .webp])
  func aFinePatternAveragesToGreyRatherThanAliasing(format: ThumbnailFormat) async throws {
    // Picking pixels would make the thumbnail of a one-pixel checkerboard black or white
    // (or stripes of both); the area average is mid grey everywhere.
    let image = try ImageDecoder().decode(
      checkerboardBMP(width: 1000, height: 750), source: "checkerboard")
    let thumb = try ImageDecoder().decode(
      try image.thumbnail(maxSide: 240, format: format), source: "t")
    #expect(thumb.width == 240 && thumb.height == 180)
    let levels = thumb.withPixels { view in
      stride(from: 0, to: view.height, by: 7).flatMap { y in
        stride(from: 0, to: view.width, by: 7).map { x in Int(view[x, y].green) }
      }
    }
    #expect(levels.allSatisfy { abs($0 - 128) <= 8 }, "\(levels.min()!)…\(levels.max()!)")
  }

  @Test func thumbnailsComeFromTheCacheAndBrokenImagesAreReported() async throws {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let samples = try SamplesCatalogue.load()
    var seeds = Array(samples.seeds.prefix(3))
    seeds.append(Seed(id: "broken", sha256: fakeHash("broken"), colors: [color(0.5, 0.5, 0.5)]))
    let (store, set) = try makeStore(in: scratch, seeds: seeds)
    let files = Dictionary(
      uniqueKeysWithValues: samples.products.prefix(3).map { ($0.sha256, $0.image) })
    let source = ImageSource { sha in
      guard let path = files[sha] else { throw CocoaError(.fileReadNoSuchFile) }
      return try Data(contentsOf: repositoryRoot.appendingPathComponent(path))
    }
    let out = scratch.url("out")
    let cache = ThumbnailCache(root: scratch.url("thumbnails"))
    let exporter = Exporter(
      store: store, thumbnails: ThumbnailSource(cache: cache, images: source))
    let first = try await exporter.export(parameterSet: set, to: out)
    #expect(first.thumbnails.made == 3 && first.thumbnails.reused == 0)
    #expect(first.thumbnails.failures.keys.sorted() == [fakeHash("broken")])
    // The ones made went into the cache: the next export, to any folder, only links them.
    for product in samples.products.prefix(3) {
      #expect(cache.contains(sha256: product.sha256))
    }
    let second = try await exporter.export(parameterSet: set, to: out)
    #expect(second.thumbnails.made == 0 && second.thumbnails.reused == 3)
    let elsewhere = try await exporter.export(parameterSet: set, to: scratch.url("elsewhere"))
    #expect(elsewhere.thumbnails.made == 0 && elsewhere.thumbnails.reused == 3)
    // Thumbnails are not flushed to the disk, so a power cut can leave one empty: it is not
    // linked but made again.
    let emptied = samples.products[1].sha256
    try Data().write(to: URL(fileURLWithPath: cache.path(forSHA256: emptied)))
    #expect(!cache.contains(sha256: emptied))
    let remade = try await exporter.export(parameterSet: set, to: scratch.url("remade"))
    #expect(remade.thumbnails.made == 1 && remade.thumbnails.reused == 2)
    let placed = try Data(contentsOf: scratch.url("remade/thumbs/\(emptied).jpg"))
    #expect(try ImageDecoder().decode(placed, source: "remade").width > 0)
    let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    for product in samples.products.prefix(3) {
      #expect(html.contains("data-t=\"\(product.sha256).jpg\""))
      #expect(FileManager.default.fileExists(atPath: out.path + "/thumbs/\(product.sha256).jpg"))
    }
    // Other settings, other thumbnails.
    let webp = Exporter(
      store: store,
      thumbnails: ThumbnailSource(
        cache: ThumbnailCache(
          root: scratch.url("thumbnails"), settings: ThumbnailSettings(format: .webp)),
        images: source))
    let third = try await webp.export(parameterSet: set, to: out)
    #expect(third.thumbnails.made == 3 && third.thumbnails.reused == 0)
    #expect(
      FileManager.default.fileExists(
        atPath: out.path + "/thumbs/\(samples.products[0].sha256).webp"))
  }
}
