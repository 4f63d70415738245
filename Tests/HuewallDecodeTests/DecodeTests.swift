import Foundation
import HuewallCore
import HuewallDecode
import Testing

func fixture(_ name: String) throws -> URL {
  try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
}

func decode(_ name: String, limits: DecodeLimits = DecodeLimits()) throws -> DecodedImage {
  try ImageDecoder(limits: limits).decode(Data(contentsOf: fixture(name)), source: name)
}

/// The error `name` fails with, or nil when it decodes.
func decodeError(_ name: String, limits: DecodeLimits = DecodeLimits()) throws -> DecodeError? {
  let bytes = try Data(contentsOf: fixture(name))
  do {
    _ = try ImageDecoder(limits: limits).decode(bytes, source: name)
    return nil
  } catch {
    return error
  }
}

/// The 64 × 48 pattern of 16-pixel blocks that most fixtures were drawn from (blocks.json).
struct Blocks: Decodable {
  struct Files: Decodable {
    var colors: [String]
    var colorsWithRowAlpha: [String]
    var greys: [String]
  }
  var colors: [[Int]]
  var greys: [Int]
  var rowAlphaGd7: [Int]
  var paletteGifTransparentBlock: Int
  var files: Files

  static func load() throws -> Blocks {
    try JSONDecoder().decode(Blocks.self, from: Data(contentsOf: fixture("blocks.json")))
  }

  /// The centre pixel of block `index` (row-major, 4 blocks per row).
  static func centre(of index: Int, in view: PixelView) -> Pixel {
    view[16 * (index % 4) + 8, 16 * (index / 4) + 8]
  }
}

/// Lossless formats must come back exact; lossy ones within their codec's error.
func tolerance(_ file: String) -> Int {
  switch file {
  case "rgb.png", "palette.png", "palette.gif", "image.bmp", "rgba.png", "lossless.webp",
    "grey.png":
    0
  case "rgb.jpg", "progressive.jpg", "grey.jpg": 8
  default: 24
  }
}

@Suite struct DecodeFormatTests {
  @Test(arguments: [
    ("rgb.jpg", ImageFormat.jpeg), ("progressive.jpg", .jpeg), ("grey.jpg", .jpeg),
    ("cmyk.jpg", .jpeg),
    ("rgb.png", .png), ("rgba.png", .png), ("palette.png", .png), ("grey.png", .png),
    ("palette.gif", .gif), ("lossy.webp", .webp), ("lossless.webp", .webp), ("image.bmp", .bmp),
    ("image.avif", .avif),
  ])
  func decodesEveryFormatToTruecolourOfTheHeaderSize(file: String, format: ImageFormat) throws {
    let image = try decode(file)
    #expect(image.format == format)
    #expect(image.width == 64 && image.height == 48)
  }

  @Test func colourBlocksComeBackWithinEachCodecsError() throws {
    let blocks = try Blocks.load()
    for file in blocks.files.colors {
      let image = try decode(file)
      image.withPixels { view in
        for (index, rgb) in blocks.colors.enumerated() {
          if file == "palette.gif" && index == blocks.paletteGifTransparentBlock { continue }
          let pixel = Blocks.centre(of: index, in: view)
          let error = max(
            abs(pixel.red - rgb[0]), abs(pixel.green - rgb[1]), abs(pixel.blue - rgb[2]))
          #expect(error <= tolerance(file), "\(file) block \(index): \(pixel) vs \(rgb)")
          #expect(pixel.alpha == 0, "\(file) block \(index) should be opaque")
        }
      }
    }
  }

  @Test func greyscaleFilesDecodeToEqualChannels() throws {
    let blocks = try Blocks.load()
    for file in blocks.files.greys {
      let image = try decode(file)
      image.withPixels { view in
        for (index, level) in blocks.greys.enumerated() {
          let pixel = Blocks.centre(of: index, in: view)
          #expect(pixel.red == pixel.green && pixel.green == pixel.blue, "\(file) block \(index)")
          #expect(abs(pixel.red - level) <= tolerance(file), "\(file) block \(index): \(pixel)")
        }
      }
    }
  }

