// Shopify `products.json` pages.
import FeedFuzzing
import HuewallFeed

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FeedFuzzing.parse(data, size, as: .shopify)
  return 0
}
