// Huewall JSON feeds (`{"products": [...]}`), read by the JSON products scanner.
import FeedFuzzing
import HuewallFeed

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FeedFuzzing.parse(data, size, as: .huewallJSON)
  return 0
}