  @Test func alphaComesBackOnLibgdsSevenBitScale() throws {
    let blocks = try Blocks.load()
    for file in blocks.files.colorsWithRowAlpha {
      let image = try decode(file)
      image.withPixels { view in
        for index in blocks.colors.indices {
          let pixel = Blocks.centre(of: index, in: view)
          #expect(pixel.alpha == blocks.rowAlphaGd7[index / 4], "\(file) block \(index)")
        }
      }
    }
  }

  @Test func transparentGifIndexBecomesFullyTransparent() throws {
    let blocks = try Blocks.load()
    let image = try decode("palette.gif")
    image.withPixels { view in
      #expect(Blocks.centre(of: blocks.paletteGifTransparentBlock, in: view).alpha == 127)
    }
  }

  @Test func knownPixelsComeBackExactly() throws {
    struct Known: Decodable {
      struct P: Decodable { var x, y, r, g, b, a: Int }
      var pixels: [P]
    }
    let known = try JSONDecoder().decode(Known.self, from: Data(contentsOf: fixture("pixels.json")))
    let image = try decode("pixels.png")
    #expect(image.width == 4 && image.height == 3)
    image.withPixels { view in
      for p in known.pixels {
        let pixel = view[p.x, p.y]
        let actual: [Int] = [pixel.red, pixel.green, pixel.blue, pixel.alpha]
        let expected: [Int] = [p.r, p.g, p.b, p.a]
        #expect(actual == expected, "(\(p.x), \(p.y))")
      }
    }
  }

  @Test func formatComesFromTheBytesNotTheName() throws {
    let png = try Data(contentsOf: fixture("rgb.png"))
    let image = try ImageDecoder().decode(png, source: "photo.jpg")
    #expect(image.format == .png)
  }
}

@Suite struct DecodeFailureTests {
  @Test func truncatedJPEGIsAnErrorByDefault() throws {
    let error = try #require(try decodeError("truncated.jpg"))
    guard case .truncated(.jpeg, let detail) = error.reason else {
      Issue.record("expected a truncation, got \(error.reason)")
      return
    }
    #expect(detail.contains("Premature end"))
    #expect(error.localizedDescription.hasPrefix("truncated.jpg: "))
  }

  @Test func truncatedJPEGCanBeAcceptedOnRequest() throws {
    let image = try decode("truncated.jpg", limits: DecodeLimits(allowTruncatedJPEG: true))
    #expect(image.width == 256 && image.height == 256)
    #expect(image.warnings.contains { $0.contains("Premature end") })
  }

  @Test func truncatedPNGIsAnError() throws {
    let error = try #require(try decodeError("truncated.png"))
    switch error.reason {
    case .truncated(.png, _), .corrupt(.png, _): break
    default: Issue.record("expected a PNG failure, got \(error.reason)")
    }
  }

  @Test func truncatedGIFIsAnErrorAsATruncatedJPEGIs() throws {
    // libgd decodes this one without a word, the rows it never read left blank.
    let error = try #require(try decodeError("truncated.gif"))
    guard case .truncated(.gif, let detail) = error.reason else {
      Issue.record("expected a truncated GIF, got \(error.reason)")
      return
    }
    #expect(detail.contains("first frame"))
    // Cut anywhere in the image data (libgd fails on some cuts without saying why), the same.
    let whole = try Data(contentsOf: fixture("palette.gif"))
    for cut in [81, 150, 265, 330, 400, 451] {
      do {
        _ = try ImageDecoder().decode(Data(whole.prefix(cut)), source: "palette.gif")
        Issue.record("cut after \(cut) bytes: decoded")
      } catch {
        guard case .truncated(.gif, _) = error.reason else {
          Issue.record("cut after \(cut) bytes: \(error.reason)")
          continue
        }
      }
    }
    // The whole file, and the file without only its trailer byte, still decode.
    for bytes in [whole, whole.dropLast()] {
      let image = try ImageDecoder().decode(Data(bytes), source: "palette.gif")
      #expect(image.width == 64 && image.height == 48)
    }
  }

