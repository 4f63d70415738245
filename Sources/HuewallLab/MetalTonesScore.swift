import Foundation
import HuewallColorWords
import HuewallPalette

/// The two values that tell metal (``NeutralTones/Metal``) are fitted on labelled photos;
/// this refits them on all sources but one and scores the held-out source with the refit
/// (leave-one-source-out), beside the refit on every source, the shipped values, and silver
/// named by the colour alone.
struct MetalTonesScore {
  /// One image's product before the metal test.
  struct Scored: Sendable {
    var source: String
    var label: String
    /// The top colour's family by the colour alone (``DominantColor/colourFamily``).
    var colourFamily: ColorFamily
    var tones: NeutralTones?
    /// On jewellery, the metal the analysis took the top colour for, which no test of tones
    /// moves (``DominantColor/metal``).
    var jewelleryMetal: ColorFamily? = nil
    var shares: [ColorFamily: Double]
    var regions: ColorFamily.Regions
    var silverAsGrey: Bool

    func family(_ metal: NeutralTones.Metal?) -> ColorFamily {
      // Without values (nil) silver is named by the colour alone: no tones are tested.
      let heaviest = ProductRegionFamily.family(
        colourFamily, tones: metal == nil ? nil : tones, jewelleryMetal: jewelleryMetal,
        metal: metal ?? .shipped)
      return ColorFamily.ofProduct(heaviest: heaviest, shares: shares, regions: regions)
    }

    func isCorrect(_ metal: NeutralTones.Metal?) -> Bool {
      ScoringRule.sameFamily(family(metal).rawValue, label: label, silverAsGrey: silverAsGrey)
    }
  }

  struct Result: Equatable {
    var shipped: Int
    var inSample: Int
    var heldOut: Int
    /// Silver by the colour alone, no metal test.
    var colourAlone: Int
    var total: Int
    /// The values fitted on every source.
    var fitted: NeutralTones.Metal
    var bySource: [SourceScore]
  }

  /// One source: held out, with the shipped values, by the colour alone, of its total.
  struct SourceScore: Equatable {
    var source: String
    var heldOut: Int
    var shipped: Int
    var colourAlone: Int
    var total: Int
  }

  private(set) var scored: [Scored] = []

  mutating func add(_ item: LabelledImage, palette: PaletteAnalysis) {
    guard let source = item.source, let top = palette.colors.first else { return }
    scored.append(
      Scored(
        source: source, label: item.family, colourFamily: top.colourFamily,
        tones: top.neutralTones, jewelleryMetal: top.metal, shares: palette.familyShares,
        regions: top.regions, silverAsGrey: item.body != nil))
  }

  mutating func add(_ image: Scored) { scored.append(image) }

  /// The values tried: the shipped pair first.
  static var grid: [NeutralTones.Metal] {
    var grid = [NeutralTones.Metal.shipped]
    for highlights in [0.02, 0.05, 0.1, 0.15, 0.2, 0.3] {
      for spread in [0.1, 0.2, 0.3, 0.4, 0.5] {
        let metal = NeutralTones.Metal(highlights: highlights, spread: spread)
        if metal != grid[0] { grid.append(metal) }
      }
    }
    return grid
  }

  static func correct(_ images: [Scored], _ metal: NeutralTones.Metal?) -> Int {
    images.filter { $0.isCorrect(metal) }.count
  }

  /// A pair leaves the grid's first only for a gain that at least this many sources share, as
  /// the thresholds of the mean colour's families do: one shop's habit is no line.
  static let sourcesToMove = 2

  /// How far a pair moves from the grid's first, each value relative to its own.
  static func move(_ metal: NeutralTones.Metal) -> Double {
    abs(metal.highlights - grid[0].highlights) / grid[0].highlights
      + abs(metal.spread - grid[0].spread) / grid[0].spread
  }

  /// The values of the grid that file most of `images` right, among those whose gain over the
  /// grid's first at least ``sourcesToMove`` sources share; on a tie, the least move.
  static func fit(_ images: [Scored]) -> NeutralTones.Metal {
    func bySource(_ metal: NeutralTones.Metal) -> [String: Int] {
      SourceCounts.correct(images, source: \.source) { $0.isCorrect(metal) }
    }
    let first = bySource(grid[0])
    var best = (metal: grid[0], correct: first.values.reduce(0, +))
    for metal in grid.dropFirst() {
      let counts = bySource(metal)
      let count = counts.values.reduce(0, +)
      guard SourceCounts.gaining(counts, over: first).count >= sourcesToMove else { continue }
      if count > best.correct || (count == best.correct && move(metal) < move(best.metal)) {
        best = (metal, count)
      }
    }
    return best.metal
  }

  /// Nil without images from at least two sources.
  func leaveOneSourceOut() -> Result? {
    let sources = Set(scored.map(\.source)).sorted()
    guard sources.count >= 2 else { return nil }
    let fitted = Self.fit(scored)
    let bySource = sources.map { source in
      let held = scored.filter { $0.source == source }
      let refit = Self.fit(scored.filter { $0.source != source })
      return SourceScore(
        source: source, heldOut: Self.correct(held, refit),
        shipped: Self.correct(held, .shipped), colourAlone: Self.correct(held, nil),
        total: held.count)
    }
    return Result(
      shipped: Self.correct(scored, .shipped), inSample: Self.correct(scored, fitted),
      heldOut: bySource.map(\.heldOut).reduce(0, +), colourAlone: Self.correct(scored, nil),
      total: scored.count, fitted: fitted, bySource: bySource)
  }

  /// The fitted values as the data file holds them.
  static func json(_ metal: NeutralTones.Metal) -> String {
    let about =
      "What tells metal (NeutralTones.Metal, Sources/HuewallPalette/ProductRegionFamily.swift): a light neutral colour is silver only where the product's neutral samples show at least this share of highlights (value 0.9 and above) and this spread of value (90th less 10th percentile); otherwise grey. Fitted on the labelled photos of ten shops by scripts/refit-metal-tones, which prints the score in sample and leave-one-source-out."
    return """
      {
        "about": "\(about)",
        "highlights": \(String(format: "%.2f", metal.highlights)),
        "spread": \(String(format: "%.2f", metal.spread))
      }

      """
  }
}
