import Foundation
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
    let weighed = weigh(grid, backdrop: backdrop, hint: hint)
    return weighed.samples(of: grid) { analyze($0, counts: weighed.counts) }
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
  private func weigh(_ grid: SampleGrid, backdrop: Backdrop, hint: ProductHint) -> SampleWeights {
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
        backdrop: backdrop))
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
    // Measured once, and only when a reported colour is dark and neutral.
    lazy var surfaceValue = NeutralSurface.measure(samples)
    let colors = top.enumerated().map { rank, entry -> DominantColor in
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
      return DominantColor(
        bin: bin, h: h, s: s, v: v, weight: cluster.weight,
        share: totalWeight > 0 ? cluster.weight / totalWeight : 0,
        litValue: litValue, meanSaturation: meanSaturation,
        surfaceValue: darkNeutral ? surfaceValue : nil, meanRGB: meanRGB, regions: familyRegions)
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

/// The value a colour's lit side reaches: a person names a surface by its lit side, while
/// its samples' mean or its bin's value sits lower, in the shade (a white shirt's folds, a
/// dark-grey body's underside).
enum LitValues {
  /// The share of a colour's sample weight below its lit value: high enough to leave the
  /// shade behind, low enough that specular highlights do not decide it.
  static let quantile = 0.9

  /// For each cluster index in `clusters`, the `quantile` of its samples' value (the maximum
  /// channel over 255), weighted like the samples; `slots` holds each entry's bin slot.
  static func measure<Samples: CountedSamples>(
    _ samples: Samples, slots: [Int32], clusterOfSlot: [Int32], clusters: [Int]
  ) -> [Double] {
    guard !clusters.isEmpty else { return [] }
    // The rank of each reported cluster, by cluster index (-1: not reported).
    var rankOfCluster = [Int](repeating: -1, count: (clusters.max() ?? 0) + 1)
    for (rank, cluster) in clusters.enumerated() { rankOfCluster[cluster] = rank }
    // The same by slot, so that each colour looks up one table.
    let rankOfSlot = clusterOfSlot.map { cluster in
      cluster >= 0 && Int(cluster) < rankOfCluster.count ? rankOfCluster[Int(cluster)] : -1
    }
    var histograms = [Double](repeating: 0, count: 256 * clusters.count)
    slots.withUnsafeBufferPointer { slots in
      rankOfSlot.withUnsafeBufferPointer { rankOfSlot in
        histograms.withUnsafeMutableBufferPointer { histograms in
          for i in 0..<slots.count where slots[i] >= 0 {
            let rank = rankOfSlot[Int(slots[i])]
            guard rank >= 0 else { continue }
            let color = samples.color(i)
            let value = max(Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF), Int(color & 0xFF))
            let (prioritised, plain) = samples.weight(i)
            histograms[rank * 256 + value] += prioritised + plain
          }
        }
      }
    }
    return (0..<clusters.count).map { rank in
      valueQuantile(quantile, of: histograms[rank * 256..<(rank + 1) * 256])
    }
  }
}

/// The value (level over 255) below which `share` of a histogram's weight lies; the
/// histogram's entries are the weights of the levels 0…255.
func valueQuantile(_ share: Double, of histogram: ArraySlice<Double>) -> Double {
  let total = histogram.reduce(0, +)
  var below = 0.0
  for (level, w) in zip(0..., histogram) {
    below += w
    if below >= share * total { return Double(level) / 255 }
  }
  return 1
}

/// The value of a product's neutral tones below silver, which files a dark neutral colour
/// black or grey (``AnalysisParameters/neutralSurface``). A black product's tones stay dark
/// while a dark-grey or steel one's go on into mid greys, even where its darkest bin weighs
/// most.
enum NeutralSurface {
  /// The share of the tones' weight below their value. Lower than the lit side's
  /// ``LitValues/quantile``: a black product's lighter trims and reflections are neutral
  /// tones too, and would decide its top tenth.
  static let quantile = 0.7
  /// Tones at or above this value are silver or white, not part of a dark surface.
  static let ceiling = 0.7

  /// The ``quantile`` of the value of the counted samples that are neutral (chroma below
  /// ``ColorFamily/neutralChroma``) and below ``ceiling``, weighted like the samples; nil
  /// when there are none.
  static func measure<Samples: CountedSamples>(_ samples: Samples) -> Double? {
    // In whole channel levels: x / 255 < limit exactly when x < ⌈limit × 255⌉.
    let chromaLimit = Int((ColorFamily.neutralChroma * 255).rounded(.up))
    let valueLimit = Int((ceiling * 255).rounded(.up))
    var histogram = [Double](repeating: 0, count: 256)
    for i in 0..<samples.count where samples.isCounted(i) {
      let color = samples.color(i)
      let (r, g, b) = (Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF), Int(color & 0xFF))
      let high = max(r, g, b)
      guard high < valueLimit, high - min(r, g, b) < chromaLimit else { continue }
      let (prioritised, plain) = samples.weight(i)
      histogram[high] += prioritised + plain
    }
    guard histogram.contains(where: { $0 > 0 }) else { return nil }
    return valueQuantile(quantile, of: histogram[...])
  }
}