  @Test func zeroBytesAreEmpty() throws {
    #expect(try decodeError("empty.jpg")?.reason == .empty)
  }

  @Test func htmlNamedJpgIsRecognisedAsHTML() throws {
    let error = try #require(try decodeError("html.jpg"))
    #expect(error.reason == .unrecognized(looksLike: "an HTML page"))
    #expect("\(error.reason)".contains("HTML"))
  }

  @Test(arguments: [
    ("huge.jpg", 40000, 40000), ("huge.png", 40000, 40000), ("huge.gif", 40000, 40000),
    ("huge.webp", 40000, 40000), ("huge-vp8l.webp", 16384, 16384),
  ])
  func oversizedHeadersAreRefusedBeforeDecoding(file: String, width: Int, height: Int) throws {
    // These files would make libgd allocate gigabytes; refusing them from the header is the
    // only way to get an answer at all.
    let error = try #require(try decodeError(file))
    #expect(error.reason == .tooLarge(width: width, height: height, limit: 40_000_000))
    #expect("\(error.reason)".contains("over the limit of 40 megapixels"))
  }

  @Test func pixelLimitIsConfigurable() throws {
    let error = try decodeError("rgb.png", limits: DecodeLimits(maxPixels: 64 * 48 - 1))
    #expect(error?.reason == .tooLarge(width: 64, height: 48, limit: 64 * 48 - 1))
    #expect(try decodeError("rgb.png", limits: DecodeLimits(maxPixels: 64 * 48)) == nil)
  }

