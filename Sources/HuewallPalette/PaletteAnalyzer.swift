import HuewallColorWords
public import HuewallCore
import Synchronization

/// Finds an image's dominant colours by HSV quantisation with saturation priority.
///
/// With the reference parameters it is bit-exact with the original algorithm: pixels are
/// visited x outer, y inner; a bin's weight sums `1 + saturationPriority * s` (unquantised s)
/// in that order; bins rank by weight with ties in first-seen order. The `product` preset's
/// improvements change only which samples count, which bin they fall in and what they weigh.
///
/// Build one analyzer per parameter set and reuse it: it holds per-parameter tables and no
/// per-image state, so it can be shared between threads.
public struct PaletteAnalyzer: Sendable {
  public let parameters: AnalysisParameters
  let hue: Quantizer
  let saturationValue: Quantizer
  let tables: LookupTables
  /// Turns t = h × 6 into h / hueSampleSize (approximately; the fast path allows for it).
  let hueScale: Double
  /// Pixels whose maximum channel is below this are filed as neutral (hue and saturation 0).
  let neutralBelow: Int
  /// The hue bin that hue wrap folds into bin 0 (1.0), or -1.
  let wrappedHueBin: Int
  /// Saturation-value keys below this are in the lowest saturation bin and, with neutral
  /// greys, get hue bin 0 (0 when neutral greys are off).
  let greyKeysBelow: Int
  /// Bins with more keys than this are tracked sparsely.
  static let denseBinLimit = 1 << 20
  /// The families of the bin keys, filed as images reach them.
  let keyFamilies: KeyFamilies

  public init(parameters: AnalysisParameters) throws(ParameterError) {
    self.parameters = try parameters.validated()
    hue = Quantizer(sampleSize: parameters.hueSampleSize)
    saturationValue = Quantizer(sampleSize: parameters.svSampleSize)
    hueScale = hue.reciprocal / 6
    let darkPixels = parameters[.darkPixelDamping] ? DarkPixels() : nil
    tables = LookupTables(saturationValue: saturationValue, darkPixels: darkPixels)
    neutralBelow = darkPixels?.neutralBelow ?? 0
    let lastHue = hue.binCount - 1
    let lastIsOne = abs(hue.value(ofBin: lastHue) - 1) < parameters.hueSampleSize / 2
    wrappedHueBin = parameters[.hueWrap] && lastIsOne ? lastHue : -1
    greyKeysBelow = parameters[.neutralGreys] ? saturationValue.binCount : 0
    keyFamilies = KeyFamilies(
      keyCount: hue.binCount * saturationValue.binCount * saturationValue.binCount)
  }

  var binSpace: Int { hue.binCount * saturationValue.binCount * saturationValue.binCount }

  /// Analyses every `granularity`-th pixel of the image; `hint` says what the product is, for
  /// the steps that use it (``AnalysisParameters/garmentPrior``). `image` is the image decoded
  /// at 1/`reduction` (``DecodePlan``), which must divide the granularity: then every
  /// `granularity / reduction`-th decoded pixel is a sample.
  public func analyze(_ image: PixelView, reduction: Int = 1, hint: ProductHint = .none)
    -> PaletteAnalysis
  {
    precondition(
      reduction >= 1 && parameters.granularity.isMultiple(of: reduction),
      "a decode reduced 1/\(reduction) for granularity \(parameters.granularity)")
    guard parameters[.backgroundSuppression] || usesProductPath else {
      return analyze(.image(image, step: parameters.granularity / reduction))
    }
    // The fill reads the pixels between samples from the image itself.
    var grid = SampleGrid(
      image, step: parameters.granularity, reduction: reduction, links: false)
    return analyze(marking: &grid, image: image, hint: hint)
  }

  /// Analyses samples kept from an earlier decode: the same result as analysing the image
  /// they came from, at the cost of the kernel alone (a live tuning page re-analyses a
  /// catalogue this way on every change). The grid's step must be the granularity.
  public func analyze(_ grid: SampleGrid, hint: ProductHint = .none) -> PaletteAnalysis {
    precondition(
      grid.step == parameters.granularity,
      "samples of step \(grid.step) for granularity \(parameters.granularity)")
    var grid = grid  // the caller's samples stay as they were: marking copies them
    return analyze(marking: &grid, hint: hint)
  }

  /// Marks the backdrop in `grid` when the parameters ask for it, in place (a grid just made
  /// from an image is not copied), then analyses it.
  private func analyze(
    marking grid: inout SampleGrid, image: PixelView? = nil, hint: ProductHint
  ) -> PaletteAnalysis {
    let backdrop = markBackdrop(in: &grid, image: image)
    return analyzeMarked(grid, backdrop: backdrop, hint: hint)
  }

