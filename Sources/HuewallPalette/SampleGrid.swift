public import HuewallCore

/// The scan grid's samples (every `step`-th column and row of the image), column by column: the
/// order in which the kernel visits them.
///
/// An image decoded reduced (a JPEG scaled in its DCT to 1/`reduction`) already stands for
/// `reduction` of the image's pixels with each of its own: its samples are every
/// `step / reduction`-th decoded pixel, the same grid of samples in the image's pixels.
public struct SampleGrid: Sendable {
  public let columns: Int
  public let rows: Int
  /// Pixels of the image between neighbouring samples (the granularity).
  public let step: Int
  /// Decoded pixels between neighbouring samples: ``step`` over the decode's reduction.
  public let decodedStep: Int
  /// The decode's size in its own pixels.
  let decodedWidth: Int
  let decodedHeight: Int
  /// libgd's packed pixels, column by column (x outer, y inner: the reference's order).
  public internal(set) var pixels: [UInt32]
  /// The decoded pixels between each sample and the next one down and the next one to the
  /// right: a product's outline can be thinner than the step, and the backdrop fill must not
  /// step over it.
  let links: Links
  /// The largest alpha among the samples and their links: every alpha threshold at or above
  /// it treats this grid alike (a JPEG's is 0), which lets a live wall keep one set of marks
  /// for them all. Nil for a grid made without its links (a run's, made for one analysis,
  /// whose fill reads the pixels between samples from the image): the threshold then acts as
  /// asked.
  let largestAlpha: UInt32?
  /// The grid's colours numbered (``numberingColours()``), or nil.
  public private(set) var colourNumbers: ColourNumbers?

  /// The memory the samples take, for a cache's budget.
  public var byteCount: Int {
    pixels.count * MemoryLayout<UInt32>.stride + links.byteCount + (colourNumbers?.byteCount ?? 0)
  }

  /// This grid with its colours numbered, when they are few enough to be
  /// (``ColourNumbers``): what a live wall keeps, since its fill, skin step and weighing then
  /// test and group each colour once.
  public func numberingColours() -> SampleGrid {
    var numbered = self
    numbered.colourNumbers = ColourNumbers(self)
    return numbered
  }

  /// Every `step`-th pixel of the image in both directions: the samples the kernel visits at
  /// granularity `step`, copied so that they outlive the decoded image; with `links`, the
  /// pixels between them too, which ``AnalysisParameters/thinOutlines`` needs. `image` is the
  /// image decoded at 1/`reduction`, which must divide `step`.
  public init(_ image: PixelView, step: Int, reduction: Int = 1, links keepsLinks: Bool = true) {
    precondition(
      reduction >= 1 && step.isMultiple(of: reduction),
      "a decode reduced 1/\(reduction) for granularity \(step)")
    self.step = step
    let spacing = step / reduction
    decodedStep = spacing
    (decodedWidth, decodedHeight) = (image.width, image.height)
    columns = (image.width + spacing - 1) / spacing
    rows = (image.height + spacing - 1) / spacing
    let (width, height, columns, rows) = (image.width, image.height, columns, rows)
    // The image is kept row by row and the grid column by column: a band of columns at a time,
    // each row's run of pixels in the band is read once, and the band's columns are written
    // side by side.
    pixels = Array(unsafeUninitializedCapacity: columns * rows) { buffer, count in
      let band = Self.copyBand
      for first in stride(from: 0, to: columns, by: band) {
        let last = min(first + band, columns)
        for r in 0..<rows {
          let row = image.row(r * spacing)
          for c in first..<last {
            buffer[c * rows + r] = UInt32(bitPattern: row[c * spacing])
          }
        }
      }
      count = columns * rows
    }
    let gap = keepsLinks ? spacing - 1 : 0
    var links = [UInt32](repeating: 0, count: columns * rows * 2 * gap)
    if gap > 0 {
      // Row by row, as libgd keeps the pixels.
      for y in 0..<height {
        let row = image.row(y)
        let (r, k) = y.quotientAndRemainder(dividingBy: spacing)
        for (c, x) in stride(from: 0, to: width, by: spacing).enumerated() {
          let start = Self.linkStart(column: c, row: r, down: k > 0, rows: rows, step: spacing)
          if k > 0 {
            links[start + k - 1] = UInt32(bitPattern: row[x])
          } else {
            for j in 0..<min(gap, width - 1 - x) {
              links[start + j] = UInt32(bitPattern: row[x + 1 + j])
            }
          }
        }
      }
    }
    self.links = .written(links)
    largestAlpha =
      keepsLinks
      ? max(pixels.reduce(0) { max($0, $1 >> 24) }, self.links.largestAlpha)
      : nil
  }

