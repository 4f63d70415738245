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
    let toggles: [WritableKeyPath<AnalysisParameters, Bool>] = [
      \.scenePrior, \.skinSuppression, \.skinWithoutPriority, \.garmentPrior,
    ]
    var all = parameters
    var analyzers: [PaletteAnalyzer] = []
    for toggle in toggles {
      var one = parameters
      one[keyPath: toggle].toggle()
      all[keyPath: toggle].toggle()
      analyzers.append(try PaletteAnalyzer(parameters: one))
    }
    return analyzers + [try PaletteAnalyzer(parameters: all)]
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
        let image = try ImageDecoder().decode(
          try Data(contentsOf: file), source: file.path, plan: .analysis(parameters))
        let grid = image.withPixels {
          SampleGrid($0, step: parameters.granularity, reduction: image.reduction)
        }
        let marks = kept.backdropMarks(in: grid)
        let label = "\(name): \(file.lastPathComponent)"
        #expect(tuned.fillPlan(for: grid) == kept.fillPlan(for: grid), "\(label)")
        #expect(kept.analyze(grid, marks: marks) == kept.analyze(grid), "\(label)")
        #expect(tuned.analyze(grid, marks: marks) == tuned.analyze(grid), "\(label)")
        // Colours weighed under one set serve another that bins differently, and any
        // setting of the foreground priors.
        let worn = ProductHint(title: "Cotton t-shirt")
        if kept.weighsColours {
          let asked = kept.weighingParameters(hint: worn, marks: marks)
          #expect(tuned.weighingParameters(hint: worn, marks: marks) == asked)
          let weighed = kept.weighing(grid, marks: marks, hint: worn)
          for analyzer in try [kept, tuned] + Self.priorSettings(of: parameters)
          where analyzer.weighsColours {
            #expect(analyzer.weighingParameters(hint: worn, marks: marks) == asked)
            #expect(
              sameButForRounding(analyzer.analyze(weighed), analyzer.analyze(grid, hint: worn)),
              "\(label): \(analyzer.parameters)")
          }
          // A backdrop control that leaves the photo's marks as they were leaves its colours
          // weighed; one that moves them does not.
          var deeper = parameters
          deeper.deepShadows.toggle()
          let other = try PaletteAnalyzer(parameters: deeper)
          let otherMarks = other.backdropMarks(in: grid)
          // One plan, one set of marks: what lets the live wall skip the fill.
          if other.fillPlan(for: grid) == kept.fillPlan(for: grid) {
            #expect(otherMarks == marks, "\(label)")
            plansKept += 1
          }
          if otherMarks == marks {
            #expect(other.weighingParameters(hint: worn, marks: otherMarks) == asked)
            #expect(
              sameButForRounding(other.analyze(weighed), other.analyze(grid, hint: worn)),
              "\(label)")
            marksKept += 1
          } else {
            #expect(other.weighingParameters(hint: worn, marks: otherMarks) != asked)
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
    let marks = product.backdropMarks(
      in: PixelBuffer(width: 8, height: 8).withView {
        SampleGrid($0, step: 1)
      })
    #expect(
      product.weighingParameters(hint: ProductHint(title: "Denim shorts"), marks: marks)
        != product.weighingParameters(hint: ProductHint(title: "Knit beanie"), marks: marks))
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
    func turned(_ control: WritableKeyPath<AnalysisParameters, Bool>) throws -> PaletteAnalyzer {
      var p = Preset.product.parameters
      p[keyPath: control].toggle()
      return try PaletteAnalyzer(parameters: p)
    }
    // Deep shadows and the kept tint read a tinted backdrop only; thin outlines find no pixel
    // between samples decoded at their step.
    let (deeper, tint, outlines) = (
      try turned(\.deepShadows), try turned(\.backdropTint), try turned(\.thinOutlines)
    )
    #expect(deeper.fillPlan(for: neutral) == product.fillPlan(for: neutral))
    #expect(tint.fillPlan(for: neutral) == product.fillPlan(for: neutral))
    #expect(deeper.fillPlan(for: tinted) != product.fillPlan(for: tinted))
    #expect(tint.fillPlan(for: tinted) != product.fillPlan(for: tinted))
    #expect(outlines.fillPlan(for: tinted) == product.fillPlan(for: tinted))
    // The same plan marks the same samples; suppression off plans no fill at all.
    #expect(deeper.backdropMarks(in: neutral) == product.backdropMarks(in: neutral))
    #expect(try turned(\.backgroundSuppression).fillPlan(for: neutral) == .off)
    if case .fill = product.fillPlan(for: tinted) {
    } else {
      Issue.record("the tinted backdrop is filled")
    }
  }
}