/// Where the border is not one backdrop, the product is what the photo is framed on: samples
/// weigh less towards the edges (a centre prior) and where their colour crowds the border
/// band more than the inside (a boundary prior, as in saliency detection).
enum ScenePrior {
  /// The centre prior's standard deviation, as a share of the width and of the height. Set by
  /// hand with the product preset on the real photos (cb9d197); no sweep recorded.
  static let sigma = 0.3
  /// The border band, as a share of each side. Set by hand with ``sigma`` (cb9d197).
  static let band = 0.08

  /// Whether a marked grid is a scene: no uniform backdrop, and not a cut-out on a
  /// transparent one (at most a quarter of its `samples` `skipped`).
  static func isScene(backdrop: Backdrop, skipped: Int, samples: Int) -> Bool {
    !backdrop.isColor && skipped * 4 < samples
  }

  /// Multiplies each sample's weight in `weights` by the prior's (``Weights``).
  static func weigh(_ grid: SampleGrid, into weights: inout [Float], alphaThreshold: UInt32) {
    let prior = Weights(grid, alphaThreshold: alphaThreshold)
    guard !prior.isUniform else { return }
    let (columns, rows) = (grid.columns, grid.rows)
    grid.pixels.withUnsafeBufferPointer { pixels in
      weights.withUnsafeMutableBufferPointer { weights in
        prior.withFactors { factors in
          for c in 0..<columns {
            for r in 0..<rows {
              let i = c * rows + r
              weights[i] *= factors.weight(column: c, row: r, pixel: pixels[i])
            }
          }
        }
      }
    }
  }

  /// What the prior makes of a grid: a sample's weight is its column's and its row's centre
  /// weights times its colour cell's share inside, so that a weighing reads it sample by
  /// sample where a run multiplies it into an array, and both get the same floats.
  struct Weights {
    /// The centre prior across the columns and down the rows.
    let across: [Float]
    let down: [Float]
    /// Per colour cell of 32 levels a channel: 1 minus the share of its density on the
    /// border, squared.
    let keep: [Float]
    /// Whether every sample weighs 1: the border or the inside holds no counted sample.
    let isUniform: Bool

    /// Every sample weighing 1.
    static let none = Weights(across: [], down: [], keep: [], isUniform: true)

    private init(across: [Float], down: [Float], keep: [Float], isUniform: Bool) {
      (self.across, self.down, self.keep, self.isUniform) = (across, down, keep, isUniform)
    }

    init(_ grid: SampleGrid, alphaThreshold: UInt32) {
      let (columns, rows) = (grid.columns, grid.rows)
      func gaussian(_ count: Int) -> [Float] {
        (0..<count).map { i in
          let u = (Double(i) + 0.5) / Double(count) - 0.5
          return Float(exp(-u * u / (2 * sigma * sigma)))
        }
      }
      across = gaussian(columns)
      down = gaussian(rows)
      let bandColumns = max(1, Int(Double(columns) * band))
      let bandRows = max(1, Int(Double(rows) * band))
      var borderCount = [Int32](repeating: 0, count: 512)
      var insideCount = [Int32](repeating: 0, count: 512)
      grid.pixels.withUnsafeBufferPointer { pixels in
        borderCount.withUnsafeMutableBufferPointer { border in
          insideCount.withUnsafeMutableBufferPointer { inside in
            for c in 0..<columns {
              let edgeColumn = c < bandColumns || c >= columns - bandColumns
              for r in 0..<rows {
                let p = pixels[c * rows + r]
                guard p >> 24 <= alphaThreshold else { continue }
                if edgeColumn || r < bandRows || r >= rows - bandRows {
                  border[Self.cell(p)] &+= 1
                } else {
                  inside[Self.cell(p)] &+= 1
                }
              }
            }
          }
        }
      }
      let borderTotal = borderCount.reduce(0) { $0 + Int($1) }
      let insideTotal = insideCount.reduce(0) { $0 + Int($1) }
      isUniform = borderTotal == 0 || insideTotal == 0
      // The share of a colour's density that lies on the border: 1 for the room's colours,
      // near 0 for what only the middle shows.
      var keep = [Float](repeating: 1, count: 512)
      for i in 0..<512 where !isUniform && borderCount[i] > 0 {
        let outside = Double(borderCount[i]) / Double(borderTotal)
        let inside = Double(insideCount[i]) / Double(insideTotal)
        let onBorder = outside / (outside + inside)
        keep[i] = Float((1 - onBorder) * (1 - onBorder))
      }
      self.keep = keep
    }

