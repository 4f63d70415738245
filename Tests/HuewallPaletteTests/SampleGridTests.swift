import Foundation
import HuewallCore
import HuewallDecode
import HuewallPalette
import Testing

/// A kept sample grid must give what the image gives: a live tuning page re-analyses from
/// grids, and its colours must be the ones `huewall colors` prints.
@Suite struct SampleGridTests {
  static var parameterSets: [(String, AnalysisParameters)] {
    get throws {
      try GoldenSet.names.map { ($0, try GoldenSet.parameters($0)) }
        + Preset.allCases.map { ($0.rawValue, $0.parameters) }
    }
  }

  /// Analyzers of `parameters` with each foreground prior turned the other way, then all four.
  static func priorSettings(of parameters: AnalysisParameters) throws -> [PaletteAnalyzer] {
    let toggles: [AnalysisStep] = [
      .scenePrior, .skinSuppression, .skinWithoutPriority, .garmentPrior,
    ]
    var all = parameters
    var analyzers: [PaletteAnalyzer] = []
    for toggle in toggles {
      var one = parameters
      one[toggle].toggle()
      all[toggle].toggle()
      analyzers.append(try PaletteAnalyzer(parameters: one))
    }
    return analyzers + [try PaletteAnalyzer(parameters: all)]
  }

  /// The grid a live wall keeps of `file` under `parameters`: its samples from the decode the
  /// parameters plan.
  static func grid(of file: URL, for parameters: AnalysisParameters) throws -> SampleGrid {
    let image = try ImageDecoder().decode(
      try Data(contentsOf: file), source: file.path, plan: .analysis(parameters))
    return image.withPixels {
      SampleGrid($0, step: parameters.granularity, reduction: image.reduction)
    }
  }

  @Test func everySampleAnalysesTheSameFromItsGridAsFromTheImage() throws {
    let samples = try FileManager.default.contentsOfDirectory(
      at: repositoryRoot.appendingPathComponent("samples"), includingPropertiesForKeys: nil
    ).filter { ImageFormat.sniff(Array((try? Data(contentsOf: $0)) ?? Data()).prefix(64)) != nil }
    #expect(samples.count >= 20)
    for (name, parameters) in try Self.parameterSets {
      let analyzer = try PaletteAnalyzer(parameters: parameters)
      for file in samples {
        let image = try ImageDecoder().decode(try Data(contentsOf: file), source: file.path)
        let (direct, grid) = image.withPixels {
          (analyzer.analyze($0), SampleGrid($0, step: parameters.granularity))
        }
        // The samples and, for each, the pixels down and right to the next ones.
        let gap = parameters.granularity - 1
        #expect(grid.byteCount == 4 * grid.columns * grid.rows * (1 + 2 * gap))
        #expect(analyzer.analyze(grid) == direct, "\(name): \(file.lastPathComponent)")
      }
    }
  }

