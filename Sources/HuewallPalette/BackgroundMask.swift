import HuewallCore

/// Marks the samples that belong to a studio backdrop, so the kernel can skip them as it skips
/// transparent pixels.
///
/// The backdrop is the median colour of the grid's border (the ring inside a frame), used
/// only when most of the border matches it (a studio shot, not a scene). From every
/// matching border sample a flood fill takes in neighbours that still look like the backdrop —
/// the same tint, at most somewhat darker (soft shadows) and never much lighter — and that
/// differ only a little from the sample they were reached from (gentle gradients pass, a
/// product's edge does not). Then the pieces of backdrop the fill could not reach (inside a
/// necklace or a hoop) are marked as ``EnclosedBackdrop`` says.
enum BackgroundMask {
  /// Border samples that must match the backdrop for the image to count as a studio shot.
  static let uniformBorderShare = 0.6
  /// A shadow may darken the backdrop to this share of its brightness.
  static let shadowDepth = 85
  /// With deep shadows, a shadow of a tinted backdrop may darken it to this share.
  static let deepShadowDepth = 55
  /// With deep shadows, a shadow may also be this many levels darker than the backdrop: on a
  /// dark backdrop (a low-key studio shot) a share of the brightness is a few levels, less
  /// than the JPEG noise and the gentle gradient of the backdrop itself.
  static let darkShadowLevels = 16
  /// A backdrop is tinted when its chroma (per unit of brightness) is at least this.
  static let tintedBackdrop = 0.02
  /// How far (per channel, scaled to the backdrop's brightness) a tint may stray.
  static let tintTolerance = 14
  /// The share (percent) of a tinted backdrop's tint that a sample must keep to be backdrop,
  /// when the parameters ask for it (``AnalysisParameters/backdropTint``).
  static let keptTint = 50
  /// The alpha byte of a backdrop sample: above any libgd alpha (at most 127), so the sample
  /// fails every opacity test, and the colour bits stay for the fill's comparisons.
  static let backdropAlpha: UInt32 = 0xFF

  /// `pixel` marked as backdrop: ``backdropAlpha``, its colour bits kept.
  @inline(__always)
  static func marked(_ pixel: UInt32) -> UInt32 { pixel & 0x00FF_FFFF | backdropAlpha << 24 }

  /// Marks the backdrop samples of `grid` with ``backdropAlpha`` as `plan` (made for this
  /// grid) says, and says what the backdrop is: only a ``FillPlan/fill(alphaThreshold:backdrop:thinOutlines:borderInset:)``
  /// marks anything. With thin outlines, every pixel between two samples must look like the
  /// backdrop too: they are read from `image` (the grid's own), or from the grid's
  /// ``SampleGrid/links`` when there is no image.
  static func mark(in grid: inout SampleGrid, image: PixelView? = nil, plan: FillPlan)
    -> Backdrop
  {
    let (alphaThreshold, backdrop, thinOutlines, inset): (UInt32, BackdropTone, Bool, Int)
    switch plan {
    case .off: return .unknown
    case .noFill(let decided): return decided
    case .fill(let threshold, let tone, let thin, let ring):
      (alphaThreshold, backdrop, thinOutlines, inset) = (threshold, tone, thin, ring)
    }
    let rows = grid.rows
    let seeds = FillPlan.border(of: grid, inset: inset).filter {
      grid.pixels[$0] >> 24 <= alphaThreshold && backdrop.admits(grid.pixels[$0])
    }
    func fill<Links: PixelsBetween>(_ links: Links) {
      let count = grid.pixels.count
      // The fill's working memory, for the length of the fill: whether each sample looks like
      // the backdrop, tested once (the fill reaches most samples from several neighbours), then
      // cleared as it is marked; and its stack, a slot per sample (each is pushed at most
      // once).
      withUnsafeTemporaryAllocation(of: Bool.self, capacity: count) { looks in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { stack in
          grid.forEachSample(opaqueAndPassing: backdrop.admits, alphaThreshold: alphaThreshold) {
            looks.initializeElement(at: $0, to: $1)
          }
          grid.pixels.withUnsafeMutableBufferPointer { pixels in
            var fill = FloodFill(
              pixels: pixels, open: looks, stack: stack,
              links: links, rows: rows, step: grid.step, backdrop: backdrop,
              alphaThreshold: alphaThreshold)
            fill.run(from: seeds)
            // The fill's stack is empty again: the enclosed pieces' pass borrows it, and `looks`
            // as bytes of its own states, so nothing may read `looks` after it.
            EnclosedBackdrop.shipped.mark(
              pixels, looks: looks, rows: rows, backdrop: backdrop,
              alphaThreshold: alphaThreshold, stack: stack)
          }
        }
      }
    }
    if !thinOutlines {
      fill(NoPixelsBetween())
    } else if let image {
      fill(ImagePixelsBetween(image: image, step: grid.decodedStep))
    } else {
      precondition(!grid.links.isEmpty, "thin outlines on a grid kept without its links")
      switch grid.links {
      case .written(let links):
        links.withUnsafeBufferPointer {
          fill(GridPixelsBetween(links: $0, rows: rows, step: grid.decodedStep))
        }
      case .finer(let finer):
        finer.colours.withUnsafeBufferPointer { colours in
          finer.numbers.withUnsafeBufferPointer { numbers in
            withUnsafeTemporaryAllocation(of: Int8.self, capacity: colours.count) { tested in
              tested.initialize(repeating: FinerPixelsBetween.untested)
              fill(
                FinerPixelsBetween(
                  colours: colours, numbers: numbers, tested: tested, step: grid.decodedStep,
                  width: grid.decodedWidth, height: grid.decodedHeight))
            }
          }
        }
      }
    }
    return Backdrop(red: backdrop.red, green: backdrop.green, blue: backdrop.blue)
  }
}