    /// A pixel's colour cell: r >> 5, g >> 5, b >> 5.
    @inline(__always)
    static func cell(_ p: UInt32) -> Int {
      Int(p >> 21 & 7) << 6 | Int(p >> 13 & 7) << 3 | Int(p >> 5 & 7)
    }

    /// Calls `body` with the weights readable sample by sample.
    @inline(__always)
    func withFactors<Result>(_ body: (Factors) -> Result) -> Result {
      across.withUnsafeBufferPointer { across in
        down.withUnsafeBufferPointer { down in
          keep.withUnsafeBufferPointer { keep in
            body(Factors(across: across, down: down, keep: keep, isUniform: isUniform))
          }
        }
      }
    }

    /// ``Weights`` read in a loop.
    struct Factors {
      let across: UnsafeBufferPointer<Float>
      let down: UnsafeBufferPointer<Float>
      let keep: UnsafeBufferPointer<Float>
      let isUniform: Bool

      /// The weight of the sample at `column`, `row` whose pixel is `pixel`.
      @inline(__always)
      func weight(column: Int, row: Int, pixel: UInt32) -> Float {
        isUniform ? 1 : across[column] * down[row] * keep[Weights.cell(pixel)]
      }
    }
  }
}

/// Skin, found per sample in YCbCr with the box of Chai and Ngan (1999), grouped into
/// 4-connected regions (hot pink and orange, which RGB skin rules take for skin, fall outside). A region weighs little unless it is as large as
/// a product would be (a beige coat, a tan bag): then it is the product.
enum SkinRegions {
  /// What a skin sample weighs. Set by hand with the product preset on the real photos
  /// (cb9d197); no sweep recorded.
  static let weight: Float = 0.3
  /// A region holding more than this share of the image's opaque samples (backdrop included)
  /// is taken for a product. Set by hand with ``weight`` (cb9d197).
  static let productShare = 0.35

  @inline(__always)
  static func isSkin(_ p: UInt32) -> Bool {
    let r = Int(p >> 16 & 0xFF)
    let g = Int(p >> 8 & 0xFF)
    let b = Int(p & 0xFF)
    // Chai and Ngan (1999): 77 ≤ Cb ≤ 127 and 133 ≤ Cr ≤ 173, in fixed point (× 1000).
    let y = 299 * r + 587 * g + 114 * b
    let cr = 713 * (r * 1000 - y) / 1000 + 128_000
    let cb = 564 * (b * 1000 - y) / 1000 + 128_000
    return cr >= 133_000 && cr <= 173_000 && cb >= 77_000 && cb <= 127_000 && r > 60
  }

  /// Damps the skin-coloured regions smaller than a product; returns how many samples were
  /// taken for a person's skin and marks them in `mask`, which stays empty when there are none
  /// (as when the only skin on a studio shot is one region).
  @discardableResult
  static func weigh(
    _ grid: SampleGrid, into weights: inout [Float], alphaThreshold: UInt32, opaque: Int,
    studio: Bool, mask: inout [Bool]
  ) -> Int {
    let found = find(in: grid, alphaThreshold: alphaThreshold, opaque: opaque, studio: studio)
    mask = found.person ? [Bool](repeating: false, count: grid.pixels.count) : []
    weights.withUnsafeMutableBufferPointer { weights in
      mask.withUnsafeMutableBufferPointer { mask in
        for i in found.damped {
          weights[Int(i)] *= weight
          if found.person { mask[Int(i)] = true }
        }
      }
    }
    return found.personSkin
  }

  /// The skin samples the step damps, and whether they are a person's.
  struct Found {
    /// The samples of the skin regions smaller than a product, region after region.
    var damped: [Int32] = []
    /// Whether they are a person's skin (which may then take no saturation priority); false
    /// when there are none.
    var person = false

    /// How many samples were taken for a person's skin.
    var personSkin: Int { person ? damped.count : 0 }
  }