  /// Marks the backdrop in `grid` as its ``fillPlan(for:)`` says, and says what it is.
  func markBackdrop(in grid: inout SampleGrid, image: PixelView? = nil) -> Backdrop {
    BackgroundMask.mark(in: &grid, image: image, plan: fillPlan(for: grid))
  }

  /// Analyses a grid whose backdrop is marked.
  func analyzeMarked(_ grid: SampleGrid, backdrop: Backdrop, hint: ProductHint)
    -> PaletteAnalysis
  {
    guard !usesProductPath else { return analyzeProduct(grid, backdrop: backdrop, hint: hint) }
    var analysis = analyze(.grid(grid))
    analysis.backdrop = backdrop
    return analysis
  }

  /// Where the samples come from: the decoded image itself (read in place), or a grid (its
  /// backdrop already marked).
  private enum Samples {
    /// Every `step`-th decoded pixel.
    case image(PixelView, step: Int)
    case grid(SampleGrid)
  }

  private func analyze(_ samples: Samples) -> PaletteAnalysis {
    if binSpace <= Self.denseBinLimit {
      var bins = DenseBins(keyCount: binSpace)
      return analyze(samples, into: &bins)
    } else {
      var bins = SparseBins()
      return analyze(samples, into: &bins)
    }
  }

  private func analyze<Bins: BinAccumulator>(_ samples: Samples, into bins: inout Bins)
    -> PaletteAnalysis
  {
    let alphaThreshold = UInt32(parameters.alphaThreshold)
    var skipped = 0
    var background = 0
    switch samples {
    case .grid(let grid):
      for pixel in grid.pixels {
        let alpha = pixel >> 24
        if alpha == BackgroundMask.backdropAlpha {
          background += 1
        } else if alpha > alphaThreshold {
          skipped += 1
        } else {
          add(pixel, to: &bins)
        }
      }
      return ranked(
        bins, samples: grid.columns * grid.rows, skipped: skipped, background: background)
    case .image(let image, let step):
      for x in stride(from: 0, to: image.width, by: step) {
        for y in stride(from: 0, to: image.height, by: step) {
          let pixel = UInt32(bitPattern: image.row(y)[x])
          if pixel >> 24 > alphaThreshold {
            skipped += 1
          } else {
            add(pixel, to: &bins)
          }
        }
      }
      let columns = (image.width + step - 1) / step
      let rows = (image.height + step - 1) / step
      return ranked(bins, samples: columns * rows, skipped: skipped, background: background)
    }
  }

  @inline(__always)
  private func add<Bins: BinAccumulator>(_ pixel: UInt32, to bins: inout Bins) {
    let (key, bonus) = binKey(
      red: Int(pixel >> 16 & 0xFF), green: Int(pixel >> 8 & 0xFF), blue: Int(pixel & 0xFF))
    bins.add(1 + bonus, to: key)
  }

  /// The bin an opaque colour (channels 0…255) falls in.
  public func bin(red: Int, green: Int, blue: Int) -> HSVBin {
    bin(forKey: binKey(red: red, green: green, blue: blue).key)
  }

  func bin(forKey key: Int) -> HSVBin {
    let svBins = saturationValue.binCount
    return HSVBin(
      hue: key / (svBins * svBins), saturation: key / svBins % svBins, value: key % svBins)
  }

  /// The bin key of a colour and its saturation bonus, `saturationPriority * s` (unquantised s).
  ///
  /// Written without branches on the colour, but for the rare value near a bin edge: which
  /// channel is largest, and whether a sample is grey, change from sample to sample in a
  /// photo's noise, and a mispredicted branch costs more than computing both sides. The
  /// saturation bin is computed, not read from a table of every maximum and spread: such a
  /// table (256 KB) is larger than the core's nearest caches, and a photo's samples read it
  /// all over. Like the hue, it is found with a multiplication, the exact division being
  /// left to the bonus, whose result no bin waits for.
  @inline(__always)
  func binKey(red r: Int, green g: Int, blue b: Int) -> (key: Int, bonus: Double) {
    let maxC = max(r, g, b)
    let d = maxC - min(r, g, b)
    // Neutral pixels have hue 0, saturation bin 0 and no bonus.
    let neutral = maxC < neutralBelow
    // s is 0 for black (d is 0 there too).
    let s = Double(d) / Double(max(maxC, 1))
    let fastSaturation = saturationValue.fastBin(scaled: Double(d) * tables.saturationScale[maxC])
    var saturationBin = fastSaturation ?? 0
    if !neutral && fastSaturation == nil { saturationBin = saturationValue.exactBin(s) }
    let svBins = saturationValue.binCount
    let saturationValueKey = (neutral ? 0 : saturationBin) * svBins + Int(tables.valueBin[maxC])
    let chromatic = !neutral && d != 0 && saturationValueKey >= greyKeysBelow
    // t = h * 6 as the reference builds it, approximated with a multiplication (the inverse
    // of 0 is 0, so a grey's t is finite, and unused).
    let (difference, sector): (Int, Double) =
      maxC == r ? (g - b, g < b ? 6 : 0) : maxC == g ? (b - r, 2) : (r - g, 4)
    let t = Double(difference) * tables.inverse[d] + sector
    let fastBin = hue.fastBin(scaled: t * hueScale)
    var hBin = fastBin ?? 0
    if chromatic && fastBin == nil {
      hBin = hue.exactBin(referenceHSV(red: r, green: g, blue: b).h)
    }
    hBin = chromatic && hBin != wrappedHueBin ? hBin : 0
    return (
      hBin * svBins * svBins + saturationValueKey,
      neutral ? 0 : parameters.saturationPriority * s * tables.bonusScale[maxC]
    )
  }