/// What the backdrop fill will do on a grid, decided from its border before it runs: the
/// backdrop's tone and the tests it takes from the parameters. Two sets of parameters with the
/// same plan for a grid mark the same samples, so a live wall keeps a grid's marks under its
/// plan: a backdrop control that does not change a photo's plan (deep shadows on a light
/// neutral backdrop, thin outlines on a grid decoded at its step) costs it no fill.
public enum FillPlan: Hashable, Sendable {
  /// Background suppression is off.
  case off
  /// The border decides without a fill: transparent, or not one colour (a scene).
  case noFill(Backdrop)
  /// A fill from the border samples that match the backdrop; `borderInset` says which ring
  /// of samples is the border (``framedBorder(of:)``).
  case fill(alphaThreshold: UInt32, backdrop: BackdropTone, thinOutlines: Bool, borderInset: Int)

  /// The plan for the grid of `outline` with these parameters of the fill. A grid too small
  /// to have a border and an inside is a scene. With `keepsTint`, a tinted backdrop is only
  /// what keeps at least ``BackgroundMask/keptTint`` of its tint.
  init(
    _ outline: GridOutline, alphaThreshold: UInt32, deepShadows: Bool, keepsTint: Bool,
    thinOutlines: Bool
  ) {
    guard outline.columns >= 3, outline.rows >= 3 else {
      self = .noFill(.scene)
      return
    }
    let border = outline.border
    let opaqueBorder = border.filter { $0 >> 24 <= alphaThreshold }
    // A transparent backdrop is already skipped through alpha.
    guard opaqueBorder.count * 2 >= border.count else {
      self = .noFill(.transparent)
      return
    }
    let backdrop = BackdropTone(
      border: opaqueBorder, deepShadows: deepShadows, keepsTint: keepsTint)
    let seeds = opaqueBorder.lazy.filter { backdrop.admits($0) }.count
    guard Double(seeds) >= BackgroundMask.uniformBorderShare * Double(opaqueBorder.count) else {
      self = .noFill(.scene)
      return
    }
    // Between two samples lie `decodedStep − 1` decoded pixels. A decode reduced to the step
    // leaves none: each sample is then the DCT's average of the pixels it stands for, and an
    // outline thinner than the step darkens the sample it crosses instead.
    self = .fill(
      alphaThreshold: alphaThreshold, backdrop: backdrop,
      thinOutlines: thinOutlines && outline.decodedStep > 1, borderInset: outline.borderInset)
  }

