// Google Merchant XML feeds (RSS 2.0 and Atom 1.0).
import FeedFuzzing
import HuewallFeed

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FeedFuzzing.parse(data, size, as: .merchantXML)
  return 0
}
