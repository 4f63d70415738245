import HuewallCore

/// Marks the samples that belong to a studio backdrop, so the kernel can skip them as it skips
/// transparent pixels.
///
/// The backdrop is the median colour of the grid's border, used only when most of the border
/// matches it (a studio shot, not a scene). From every matching border sample a flood fill
/// takes in neighbours that still look like the backdrop — the same tint, at most somewhat
/// darker (soft shadows) and never much lighter — and that differ only a little from the
/// sample they were reached from (gentle gradients pass, a product's edge does not).
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

  /// Marks the backdrop samples of `grid` with ``backdropAlpha`` and says what the backdrop
  /// is: only a ``Backdrop/color(h:s:v:hex:)`` marks anything. A grid too small to have a
  /// border and an inside is a scene. With `keepsTint`, a tinted backdrop is only what keeps
  /// at least ``keptTint`` of its tint.
  @discardableResult
  static func mark(
    in grid: inout SampleGrid, alphaThreshold: UInt32, deepShadows: Bool = false,
    keepsTint: Bool = false
  ) -> Backdrop {
    let columns = grid.columns
    let rows = grid.rows
    guard columns >= 3, rows >= 3 else { return .scene }
    let opaque = { [pixels = grid.pixels] (i: Int) in pixels[i] >> 24 <= alphaThreshold }

    var border = (0..<columns).flatMap { [$0 * rows, $0 * rows + rows - 1] }
    border += (1..<rows - 1).flatMap { [$0, (columns - 1) * rows + $0] }
    let opaqueBorder = border.filter(opaque)
    // A transparent backdrop is already skipped through alpha.
    guard opaqueBorder.count * 2 >= border.count else { return .transparent }

    let backdrop = BackdropTone(
      border: opaqueBorder.map { grid.pixels[$0] }, deepShadows: deepShadows,
      keepsTint: keepsTint)
    let seeds = opaqueBorder.filter { backdrop.admits(grid.pixels[$0]) }
    guard Double(seeds.count) >= uniformBorderShare * Double(opaqueBorder.count) else {
      return .scene
    }
    let step = grid.step
    grid.pixels.withUnsafeMutableBufferPointer { pixels in
      var fill = FloodFill(
        pixels: pixels, rows: rows, step: step, backdrop: backdrop, alphaThreshold: alphaThreshold)
      fill.run(from: seeds)
    }
    return Backdrop(red: backdrop.red, green: backdrop.green, blue: backdrop.blue)
  }
}

/// The flood fill over the sample grid, on a borrowed buffer so the per-sample steps stay cheap.
private struct FloodFill {
  let pixels: UnsafeMutableBufferPointer<UInt32>
  let rows: Int
  let backdrop: BackdropTone
  let alphaThreshold: UInt32
  /// Neighbouring samples are `step` pixels apart: allow more change between them when far.
  /// Darkening (into a soft shadow) may be steeper than lightening: a light product on a
  /// slightly darker backdrop is one small step up.
  let darkerTolerance: Int
  let lighterTolerance: Int
  /// Cells still to spread from, with their row (`cell << 32 | row`: no division per cell).
  var stack: [Int] = []

  init(
    pixels: UnsafeMutableBufferPointer<UInt32>, rows: Int, step: Int, backdrop: BackdropTone,
    alphaThreshold: UInt32
  ) {
    self.pixels = pixels
    self.rows = rows
    self.backdrop = backdrop
    self.alphaThreshold = alphaThreshold
    darkerTolerance = min(32, 8 + 3 * step)
    lighterTolerance = min(12, 4 + step)
    stack.reserveCapacity(pixels.count / 4)
  }

  mutating func run(from seeds: [Int]) {
    for seed in seeds where pixels[seed] >> 24 <= alphaThreshold {
      markBackdrop(seed, row: seed % rows)
    }
    while let entry = stack.popLast() {
      let cell = entry >> 32
      let row = entry & 0xFFFF_FFFF
      if row > 0 { spread(from: cell, to: cell - 1, row: row - 1) }
      if row < rows - 1 { spread(from: cell, to: cell + 1, row: row + 1) }
      if cell >= rows { spread(from: cell, to: cell - rows, row: row) }
      if cell + rows < pixels.count { spread(from: cell, to: cell + rows, row: row) }
    }
  }

  @inline(__always)
  private mutating func markBackdrop(_ cell: Int, row: Int) {
    pixels[cell] = pixels[cell] & 0x00FF_FFFF | BackgroundMask.backdropAlpha << 24
    stack.append(cell << 32 | row)
  }

  /// Already-marked and transparent samples fail the opacity test, so each sample is taken
  /// in at most once.
  @inline(__always)
  private mutating func spread(from cell: Int, to neighbour: Int, row: Int) {
    let to = pixels[neighbour]
    guard to >> 24 <= alphaThreshold, backdrop.admits(to) else { return }
    let (darker, lighter) = BackdropTone.channelChange(from: pixels[cell], to: to)
    guard darker <= darkerTolerance, lighter <= lighterTolerance else { return }
    markBackdrop(neighbour, row: row)
  }
}

/// The backdrop colour and the test for "looks like the backdrop, perhaps in shadow".
struct BackdropTone {
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
    func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }
    red = median(pixels.map { Int($0 >> 16 & 0xFF) })
    green = median(pixels.map { Int($0 >> 8 & 0xFF) })
    blue = median(pixels.map { Int($0 & 0xFF) })
    brightness = max(1, red, green, blue)
    let bright = pixels.map { Int(max($0 >> 16 & 0xFF, $0 >> 8 & 0xFF, $0 & 0xFF)) }.sorted()
    ceiling = bright[bright.count * 95 / 100] + 4
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

  /// Same tint as the backdrop (scaled to the pixel's brightness), between a shadow's
  /// darkness and the border's brightest part.
  @inline(__always)
  func admits(_ pixel: UInt32) -> Bool {
    let r = Int(pixel >> 16 & 0xFF)
    let g = Int(pixel >> 8 & 0xFF)
    let b = Int(pixel & 0xFF)
    let bright = max(r, g, b)
    guard bright * 100 >= floor, bright <= ceiling else {
      return false
    }
    let tolerance = BackgroundMask.tintTolerance * brightness
    guard
      abs((r - g) * brightness - (red - green) * bright) <= tolerance
        && abs((g - b) * brightness - (green - blue) * bright) <= tolerance
    else { return false }
    // The sample's tint along the backdrop's, scaled like `chroma × bright`.
    let tint = ((r - g) * (red - green) + (g - b) * (green - blue)) * brightness
    guard keptTintPercent == 0 || tint * 100 >= keptTintPercent * chroma * bright else {
      return false
    }
    // A deep shadow keeps at least the backdrop's tint (light from the backdrop itself); a
    // neutral grey product on a tinted backdrop does not.
    guard bright * 100 < brightness * BackgroundMask.shadowDepth else { return true }
    return tint >= chroma * bright
  }

  /// The largest fall and the largest rise of any channel from `a` to `b`.
  @inline(__always)
  static func channelChange(from a: UInt32, to b: UInt32) -> (darker: Int, lighter: Int) {
    let dr = Int(b >> 16 & 0xFF) - Int(a >> 16 & 0xFF)
    let dg = Int(b >> 8 & 0xFF) - Int(a >> 8 & 0xFF)
    let db = Int(b & 0xFF) - Int(a & 0xFF)
    return (max(0, -min(dr, dg, db)), max(0, dr, dg, db))
  }
}