  /// The grid's border samples: the ring of samples `inset` in from its edge, column by
  /// column, then the sides' rows.
  static func border(of grid: SampleGrid, inset: Int) -> [Int] {
    let (rows, right, bottom) = (grid.rows, grid.columns - 1 - inset, grid.rows - 1 - inset)
    // Appended one by one, not as an array of two for each column: a ring is built three
    // times an image, and those arrays cost 2 % of an analysis of the real photos.
    var ring: [Int] = []
    ring.reserveCapacity(2 * (right - inset + 1) + 2 * max(0, bottom - inset - 1))
    for column in inset...right {
      ring.append(column * rows + inset)
      ring.append(column * rows + bottom)
    }
    for row in inset + 1..<bottom {
      ring.append(inset * rows + row)
      ring.append(right * rows + row)
    }
    return ring
  }

  /// Which ring of samples is the grid's border, and its pixels: the outer one (inset 0), or
  /// the one inside it (1) where the two's medians differ by more than ``frameLevels`` in a channel (a grid of 5 × 5
  /// or more). A photo framed by a line one pixel wide (H&M's are) has that line for its outer
  /// ring, and at a step of 2 or 1 the line is no longer averaged away: from the frame the
  /// backdrop came out darker than the frame's inside, whose light centre the fill then
  /// refused, and most of the backdrop was counted as product. The fill still takes the frame
  /// in from the ring inside it, as it takes in any soft shadow.
  static func framedBorder(of grid: SampleGrid) -> (inset: Int, pixels: [UInt32]) {
    let outer = border(of: grid, inset: 0).map { grid.pixels[$0] }
    guard grid.columns >= 5 && grid.rows >= 5 else { return (0, outer) }
    let inner = border(of: grid, inset: 1).map { grid.pixels[$0] }
    let apart = ChannelLevels(outer).medians &- ChannelLevels(inner).medians
    return max(abs(apart.x), abs(apart.y), abs(apart.z)) > frameLevels ? (1, inner) : (0, outer)
  }

  /// How far (levels, in any channel) the median of a grid's outer ring of samples may lie
  /// from the ring inside it before the outer ring counts as a frame: the JPEG noise of a
  /// plain backdrop, and the headroom ``BackdropTone`` gives its ceiling.
  static let frameLevels = 4
}

/// The pixels between two neighbouring samples, which the fill checks with thin outlines.
protocol PixelsBetween {
  /// Whether `test` holds for every pixel between the sample at `column`, `row` and the next
  /// one down (`down`) or to the right.
  func all(column: Int, row: Int, down: Bool, _ test: (UInt32) -> Bool) -> Bool
}

/// Thin outlines off: nothing to check.
private struct NoPixelsBetween: PixelsBetween {
  @inline(__always)
  func all(column: Int, row: Int, down: Bool, _ test: (UInt32) -> Bool) -> Bool { true }
}

/// Read from the decoded image, only where the fill gets to; `step` is the decoded step.
private struct ImagePixelsBetween: PixelsBetween {
  let image: PixelView
  let step: Int

  @inline(__always)
  func all(column: Int, row: Int, down: Bool, _ test: (UInt32) -> Bool) -> Bool {
    let (x, y) = (column * step, row * step)
    if down {
      for k in 1..<step where !test(UInt32(bitPattern: image.row(y + k)[x])) { return false }
    } else {
      let pixels = image.row(y)
      for k in 1..<step where !test(UInt32(bitPattern: pixels[x + k])) { return false }
    }
    return true
  }
}

/// Read from a kept grid's ``SampleGrid/links``; `step` is the decoded step.
private struct GridPixelsBetween: PixelsBetween {
  let links: UnsafeBufferPointer<UInt32>
  let rows: Int
  let step: Int

  @inline(__always)
  func all(column: Int, row: Int, down: Bool, _ test: (UInt32) -> Bool) -> Bool {
    let start = SampleGrid.linkStart(column: column, row: row, down: down, rows: rows, step: step)
    for i in start..<start + step - 1 where !test(links[i]) { return false }
    return true
  }
}

