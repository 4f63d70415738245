// Whole images through libgd: ImageDecoder sniffs the format, checks the header's size against
// the limit and decodes; every pixel of what it returns is then read, as the colour kernel does.
import Foundation
import HuewallCore
import HuewallDecode

private let decoder = ImageDecoder(limits: DecodeLimits(maxPixels: 4_000_000))

/// AVIF only with FUZZ_AVIF=1. libgd 2.3.3 reads every box into a buffer of the size the box
/// claims and never frees it (fixed by libgd pull request 832, after 2.3.3): about the file's
/// size for a good file, 117 MB for a 30-byte one claiming that much (findings/README.md). At
/// thousands of inputs a second that ends every run in an out-of-memory report within two
/// minutes. AVIF headers are still read by fuzz-image-header.
private let includeAVIF = ProcessInfo.processInfo.environment["FUZZ_AVIF"] == "1"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  if !includeAVIF && ImageFormat.sniff(bytes) == .avif { return 0 }
  guard let image = try? decoder.decode(bytes, source: "fuzz") else { return 0 }
  guard image.width > 0 && image.height > 0 else {
    fatalError("a decoded image with an empty size")
  }
  guard image.width * image.height <= decoder.limits.maxPixels else {
    fatalError("past the pixel limit")
  }
  let checksum = image.withPixels { view -> UInt32 in
    var sum: UInt32 = 0
    for y in 0..<view.height {
      let row = view.row(y)
      for x in 0..<view.width { sum = sum &* 31 &+ UInt32(bitPattern: row[x]) }
    }
    return sum ^ view[view.width - 1, view.height - 1].packed
  }
  blackHole(checksum)
  return 0
}

/// Keeps the optimiser from dropping the pixel reads.
@inline(never)
private func blackHole(_ value: UInt32) {
  withExtendedLifetime(value) {}
}
