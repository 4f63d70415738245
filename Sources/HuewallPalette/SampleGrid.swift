import HuewallCore

/// The scan grid's samples (every `step`-th column and row), column by column: the order in
/// which the kernel visits them.
public struct SampleGrid: Sendable {
  public let columns: Int
  public let rows: Int
  /// Pixels between neighbouring samples.
  public let step: Int
  /// libgd's packed pixels, column by column (x outer, y inner: the reference's order).
  public internal(set) var pixels: [UInt32]
  /// The full-resolution pixels between each sample and the next one down and the next one
  /// to the right (``linkStart(column:row:down:rows:step:)``; past the image's edge they are
  /// 0): a product's outline can be thinner than the step, and the backdrop fill must not step
  /// over it. Empty when the grid was made without them, or at step 1.
  let links: [UInt32]

  /// The memory the samples take, for a cache's budget.
  public var byteCount: Int { (pixels.count + links.count) * MemoryLayout<UInt32>.stride }

  /// Every `step`-th pixel of `image` in both directions: the samples the kernel visits at
  /// granularity `step`, copied so that they outlive the decoded image; with `links`, the
  /// pixels between them too, which ``AnalysisParameters/thinOutlines`` needs.
  public init(_ image: PixelView, step: Int, links keepsLinks: Bool = true) {
    self.step = step
    columns = (image.width + step - 1) / step
    rows = (image.height + step - 1) / step
    let (width, height, rows) = (image.width, image.height, rows)
    pixels = Array(unsafeUninitializedCapacity: columns * rows) { buffer, count in
      var index = 0
      for x in stride(from: 0, to: width, by: step) {
        for y in stride(from: 0, to: height, by: step) {
          buffer[index] = UInt32(bitPattern: image.row(y)[x])
          index += 1
        }
      }
      count = index
    }
    let gap = keepsLinks ? step - 1 : 0
    var links = [UInt32](repeating: 0, count: columns * rows * 2 * gap)
    if gap > 0 {
      // Row by row, as libgd keeps the pixels.
      for y in 0..<height {
        let row = image.row(y)
        let (r, k) = y.quotientAndRemainder(dividingBy: step)
        for (c, x) in stride(from: 0, to: width, by: step).enumerated() {
          let start = Self.linkStart(column: c, row: r, down: k > 0, rows: rows, step: step)
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
    self.links = links
  }

  /// Where in ``links`` the `step − 1` pixels below (`down`) or right of the sample at
  /// `column`, `row` begin: each sample's pixels down, then its pixels right.
  @inline(__always)
  static func linkStart(column: Int, row: Int, down: Bool, rows: Int, step: Int) -> Int {
    let gap = step - 1
    return (column * rows + row) * 2 * gap + (down ? 0 : gap)
  }
}