  /// Whether the pixels between the samples are read from the grid this one was coarsened
  /// from, whose colours' numbers it keeps alive: a keeper drops it with that grid.
  public var readsFinerGrid: Bool {
    if case .finer = links { true } else { false }
  }

  /// Whether ``coarsened(by:)`` can make the grids of coarser steps from this one: it holds
  /// every pixel on its rows and columns of samples (its links, or a decoded step of 1).
  public var canBeCoarsened: Bool { decodedStep == 1 || !links.isEmpty }

  /// The grid at `factor` times this one's step, from this one's samples and links alone:
  /// what ``init(_:step:reduction:links:)`` makes, with links, of the same decode. A live wall
  /// changing the granularity to a multiple whose decode is the same (4 → 8 on a photo too
  /// small for 1/8) coarsens its kept grids rather than decoding every image again. Only
  /// when ``canBeCoarsened``.
  public func coarsened(by factor: Int) -> SampleGrid {
    precondition(canBeCoarsened && factor >= 1, "coarsening a grid without its links")
    let k = decodedStep
    switch links {
    case .finer(let finer):
      // Every pixel on the rows and columns is the finer grid's: its links stay read there.
      return finer.withPixels(rows: decodedHeight) { pixel in
        coarsened(by: factor, links: links, pixel)
      }
    case .written(let links):
      return pixels.withUnsafeBufferPointer { samples in
        links.withUnsafeBufferPointer { between in
          coarsened(by: factor) { x, y in
            // The decoded pixel at `x`, `y`, on one of this grid's columns or rows.
            if k == 1 { return samples[x * rows + y] }
            let (c, i) = x.quotientAndRemainder(dividingBy: k)
            let (r, j) = y.quotientAndRemainder(dividingBy: k)
            if i == 0 && j == 0 { return samples[c * rows + r] }
            let start = Self.linkStart(column: c, row: r, down: j > 0, rows: rows, step: k)
            return between[start + (j > 0 ? j : i) - 1]
          }
        }
      }
    }
  }

  /// The grid at `factor` times this one's step whose decoded pixels `pixel` reads (each
  /// on one of this grid's rows or columns), with its colours' `numbers` when given, and
  /// its `links` when given (else written from `pixel`).
  @inline(__always)
  fileprivate func coarsened(
    by factor: Int, numbers: ColourNumbers? = nil, links given: Links? = nil,
    _ pixel: (Int, Int) -> UInt32
  ) -> SampleGrid {
    let (width, height) = (decodedWidth, decodedHeight)
    let newStep = decodedStep * factor
    let (newColumns, newRows) = ((width + newStep - 1) / newStep, (height + newStep - 1) / newStep)
    let pixels = [UInt32](unsafeUninitializedCapacity: newColumns * newRows) { pixels, count in
      for c in 0..<newColumns {
        for r in 0..<newRows { pixels[c * newRows + r] = pixel(c * newStep, r * newStep) }
      }
      count = newColumns * newRows
    }
    let links =
      given
      ?? .written(
        Self.links(
          columns: newColumns, rows: newRows, step: newStep, width: width, height: height, pixel))
    let largestAlpha: UInt32? =
      self.largestAlpha == 0
      ? 0
      : max(pixels.reduce(0) { max($0, $1 >> 24) }, links.largestAlpha)
    var grid = SampleGrid(
      columns: newColumns, rows: newRows, step: step * factor, decodedStep: newStep,
      decodedWidth: width, decodedHeight: height, pixels: pixels, links: links,
      largestAlpha: largestAlpha)
    grid.colourNumbers = numbers
    return grid
  }