  private func ranked<Bins: BinAccumulator>(
    _ bins: Bins, samples: Int, skipped: Int, background: Int
  ) -> PaletteAnalysis {
    let count = parameters.numColors
    var top: [(key: Int, weight: Double)] = []
    top.reserveCapacity(count + 1)
    var totalWeight = 0.0
    var familyWeights: [ColorFamily: Double] = [:]
    // Keys arrive in first-seen order, so inserting after every equal weight keeps ties stable.
    bins.forEachInFirstSeenOrder { key, weight in
      totalWeight += weight
      familyWeights[family(ofKey: key), default: 0] += weight
      guard top.count < count || weight > top[top.count - 1].weight else { return }
      let position = top.firstIndex { $0.weight < weight } ?? top.count
      top.insert((key, weight), at: position)
      if top.count > count { top.removeLast() }
    }
    let colors = top.map { entry in
      dominantColor(key: entry.key, weight: entry.weight, totalWeight: totalWeight)
    }
    return PaletteAnalysis(
      colors: colors, samples: samples, skipped: skipped, background: background,
      totalWeight: totalWeight, familyShares: familyWeights.mapValues { $0 / totalWeight })
  }

  func family(ofKey key: Int) -> ColorFamily {
    let bin = bin(forKey: key)
    return ColorFamily(
      h: hue.value(ofBin: bin.hue), s: saturationValue.value(ofBin: bin.saturation),
      v: saturationValue.value(ofBin: bin.value), regions: familyRegions)
  }

  /// For each of `keys`, the index in `ColorFamily.allCases` of its family (``family(ofKey:)``).
  func familyIndices(ofKeys keys: [Int]) -> [Int] {
    keyFamilies.indices(ofKeys: keys) { family(ofKey: $0) }
  }

  /// The boundaries this analysis files families by.
  var familyRegions: ColorFamily.Regions {
    parameters[.shopperFamilies] ? .shopper : .original
  }

  private func dominantColor(key: Int, weight: Double, totalWeight: Double) -> DominantColor {
    let bin = bin(forKey: key)
    return DominantColor(
      bin: bin,
      h: hue.value(ofBin: bin.hue),
      s: saturationValue.value(ofBin: bin.saturation),
      v: saturationValue.value(ofBin: bin.value),
      weight: weight,
      share: totalWeight > 0 ? weight / totalWeight : 0, regions: familyRegions)
  }
}

/// The family of each bin key of one parameter set, filed the first time an image reaches the
/// key: the product path files every bin of every image, a photo has a thousand or more, and a
/// key's family never changes (in the band between blue and purple it takes a search of the
/// named colours).
final class KeyFamilies: Sendable {
  /// Per key, the family's index in `ColorFamily.allCases` plus one (0: not filed yet); empty
  /// when the keys are too many for a table.
  private let table: Mutex<[UInt8]>

  /// Bin spaces up to this size get a table.
  static let limit = 1 << 16

  init(keyCount: Int) {
    table = Mutex(keyCount <= Self.limit ? [UInt8](repeating: 0, count: keyCount) : [])
  }

  /// The family index of each of `keys`, filing with `family` the keys not seen before.
  func indices(ofKeys keys: [Int], family: (Int) -> ColorFamily) -> [Int] {
    func index(of key: Int) -> Int { ColorFamily.allCases.firstIndex(of: family(key))! }
    return table.withLock { table in
      guard !table.isEmpty else { return keys.map(index) }
      return keys.map { key in
        if table[key] == 0 { table[key] = UInt8(index(of: key) + 1) }
        return Int(table[key]) - 1
      }
    }
  }
}

/// How dark-pixel damping treats pixels whose hue and saturation are mostly noise.
struct DarkPixels {
  /// Below this maximum channel (v < 0.16) a pixel is filed as neutral.
  let neutralBelow = 41
  /// The saturation bonus fades in linearly from v 0.16 to v 0.36.
  let fadeStart = 41
  let fadeEnd = 92

  func bonusScale(maxChannel: Int) -> Double {
    min(1, max(0, Double(maxChannel - fadeStart) / Double(fadeEnd - fadeStart)))
  }
}
