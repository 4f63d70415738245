// The stages a live wall's change runs per photo, timed on kept grids as `huewall serve` keeps
// them (granularity 4, colours numbered): the fill (the backdrop marks), the weighing and the
// binning, under the product preset and with one control changed; and the coarsening of a
// grid to granularity 8 with the three stages after it. Prints milliseconds per photo (the
// fastest of ROUNDS rounds) and a checksum of the results, which must match between builds.
//
// Built and run by Benchmarks/live-stages-benchmark, against this checkout and a base revision.
//
// Usage: live-stages PHOTOS [COUNT]   every STRIDE-th JPEG of PHOTOS (sorted), COUNT of them
// Environment: STRIDE (default 10), ROUNDS (default 5)
import Foundation
import HuewallCore
import HuewallDecode
import HuewallPalette

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: live-stages PHOTOS [COUNT]\n".utf8))
  exit(2)
}
let environment = ProcessInfo.processInfo.environment
let stride = Int(environment["STRIDE"] ?? "") ?? 10
let rounds = Int(environment["ROUNDS"] ?? "") ?? 5
let count = arguments.count > 2 ? Int(arguments[2]) ?? 100 : 100
let folder = URL(fileURLWithPath: arguments[1])
let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
  .filter { $0.hasSuffix(".jpg") }.sorted()
  .enumerated().filter { $0.offset % stride == 0 }.map(\.element).prefix(count)
let preset = Preset.product.parameters
let decoder = ImageDecoder()
let grids = try files.map { file in
  let image = try decoder.decode(
    try Data(contentsOf: folder.appendingPathComponent(file)), source: file,
    plan: .analysis(preset))
  return image.withPixels { SampleGrid($0, step: 4, reduction: image.reduction) }
    .numberingColours()
}
// Shop titles put the garment prior to work where the photo shows a person.
let hint = ProductHint(title: "Cotton t-shirt")

/// The fastest of `rounds` rounds of `stages` over every photo's grid, per stage in
/// milliseconds per photo, and the sum of the results' weights and shares.
func fastest<Grid>(
  _ photos: [Grid], _ names: [String], _ stages: (Grid, inout [UInt64]) -> Double
) -> String {
  var best = [Double](repeating: .infinity, count: names.count)
  var checksum = 0.0
  for _ in 0..<rounds {
    var times = [UInt64](repeating: 0, count: names.count)
    checksum = 0
    for grid in photos { checksum += stages(grid, &times) }
    for k in names.indices { best[k] = min(best[k], Double(times[k])) }
  }
  let perPhoto = names.indices.map {
    String(format: "%@ %.2f", names[$0], best[$0] / Double(max(1, photos.count)) / 1e6)
  }
  return perPhoto.joined(separator: "  ") + String(format: "  (check %.6f)", checksum)
}

/// Runs `body`, adding the nanoseconds it took to `time`.
func timed<Result>(_ time: inout UInt64, _ body: () -> Result) -> Result {
  let start = DispatchTime.now().uptimeNanoseconds
  let result = body()
  time += DispatchTime.now().uptimeNanoseconds - start
  return result
}

func checksum(_ analysis: PaletteAnalysis) -> Double {
  analysis.colors.reduce(0) { $0 + $1.weight + $1.share }
}

let changes: [(String, (inout AnalysisParameters) -> Void)] = [
  ("product", { _ in }),
  ("backgroundSuppression=false", { $0[.backgroundSuppression] = false }),
  ("deepShadows=false", { $0[.deepShadows] = false }),
  ("scenePrior=false", { $0[.scenePrior] = false }),
]
for (name, change) in changes {
  var parameters = preset
  change(&parameters)
  let analyzer = try PaletteAnalyzer(parameters: parameters)
  let line = fastest(grids, ["fill", "weighing", "binning"]) { grid, times in
    let marks = timed(&times[0]) { analyzer.backdropMarks(in: grid) }
    let weighed = timed(&times[1]) { analyzer.weighedColours(grid, marks: marks, hint: hint) }
    return checksum(timed(&times[2]) { analyzer.analyze(weighed) })
  }
  print("\(name): \(line)")
}
// Granularity 8 over the same decode: each kept grid coarsened, as the live wall makes it.
var coarser = preset
coarser.granularity = 8
let analyzer = try PaletteAnalyzer(parameters: coarser)
let kept = grids.compactMap(CompactGrid.init)
let line = fastest(kept, ["coarsening", "fill", "weighing", "binning"]) { kept, times in
  let grid = timed(&times[0]) { kept.coarsened(by: 2) }
  let marks = timed(&times[1]) { analyzer.backdropMarks(in: grid) }
  let weighed = timed(&times[2]) { analyzer.weighedColours(grid, marks: marks, hint: hint) }
  return checksum(timed(&times[3]) { analyzer.analyze(weighed) })
}
print("granularity=8: \(line)")