/// Read from the finer grid a kept grid was coarsened from (``SampleGrid/Links/finer(_:)``):
/// the decode's pixel at `x`, `y` is the colour of number `x × height + y`; past its edge a
/// pixel is 0, as written links hold it. `step` is the coarser grid's decoded step.
///
/// A fill asks one test throughout, and the backdrop's pixels share a few colours: each
/// colour is tested once, its answer kept in `tested`.
private struct FinerPixelsBetween: PixelsBetween {
  let colours: UnsafeBufferPointer<UInt32>
  let numbers: UnsafeBufferPointer<UInt16>
  /// Per colour: 1 when it passed the test, 0 when it failed, ``untested`` before it is asked.
  let tested: UnsafeMutableBufferPointer<Int8>
  let step: Int
  let width: Int
  let height: Int

  static let untested: Int8 = -1

  @inline(__always)
  func all(column: Int, row: Int, down: Bool, _ test: (UInt32) -> Bool) -> Bool {
    let (x, y) = (column * step, row * step)
    for k in 1..<step {
      let (i, j) = down ? (x, y + k) : (x + k, y)
      guard i < width && j < height else {
        guard test(0) else { return false }
        continue
      }
      let number = Int(numbers[i * height + j])
      var passed = tested[number]
      if passed == Self.untested {
        passed = test(colours[number]) ? 1 : 0
        tested[number] = passed
      }
      guard passed == 1 else { return false }
    }
    return true
  }
}

/// The flood fill over the sample grid, on a borrowed buffer so the per-sample steps stay cheap.
/// What it marks is every sample reachable from the seeds by steps that each pass the tests,
/// whatever the order it reaches them in.
private struct FloodFill<Links: PixelsBetween> {
  let pixels: UnsafeMutableBufferPointer<UInt32>
  /// Whether each sample may still be taken in: it looked like the backdrop before the fill
  /// (opaque, and admitted), and is not marked yet. A byte a sample, so that the fill's most
  /// frequent test reads a quarter of what the pixels take.
  let open: UnsafeMutableBufferPointer<Bool>
  let links: Links
  let rows: Int
  let backdrop: BackdropTone
  let alphaThreshold: UInt32
  /// Neighbouring samples are `step` pixels of the image apart (however the image was
  /// decoded): allow more change between them when far.
  /// Darkening (into a soft shadow) may be steeper than lightening: a light product on a
  /// slightly darker backdrop is one small step up.
  let darkerTolerance: Int
  let lighterTolerance: Int
  /// Samples still to spread from, by column and row (`column << 32 | row`): each sample is
  /// pushed at most once, so a buffer of one slot per sample never overflows, and pushing and
  /// popping cost a store and a load.
  let stack: UnsafeMutableBufferPointer<Int>
  /// How many of ``stack``'s slots hold samples.
  var stackCount = 0

  init(
    pixels: UnsafeMutableBufferPointer<UInt32>, open: UnsafeMutableBufferPointer<Bool>,
    stack: UnsafeMutableBufferPointer<Int>, links: Links, rows: Int, step: Int,
    backdrop: BackdropTone, alphaThreshold: UInt32
  ) {
    self.pixels = pixels
    self.open = open
    self.stack = stack
    self.links = links
    self.rows = rows
    self.backdrop = backdrop
    self.alphaThreshold = alphaThreshold
    darkerTolerance = min(32, 8 + 3 * step)
    lighterTolerance = min(12, 4 + step)
  }

  /// Marks the backdrop reachable from `seeds`.
  mutating func run(from seeds: [Int]) {
    for seed in seeds where open[seed] {
      markBackdrop(seed, column: seed / rows, row: seed % rows)
    }
    // A pixel between two samples that looks like the backdrop (the values, not `self`, so
    // that the fill's state is not captured).
    let looksLikeBackdrop = { [alphaThreshold, backdrop] (pixel: UInt32) in
      backdrop.takesIn(pixel, alphaThreshold: alphaThreshold)
    }
    let (columns, rows) = (pixels.count / rows, rows)
    while stackCount > 0 {
      stackCount &-= 1
      let entry = stack[stackCount]
      let (column, row) = (entry >> 32, entry & 0xFFFF_FFFF)
      let cell = column &* rows &+ row
      // A marked sample keeps its colour bits, which are all the step's test reads.
      let from = pixels[cell]
      if row > 0 {
        spread(from, column, row, to: cell &- 1, column, row &- 1, looksLikeBackdrop)
      }
      if row < rows &- 1 {
        spread(from, column, row, to: cell &+ 1, column, row &+ 1, looksLikeBackdrop)
      }
      if column > 0 {
        spread(from, column, row, to: cell &- rows, column &- 1, row, looksLikeBackdrop)
      }
      if column < columns &- 1 {
        spread(from, column, row, to: cell &+ rows, column &+ 1, row, looksLikeBackdrop)
      }
    }
  }

