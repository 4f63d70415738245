import Foundation
import HuewallColorWords
import HuewallCore

extension PaletteAnalyzer {
  /// Whether any step of the product path is on (``AnalysisStep/Row/productPath``), or the
  /// merge: they need a sample grid.
  var usesProductPath: Bool {
    parameters.mergeDistance > 0 || parameters.steps.contains { $0.row.productPath }
  }

  /// The product path: a weight per sample from the foreground priors, bins that keep their
  /// colour sums, and ranking over merged bins.
  func analyzeProduct(_ grid: SampleGrid, backdrop: Backdrop, hint: ProductHint)
    -> PaletteAnalysis
  {
    let weights = sampleWeights(grid, backdrop: backdrop, hint: hint)
    return weights.samples(of: grid) { analyze($0, counts: weights.counts) }
  }

  /// How many of a grid's samples are transparent (skipped), and how many the fill marked.
  func transparency(of grid: SampleGrid) -> (skipped: Int, background: Int) {
    let alphaThreshold = UInt32(parameters.alphaThreshold)
    var skipped = 0
    var background = 0
    for pixel in grid.pixels {
      let alpha = pixel >> 24
      if alpha == BackgroundMask.backdropAlpha {
        background += 1
      } else if alpha > alphaThreshold {
        skipped += 1
      }
    }
    return (skipped, background)
  }

  /// What the foreground priors make of a marked grid: a weight per sample, and which samples
  /// were taken for skin.
  private func sampleWeights(_ grid: SampleGrid, backdrop: Backdrop, hint: ProductHint)
    -> SampleWeights
  {
    let alphaThreshold = UInt32(parameters.alphaThreshold)
    let sampleCount = grid.pixels.count
    let (skipped, background) = transparency(of: grid)
    var weights = [Float](repeating: 1, count: sampleCount)
    let scene = ScenePrior.isScene(backdrop: backdrop, skipped: skipped, samples: sampleCount)
    if parameters[.scenePrior] && scene {
      ScenePrior.weigh(grid, into: &weights, alphaThreshold: alphaThreshold)
    }
    // Every sample but the transparent ones: backdrop samples count too.
    let opaque = sampleCount - skipped
    var skin = 0
    // Samples taken for a person's skin (empty when none are); they get no saturation
    // priority when the parameters say so.
    var skinMask: [Bool] = []
    if parameters[.skinSuppression] {
      skin = SkinRegions.weigh(
        grid, into: &weights, alphaThreshold: alphaThreshold, opaque: opaque, studio: !scene,
        mask: &skinMask)
    }
    let person = SkinRegions.isPerson(skin: skin, opaque: opaque)
    if parameters[.garmentPrior], person, let region = hint.wornOn {
      GarmentPrior.weigh(grid, region: region, into: &weights)
    }
    return SampleWeights(
      weights: weights, plainSkin: parameters[.skinWithoutPriority] ? skinMask : [],
      alphaThreshold: alphaThreshold,
      counts: .init(
        samples: grid.columns * grid.rows, skipped: skipped, background: background, skin: skin,
        backdrop: backdrop, jewellery: hint.isJewellery))
  }

