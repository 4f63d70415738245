import Foundation
import HuewallTestSupport
import Testing

/// `huewall colors --title`: the product's title reaches the analysis as a feed's does.
@Suite struct ProductHintTests {
  static func colors(_ line: String) throws -> [[String: Any]] {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    return try #require(object["colors"] as? [[String: Any]], "\(line)")
  }

  /// The garment prior of the product preset looks at the title only on a photo of a person.
  @Test func theProductPresetGivesTheSameColoursWithOrWithoutATitleWithoutAPerson() async throws {
    let files = ["samples/01-red-sneaker.jpg", "samples/13-grey-hoodie.png"]
    let plain = try await huewall(["colors"] + files)
    let titled = try await huewall(["colors", "--title", "Men's hoodie"] + files)
    #expect(plain.status == 0 && titled.status == 0, "\(titled.stderr)")
    #expect(plain.stdout == titled.stdout)
  }

  static let shirt = RealPhotos.wornBlouse

  /// A white shirt worn over blue trousers: with the garment prior on, the title puts the
  /// weight on the upper body, and the shirt's colour comes first. Thin outlines are off in
  /// these tests: with them the fill leaves the white shirt whole and it comes first with
  /// either title, so the title would decide nothing.
  @Test(
    .enabled(
      if: RealPhotos.has(shirt),
      "../shared/realphotos is absent: the worn-garment photo is skipped"))
  func theTitleMovesTheGarmentPriorToTheShirt() async throws {
    let plain = try await huewall([
      "colors", "--garment-prior", "--no-thin-outlines", Self.shirt.path,
    ])
    let titled = try await huewall([
      "colors", "--garment-prior", "--no-thin-outlines", "--title", "Women's shirt or blouse",
      Self.shirt.path,
    ])
    #expect(plain.status == 0 && titled.status == 0, "\(titled.stderr)")
    let before = try Self.colors(try #require(plain.lines.first))
    let after = try Self.colors(try #require(titled.lines.first))
    #expect(before.first?["family"] as? String == "blue")
    #expect(after.first?["family"] as? String != "blue")
    #expect((after.first?["s"] as? Double ?? 1) <= 0.2)
  }

  /// The products of the export of `huewall run` over a feed of `products`, with `analysis`
  /// (the members of `pipeline.json`'s `analysis`); in a PostgreSQL catalogue at `database`,
  /// whose queue the run works through itself, or else in an SQLite one.
  func runExport(
    _ products: [(id: String, title: String, image: URL)], analysis: String = "",
    database: String? = nil
  ) async throws -> [[String: Any]] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-hint-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let items = products.map {
      #"{"id": "\#($0.id)", "title": "\#($0.title)", "images": ["\#($0.image.absoluteString)"]}"#
    }
    try #"{"products": [\#(items.joined(separator: ", "))]}"#.write(
      to: folder.appendingPathComponent("feed.json"), atomically: true, encoding: .utf8)
    let config = folder.appendingPathComponent("pipeline.json")
    try """
    {"feed": {"source": "feed.json"}, "database": "\(database ?? "state/catalogue.sqlite")",
     "cache": "state/images", "output": "out", "analysis": {\(analysis)}}
    """.write(to: config, atomically: true, encoding: .utf8)
    let workers = database == nil ? [] : ["--workers", "0"]
    let run = try await huewall(["run", "--config", config.path] + workers)
    #expect(run.status == 0, "\(run.stderr)")
    let data = try Data(contentsOf: folder.appendingPathComponent("out/colors.json"))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try #require(document["products"] as? [[String: Any]])
  }

