// Image headers: ImageFormat.sniff, then ImageHeader.read for the format it names, and the
// decoder's own check of the size (ImageDecoder.inspect) on the same bytes. Nothing is decoded.
import HuewallCore
import HuewallDecode

private let decoder = ImageDecoder(limits: DecodeLimits(maxPixels: 4_000_000))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  if let format = ImageFormat.sniff(bytes) {
    if let header = ImageHeader.read(bytes, format: format) {
      guard header.format == format else { fatalError("the header names another format") }
      guard header.width > 0 && header.height > 0 else { fatalError("a header with an empty size") }
      _ = header.pixelCount
    }
  } else {
    _ = NonImageContent.describe(bytes)
  }
  _ = try? decoder.inspect(bytes, source: "fuzz")
  return 0
}
