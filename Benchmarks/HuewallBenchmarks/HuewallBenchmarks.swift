// Huewall's hot path, measured stage by stage on a real photograph:
//   Kernel       the colour kernel alone on pixels decoded once beforehand (granularity 4 and 1)
//   Decode       libgd decoding a 1000 px JPEG through ImageDecoder, nothing else
//   Decode+kernel what `huewall colors` does per image, minus reading the file and printing
//
// The photograph is Benchmarks/.photos/photo-01.jpg (1000×1000, made by ./make-photos), or the
// file named by HUEWALL_BENCH_PHOTO.

import Benchmark
import Foundation
import HuewallCore
import HuewallDecode
import HuewallPalette

/// The photograph, read and decoded once, and the analyzers, built once.
final class Fixture: @unchecked Sendable {
  let path: String
  let bytes: Data
  let decoder = ImageDecoder(limits: DecodeLimits())
  let image: DecodedImage
  let granularity4: PaletteAnalyzer
  let granularity1: PaletteAnalyzer
  let product4: PaletteAnalyzer
  /// A studio product shot (samples/02-navy-backpack.jpg) enlarged to 1000×1000, where
  /// background suppression has a backdrop to find.
  let productShot: PixelBuffer

  init() {
    let defaultPath = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".photos/photo-01.jpg").path
    path = ProcessInfo.processInfo.environment["HUEWALL_BENCH_PHOTO"] ?? defaultPath
    guard let bytes = FileManager.default.contents(atPath: path) else {
      fatalError(
        "\(path) is missing: run Benchmarks/make-photos first (or set HUEWALL_BENCH_PHOTO)")
    }
    self.bytes = bytes
    do {
      image = try decoder.decode(bytes, source: path)
      granularity4 = try PaletteAnalyzer(parameters: AnalysisParameters(granularity: 4))
      granularity1 = try PaletteAnalyzer(parameters: AnalysisParameters(granularity: 1))
      product4 = try PaletteAnalyzer(parameters: Preset.product.parameters)
      let samplePath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("samples/02-navy-backpack.jpg").path
      let sample = try decoder.decode(
        FileManager.default.contents(atPath: samplePath) ?? Data(), source: samplePath)
      productShot = sample.withPixels { view in
        var buffer = PixelBuffer(width: 1000, height: 1000)
        for x in 0..<1000 {
          for y in 0..<1000 {
            buffer[x, y] = view[x * view.width / 1000, y * view.height / 1000]
          }
        }
        return buffer
      }
    } catch {
      fatalError("cannot set up the benchmark fixture: \(error)")
    }
  }

  /// "1000×1000" — part of every benchmark's name so that a result says what it measured.
  var size: String { "\(image.width)×\(image.height)" }
}

let fixture = Fixture()

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    timeUnits: .microseconds,
    warmupIterations: 5,
    maxDuration: .seconds(3),
    maxIterations: 100_000
  )
  let size = fixture.size

  /// The kernel alone on pixels decoded (or built) once, outside the measurement.
  func kernel(_ name: String, _ analyzer: PaletteAnalyzer, on image: KernelInput) {
    Benchmark(name) { benchmark in
      image.withView { view in
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
          blackHole(analyzer.analyze(view))
        }
        benchmark.stopMeasurement()
      }
    }
  }

  /// Decoding the photograph, and analysing it when an analyzer is given.
  func decode(_ name: String, then analyzer: PaletteAnalyzer?) {
    Benchmark(name) { benchmark in
      for _ in benchmark.scaledIterations {
        let image = try fixture.decoder.decode(fixture.bytes, source: fixture.path)
        if let analyzer { blackHole(image.withPixels { analyzer.analyze($0) }) }
        blackHole(image)
      }
    }
  }

  kernel("Kernel granularity 4 (\(size) photo)", fixture.granularity4, on: .photo)
  kernel("Kernel granularity 1 (\(size) photo)", fixture.granularity1, on: .photo)
  kernel("Kernel product preset granularity 4 (\(size) photo)", fixture.product4, on: .photo)
  kernel(
    "Kernel reference granularity 4 (1000×1000 product shot)", fixture.granularity4,
    on: .productShot)
  kernel(
    "Kernel product preset granularity 4 (1000×1000 product shot)", fixture.product4,
    on: .productShot)
  decode("Decode JPEG via libgd (\(size) photo)", then: nil)
  decode("Decode + kernel granularity 4 (\(size) photo)", then: fixture.granularity4)
  decode("Decode + kernel product preset granularity 4 (\(size) photo)", then: fixture.product4)
}

/// Which of the fixture's images a kernel benchmark reads.
enum KernelInput {
  case photo, productShot

  func withView<R>(_ body: (PixelView) -> R) -> R {
    switch self {
    case .photo: fixture.image.withPixels(body)
    case .productShot: fixture.productShot.withView(body)
    }
  }
}