  /// The top colour's family of each product in the export of `huewall run` over a feed of
  /// products that all show the shirt photo, with the garment prior on.
  func runTopColours(_ products: [(id: String, title: String)], database: String? = nil)
    async throws -> [String: String]
  {
    let exported = try await runExport(
      products.map { ($0.id, $0.title, Self.shirt) },
      analysis: #""garmentPrior": true, "thinOutlines": false"#, database: database)
    var top: [String: String] = [:]
    for product in exported {
      let colors = product["colors"] as? [[String: Any]]
      top[product["id"] as? String ?? ""] = colors?.first?["family"] as? String
    }
    return top
  }

  /// `huewall run` hands the analysis the product's title; an image two products share is
  /// analysed once, with the title of the first product (by id).
  @Test(
    .enabled(
      if: RealPhotos.has(shirt),
      "../shared/realphotos is absent: the worn-garment photo is skipped"))
  func aRunAnalysesASharedImageWithTheFirstProductsTitle() async throws {
    let shirtFirst = try await runTopColours([
      ("A1", "Women's shirt or blouse"), ("B2", "Women's trousers"),
    ])
    #expect(shirtFirst["A1"] != nil && shirtFirst["A1"] != "blue", "\(shirtFirst)")
    #expect(shirtFirst["B2"] == shirtFirst["A1"])
    let trousersFirst = try await runTopColours([
      ("A1", "Women's trousers"), ("B2", "Women's shirt or blouse"),
    ])
    #expect(trousersFirst == ["A1": "blue", "B2": "blue"])
  }

  /// A queue item carries the title of the first product (by id) that shows its image, so a
  /// PostgreSQL catalogue's analysis looks where the SQLite run's does.
  @Test(
    .enabled(
      if: RealPhotos.has(shirt),
      "../shared/realphotos is absent: the worn-garment photo is skipped"))
  func theQueueAnalysesASharedImageWithTheFirstProductsTitle() async throws {
    let shirtFirst = try await runTopColours(
      [("A1", "Women's shirt or blouse"), ("B2", "Women's trousers")],
      database: try await offThePool { try TestPostgres.freshDatabase() })
    #expect(shirtFirst["A1"] != nil && shirtFirst["A1"] != "blue", "\(shirtFirst)")
    #expect(shirtFirst["B2"] == shirtFirst["A1"])
    let trousersFirst = try await runTopColours(
      [("A1", "Women's trousers"), ("B2", "Women's shirt or blouse")],
      database: try await offThePool { try TestPostgres.freshDatabase() })
    #expect(trousersFirst == ["A1": "blue", "B2": "blue"])
  }

  static let goldRings = ShopPhotos.folder.appendingPathComponent("images/hm_0933409001.jpg")
  static let silverHoop = ShopPhotos.folder.appendingPathComponent("images/hm_0928858002.jpg")

  /// `huewall colors --title`: the title of a piece of jewellery names its light colours by its
  /// metal, on H&M's gold rings and silver hoop (`../shared/shopphotos`, read in place).
  @Test(.enabled(if: ShopPhotos.isPresent, "../shared/shopphotos is absent"))
  func aJewellerysTitleNamesItsMetal() async throws {
    for (photo, title, metal) in [
      (Self.goldRings, "Flirty Perfa ring pk", "gold"),
      (Self.silverHoop, "Class Halvar hoop", "silver"),
    ] {
      let plain = try await huewall(["colors", photo.path])
      let titled = try await huewall(["colors", "--title", title, photo.path])
      #expect(plain.status == 0 && titled.status == 0, "\(titled.stderr)")
      let before = try Self.colors(try #require(plain.lines.first))
      let after = try Self.colors(try #require(titled.lines.first))
      #expect(before.first?["family"] as? String == "white", "\(photo.lastPathComponent)")
      #expect(after.first?["family"] as? String == metal, "\(photo.lastPathComponent)")
      // The colours are the photo's either way.
      #expect(before.map { $0["hex"] as? String } == after.map { $0["hex"] as? String })
    }
  }

  /// `huewall run` exports a jewellery's metal as its family, with no second family from the
  /// light the metal shows.
  @Test(.enabled(if: ShopPhotos.isPresent, "../shared/shopphotos is absent"))
  func aRunExportsAJewellerysMetal() async throws {
    let exported = try await runExport([
      ("R1", "Flirty Perfa ring pk", Self.goldRings), ("H2", "Class Halvar hoop", Self.silverHoop),
    ])
    var families: [String: String] = [:]
    for product in exported {
      let id = product["id"] as? String ?? ""
      families[id] = product["family"] as? String
      #expect(product["secondFamily"] is NSNull, "\(id)")
    }
    #expect(families == ["R1": "gold", "H2": "silver"], "\(exported)")
  }
}