  /// The links of a grid of `columns` × `rows` samples `step` decoded pixels apart, over a
  /// decode of `width` × `height` whose pixels on the grid's rows and columns `pixel` reads:
  /// each sample's `step − 1` pixels down, then its `step − 1` pixels right
  /// (``linkStart(column:row:down:rows:step:)``), 0 past the decode's bottom or right edge.
  @inline(__always)
  fileprivate static func links(
    columns: Int, rows: Int, step: Int, width: Int, height: Int, _ pixel: (Int, Int) -> UInt32
  ) -> [UInt32] {
    let gap = step - 1
    let linkCount = columns * rows * 2 * gap
    return [UInt32](unsafeUninitializedCapacity: linkCount) { links, count in
      count = linkCount
      guard gap > 0 else { return }
      var next = 0
      for c in 0..<columns {
        let x = c * step
        let right = min(gap, width - 1 - x)
        for r in 0..<rows {
          let y = r * step
          let down = min(gap, height - 1 - y)
          for j in 0..<gap { links[next + j] = j < down ? pixel(x, y + 1 + j) : 0 }
          next += gap
          for j in 0..<gap { links[next + j] = j < right ? pixel(x + 1 + j, y) : 0 }
          next += gap
        }
      }
    }
  }

  fileprivate init(
    columns: Int, rows: Int, step: Int, decodedStep: Int, decodedWidth: Int, decodedHeight: Int,
    pixels: [UInt32], links: Links, largestAlpha: UInt32?
  ) {
    self.columns = columns
    self.rows = rows
    self.step = step
    self.decodedStep = decodedStep
    self.decodedWidth = decodedWidth
    self.decodedHeight = decodedHeight
    self.pixels = pixels
    self.links = links
    self.largestAlpha = largestAlpha
  }

  /// Calls `body` with each sample's index and whether it is opaque (alpha at most
  /// `alphaThreshold`) and its colour passes `test` (which reads the colour bits alone): the
  /// fill's and the skin step's first look at every sample. With the colours numbered, `test`
  /// runs once a colour rather than once a sample.
  @inline(__always)
  func forEachSample(
    opaqueAndPassing test: (UInt32) -> Bool, alphaThreshold: UInt32, _ body: (Int, Bool) -> Void
  ) {
    pixels.withUnsafeBufferPointer { pixels in
      guard let colourNumbers else {
        for i in pixels.indices { body(i, pixels[i] >> 24 <= alphaThreshold && test(pixels[i])) }
        return
      }
      let passes = colourNumbers.colours.map(test)
      passes.withUnsafeBufferPointer { passes in
        colourNumbers.numbers.withUnsafeBufferPointer { numbers in
          for i in pixels.indices {
            body(i, pixels[i] >> 24 <= alphaThreshold && passes[Int(numbers[i])])
          }
        }
      }
    }
  }

  /// The decoded pixels between a grid's samples (``SampleGrid/links``).
  enum Links: Sendable {
    /// Each sample's `decodedStep − 1` pixels down, then its pixels right
    /// (``linkStart(column:row:down:rows:step:)``; past the image's edge they are 0). Empty
    /// when the grid was made without them, or at a decoded step of 1.
    case written([UInt32])
    /// Read from the colour numbers of the grid this one was coarsened from, which sampled
    /// every pixel of an opaque decode (its rows are the decode's height): a live wall's grid
    /// of 8 holds no copy of its grid of 4.
    case finer(ColourNumbers)

    var isEmpty: Bool {
      switch self {
      case .written(let links): links.isEmpty
      case .finer: false
      }
    }

    /// The bytes the grid keeps for them: none when they are read from the finer grid,
    /// which its keeper keeps (and drops this grid with).
    var byteCount: Int {
      switch self {
      case .written(let links): links.count * MemoryLayout<UInt32>.stride
      case .finer: 0
      }
    }

    /// Their largest alpha: an opaque decode's is 0.
    var largestAlpha: UInt32 {
      switch self {
      case .written(let links): links.reduce(0) { max($0, $1 >> 24) }
      case .finer: 0
      }
    }
  }

  /// The links written out, as a grid sampled from the decode holds them.
  var writtenLinks: [UInt32] {
    switch links {
    case .written(let links): links
    case .finer(let finer):
      finer.withPixels(rows: decodedHeight) { pixel in
        Self.links(
          columns: columns, rows: rows, step: decodedStep, width: decodedWidth,
          height: decodedHeight, pixel)
      }
    }
  }