  @inline(__always)
  private mutating func markBackdrop(_ cell: Int, column: Int, row: Int) {
    pixels[cell] = BackgroundMask.marked(pixels[cell])
    open[cell] = false
    stack[stackCount] = column << 32 | row
    stackCount &+= 1
  }

  /// A step from the sample at `column`, `row` (whose pixel is `from`) to its neighbour
  /// `cell` at `toColumn`, `toRow`: taken when the neighbour is open, the change is gentle
  /// and, with thin outlines, every pixel between looks like the backdrop.
  @inline(__always)
  private mutating func spread(
    _ from: UInt32, _ column: Int, _ row: Int, to cell: Int, _ toColumn: Int, _ toRow: Int,
    _ looksLikeBackdrop: (UInt32) -> Bool
  ) {
    guard open[cell] else { return }
    let (darker, lighter) = BackdropTone.channelChange(from: from, to: pixels[cell])
    guard darker <= darkerTolerance, lighter <= lighterTolerance else { return }
    // With thin outlines, every pixel on the way must look like the backdrop too: a product's
    // outline thinner than the step lies between two samples of the backdrop's colour.
    // The pixels between two samples are the upper one's down, the left one's right.
    guard
      links.all(
        column: min(column, toColumn), row: min(row, toRow), down: column == toColumn,
        looksLikeBackdrop)
    else { return }
    markBackdrop(cell, column: toColumn, row: toRow)
  }
}

/// The backdrop colour and the test for "looks like the backdrop, perhaps in shadow".
public struct BackdropTone: Hashable, Sendable {
  let red: Int
  let green: Int
  let blue: Int
  let brightness: Int
  /// Nothing brighter than the border's brightest part (bar outliers) is backdrop.
  let ceiling: Int
  /// Nothing darker than this is backdrop: a brightness × 100, to compare with percents.
  let floor: Int
  /// The backdrop's chroma, `(red − green)² + (green − blue)²`.
  let chroma: Int
  /// The least tint, as a share (percent) of the backdrop's, that a sample keeps to be
  /// backdrop (0: no such test). A white product under the backdrop's warm light is less
  /// tinted than the backdrop, however close in brightness.
  let keptTintPercent: Int

  /// The backdrop of an image whose border has these pixels: their per-channel median. With
  /// `deepShadows`, a tinted backdrop's shadows may be as deep as ``BackgroundMask/deepShadowDepth``;
  /// with `keepsTint`, a tinted backdrop is only what keeps ``BackgroundMask/keptTint`` of its
  /// tint.
  init(border pixels: [UInt32], deepShadows: Bool = false, keepsTint: Bool = false) {
    let levels = ChannelLevels(pixels)
    let medians = levels.medians
    (red, green, blue) = (medians.x, medians.y, medians.z)
    brightness = max(1, red, green, blue)
    ceiling = levels.brightest(atRank: pixels.count * 95 / 100) + 4
    chroma = (red - green) * (red - green) + (green - blue) * (green - blue)
    let tinted =
      Double(chroma).squareRoot() >= BackgroundMask.tintedBackdrop * Double(brightness)
    let floorPercent =
      deepShadows && tinted ? BackgroundMask.deepShadowDepth : BackgroundMask.shadowDepth
    var floor = brightness * floorPercent
    // Not on a black backdrop: there sixteen levels would take in a navy sweater's shade.
    if deepShadows && brightness >= 2 * BackgroundMask.darkShadowLevels {
      floor = min(floor, (brightness - BackgroundMask.darkShadowLevels) * 100)
    }
    self.floor = floor
    keptTintPercent = keepsTint && tinted ? BackgroundMask.keptTint : 0
  }

