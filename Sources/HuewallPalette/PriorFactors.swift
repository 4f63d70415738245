import HuewallCore

/// Each foreground prior's factors on a marked grid, as a run makes them on
/// weights of 1: a sample's weight under a setting of the priors is their product, in the
/// order a run multiplies them.
struct PriorFactors {
  /// The scene prior (nil when the photo is not a scene).
  var scene: ScenePrior.Factors?
  /// One bit per sample, set where skin suppression damps it (to ``SkinRegions/weight``);
  /// empty when it damps none.
  var damped: [UInt64] = []
  /// Per row: 1 where it lies outside the garment's rows, else 0 (all 0 when the garment
  /// prior has no rows to weigh).
  var rowPart: [Int]
  /// Whether the garment prior has rows to weigh (a person, and a hint where it is worn).
  let garmentRows: Bool
  /// Whether the damped skin is a person's, which may take no saturation priority.
  let personSkin: Bool
  let counts: SampleCounts
  let alphaThreshold: UInt32

  init(_ grid: SampleGrid, backdrop: Backdrop, hint: ProductHint, by analyzer: PaletteAnalyzer) {
    alphaThreshold = UInt32(analyzer.parameters.alphaThreshold)
    let n = grid.pixels.count
    let (skipped, background) = analyzer.transparency(of: grid)
    let scene = ScenePrior.isScene(backdrop: backdrop, skipped: skipped, samples: n)
    let opaque = n - skipped
    if scene { self.scene = ScenePrior.Factors(grid, alphaThreshold: alphaThreshold) }
    let skin = SkinRegions.find(
      in: grid, alphaThreshold: alphaThreshold, opaque: opaque, studio: !scene)
    if !skin.damped.isEmpty {
      damped = [UInt64](repeating: 0, count: (n + 63) / 64)
      for i in skin.damped { damped[Int(i) >> 6] |= 1 << UInt64(i & 63) }
    }
    personSkin = skin.person
    rowPart = [Int](repeating: 0, count: grid.rows)
    garmentRows =
      SkinRegions.isPerson(skin: skin.personSkin, opaque: opaque) && hint.wornOn != nil
    if garmentRows, let region = hint.wornOn {
      rowPart = GarmentPrior.outsideRows(of: region, rowCount: grid.rows).map { $0 ? 1 : 0 }
    }
    counts = .init(
      samples: grid.columns * grid.rows, skipped: skipped, background: background,
      skin: skin.personSkin, backdrop: backdrop, jewellery: hint.isJewellery)
  }
}