  @Test func backdropMarksKeptUnderOneParameterSetServeAnotherOfTheSameBackdrop() throws {
    let samples = try FileManager.default.contentsOfDirectory(
      at: repositoryRoot.appendingPathComponent("samples"), includingPropertiesForKeys: nil
    ).filter { ImageFormat.sniff(Array((try? Data(contentsOf: $0)) ?? Data()).prefix(64)) != nil }
    var studioShots = 0
    var weighings = 0
    var (marksKept, marksMoved, plansKept) = (0, 0, 0)
    for (name, parameters) in try Self.parameterSets {
      let kept = try PaletteAnalyzer(parameters: parameters)
      // Another set whose fill reads the same: other colours, merge and hue step.
      var other = parameters
      other.numColors = parameters.numColors == 5 ? 4 : 5
      other.mergeDistance = parameters.mergeDistance == 0 ? 0 : parameters.mergeDistance + 3
      other.hueSampleSize = 0.02
      let tuned = try PaletteAnalyzer(parameters: other)
      for file in samples {
        let grid = try Self.grid(of: file, for: parameters)
        let marks = kept.backdropMarks(in: grid)
        let label = "\(name): \(file.lastPathComponent)"
        #expect(tuned.fillPlan(for: grid) == kept.fillPlan(for: grid), "\(label)")
        #expect(kept.analyze(grid, marks: marks) == kept.analyze(grid), "\(label)")
        #expect(tuned.analyze(grid, marks: marks) == tuned.analyze(grid), "\(label)")
        // Colours weighed under one set serve another that bins differently, and any
        // setting of the foreground priors.
        let worn = ProductHint(title: "Cotton t-shirt")
        if kept.weighsColours {
          let asked = kept.weighingParameters(for: grid.outline, hint: worn, marks: marks)
          #expect(tuned.weighingParameters(for: grid.outline, hint: worn, marks: marks) == asked)
          let weighed = kept.weighedColours(grid, marks: marks, hint: worn)
          for analyzer in try [kept, tuned] + Self.priorSettings(of: parameters)
          where analyzer.weighsColours {
            #expect(
              analyzer.weighingParameters(for: grid.outline, hint: worn, marks: marks) == asked)
            #expect(
              sameButForRounding(analyzer.analyze(weighed), analyzer.analyze(grid, hint: worn)),
              "\(label): \(analyzer.parameters)")
          }
          // A backdrop control that leaves the photo's marks as they were leaves its colours
          // weighed; one that moves them does not.
          var deeper = parameters
          deeper[.deepShadows].toggle()
          let other = try PaletteAnalyzer(parameters: deeper)
          let otherMarks = other.backdropMarks(in: grid)
          // One plan, one set of marks: what lets the live wall skip the fill.
          if other.fillPlan(for: grid) == kept.fillPlan(for: grid) {
            #expect(otherMarks == marks, "\(label)")
            plansKept += 1
          }
          if otherMarks == marks {
            #expect(
              other.weighingParameters(for: grid.outline, hint: worn, marks: otherMarks) == asked)
            #expect(
              sameButForRounding(other.analyze(weighed), other.analyze(grid, hint: worn)),
              "\(label)")
            marksKept += 1
          } else {
            #expect(
              other.weighingParameters(for: grid.outline, hint: worn, marks: otherMarks) != asked)
            marksMoved += 1
          }
          weighings += 1
        }
        if case .color = marks.backdrop { studioShots += 1 }
      }
    }
    // The fill ran and marked something, or the comparisons above prove little.
    #expect(studioShots >= 10)
    #expect(weighings >= 20)
    #expect(marksKept >= 1 && marksMoved >= 1, "\(marksKept) kept, \(marksMoved) moved")
    #expect(plansKept >= 1)
    // The weighing reads where a garment is worn; neither the priors nor binning.
    let product = try PaletteAnalyzer(parameters: Preset.product.parameters)
    let small = PixelBuffer(width: 8, height: 8).withView { SampleGrid($0, step: 1) }
    let marks = product.backdropMarks(in: small)
    #expect(
      product.weighingParameters(
        for: small.outline, hint: ProductHint(title: "Denim shorts"), marks: marks)
        != product.weighingParameters(
          for: small.outline, hint: ProductHint(title: "Knit beanie"), marks: marks))
  }

  @Test func aGridsColourNumbersChangeNoResult() throws {
    // The live wall numbers a kept grid's colours, so that its fill, skin step and weighing
    // test and group each colour once: every analysis must be what it is without them.
    let samples = try FileManager.default.contentsOfDirectory(
      at: repositoryRoot.appendingPathComponent("samples"), includingPropertiesForKeys: nil
    ).filter { ImageFormat.sniff(Array((try? Data(contentsOf: $0)) ?? Data()).prefix(64)) != nil }
    var (numbered, marked, compacted) = (0, 0, 0)
    for (name, parameters) in try Self.parameterSets {
      let analyzer = try PaletteAnalyzer(parameters: parameters)
      for file in samples {
        let grid = try Self.grid(of: file, for: parameters)
        let withNumbers = grid.numberingColours()
        guard let numbers = withNumbers.colourNumbers else { continue }
        numbered += 1
        let label = "\(name): \(file.lastPathComponent)"
        #expect(withNumbers.byteCount == grid.byteCount + numbers.byteCount, "\(label)")
        // An opaque grid kept compact gives its pixels back, in less memory.
        if let compact = CompactGrid(withNumbers) {
          #expect(compact.grid.pixels == grid.pixels, "\(label)")
          #expect(compact.byteCount < grid.byteCount, "\(label)")
          compacted += 1
        }
        let marks = analyzer.backdropMarks(in: grid)
        #expect(analyzer.backdropMarks(in: withNumbers) == marks, "\(label)")
        let worn = ProductHint(title: "Cotton t-shirt")
        let run = analyzer.analyze(grid, hint: worn)
        #expect(analyzer.analyze(withNumbers, hint: worn) == run, "\(label)")
        if analyzer.weighsColours {
          #expect(
            analyzer.analyze(analyzer.weighedColours(withNumbers, marks: marks, hint: worn))
              == analyzer.analyze(analyzer.weighedColours(grid, marks: marks, hint: worn)),
            "\(label)")
        }
        if case .color = marks.backdrop { marked += 1 }
      }
    }
    // The fill ran on numbered grids, or the comparisons prove little.
    #expect(numbered >= 100 && marked >= 10, "\(numbered) numbered, \(marked) filled")
    #expect(compacted >= 50 && compacted < numbered, "\(compacted) of \(numbered) compact")
    // A person's skin (face and arms) beside a red top, on a light backdrop.
    var buffer = PixelBuffer(width: 60, height: 60, fill: Pixel(red: 244, green: 244, blue: 242))
    let skinTone = Pixel(red: 224, green: 172, blue: 140)
    for x in 24..<36 { for y in 4..<16 { buffer[x, y] = skinTone } }
    for x in 14..<46 { for y in 18..<40 { buffer[x, y] = Pixel(red: 190, green: 30, blue: 40) } }
    for x in 8..<14 { for y in 18..<34 { buffer[x, y] = skinTone } }
    for x in 46..<52 { for y in 18..<34 { buffer[x, y] = skinTone } }
    let person = buffer.withView { SampleGrid($0, step: 1) }
    var parameters = Preset.product.parameters
    parameters.granularity = 1
    let product = try PaletteAnalyzer(parameters: parameters)
    let hint = ProductHint(title: "Cotton t-shirt")
    let run = product.analyze(person, hint: hint)
    #expect(run.skin > 0)
    #expect(product.analyze(person.numberingColours(), hint: hint) == run)
    let marks = product.backdropMarks(in: person)
    #expect(
      product.analyze(product.weighedColours(person.numberingColours(), marks: marks, hint: hint))
        == product.analyze(product.weighedColours(person, marks: marks, hint: hint)))
  }

  @Test func aTieGoesToTheColourFirstSeenWhenNothingIsMarked() throws {
    // With nothing marked and every sample opaque, a numbered grid's weighing counts every
    // sample and keeps the grid's own numbers: equal weights must still rank as first seen.
    // Two colours of one saturation and one value, as many samples each, each first seen in
    // its order; no backdrop to mark (suppression off), no prior to tell them apart.
    var parameters = Preset.product.parameters
    parameters.granularity = 1
    parameters[.backgroundSuppression] = false
    parameters[.scenePrior] = false
    let analyzer = try PaletteAnalyzer(parameters: parameters)
    let (red, blue) = (Pixel(red: 200, green: 40, blue: 40), Pixel(red: 40, green: 40, blue: 200))
    for (first, second) in [(red, blue), (blue, red)] {
      var buffer = PixelBuffer(width: 20, height: 20, fill: second)
      for x in 0..<10 { for y in 0..<20 { buffer[x, y] = first } }
      let grid = buffer.withView { SampleGrid($0, step: 1) }
      let numbered = grid.numberingColours()
      let marks = analyzer.backdropMarks(in: grid)
      let top = analyzer.analyze(analyzer.weighedColours(numbered, marks: marks)).colors
      #expect(top.count == 2 && top[0].weight == top[1].weight)
      // Red's hue is 0, blue's two thirds.
      #expect(((top.first?.h ?? -1) < 0.1) == (first == red))
      #expect(top == analyzer.analyze(analyzer.weighedColours(grid, marks: marks)).colors)
    }
  }

  @Test func everyAlphaThresholdAtOrAboveAGridsLargestAlphaTreatsItAlike() throws {
    // A product on a half-transparent backdrop (alpha 100 of 127).
    var buffer = PixelBuffer(
      width: 40, height: 40, fill: Pixel(red: 240, green: 240, blue: 240, alpha: 100))
    for x in 12..<28 { for y in 10..<30 { buffer[x, y] = Pixel(red: 30, green: 60, blue: 160) } }
    let translucent = buffer.withView { SampleGrid($0, step: 1) }
    let opaque = PixelBuffer(width: 40, height: 40, fill: Pixel(red: 240, green: 240, blue: 240))
      .withView { SampleGrid($0, step: 1) }
    func analyzer(_ threshold: Int) throws -> PaletteAnalyzer {
      var p = Preset.product.parameters
      p.granularity = 1
      p.alphaThreshold = threshold
      return try PaletteAnalyzer(parameters: p)
    }
    let (low, atIt, high) = (try analyzer(64), try analyzer(100), try analyzer(127))
    // Above the grid's alpha the threshold plans and weighs alike, and analyses alike.
    #expect(atIt.fillPlan(for: translucent) == high.fillPlan(for: translucent))
    let marks = high.backdropMarks(in: translucent)
    #expect(
      atIt.weighingParameters(for: translucent.outline, hint: .none, marks: marks)
        == high.weighingParameters(for: translucent.outline, hint: .none, marks: marks))
    #expect(atIt.analyze(translucent) == high.analyze(translucent))
    // Not opaque: its pixels are kept whole.
    #expect(CompactGrid(translucent.numberingColours()) == nil)
    #expect(CompactGrid(opaque.numberingColours()) != nil && CompactGrid(opaque) == nil)
    // Below it the backdrop is transparent: another plan, other weights, other colours.
    #expect(low.fillPlan(for: translucent) == .noFill(.transparent))
    #expect(low.fillPlan(for: translucent) != high.fillPlan(for: translucent))
    #expect(
      low.weighingParameters(for: translucent.outline, hint: .none, marks: marks)
        != high.weighingParameters(for: translucent.outline, hint: .none, marks: marks))
    #expect(low.analyze(translucent) != high.analyze(translucent))
    // An opaque grid (a JPEG's) is treated alike by every threshold.
    for threshold in [0, 64] {
      let other = try analyzer(threshold)
      #expect(other.fillPlan(for: opaque) == high.fillPlan(for: opaque))
      let marks = other.backdropMarks(in: opaque)
      #expect(
        other.weighingParameters(for: opaque.outline, hint: .none, marks: marks)
          == high.weighingParameters(for: opaque.outline, hint: .none, marks: marks))
    }
  }

  @Test func aBackdropControlChangesTheFillsPlanOnlyWhereItCanChangeTheFill() throws {
    // A product on a light neutral backdrop and on a warm tinted one.
    func photo(on backdrop: Pixel) -> SampleGrid {
      var buffer = PixelBuffer(width: 40, height: 40, fill: backdrop)
      for x in 12..<28 { for y in 10..<30 { buffer[x, y] = Pixel(red: 30, green: 60, blue: 160) } }
      return buffer.withView { SampleGrid($0, step: 1) }
    }
    let (neutral, tinted) = (
      photo(on: Pixel(red: 246, green: 246, blue: 246)),
      photo(on: Pixel(red: 224, green: 206, blue: 180))
    )
    let product = try PaletteAnalyzer(parameters: Preset.product.parameters)
    func turned(_ control: AnalysisStep) throws -> PaletteAnalyzer {
      var p = Preset.product.parameters
      p[control].toggle()
      return try PaletteAnalyzer(parameters: p)
    }
    // Deep shadows and the kept tint read a tinted backdrop only; thin outlines find no pixel
    // between samples decoded at their step.
    let (deeper, tint, outlines) = (
      try turned(.deepShadows), try turned(.backdropTint), try turned(.thinOutlines)
    )
    #expect(deeper.fillPlan(for: neutral) == product.fillPlan(for: neutral))
    #expect(tint.fillPlan(for: neutral) == product.fillPlan(for: neutral))
    #expect(deeper.fillPlan(for: tinted) != product.fillPlan(for: tinted))
    #expect(tint.fillPlan(for: tinted) != product.fillPlan(for: tinted))
    #expect(outlines.fillPlan(for: tinted) == product.fillPlan(for: tinted))
    // The same plan marks the same samples; suppression off plans no fill at all.
    #expect(deeper.backdropMarks(in: neutral) == product.backdropMarks(in: neutral))
    #expect(try turned(.backgroundSuppression).fillPlan(for: neutral) == .off)
    if case .fill = product.fillPlan(for: tinted) {
    } else {
      Issue.record("the tinted backdrop is filled")
    }
  }
}
