import CJPEGDecode
import Foundation
import HuewallCore
import HuewallDecode
import Testing

/// The JPEG fixtures and what a 1/`reduction` decode of each must give.
private let jpegFixtures = ["rgb.jpg", "progressive.jpg", "grey.jpg", "cmyk.jpg"]

/// `name` decoded through libjpeg at 1/`reduction` (C, without the Swift decoder's checks).
private func decodeThroughLibjpeg(_ name: String, reduction: UInt32, maxPixels: UInt64 = 1 << 30)
  throws -> (status: huewall_jpeg_status, image: huewall_jpeg_image)
{
  let bytes = try Data(contentsOf: fixture(name))
  var image = huewall_jpeg_image()
  let status = bytes.withUnsafeBytes { raw in
    huewall_jpeg_decode(
      raw.baseAddress!.assumingMemoryBound(to: UInt8.self), raw.count, reduction, maxPixels,
      &image)
  }
  return (status, image)
}

/// What each reduction of the same file is compared with: libgd's full decode.
@Suite struct ScaledJPEGDecodeTests {
  @Test(arguments: jpegFixtures + ["truncated.jpg"])
  func atFullScaleLibjpegGivesLibgdsPixelsBitForBit(file: String) throws {
    // The C decoder's colour handling (greyscale to RGB, CMYK and YCCK through libgd's formula
    // with Adobe's inverted inks, progressive scans, a truncated file's grey rest) is libgd's.
    let libgd = try decode(file, limits: DecodeLimits(allowTruncatedJPEG: true))
    var (status, image) = try decodeThroughLibjpeg(file, reduction: 1)
    defer { huewall_jpeg_free(&image) }
    #expect(status == HUEWALL_JPEG_OK)
    #expect(Int(image.width) == libgd.width && Int(image.height) == libgd.height)
    var differing = 0
    libgd.withPixels { view in
      for y in 0..<view.height {
        for x in 0..<view.width where view[x, y].packed != UInt32(bitPattern: image.rows[y]![x]) {
          differing += 1
        }
      }
    }
    #expect(differing == 0, "\(file): \(differing) pixels differ from libgd's")
  }

  @Test func theFixturesCoverEveryColourHandling() throws {
    // Greyscale (1), YCbCr (3) and Adobe's YCCK (5: CMYK inverted), baseline and progressive.
    var seen: [String: (space: Int32, progressive: Int32)] = [:]
    for file in jpegFixtures {
      var (status, image) = try decodeThroughLibjpeg(file, reduction: 4)
      defer { huewall_jpeg_free(&image) }
      #expect(status == HUEWALL_JPEG_OK)
      seen[file] = (image.color_space, image.progressive)
    }
    #expect(seen["grey.jpg"]?.space == 1)
    #expect(seen["rgb.jpg"]?.space == 3 && seen["rgb.jpg"]?.progressive == 0)
    #expect(seen["progressive.jpg"]?.progressive == 1)
    #expect(seen["cmyk.jpg"]?.space == 5)
  }

