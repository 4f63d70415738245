// Delimited feeds: every input as CSV (delimiter sniffed from the header row) and as Google
// Merchant TSV; both go through the same RFC 4180 reader.
import FeedFuzzing
import HuewallFeed

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FeedFuzzing.parse(data, size, as: .csv)
  FeedFuzzing.parse(data, size, as: .merchantTSV)
  return 0
}
