#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An IPv4 or IPv6 address, and the kind of network it belongs to.
///
/// A feed or a vendor's redirect can name any address, so every address Huewall would connect
/// to is classified first: the cloud metadata service (169.254.169.254), the machine itself and
/// the private networks around it are not for a shop's images. The ranges are IANA's special-
/// purpose registries; an IPv6 address that carries an IPv4 one (mapped, compatible, NAT64) is
/// judged by the IPv4 address it reaches.
public enum NetworkAddress: Hashable, Sendable {
  case v4(UInt32)
  /// The 16 bytes in network order.
  case v6([UInt8])

  /// A network an address must not be fetched from unless the configuration allows it.
  public enum Range: String, Sendable, Equatable, CaseIterable {
    case unspecified, thisNetwork, loopback, `private`, sharedAddressSpace, linkLocal
    case protocolAssignments, benchmarking, multicast, reserved, broadcast, uniqueLocal
    case siteLocal

    /// How a message names the range: "a link-local address".
    public var phrase: String {
      switch self {
      case .unspecified: "an unspecified address"
      case .thisNetwork: "a \"this network\" address (0.0.0.0/8)"
      case .loopback: "a loopback address"
      case .private: "a private address"
      case .sharedAddressSpace: "a carrier-grade NAT address (100.64.0.0/10)"
      case .linkLocal: "a link-local address"
      case .protocolAssignments: "an IETF protocol address (192.0.0.0/24)"
      case .benchmarking: "a benchmarking address (198.18.0.0/15)"
      case .multicast: "a multicast address"
      case .reserved: "a reserved address (240.0.0.0/4)"
      case .broadcast: "the broadcast address"
      case .uniqueLocal: "a unique-local address"
      case .siteLocal: "a site-local address"
      }
    }
  }

  /// The range this address is in, or nil for an ordinary public address.
  public var blockedRange: Range? {
    switch self {
    case .v4(let value): Self.range(ofV4: value)
    case .v6(let bytes): Self.range(ofV6: bytes)
    }
  }

  private static func range(ofV4 a: UInt32) -> Range? {
    func within(_ base: UInt32, _ bits: UInt32) -> Bool {
      bits == 0 || a >> (32 - bits) == base >> (32 - bits)
    }
    if a == 0xFFFF_FFFF { return .broadcast }
    if within(0x0000_0000, 8) { return .thisNetwork }
    if within(0x0A00_0000, 8) || within(0xAC10_0000, 12) || within(0xC0A8_0000, 16) {
      return .private
    }
    if within(0x6440_0000, 10) { return .sharedAddressSpace }
    if within(0x7F00_0000, 8) { return .loopback }
    if within(0xA9FE_0000, 16) { return .linkLocal }
    if within(0xC000_0000, 24) { return .protocolAssignments }
    if within(0xC612_0000, 15) { return .benchmarking }
    if within(0xE000_0000, 4) { return .multicast }
    if within(0xF000_0000, 4) { return .reserved }
    return nil
  }

  private static func range(ofV6 b: [UInt8]) -> Range? {
    let zeroPrefix = b[0..<10].allSatisfy { $0 == 0 }
    let embedded = UInt32(b[12]) << 24 | UInt32(b[13]) << 16 | UInt32(b[14]) << 8 | UInt32(b[15])
    if zeroPrefix && b[10] == 0 && b[11] == 0 {
      if embedded == 0 { return .unspecified }
      if embedded == 1 { return .loopback }
      // IPv4-compatible (::a.b.c.d), deprecated but still routed to the IPv4 address by some
      // stacks.
      return range(ofV4: embedded) ?? .reserved
    }
    // IPv4-mapped (::ffff:a.b.c.d): a dual-stack socket connects to the IPv4 address.
    if zeroPrefix && b[10] == 0xFF && b[11] == 0xFF { return range(ofV4: embedded) }
    // NAT64, well-known prefix 64:ff9b::/96: the translator connects to the IPv4 address.
    if b[0..<12].elementsEqual([0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]) {
      return range(ofV4: embedded)
    }
    // NAT64, local-use prefix 64:ff9b:1::/48 (RFC 8215): a network's own translator.
    if b[0..<6].elementsEqual([0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01]) { return .private }
    if b[0] == 0xFF { return .multicast }
    if b[0] == 0xFE && b[1] & 0xC0 == 0x80 { return .linkLocal }
    if b[0] == 0xFE && b[1] & 0xC0 == 0xC0 { return .siteLocal }
    if b[0] & 0xFE == 0xFC { return .uniqueLocal }
    return nil
  }

  /// The address in its usual text form: dotted quad, or RFC 5952 IPv6.
  public var text: String {
    switch self {
    case .v4(let a):
      return "\(a >> 24).\(a >> 16 & 0xFF).\(a >> 8 & 0xFF).\(a & 0xFF)"
    case .v6(let bytes):
      var address = in6_addr()
      withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
      var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
      guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else {
        return bytes.map { String($0, radix: 16) }.joined(separator: ":")
      }
      let text = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      return String(decoding: text, as: UTF8.self)
    }
  }

  /// The address a URL's host names when it is an IP literal, or nil for a host name.
  ///
  /// IPv4 is read as resolvers (`inet_aton`) and browsers (the WHATWG URL standard) read it:
  /// one to four parts, each decimal, octal (a leading 0) or hex (0x), the last filling the
  /// remaining bytes, so `2852039166`, `0251.0376.0251.0376` and `0x7f.1` are addresses too.
  /// IPv6 may come in brackets and with a zone (`[fe80::1%25eth0]`).
  public init?(literal host: String) {
    var text = Substring(host)
    if text.hasPrefix("[") && text.hasSuffix("]") { text = text.dropFirst().dropLast() }
    if text.contains(":") {
      if let zone = text.firstIndex(of: "%") { text = text[..<zone] }
      var address = in6_addr()
      guard inet_pton(AF_INET6, String(text), &address) == 1 else { return nil }
      self = .v6(withUnsafeBytes(of: &address) { Array($0) })
      return
    }
    guard let value = Self.parseV4(text) else { return nil }
    self = .v4(value)
  }

  private static func parseV4(_ host: Substring) -> UInt32? {
    var parts = host.split(separator: ".", omittingEmptySubsequences: false)
    if parts.count > 1 && parts.last?.isEmpty == true { parts.removeLast() }
    guard (1...4).contains(parts.count) else { return nil }
    var numbers: [UInt64] = []
    for part in parts {
      let lower = part.lowercased()
      let digits: Substring
      let radix: Int
      if lower.hasPrefix("0x") {
        (digits, radix) = (lower.dropFirst(2), 16)
      } else if lower.count > 1 && lower.hasPrefix("0") {
        (digits, radix) = (lower.dropFirst(), 8)
      } else {
        (digits, radix) = (Substring(lower), 10)
      }
      // Digits only: Swift's integer parsing would also take a sign.
      guard digits.allSatisfy({ $0.isHexDigit && $0.isASCII }) else { return nil }
      if digits.isEmpty && radix != 16 { return nil }
      guard let value = digits.isEmpty ? 0 : UInt64(digits, radix: radix) else { return nil }
      numbers.append(value)
    }
    let last = numbers.removeLast()
    guard numbers.allSatisfy({ $0 <= 255 }), last < UInt64(1) << (8 * (4 - numbers.count))
    else { return nil }
    var address = last
    for (index, number) in numbers.enumerated() { address |= number << (8 * (3 - index)) }
    return UInt32(address)
  }
}