  @Test(arguments: jpegFixtures, [2, 4, 8])
  func aReducedPixelIsTheAverageOfTheBlockItStandsFor(file: String, reduction: Int) throws {
    let full = try decode(file)
    let scaled = try ImageDecoder().decode(
      Data(contentsOf: fixture(file)), source: file, plan: DecodePlan(maxReduction: reduction))
    #expect(scaled.path == .scaledJPEG && scaled.reduction == reduction)
    #expect(scaled.width == 64 && scaled.height == 48)
    #expect(scaled.decodedWidth == 64 / reduction && scaled.decodedHeight == 48 / reduction)
    // A reduced pixel whose block lies inside one of the 16-pixel blocks of one colour is that
    // block's average, within the DCT's rounding (chroma subsampling and ringing reach in from
    // the block's edges, so the margin is wider at 1/2 and 1/4, where the block is small).
    // At 1/8 a block is one DCT coefficient, and the chroma of a 4:2:0 file (rgb.jpg) is
    // upsampled between the neighbouring 16-pixel blocks' values.
    let tolerance = reduction == 8 ? 16 : 6
    var checked = 0
    full.withPixels { fullView in
      scaled.withPixels { view in
        let margin = reduction == 8 ? 0 : 4
        for y in 0..<view.height {
          for x in 0..<view.width {
            let (left, top) = (x * reduction, y * reduction)
            let (inX, inY) = (left % 16, top % 16)
            guard inX >= margin, inX + reduction <= 16 - margin, inY >= margin,
              inY + reduction <= 16 - margin
            else { continue }
            var sums = (0, 0, 0)
            for v in top..<top + reduction {
              for u in left..<left + reduction {
                let p = fullView[u, v]
                sums = (sums.0 + p.red, sums.1 + p.green, sums.2 + p.blue)
              }
            }
            let n = reduction * reduction
            let p = view[x, y]
            let error = max(
              abs(p.red - sums.0 / n), abs(p.green - sums.1 / n), abs(p.blue - sums.2 / n))
            #expect(
              error <= tolerance, "\(file) 1/\(reduction) (\(x), \(y)): \(p), error \(error)")
            #expect(p.alpha == 0)
            if file == "grey.jpg" { #expect(p.red == p.green && p.green == p.blue) }
            checked += 1
          }
        }
      }
    }
    // Every block of the pattern has at least one such pixel.
    #expect(checked >= 12, "\(file) 1/\(reduction): \(checked) pixels checked")
  }

  @Test func truncatedJPEGIsAnErrorByDefaultAsUnderLibgd() throws {
    let bytes = try Data(contentsOf: fixture("truncated.jpg"))
    let error = #expect(throws: DecodeError.self) {
      try ImageDecoder().decode(bytes, source: "truncated.jpg", plan: DecodePlan(maxReduction: 4))
    }
    guard case .truncated(.jpeg, let detail) = error?.reason else {
      Issue.record("expected a truncation, got \(String(describing: error?.reason))")
      return
    }
    #expect(detail.contains("Premature end"))
  }

  @Test func truncatedJPEGCanBeAcceptedOnRequestWithItsRestGrey() throws {
    let bytes = try Data(contentsOf: fixture("truncated.jpg"))
    let image = try ImageDecoder(limits: DecodeLimits(allowTruncatedJPEG: true)).decode(
      bytes, source: "truncated.jpg", plan: DecodePlan(maxReduction: 4))
    #expect(image.path == .scaledJPEG)
    #expect(image.width == 256 && image.height == 256)
    #expect(image.decodedWidth == 64 && image.decodedHeight == 64)
    #expect(image.warnings.contains { $0.contains("Premature end") })
    // libjpeg fills what the data never reached with grey, at any scale.
    image.withPixels { view in
      let last = view[view.width - 1, view.height - 1]
      #expect(last.red == 128 && last.green == 128 && last.blue == 128, "\(last)")
    }
  }

  @Test func oversizedHeadersAreRefusedBeforeDecoding() throws {
    let bytes = try Data(contentsOf: fixture("huge.jpg"))
    let error = #expect(throws: DecodeError.self) {
      try ImageDecoder().decode(bytes, source: "huge.jpg", plan: DecodePlan(maxReduction: 8))
    }
    #expect(error?.reason == .tooLarge(width: 40000, height: 40000, limit: 40_000_000))
    let limited = #expect(throws: DecodeError.self) {
      try ImageDecoder(limits: DecodeLimits(maxPixels: 64 * 48 - 1)).decode(
        Data(contentsOf: fixture("rgb.jpg")), source: "rgb.jpg", plan: DecodePlan(maxReduction: 4))
    }
    #expect(limited?.reason == .tooLarge(width: 64, height: 48, limit: 64 * 48 - 1))
  }

  @Test func theCDecoderChecksThePixelLimitBeforeAllocatingPixels() throws {
    // Its own check, on the frame libjpeg read, whatever the Swift header reader said.
    var (status, image) = try decodeThroughLibjpeg("rgb.jpg", reduction: 4, maxPixels: 64 * 48 - 1)
    defer { huewall_jpeg_free(&image) }
    #expect(status == HUEWALL_JPEG_TOO_LARGE)
    #expect(image.rows == nil && image.pixels == nil)
    #expect(image.image_width == 64 && image.image_height == 48)
  }

  @Test func corruptDataIsAnErrorWithLibjpegsReason() throws {
    var bytes = try Data(contentsOf: fixture("rgb.jpg"))
    // Cut right after the frame header: no scan at all.
    let sof = try #require(bytes.firstRange(of: Data([0xFF, 0xC0])))
    bytes = bytes.prefix(sof.lowerBound + 19)
    let error = #expect(throws: DecodeError.self) {
      try ImageDecoder().decode(bytes, source: "cut.jpg", plan: DecodePlan(maxReduction: 4))
    }
    switch error?.reason {
    case .corrupt(.jpeg, let detail)?, .truncated(.jpeg, let detail)?:
      #expect(!detail.isEmpty)
    default: Issue.record("expected a JPEG failure, got \(String(describing: error?.reason))")
    }
    // The decoder is left as it was: the next file decodes.
    #expect(try decode("rgb.jpg").width == 64)
  }

  @Test(arguments: HostileHeaderTests.expectations.filter { $0.0.hasPrefix("jpeg-") })
  func hostileHeadersGetTheSameAnswerAsUnderLibgd(
    file: String, expectation: HostileHeaderTests.Expectation
  ) throws {
    let bytes = try Data(contentsOf: fixture("hostile/" + file))
    let result = Result { () throws(DecodeError) in
      try ImageDecoder().decode(bytes, source: file, plan: DecodePlan(maxReduction: 4))
    }
    switch (expectation.outcome, result) {
    case ("tooLarge", .failure(let error)):
      #expect(
        error.reason
          == .tooLarge(
            width: try #require(expectation.width), height: try #require(expectation.height),
            limit: 40_000_000))
    case ("unreadableHeader", .failure(let error)):
      #expect(error.reason == .unreadableHeader(.jpeg))
    case ("fails", .failure(let error)):
      switch error.reason {
      case .corrupt, .truncated: break
      default: Issue.record("\(file): expected libjpeg to refuse the data, got \(error.reason)")
      }
    case (let outcome, let result):
      Issue.record("\(file): expected \(outcome), got \(result)")
    }
  }
}