  /// Bins the counted samples, then merges and ranks the bins.
  func analyze<Samples: CountedSamples>(_ samples: Samples, counts: SampleCounts)
    -> PaletteAnalysis
  {
    let bins = ColorBins(
      keyCount: binSpace, denseLimit: Self.denseBinLimit, samples: samples.count)
    // Each entry's bin slot (-1: not counted), for the lit values of the reported colours.
    var slots = [Int32](repeating: -1, count: parameters[.litFamilies] ? samples.count : 0)
    let keepSlots = !slots.isEmpty
    var run = BinRun(bins)
    slots.withUnsafeMutableBufferPointer { slots in
      for i in 0..<samples.count where samples.isCounted(i) {
        let color = samples.color(i)
        let (r, g, b) = (Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF), Int(color & 0xFF))
        let (key, bonus) = binKey(red: r, green: g, blue: b)
        // A sample taken for skin without priority weighs its prior weight alone: its
        // prioritised weight is 0, and (1 + bonus) × 0 + w is w exactly.
        let (prioritised, plain) = samples.weight(i)
        let weight = (1 + bonus) * prioritised + plain
        let slot = run.add(weight, to: key, red: r, green: g, blue: b)
        if keepSlots { slots[i] = Int32(truncatingIfNeeded: slot) }
      }
    }
    run.finish()
    var analysis = ranked(bins, samples: samples, counts: counts, slots: slots)
    analysis.skin = counts.skin
    analysis.backdrop = counts.backdrop
    return analysis
  }

  /// Bins merged into colours (heaviest bin first, each lighter bin joining the nearest colour
  /// within ``AnalysisParameters/mergeDistance`` of its first bin's mean), ranked by weight.
  private func ranked<Samples: CountedSamples>(
    _ bins: ColorBins, samples: Samples, counts: SampleCounts, slots: [Int32]
  ) -> PaletteAnalysis {
    var totalWeight = 0.0
    // Each family's weight, summed in slot order as a dictionary would sum it.
    var familyTotals = [Double](repeating: 0, count: ColorFamily.allCases.count)
    var familySeen = [Bool](repeating: false, count: ColorFamily.allCases.count)
    let families = familyIndices(ofKeys: (0..<bins.count).map(bins.key))
    for slot in 0..<bins.count {
      let w = bins.weight(slot)
      totalWeight += w
      familyTotals[families[slot]] += w
      familySeen[families[slot]] = true
    }
    var familyShares: [ColorFamily: Double] = [:]
    for (index, family) in ColorFamily.allCases.enumerated() where familySeen[index] {
      familyShares[family] = familyTotals[index] / totalWeight
    }
    // Heaviest first; equal weights in first-seen order. Slots are distinct, so the order is
    // total and any sort gives it.
    var ranking = (0..<bins.count).map { (weight: bins.weight($0), slot: $0) }
    ranking.sort { $0.weight > $1.weight || $0.weight == $1.weight && $0.slot < $1.slot }
    let order = ranking.lazy.map(\.slot)
    var clusters: [Cluster] = []
    var clusterOfSlot = [Int32](repeating: -1, count: bins.count)
    let limit = parameters.mergeDistance * parameters.mergeDistance
    // Only the heaviest bins can become a reported colour; the rest are a long tail of specks.
    for slot in order.prefix(limit > 0 ? Self.mergedBins : parameters.numColors) {
      let w = bins.weight(slot)
      let lab = bins.mean(slot).lab
      var nearest = -1
      var nearestDistance = Double.infinity
      if limit > 0 {
        for (i, cluster) in clusters.enumerated() {
          let d = cluster.lab.distanceSquared(to: lab)
          if d <= limit && d < nearestDistance { (nearest, nearestDistance) = (i, d) }
        }
      }
      clusterOfSlot[slot] = Int32(nearest >= 0 ? nearest : clusters.count)
      if nearest >= 0 {
        clusters[nearest].weight += w
        clusters[nearest].red += bins.red(slot)
        clusters[nearest].green += bins.green(slot)
        clusters[nearest].blue += bins.blue(slot)
      } else {
        clusters.append(
          Cluster(
            seed: slot, lab: lab, weight: w, red: bins.red(slot), green: bins.green(slot),
            blue: bins.blue(slot)))
      }
    }
    let top = clusters.enumerated().sorted {
      $0.element.weight > $1.element.weight
        || $0.element.weight == $1.element.weight && $0.offset < $1.offset
    }.prefix(parameters.numColors)
    let lit =
      parameters[.litFamilies]
      ? LitValues.measure(
        samples, slots: slots, clusterOfSlot: clusterOfSlot, clusters: top.map(\.offset))
      : []
    // Measured once, and only when a reported colour is neutral: dark, for its surface, or
    // light, for the metal test when it is asked for.
    lazy var neutralHistogram = NeutralTones.histogram(samples)
    lazy var surfaceValue = NeutralSurface.value(of: neutralHistogram)
    lazy var tones = NeutralTones(histogram: neutralHistogram)
    var colors = top.enumerated().map { rank, entry -> DominantColor in
      let cluster = entry.element
      let bin = bin(forKey: bins.key(cluster.seed))
      var (h, s, v) = (
        hue.value(ofBin: bin.hue), saturationValue.value(ofBin: bin.saturation),
        saturationValue.value(ofBin: bin.value)
      )
      let meanRGB = SIMD3(
        cluster.red / cluster.weight, cluster.green / cluster.weight,
        cluster.blue / cluster.weight)
      let mean = RGB(red: meanRGB.x, green: meanRGB.y, blue: meanRGB.z).hsv
      if parameters[.darkHues] && v < Self.darkValue {
        // Dark-pixel damping filed each sample as neutral, but their mean is not noise.
        (h, s) = mean.s < parameters.svSampleSize / 2 ? (0, mean.s) : (mean.h, mean.s)
      }
      let litValue = lit.isEmpty ? nil : lit[rank]
      // A saturation bin is `svSampleSize` wide (0.2 by default), and family boundaries
      // (beige and pink below 0.5, hot pink below 0.8) fall inside bins; a neutral bin stays
      // neutral.
      let meanSaturation = parameters[.meanSaturation] && bin.saturation > 0 ? mean.s : nil
      // A dark neutral colour's samples stop at the value bin's edge; the product's neutral
      // tones do not.
      let darkNeutral =
        parameters[.neutralSurface] && v < Self.darkValue
        && ColorFamily.isNeutral(s: mean.s, v: mean.v)
      // A light neutral colour may be metal or a matte light grey: the product's neutral tones
      // tell (``ProductRegionFamily``).
      let lightNeutral =
        familyRegions == .shopper && v >= Self.darkValue
        && ColorFamily.isNeutral(s: mean.s, v: mean.v)
        && (litValue ?? v) >= NeutralSurface.ceiling
      return DominantColor(
        bin: bin, h: h, s: s, v: v, weight: cluster.weight,
        share: totalWeight > 0 ? cluster.weight / totalWeight : 0,
        litValue: litValue, meanSaturation: meanSaturation,
        surfaceValue: darkNeutral ? surfaceValue : nil, meanRGB: meanRGB,
        neutralTones: lightNeutral ? tones : nil, regions: familyRegions)
    }
    if familyRegions == .shopper && counts.jewellery {
      let metal = ProductRegionFamily.jewelleryMetal(colors)
      for i in colors.indices where ProductRegionFamily.takesMetal(colors[i].colourFamily) {
        colors[i].metal = metal
      }
    }
    return PaletteAnalysis(
      colors: colors, samples: counts.samples, skipped: counts.skipped,
      background: counts.background, totalWeight: totalWeight, familyShares: familyShares)
  }

  /// The bins the merge looks at, heaviest first.
  static let mergedBins = 256
  /// Colours darker than this (v of the bin) report their samples' mean hue and saturation.
  static let darkValue = 0.3
}

/// Bins merged into one colour: the first (heaviest) bin, its mean in CIELAB, and the sums.
private struct Cluster {
  var seed: Int
  var lab: Lab
  var weight: Double
  var red: Double
  var green: Double
  var blue: Double
}
