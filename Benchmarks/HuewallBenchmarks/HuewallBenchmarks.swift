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

  Benchmark("Kernel granularity 4 (\(size) photo)") { benchmark in
    fixture.image.withPixels { view in
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(fixture.granularity4.analyze(view))
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark("Kernel granularity 1 (\(size) photo)") { benchmark in
    fixture.image.withPixels { view in
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(fixture.granularity1.analyze(view))
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark("Kernel product preset granularity 4 (\(size) photo)") { benchmark in
    fixture.image.withPixels { view in
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(fixture.product4.analyze(view))
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark("Kernel reference granularity 4 (1000×1000 product shot)") { benchmark in
    fixture.productShot.withView { view in
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(fixture.granularity4.analyze(view))
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark("Kernel product preset granularity 4 (1000×1000 product shot)") { benchmark in
    fixture.productShot.withView { view in
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(fixture.product4.analyze(view))
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark("Decode + kernel product preset granularity 4 (\(size) photo)") { benchmark in
    for _ in benchmark.scaledIterations {
      let image = try fixture.decoder.decode(fixture.bytes, source: fixture.path)
      blackHole(image.withPixels { fixture.product4.analyze($0) })
    }
  }

  Benchmark("Decode JPEG via libgd (\(size) photo)") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try fixture.decoder.decode(fixture.bytes, source: fixture.path))
    }
  }

  Benchmark("Decode + kernel granularity 4 (\(size) photo)") { benchmark in
    for _ in benchmark.scaledIterations {
      let image = try fixture.decoder.decode(fixture.bytes, source: fixture.path)
      blackHole(image.withPixels { fixture.granularity4.analyze($0) })
    }
  }
}