  /// Finds the skin-coloured regions smaller than a product.
  static func find(in grid: SampleGrid, alphaThreshold: UInt32, opaque: Int, studio: Bool)
    -> Found
  {
    let (columns, rows) = (grid.columns, grid.rows)
    let n = grid.pixels.count
    // A photo whose numbered colours hold no skin tone has no skin.
    if let numbers = grid.colourNumbers, !numbers.colours.contains(where: isSkin) {
      return .init()
    }
    var candidates = 0
    // 0: not skin, 1: skin not yet in a region, 2: done.
    var state = [UInt8](unsafeUninitializedCapacity: n) { state, count in
      grid.forEachSample(opaqueAndPassing: isSkin, alphaThreshold: alphaThreshold) { i, skin in
        state[i] = skin ? 1 : 0
        candidates &+= skin ? 1 : 0
      }
      count = n
    }
    guard candidates > 0 else { return .init() }
    let largest = Int(productShare * Double(opaque))
    // The samples of the regions kept (no larger than `largest`), region after region, and
    // each kept region's size; every sample is pushed on the stack at most once.
    let stack = UnsafeMutableBufferPointer<Int>.allocate(capacity: candidates)
    defer { stack.deallocate() }
    var sizes: [Int] = []
    let damped = [Int32](unsafeUninitializedCapacity: candidates) { members, memberCount in
      memberCount = 0
      state.withUnsafeMutableBufferPointer { state in
        var depth = 0
        @inline(__always) func visit(_ j: Int) {
          if state[j] == 1 {
            state[j] = 2
            stack[depth] = j
            depth += 1
          }
        }
        for start in 0..<n where state[start] == 1 {
          state[start] = 2
          stack[0] = start
          depth = 1
          let first = memberCount
          while depth > 0 {
            depth -= 1
            let i = stack[depth]
            members[memberCount] = Int32(truncatingIfNeeded: i)
            memberCount += 1
            let (c, r) = (i / rows, i % rows)
            if r > 0 { visit(i - 1) }
            if r < rows - 1 { visit(i + 1) }
            if c > 0 { visit(i - rows) }
            if c < columns - 1 { visit(i + rows) }
          }
          let size = memberCount - first
          if size <= largest { sizes.append(size) } else { memberCount = first }
        }
      }
    }
    // On a studio shot a person shows as several skin regions (face, arms, legs); one
    // skin-toned object alone on the backdrop is more likely the product (a tan boot, a beige
    // bag): it is still damped, but it is not a person's skin.
    let minimum = max(4, Int(personRegionShare * Double(opaque)))
    let person = !studio || sizes.lazy.filter { $0 >= minimum }.count >= 2
    return Found(damped: damped, person: person && !damped.isEmpty)
  }
  /// A skin region this share of the opaque samples or larger counts towards a person. Set by
  /// hand when skin without priority became a person's only (af3b2bc: a tan boot on a studio
  /// shot is one region, no person).
  static let personRegionShare = 0.005
  /// Skin on at least this share of the opaque samples (backdrop included) means a person is
  /// in the photo. Set by hand with the skin regions (cb9d197); no sweep recorded.
  static let personShare = 0.03

  /// Whether `skin` samples of a person's skin (what ``weigh(_:into:alphaThreshold:opaque:studio:mask:)``
  /// returns) among `opaque` ones mean a person is in the photo.
  static func isPerson(skin: Int, opaque: Int) -> Bool {
    Double(skin) >= personShare * Double(opaque)
  }
}

/// On a photo of a person, the rows where the titled garment is worn weigh more: a tee over
/// shorts is the tee's colour when the title says tee.
enum GarmentPrior {
  /// Rows outside the region weigh this much. Set by hand with the garment prior (cb9d197);
  /// halving keeps a run's sums exact (``WeighedColours`` halves a sum where a run halves each
  /// weight).
  static let outside: Float = 0.5

  /// The rows, as shares of the height from the top, where each region usually lies in a
  /// catalogue photo of a person.
  static func rows(of region: BodyRegion) -> ClosedRange<Double> {
    switch region {
    case .head: 0...0.45
    case .upperBody: 0.1...0.65
    case .lowerBody: 0.4...1
    case .wholeBody: 0...1
    case .feet: 0.6...1
    }
  }

  /// Per row of a grid of `rowCount` rows: whether it lies outside `region`'s rows.
  static func outsideRows(of region: BodyRegion, rowCount: Int) -> [Bool] {
    let band = rows(of: region)
    return (0..<rowCount).map { !band.contains((Double($0) + 0.5) / Double(rowCount)) }
  }

  static func weigh(_ grid: SampleGrid, region: BodyRegion, into weights: inout [Float]) {
    let rowCount = grid.rows
    let factor = outsideRows(of: region, rowCount: rowCount).map { $0 ? outside : 1 }
    for c in 0..<grid.columns {
      for r in 0..<rowCount { weights[c * rowCount + r] *= factor[r] }
    }
  }
}