  /// Columns copied together from the image's rows: 16 samples of 4 bytes, a cache line.
  static let copyBand = 16

  /// Where in ``links`` the `step − 1` pixels below (`down`) or right of the sample at
  /// `column`, `row` begin: each sample's pixels down, then its pixels right. `step` is the
  /// decoded step.
  @inline(__always)
  static func linkStart(column: Int, row: Int, down: Bool, rows: Int, step: Int) -> Int {
    let gap = step - 1
    return (column * rows + row) * 2 * gap + (down ? 0 : gap)
  }
}

/// A grid's distinct colours, and each sample's colour as a number into them. A photo of a
/// product holds a few thousand colours among its hundred thousand samples, so what a test
/// of a colour decides (backdrop, skin) is decided once per colour, and a weighing groups the
/// samples by number rather than looking each colour up.
public struct ColourNumbers: Sendable {
  /// The distinct colours (`0x00RRGGBB`), in the order the grid first shows them.
  let colours: [UInt32]
  /// Each sample's colour's number, in the grid's order.
  let numbers: [UInt16]

  /// The memory they take, for a cache's budget.
  public var byteCount: Int {
    colours.count * MemoryLayout<UInt32>.stride + numbers.count * MemoryLayout<UInt16>.stride
  }

  /// The numbered values given back: opaque (alpha 0), so each is its colour.
  fileprivate var pixels: [UInt32] {
    Array(unsafeUninitializedCapacity: numbers.count) { pixels, count in
      colours.withUnsafeBufferPointer { colours in
        numbers.withUnsafeBufferPointer { numbers in
          for i in numbers.indices { pixels[i] = colours[Int(numbers[i])] }
        }
      }
      count = numbers.count
    }
  }

  /// Calls `body` with the pixel at `x`, `y` of the opaque decode these number sample by
  /// sample (a grid of every decoded pixel, `rows` of them a column).
  @inline(__always)
  func withPixels<Result>(rows: Int, _ body: ((Int, Int) -> UInt32) -> Result) -> Result {
    colours.withUnsafeBufferPointer { colours in
      numbers.withUnsafeBufferPointer { numbers in
        body { x, y in colours[Int(numbers[x * rows + y])] }
      }
    }
  }

  fileprivate init(colours: [UInt32], numbers: [UInt16]) {
    self.colours = colours
    self.numbers = numbers
  }

  /// The numbers of `grid`'s colours (alpha aside), or nil when it holds more than a number
  /// tells apart.
  init?(_ grid: SampleGrid) {
    var grouping = ColourGrouping(expected: grid.pixels.count / 8)
    var numbers = [UInt16](repeating: 0, count: grid.pixels.count)
    let fits = grid.pixels.withUnsafeBufferPointer { pixels in
      numbers.withUnsafeMutableBufferPointer { numbers in
        for i in pixels.indices {
          let number = grouping.index(of: pixels[i] & 0x00FF_FFFF)
          guard number <= Int(UInt16.max) else { return false }
          numbers[i] = UInt16(truncatingIfNeeded: number)
        }
        return true
      }
    }
    guard fits else { return nil }
    self.numbers = numbers
    colours = grouping.colors
  }
}

/// A numbered grid's colour numbers renumbered in the order some of its samples first show
/// them, each new number with its colour: the colours of the samples a weighing counts, or of
/// a coarser grid's samples, listed as grouping those samples' pixels would list them.
struct FirstSeenNumbers: ~Copyable {
  /// The colours of the numbers given, in the order first given.
  private(set) var colours: [UInt32] = []
  private let table: [UInt32]
  /// Each old number's new one, or -1 while it has not been given.
  private let new: UnsafeMutableBufferPointer<Int32>

  init(_ numbers: ColourNumbers) {
    table = numbers.colours
    new = .allocate(capacity: table.count)
    new.initialize(repeating: -1)
    colours.reserveCapacity(table.count)
  }

  deinit { new.deallocate() }

  /// The new number of the old `number`, a new one when it is first given.
  @inline(__always)
  mutating func number(of number: Int) -> Int32 {
    if new[number] < 0 {
      new[number] = Int32(truncatingIfNeeded: colours.count)
      colours.append(table[number])
    }
    return new[number]
  }
}

