import Foundation
import HuewallColorWords

/// The pieces of a light backdrop that the fill could not reach: the inside of a necklace, a
/// hoop or a cage, closed off by the product. Left unmarked they outnumber a thin product's own
/// samples, and the top colour is the backdrop's (silver jewellery filed white).
///
/// After the fill, every connected piece of samples of the backdrop's tint that the fill left
/// unreached (starting from one no brighter than the border's ceiling, and growing into brighter
/// ones too: the middle of a backdrop may be lit brighter than its border) is marked when:
/// - its mean is within ``tolerance`` levels (per channel) of the backdrop the fill reached,
///   the median of the marked samples inside the border (a light product differs from it by
///   more, however close in tint);
/// - it is closed off by the product's own samples, not by an outline between samples: at most
///   ``directShare`` of its neighbours outside it are marked backdrop. A product the
///   backdrop's colour whose outline falls between the samples touches the backdrop on half
///   its outline or more; the inside of a necklace lies behind the chain's samples.
///
/// The two values are data (`Resources/enclosed-backdrop.json`), fitted on the labelled
/// photos of ten shops; `scripts/refit-enclosed-backdrop` refits them and scores them
/// leave-one-source-out.
public struct EnclosedBackdrop: Codable, Hashable, Sendable {
  /// How far (levels, per channel) a piece's mean may be from the reached backdrop's median.
  public var tolerance: Int
  /// The largest share of a piece's outside neighbours that may be marked backdrop.
  public var directShare: Double

  public init(tolerance: Int, directShare: Double) {
    self.tolerance = tolerance
    self.directShare = directShare
  }

  /// The values shipped with Huewall.
  public static let shipped: EnclosedBackdrop = ShippedResource.json(
    "enclosed-backdrop", folder: "Resources", in: .module)

  /// Marks the enclosed pieces of backdrop in `pixels` (a grid of `rows` rows, its fill
  /// done: the marked samples carry ``BackgroundMask/backdropAlpha``). `looks` says, per
  /// sample, whether the fill found it the backdrop's under the border's ceiling and left it
  /// unmarked; `stack` has a slot per sample, free for this pass's use.
  func mark(
    _ pixels: UnsafeMutableBufferPointer<UInt32>, looks: UnsafeMutableBufferPointer<Bool>,
    rows: Int, backdrop: BackdropTone, alphaThreshold: UInt32,
    stack: UnsafeMutableBufferPointer<Int>
  ) {
    let count = pixels.count
    let columns = count / rows
    guard columns >= 3, rows >= 3 else { return }
    /// The reached backdrop: the per-channel median of the marked samples inside the border
    /// (the border may be a darker frame), over every fourth column and row (hundreds of
    /// samples of a flat backdrop, so the median is the same), found when a piece first asks.
    var reachedBackdrop: (red: Int, green: Int, blue: Int)?? = .none
    func reached() -> (red: Int, green: Int, blue: Int)? {
      if let known = reachedBackdrop { return known }
      let found = withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * 256) {
        histogram -> (red: Int, green: Int, blue: Int)? in
        histogram.initialize(repeating: 0)
        var total = 0
        for column in stride(from: 1, to: columns - 1, by: 4) {
          for row in stride(from: 1, to: rows - 1, by: 4) {
            let pixel = pixels[column &* rows &+ row]
            guard pixel >> 24 == BackgroundMask.backdropAlpha else { continue }
            histogram[Int(pixel >> 16 & 0xFF)] &+= 1
            histogram[256 &+ Int(pixel >> 8 & 0xFF)] &+= 1
            histogram[512 &+ Int(pixel & 0xFF)] &+= 1
            total &+= 1
          }
        }
        guard total > 0 else { return nil }
        func median(_ channel: Int) -> Int {
          var upTo = 0
          for level in 0..<256 {
            upTo += histogram[channel * 256 + level]
            if upTo * 2 > total { return level }
          }
          return 255
        }
        return (median(0), median(1), median(2))
      }
      reachedBackdrop = .some(found)
      return found
    }
    // The fill is done with `looks`: its bytes become each sample's state here.
    looks.withMemoryRebound(to: UInt8.self) { state in
      // Per sample: ``notTaken`` (marked, or not the backdrop's tint under the ceiling),
      // ``open`` (what the fill left open: a piece's, not yet reached) or ``visited``. A piece
      // also takes in, as it grows, samples of the backdrop's tint above the border's ceiling.
      let (notTaken, open, visited): (UInt8, UInt8, UInt8) = (0, 1, 2)
      let brighter = { (pixel: UInt32) in
        pixel >> 24 <= alphaThreshold
          && max(pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF) > backdrop.ceiling
          && backdrop.admits(pixel, ceiling: 255)
      }
      // The samples of the pieces to mark are kept at the front of `stack`, by column and
      // row (`column << 32 | row`, as the fill keeps them: no division per sample); each
      // piece is gathered behind them, and stays there when it is to be marked.
      var kept = 0
      // Most samples are marked or the product's: eight states at a time are passed over
      // while none of them is ``open`` (1, the only state with its lowest bit set).
      let words = count / 8
      var start = 0
      while start < count {
        if start & 7 == 0 && start / 8 < words {
          let word = UnsafeRawPointer(state.baseAddress! + start).loadUnaligned(as: UInt64.self)
          if word & 0x0101_0101_0101_0101 == 0 {
            start &+= 8
            continue
          }
        }
        defer { start &+= 1 }
        guard state[start] == open else { continue }
        let (startColumn, startRow) = start.quotientAndRemainder(dividingBy: rows)
        state[start] = visited
        stack[kept] = startColumn << 32 | startRow
        var (end, next) = (kept + 1, kept)
        var (sumRed, sumGreen, sumBlue) = (0, 0, 0)
        var (outside, marked) = (0, 0)
        while next < end {
          let entry = stack[next]
          next += 1
          let (column, row) = (entry >> 32, entry & 0xFFFF_FFFF)
          let cell = column &* rows &+ row
          let pixel = pixels[cell]
          sumRed += Int(pixel >> 16 & 0xFF)
          sumGreen += Int(pixel >> 8 & 0xFF)
          sumBlue += Int(pixel & 0xFF)
          func reach(_ neighbour: Int, _ column: Int, _ row: Int) {
            switch state[neighbour] {
            case visited: break
            case notTaken where !brighter(pixels[neighbour]):
              outside += 1
              if pixels[neighbour] >> 24 == BackgroundMask.backdropAlpha { marked += 1 }
            default:
              state[neighbour] = visited
              stack[end] = column << 32 | row
              end += 1
            }
          }
          if row > 0 { reach(cell &- 1, column, row &- 1) }
          if row < rows &- 1 { reach(cell &+ 1, column, row &+ 1) }
          if column > 0 { reach(cell &- rows, column &- 1, row) }
          if column < columns &- 1 { reach(cell &+ rows, column &+ 1, row) }
        }
        let n = end - kept
        guard Double(marked) <= directShare * Double(outside),
          let (red, green, blue) = reached()
        else { continue }
        let distance = max(
          abs(sumRed - red * n), abs(sumGreen - green * n), abs(sumBlue - blue * n))
        guard distance <= tolerance * n else { continue }
        kept = end
      }
      for entry in stack[..<kept] {
        let cell = (entry >> 32) &* rows &+ (entry & 0xFFFF_FFFF)
        pixels[cell] = BackgroundMask.marked(pixels[cell])
      }
    }
  }
}
