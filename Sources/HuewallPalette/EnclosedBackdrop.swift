import Foundation

/// The pieces of a light backdrop that the fill could not reach: the inside of a necklace, a
/// hoop or a cage, closed off by the product. Left unmarked they outnumber a thin product's own
/// samples, and the top colour is the backdrop's (silver jewellery filed white).
///
/// After the fill, every connected piece of samples that has the backdrop's tint (at any
/// brightness above a shadow's: the middle of a backdrop may be lit brighter than its border)
/// and that the fill did not mark is marked too when:
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
  public static let shipped: EnclosedBackdrop = {
    guard
      let url = Bundle.module.url(
        forResource: "enclosed-backdrop", withExtension: "json", subdirectory: "Resources"),
      let data = try? Data(contentsOf: url)
    else {
      fatalError(
        "Resources/enclosed-backdrop.json is missing (a huewall binary needs its Huewall_HuewallPalette.resources folder beside it)"
      )
    }
    do {
      return try JSONDecoder().decode(EnclosedBackdrop.self, from: data)
    } catch {
      fatalError("Resources/enclosed-backdrop.json is broken: \(error)")
    }
  }()

  /// Marks the enclosed pieces of backdrop in `pixels` (a grid of `rows` rows, its fill
  /// done: the marked samples carry ``BackgroundMask/backdropAlpha``). `stack` has a slot per
  /// sample, free for this pass's use.
  func mark(
    _ pixels: UnsafeMutableBufferPointer<UInt32>, rows: Int, backdrop: BackdropTone,
    alphaThreshold: UInt32, stack: UnsafeMutableBufferPointer<Int>
  ) {
    let count = pixels.count
    let columns = count / rows
    guard columns >= 3, rows >= 3 else { return }
    // The reached backdrop: the per-channel median of the marked samples inside the border
    // (the border may be a darker frame).
    var histogram = [Int](repeating: 0, count: 3 * 256)
    var reached = 0
    for column in 1..<columns - 1 {
      for row in 1..<rows - 1 {
        let pixel = pixels[column * rows + row]
        guard pixel >> 24 == BackgroundMask.backdropAlpha else { continue }
        histogram[Int(pixel >> 16 & 0xFF)] += 1
        histogram[256 + Int(pixel >> 8 & 0xFF)] += 1
        histogram[512 + Int(pixel & 0xFF)] += 1
        reached += 1
      }
    }
    guard reached > 0 else { return }
    func median(_ channel: Int) -> Int {
      var upTo = 0
      for level in 0..<256 {
        upTo += histogram[channel * 256 + level]
        if upTo * 2 > reached { return level }
      }
      return 255
    }
    let (red, green, blue) = (median(0), median(1), median(2))
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { state in
      // Per sample: ``notTaken`` (marked, or not the backdrop's tint), ``open`` (a piece's,
      // not yet reached) or ``visited``.
      let (notTaken, open, visited): (UInt8, UInt8, UInt8) = (0, 1, 2)
      for i in 0..<count {
        let pixel = pixels[i]
        let looks = pixel >> 24 <= alphaThreshold && backdrop.admits(pixel, ceiling: 255)
        state.initializeElement(at: i, to: looks ? open : notTaken)
      }
      // The samples of the pieces to mark are kept at the front of `stack`; each piece is
      // gathered behind them, and stays there when it is to be marked.
      var kept = 0
      for start in 0..<count where state[start] == open {
        state[start] = visited
        stack[kept] = start
        var (end, next) = (kept + 1, kept)
        var (sumRed, sumGreen, sumBlue) = (0, 0, 0)
        var (outside, marked) = (0, 0)
        while next < end {
          let cell = stack[next]
          next += 1
          let pixel = pixels[cell]
          sumRed += Int(pixel >> 16 & 0xFF)
          sumGreen += Int(pixel >> 8 & 0xFF)
          sumBlue += Int(pixel & 0xFF)
          let (column, row) = cell.quotientAndRemainder(dividingBy: rows)
          func reach(_ neighbour: Int) {
            switch state[neighbour] {
            case open:
              state[neighbour] = visited
              stack[end] = neighbour
              end += 1
            case visited: break
            default:
              outside += 1
              if pixels[neighbour] >> 24 == BackgroundMask.backdropAlpha { marked += 1 }
            }
          }
          if row > 0 { reach(cell - 1) }
          if row < rows - 1 { reach(cell + 1) }
          if column > 0 { reach(cell - rows) }
          if column < columns - 1 { reach(cell + rows) }
        }
        let n = end - kept
        let distance = max(
          abs(sumRed - red * n), abs(sumGreen - green * n), abs(sumBlue - blue * n))
        guard distance <= tolerance * n, Double(marked) <= directShare * Double(outside) else {
          continue
        }
        kept = end
      }
      for k in 0..<kept { pixels[stack[k]] = BackgroundMask.marked(pixels[stack[k]]) }
    }
  }
}
