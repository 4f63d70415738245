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

  /// The memory the samples take, for a cache's budget.
  public var byteCount: Int { pixels.count * MemoryLayout<UInt32>.stride }

  /// Every `step`-th pixel of `image` in both directions: the samples the kernel visits at
  /// granularity `step`, copied so that they outlive the decoded image.
  public init(_ image: PixelView, step: Int) {
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
  }
}
