// JPEGs through libjpeg's scaled decode (DecodePlan: the `product` preset's analyses and the
// thumbnails): ImageDecoder sniffs the input, checks the header's size against the limit and
// decodes it at 1/2, 1/4 and 1/8, and whole (as a JPEG too small to reduce is); every decoded
// pixel is then read, as the colour kernel does.
import Foundation
import HuewallCore
import HuewallDecode

private let decoder = ImageDecoder(limits: DecodeLimits(maxPixels: 4_000_000))
private let lenient = ImageDecoder(
  limits: DecodeLimits(maxPixels: 4_000_000, allowTruncatedJPEG: true))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  // Only JPEGs take the scaled path; everything else goes to libgd (fuzz-image-decode).
  guard ImageFormat.sniff(bytes) == .jpeg else { return 0 }
  // A plan that may reduce but must keep more pixels than any image has: libjpeg at 1/1.
  let plans =
    [2, 4, 8].map { (DecodePlan(maxReduction: $0), $0) }
    + [(DecodePlan(maxReduction: 4, minLongerSide: 1 << 40), 1)]
  for (plan, reduction) in plans {
    // Both truncation policies: a cut file is an error under one and grey-filled pixels under
    // the other.
    for decoder in [decoder, lenient] {
      guard let image = try? decoder.decode(bytes, source: "fuzz", plan: plan) else { continue }
      check(image, reduction: reduction, limit: decoder.limits.maxPixels)
    }
  }
  return 0
}

private func check(_ image: DecodedImage, reduction: Int, limit: Int) {
  guard image.path == .scaledJPEG, image.reduction == reduction else {
    fatalError("a JPEG at 1/\(reduction) came back through \(image.path) at 1/\(image.reduction)")
  }
  guard image.width > 0, image.height > 0, image.width * image.height <= limit else {
    fatalError("decoded an image of \(image.width)×\(image.height)")
  }
  guard image.decodedWidth == (image.width + reduction - 1) / reduction,
    image.decodedHeight == (image.height + reduction - 1) / reduction
  else {
    fatalError(
      "\(image.width)×\(image.height) at 1/\(reduction) gave \(image.decodedWidth)×\(image.decodedHeight)"
    )
  }
  let checksum = image.withPixels { view -> UInt32 in
    var sum: UInt32 = 0
    for y in 0..<view.height {
      let row = view.row(y)
      for x in 0..<view.width {
        let pixel = UInt32(bitPattern: row[x])
        guard pixel >> 24 == 0 else { fatalError("a JPEG pixel that is not opaque") }
        sum = sum &* 31 &+ pixel
      }
    }
    return sum ^ view[view.width - 1, view.height - 1].packed
  }
  blackHole(checksum)
}

/// Keeps the optimiser from dropping the pixel reads.
@inline(never)
private func blackHole(_ value: UInt32) {
  withExtendedLifetime(value) {}
}