  @Test func headerOnlyFilesAreCorrupt() throws {
    var png = try Data(contentsOf: fixture("rgb.png"))
    png = png.prefix(33)  // signature + IHDR, no image data
    #expect(throws: DecodeError.self) { try ImageDecoder().decode(png, source: "cut.png") }
    let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00])
    let error = #expect(throws: DecodeError.self) {
      try ImageDecoder().decode(jpeg, source: "cut.jpg")
    }
    #expect(error?.reason == .unreadableHeader(.jpeg))
  }

  @Test func concurrentFailuresKeepTheirOwnMessages() async throws {
    let truncated = try Data(contentsOf: fixture("truncated.png"))
    let good = try Data(contentsOf: fixture("rgb.jpg"))
    let results = await withTaskGroup(of: (Bool, String?).self) { group in
      for i in 0..<64 {
        group.addTask {
          let bytes = i.isMultiple(of: 2) ? truncated : good
          do {
            _ = try ImageDecoder().decode(bytes, source: "item-\(i)")
            return (i.isMultiple(of: 2), nil)
          } catch {
            return (i.isMultiple(of: 2), "\(error)")
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    for (wasBroken, message) in results {
      if wasBroken {
        #expect(message != nil)
        #expect(
          message?.contains("JPEG") == false, "a PNG failure picked up another decode's message")
      } else {
        #expect(message == nil)
      }
    }
  }
}

@Suite struct HeaderTests {
  @Test func sniffsSignatures() {
    #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
    #expect(ImageFormat.sniff(Array("GIF89a".utf8) + [0, 0]) == .gif)
    #expect(ImageFormat.sniff(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
    #expect(ImageFormat.sniff(Array("\0\0\0\u{1C}ftypavif\0\0\0\0".utf8)) == .avif)
    #expect(ImageFormat.sniff(Array("\0\0\0\u{1C}ftypheic\0\0\0\0".utf8)) == nil)
    #expect(ImageFormat.sniff(Array("<!DOCTYPE html>".utf8)) == nil)
    #expect(ImageFormat.sniff([]) == nil)
  }
}

/// Headers that claim extreme sizes or lengths past the end (`Fixtures/hostile/`, written by
/// `scripts/make-hostile-fixtures`, which says what each must get): every one is answered with
/// a ``DecodeError`` or a small image, never a crash, and a good file decodes after them.
@Suite struct HostileHeaderTests {
  struct Expectation: Decodable {
    var outcome: String
    var width: Int?
    var height: Int?
    var warning: String?
  }

  static let expectations: [(String, Expectation)] = {
    guard
      let url = Bundle.module.url(forResource: "Fixtures/hostile/expected", withExtension: "json"),
      let data = try? Data(contentsOf: url),
      let table = try? JSONDecoder().decode([String: Expectation].self, from: data)
    else { return [] }
    return table.sorted { $0.key < $1.key }
  }()

  @Test func everyFormatHasHostileFixtures() {
    let formats = Set(Self.expectations.map { $0.0.split(separator: "-")[0] })
    #expect(formats == ["png", "jpeg", "gif", "webp", "bmp", "avif"])
  }

  @Test(arguments: expectations)
  func answeredWithoutCrashing(file: String, expectation: Expectation) throws {
    let bytes = try Data(contentsOf: fixture("hostile/" + file))
    let format = ImageFormat.sniff(bytes)
    let result = Result { () throws(DecodeError) in
      try ImageDecoder().decode(bytes, source: file)
    }
    switch (expectation.outcome, result) {
    case ("tooLarge", .failure(let error)):
      let width = try #require(expectation.width)
      let height = try #require(expectation.height)
      #expect(error.reason == .tooLarge(width: width, height: height, limit: 40_000_000))
      #expect(error.localizedDescription.contains(file))
    case ("unreadableHeader", .failure(let error)):
      #expect(error.reason == .unreadableHeader(try #require(format)))
    case ("unrecognized", .failure(let error)):
      #expect(error.reason == .unrecognized(looksLike: nil))
    case ("fails", .failure(let error)):
      switch error.reason {
      case .corrupt, .truncated: break
      default: Issue.record("\(file): expected libgd to refuse the data, got \(error.reason)")
      }
    case ("decodes", .success(let image)):
      #expect(image.width == expectation.width && image.height == expectation.height)
      if let warning = expectation.warning {
        #expect(image.warnings.contains(warning), "\(image.warnings)")
      }
    case (let outcome, let result):
      Issue.record("\(file): expected \(outcome), got \(result)")
    }
    // The next, good file decodes as usual: nothing was left broken.
    #expect(try decode("rgb.png").width == 64)
  }

  @Test func sidesPastTheLimitAreRefusedWhateverThePixelLimit() throws {
    let bytes = try Data(contentsOf: fixture("hostile/png-2e32-1x1.png"))
    let error = #expect(throws: DecodeError.self) {
      try ImageDecoder(limits: DecodeLimits(maxPixels: .max)).decode(bytes, source: "wide.png")
    }
    #expect(error?.reason == .tooLarge(width: 4_294_967_295, height: 1, limit: .max))
  }

  @Test func pixelCountSaturatesInsteadOfOverflowing() {
    let header = ImageHeader(format: .png, width: 4_294_967_295, height: 4_294_967_295)
    #expect(header.pixelCount == .max)
  }
}

/// Inputs the decode fuzzer found (Fuzz/findings/fuzz-image-decode), kept as regressions.
@Suite struct DecodeFuzzFindingTests {
  @Test(arguments: ["avif-box-claims-117mb.avif", "avif-box-claims-1gb.avif"])
  func anAVIFBoxLargerThanTheFileIsRefusedFromTheHeader(file: String) throws {
    // 30 and 190 bytes whose boxes claim 117 MB and 990 MB: libgd 2.3.3 allocated (and leaked)
    // the claimed size on every decode.
    let error = try #require(try decodeError("fuzz/" + file))
    #expect(error.reason == .unreadableHeader(.avif))
  }
}