/// What the fill's plan and the weighing's parameters read of a grid: its shape, its border
/// and its largest alpha, not its samples. A kept grid's plan is then made without giving back
/// its pixels (``CompactGrid``).
public struct GridOutline: Sendable {
  let columns: Int
  let rows: Int
  let decodedStep: Int
  let largestAlpha: UInt32?
  /// Which ring of samples is the border (``FillPlan/framedBorder(of:)``).
  let borderInset: Int
  /// The border's pixels, in ``FillPlan/border(of:inset:)``'s order.
  let border: [UInt32]
}

extension SampleGrid {
  /// The grid's outline, read from its pixels.
  public var outline: GridOutline {
    guard columns >= 3 && rows >= 3 else {
      return .init(
        columns: columns, rows: rows, decodedStep: decodedStep, largestAlpha: largestAlpha,
        borderInset: 0, border: [])
    }
    let (inset, border) = FillPlan.framedBorder(of: self)
    return .init(
      columns: columns, rows: rows, decodedStep: decodedStep, largestAlpha: largestAlpha,
      borderInset: inset, border: border)
  }
}

/// A numbered grid kept without its pixels, where its colours' numbers give them back
/// exactly (every sample opaque: a JPEG's): two bytes a sample and its distinct colours,
/// against four bytes a sample and the numbers beside them. A live wall keeps its grids so.
public struct CompactGrid: Sendable {
  /// The grid, its pixels dropped; its colours' numbers stay.
  private let kept: SampleGrid
  /// The grid's outline, kept with it.
  public let outline: GridOutline

  /// `grid` kept compact, or nil when its colours are not numbered or a sample is not opaque.
  public init?(_ grid: SampleGrid) {
    guard grid.colourNumbers != nil, grid.largestAlpha == 0 else { return nil }
    outline = grid.outline
    var kept = grid
    kept.pixels = []
    self.kept = kept
  }

  /// The grid's colours' numbers, which give back its pixels (it is kept only numbered).
  private var numbers: ColourNumbers { kept.colourNumbers! }

  /// The grid, its pixels given back from the numbers.
  public var grid: SampleGrid {
    var grid = kept
    grid.pixels = numbers.pixels
    return grid
  }

  /// ``SampleGrid/coarsened(by:)`` of this grid, its colours numbered as
  /// ``SampleGrid/numberingColours()`` would number them: read from this grid's numbers,
  /// without giving back its pixels or grouping its colours again.
  public func coarsened(by factor: Int) -> SampleGrid {
    guard kept.decodedStep == 1 else { return grid.coarsened(by: factor).numberingColours() }
    let (rows, newStep) = (kept.rows, factor)
    let (newColumns, newRows) = (
      (kept.decodedWidth + newStep - 1) / newStep, (kept.decodedHeight + newStep - 1) / newStep
    )
    // The coarser grid's colours in the order its samples first show them, as a grouping
    // of its pixels lists them.
    let numbers = self.numbers
    var renumbering = FirstSeenNumbers(numbers)
    let sampleNumbers = [UInt16](unsafeUninitializedCapacity: newColumns * newRows) {
      sampleNumbers, count in
      numbers.numbers.withUnsafeBufferPointer { old in
        for c in 0..<newColumns {
          let column = c * newStep * rows
          for r in 0..<newRows {
            let number = renumbering.number(of: Int(old[column + r * newStep]))
            sampleNumbers[c * newRows + r] = UInt16(truncatingIfNeeded: number)
          }
        }
      }
      count = newColumns * newRows
    }
    let coarser = ColourNumbers(colours: renumbering.colours, numbers: sampleNumbers)
    // Opaque: alpha 0, so the pixel is the colour. The pixels between the coarser samples
    // are this grid's, read from its numbers when the fill asks.
    return numbers.withPixels(rows: rows) { pixel in
      kept.coarsened(by: factor, numbers: coarser, links: factor > 1 ? .finer(numbers) : nil, pixel)
    }
  }

  /// ``SampleGrid/readsFinerGrid`` of the grid.
  public var readsFinerGrid: Bool { kept.readsFinerGrid }

  /// The memory it takes, for a cache's budget (the numbers are the grid's).
  public var byteCount: Int {
    kept.byteCount + outline.border.count * MemoryLayout<UInt32>.stride
  }
}