  /// An opaque pixel (alpha at most `alphaThreshold`) that ``admits(_:)`` takes in: what the
  /// fill asks of every sample it reaches and every pixel it steps over.
  @inline(__always)
  func takesIn(_ pixel: UInt32, alphaThreshold: UInt32) -> Bool {
    pixel >> 24 <= alphaThreshold && admits(pixel)
  }

  /// Same tint as the backdrop (scaled to the pixel's brightness), between a shadow's
  /// darkness and the border's brightest part.
  @inline(__always)
  func admits(_ pixel: UInt32) -> Bool { admits(pixel, ceiling: ceiling) }

  /// The same, with another ceiling: the enclosed pieces' pass takes in a backdrop lit
  /// brighter than its border (``EnclosedBackdrop``).
  @inline(__always)
  func admits(_ pixel: UInt32, ceiling: Int) -> Bool {
    // Channels are bytes, so no product below comes near overflowing: wrapping operators
    // spare the checks in the fill's innermost test.
    let r = Int(pixel >> 16 & 0xFF)
    let g = Int(pixel >> 8 & 0xFF)
    let b = Int(pixel & 0xFF)
    let bright = max(r, g, b)
    guard bright &* 100 >= floor, bright <= ceiling else {
      return false
    }
    let (redGreen, greenBlue) = (red &- green, green &- blue)
    let tolerance = BackgroundMask.tintTolerance &* brightness
    guard
      abs((r &- g) &* brightness &- redGreen &* bright) <= tolerance
        && abs((g &- b) &* brightness &- greenBlue &* bright) <= tolerance
    else { return false }
    // The sample's tint along the backdrop's, scaled like `chroma × bright`.
    let tint = ((r &- g) &* redGreen &+ (g &- b) &* greenBlue) &* brightness
    guard keptTintPercent == 0 || tint &* 100 >= keptTintPercent &* chroma &* bright else {
      return false
    }
    // A deep shadow keeps at least the backdrop's tint (light from the backdrop itself); a
    // neutral grey product on a tinted backdrop does not.
    guard bright &* 100 < brightness &* BackgroundMask.shadowDepth else { return true }
    return tint >= chroma &* bright
  }

  /// The largest fall and the largest rise of any channel from `a` to `b`.
  @inline(__always)
  static func channelChange(from a: UInt32, to b: UInt32) -> (darker: Int, lighter: Int) {
    let dr = Int(b >> 16 & 0xFF) &- Int(a >> 16 & 0xFF)
    let dg = Int(b >> 8 & 0xFF) &- Int(a >> 8 & 0xFF)
    let db = Int(b & 0xFF) &- Int(a & 0xFF)
    return (max(0, 0 &- min(dr, dg, db)), max(0, dr, dg, db))
  }
}

/// How many of some pixels have each level of red, green, blue and of their brightest channel,
/// counted in one pass rather than sorted: a border has a thousand samples or more, and it is
/// read for every image.
struct ChannelLevels {
  /// The counts of red, green, blue and brightest-channel levels, 256 each, in that order.
  private var counts = [Int](repeating: 0, count: 4 * 256)
  private var total = 0

  init(_ pixels: some Sequence<UInt32>) {
    counts.withUnsafeMutableBufferPointer { counts in
      for pixel in pixels {
        let (r, g, b) = (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
        counts[r] += 1
        counts[256 + g] += 1
        counts[512 + b] += 1
        counts[768 + max(r, g, b)] += 1
        total += 1
      }
    }
  }

  /// The median level of red, green and blue.
  var medians: SIMD3<Int> {
    SIMD3(
      level(atRank: total / 2, channel: 0), level(atRank: total / 2, channel: 1),
      level(atRank: total / 2, channel: 2))
  }

  /// The brightest channel's level at `rank` (from 0) in ascending order.
  func brightest(atRank rank: Int) -> Int { level(atRank: rank, channel: 3) }

  private func level(atRank rank: Int, channel: Int) -> Int {
    var upTo = 0
    for level in 0...255 {
      upTo += counts[channel * 256 + level]
      if upTo > rank { return level }
    }
    return 255
  }
}
