import Foundation
import HuewallCore
import HuewallDecode
import Testing

@testable import HuewallPalette

/// A grid coarsened from a finer one with the pixels between its samples is the grid the
/// coarser step samples from the same decode: its samples, the pixels between them, its shape and its
/// largest alpha.
@Suite struct CoarsenedGridTests {
  static func expectSame(_ coarsened: SampleGrid, _ sampled: SampleGrid, _ what: String) {
    #expect(coarsened.columns == sampled.columns && coarsened.rows == sampled.rows, "\(what)")
    #expect(coarsened.step == sampled.step && coarsened.decodedStep == sampled.decodedStep)
    #expect(coarsened.pixels == sampled.pixels, "\(what): samples")
    #expect(coarsened.writtenLinks == sampled.writtenLinks, "\(what): the pixels between samples")
    #expect(coarsened.largestAlpha == sampled.largestAlpha, "\(what): largest alpha")
  }

  @Test func everySamplesGridCoarsenedIsTheCoarserStepsGridOfTheSameDecode() throws {
    let folder = repositoryRoot.appendingPathComponent("samples")
    let files = try FileManager.default.contentsOfDirectory(
      at: folder, includingPropertiesForKeys: nil
    ).filter { !["json", "tsv"].contains($0.pathExtension) }
    #expect(files.count >= 20)
    var (reduced, compacts) = (0, 0)
    for file in files {
      // The product preset's decode at granularity 4: a JPEG reduced, the others whole.
      let image = try ImageDecoder().decode(
        try Data(contentsOf: file), source: file.path,
        plan: DecodePlan(maxReduction: 4, minLongerSide: DecodePlan.analysisMinLongerSide))
      let r = image.reduction
      if r > 1 { reduced += 1 }
      try image.withPixels { view in
        // From every decoded pixel, and from every second one with the pixels between.
        for finer in [1, 2] {
          let grid = SampleGrid(view, step: r * finer, reduction: r)
          #expect(grid.canBeCoarsened)
          // Kept compact (opaque), it gives the coarser grid numbered as numbering it would.
          let compact = CompactGrid(grid.numberingColours())
          if grid.largestAlpha == 0 { compacts += 1 }
          #expect((compact != nil) == (grid.largestAlpha == 0))
          // It gives back the grid whole, the pixels between samples too.
          if let compact {
            Self.expectSame(compact.grid, grid, "\(file.lastPathComponent): \(finer), compact")
          }
          for factor in [1, 2, 3, 7] {
            let what = "\(file.lastPathComponent): \(finer) × \(factor)"
            let sampled = SampleGrid(view, step: r * finer * factor, reduction: r)
            Self.expectSame(grid.coarsened(by: factor), sampled, what)
            guard let compact else { continue }
            let numbered = compact.coarsened(by: factor)
            Self.expectSame(numbered, sampled, what + ", compact")
            // Its pixels between samples are read from the compact grid's numbers, not copied;
            // the fill reads them there as from written ones.
            #expect(numbered.readsFinerGrid == (finer == 1 && factor > 1), "\(what): read")
            if numbered.readsFinerGrid {
              #expect(numbered.byteCount < sampled.numberingColours().byteCount, "\(what)")
              var parameters = Preset.product.parameters
              parameters.granularity = r * finer * factor
              let analyzer = try PaletteAnalyzer(parameters: parameters)
              #expect(
                analyzer.backdropMarks(in: numbered) == analyzer.backdropMarks(in: sampled),
                "\(what): the fill")
            }
            let expected = sampled.numberingColours().colourNumbers
            #expect(numbered.colourNumbers?.colours == expected?.colours, "\(what): colours")
            #expect(numbered.colourNumbers?.numbers == expected?.numbers, "\(what): numbers")
          }
        }
        // A run's grid, without the pixels between its samples, cannot be.
        #expect(!SampleGrid(view, step: r * 2, reduction: r, links: false).canBeCoarsened)
      }
    }
    #expect(reduced > 0, "no sample was decoded reduced")
    #expect(compacts > 0, "no sample was opaque")
  }

  @Test func aTranslucentImagesLargestAlphaIsTheCoarserGridsOwn() {
    // 11 × 8, alpha rising to the right, and one pixel off every coarser grid's rows and
    // columns more translucent than any: neither side divides by the factors.
    var buffer = PixelBuffer(width: 11, height: 8)
    for x in 0..<11 {
      for y in 0..<8 {
        let alpha = x == 5 && y == 5 ? 120 : x * 3
        buffer[x, y] = Pixel(
          red: UInt8(x * 20), green: UInt8(y * 30), blue: 7, alpha: UInt8(alpha))
      }
    }
    buffer.withView { view in
      let every = SampleGrid(view, step: 1)
      #expect(every.largestAlpha == 120)
      for factor in [2, 3, 4] {
        let coarsened = every.coarsened(by: factor)
        Self.expectSame(coarsened, SampleGrid(view, step: factor), "× \(factor)")
        // The first row's pixels are samples or between them, up to the last column's 30.
        #expect(coarsened.largestAlpha == 30, "× \(factor)")
      }
      Self.expectSame(
        SampleGrid(view, step: 2).coarsened(by: 3), SampleGrid(view, step: 6), "2 × 3")
    }
  }
}