@Suite struct DecodePlanTests {
  let product = Preset.product.parameters
  let reference = Preset.reference.parameters

  @Test func theProductPresetReadsAJPEGAtTheScaleItsGranularitySamples() {
    #expect(DecodePlan.analysis(product).maxReduction == 4)
    for (granularity, reduction) in [(1, 1), (2, 2), (3, 1), (4, 4), (6, 2), (8, 8), (16, 8)] {
      var parameters = product
      parameters.granularity = granularity
      #expect(
        DecodePlan.analysis(parameters).maxReduction == reduction, "granularity \(granularity)")
    }
  }

  @Test func theOriginalAlgorithmKeepsLibgdsFullDecode() {
    #expect(DecodePlan.analysis(reference) == .wholeImage)
    var coarser = reference
    coarser.granularity = 8
    coarser.numColors = 5
    #expect(DecodePlan.analysis(coarser) == .wholeImage)
    // One product step on is enough to leave the original algorithm.
    var oneStep = reference
    oneStep[.hueWrap] = true
    #expect(DecodePlan.analysis(oneStep).maxReduction == 4)
    #expect(DecodePlan.wholeImage.maxReduction == 1)
  }

  @Test func onlyJPEGsAreReduced() {
    let plan = DecodePlan.analysis(product)
    for format in ImageFormat.allCases {
      let header = ImageHeader(format: format, width: 1000, height: 800)
      #expect(plan.reduction(for: header) == (format == .jpeg ? 4 : 1), "\(format)")
    }
  }

  @Test func aReducedDecodeKeeps200PixelsOnTheLongerSide() {
    let plan = DecodePlan.analysis(product)
    #expect(plan.minLongerSide == 200)
    for (longer, reduction) in [
      (4000, 4), (1000, 4), (800, 4), (799, 2), (400, 2), (399, 1),
      (240, 1),
    ] {
      let header = ImageHeader(format: .jpeg, width: longer / 3, height: longer)
      #expect(plan.reduction(for: header) == reduction, "\(longer) px")
    }
  }

  @Test func aThumbnailKeepsItsSize() {
    let thumbnail = DecodePlan.thumbnail(maxSide: 240)
    for (longer, reduction) in [
      (2000, 8), (1920, 8), (1919, 4), (1000, 4), (800, 2), (480, 2),
      (479, 1), (240, 1), (100, 1),
    ] {
      let header = ImageHeader(format: .jpeg, width: longer, height: longer / 2)
      #expect(thumbnail.reduction(for: header) == reduction, "\(longer) px")
    }
  }

  @Test func anAnalysisDecodeServesAThumbnailWhenItHoldsItsPixels() throws {
    let thumbnail = DecodePlan.thumbnail(maxSide: 40)
    let bytes = try Data(contentsOf: fixture("rgb.jpg"))
    let decoder = ImageDecoder()
    // 64 px: 1/2 keeps 32, too few for 40; whole, or 1/1 through any decoder, holds them.
    #expect(
      !thumbnail.isSatisfied(
        by: try decoder.decode(bytes, source: "rgb.jpg", plan: DecodePlan(maxReduction: 2))))
    #expect(thumbnail.isSatisfied(by: try decoder.decode(bytes, source: "rgb.jpg")))
    #expect(
      DecodePlan.thumbnail(maxSide: 32).isSatisfied(
        by: try decoder.decode(bytes, source: "rgb.jpg", plan: DecodePlan(maxReduction: 2))))
  }

  @Test func theDecoderTakesThePathThePlanChooses() throws {
    // samples/01-red-sneaker.jpg: 600 × 420.
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples")
    let jpeg = try Data(contentsOf: samples.appendingPathComponent("01-red-sneaker.jpg"))
    let png = try Data(contentsOf: fixture("rgb.png"))
    let decoder = ImageDecoder()
    let scaled = try decoder.decode(jpeg, source: "sneaker", plan: .analysis(product))
    #expect(scaled.path == .scaledJPEG && scaled.reduction == 2)
    #expect(scaled.width == 600 && scaled.decodedWidth == 300 && scaled.decodedHeight == 210)
    let coarse = try decoder.decode(
      jpeg, source: "sneaker", plan: .analysis(product.withGranularity(16)))
    #expect(coarse.path == .scaledJPEG && coarse.reduction == 2, "300 px kept at 1/2, not 1/4")
    let whole = try decoder.decode(jpeg, source: "sneaker", plan: .analysis(reference))
    #expect(whole.path == .libgd && whole.reduction == 1)
    #expect(try decoder.decode(jpeg, source: "sneaker").path == .libgd)
    // A 64 px JPEG is below the 200 px a reduced decode keeps: libjpeg at full size, with
    // libgd's pixels.
    let smallBytes = try Data(contentsOf: fixture("rgb.jpg"))
    let small = try decoder.decode(smallBytes, source: "rgb.jpg", plan: .analysis(product))
    #expect(small.path == .scaledJPEG && small.reduction == 1)
    let smallWhole = try decoder.decode(smallBytes, source: "rgb.jpg")
    #expect(smallWhole.path == .libgd)
    func packed(_ image: DecodedImage) -> [UInt32] {
      image.withPixels { view in
        (0..<view.height).flatMap { y in (0..<view.width).map { view[$0, y].packed } }
      }
    }
    #expect(packed(small) == packed(smallWhole))
    let other = try decoder.decode(png, source: "rgb.png", plan: .analysis(product))
    #expect(other.path == .libgd && other.reduction == 1)
  }
}

extension AnalysisParameters {
  fileprivate func withGranularity(_ granularity: Int) -> AnalysisParameters {
    var copy = self
    copy.granularity = granularity
    return copy
  }
}
