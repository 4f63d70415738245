import HuewallFetch
import Testing

/// The address classifier over every range it refuses, both edges of each, and the spellings
/// of IP literals that resolvers accept.
@Suite("Classifying addresses")
struct NetworkAddressTests {
  @Test(
    "IPv4 ranges, first and last address of each",
    arguments: [
      ("0.0.0.0", NetworkAddress.Range.thisNetwork), ("0.255.255.255", .thisNetwork),
      ("10.0.0.0", .private), ("10.255.255.255", .private),
      ("100.64.0.0", .sharedAddressSpace), ("100.127.255.255", .sharedAddressSpace),
      ("127.0.0.0", .loopback), ("127.0.0.1", .loopback), ("127.255.255.255", .loopback),
      ("169.254.0.0", .linkLocal), ("169.254.169.254", .linkLocal),
      ("169.254.255.255", .linkLocal),
      ("172.16.0.0", .private), ("172.31.255.255", .private),
      ("192.0.0.0", .protocolAssignments), ("192.0.0.255", .protocolAssignments),
      ("192.168.0.0", .private), ("192.168.255.255", .private),
      ("198.18.0.0", .benchmarking), ("198.19.255.255", .benchmarking),
      ("224.0.0.0", .multicast), ("239.255.255.255", .multicast),
      ("240.0.0.0", .reserved), ("255.255.255.254", .reserved),
      ("255.255.255.255", .broadcast),
    ])
  func blockedV4(address: String, range: NetworkAddress.Range) throws {
    let parsed = try #require(NetworkAddress(literal: address))
    #expect(parsed.blockedRange == range)
    #expect(parsed.text == address)
  }

  @Test(
    "public IPv4 addresses next to the ranges pass",
    arguments: [
      "1.0.0.0", "9.255.255.255", "11.0.0.0", "100.63.255.255", "100.128.0.0", "126.255.255.255",
      "128.0.0.0", "169.253.255.255", "169.255.0.0", "172.15.255.255", "172.32.0.0",
      "192.0.1.0", "192.167.255.255", "192.169.0.0", "198.17.255.255", "198.20.0.0",
      "223.255.255.255", "8.8.8.8", "93.184.216.34",
    ])
  func publicV4(address: String) throws {
    #expect(try #require(NetworkAddress(literal: address)).blockedRange == nil)
  }

  @Test(
    "IPv6 ranges, and IPv4 addresses carried in IPv6",
    arguments: [
      ("::", NetworkAddress.Range.unspecified), ("::1", .loopback),
      ("fe80::", .linkLocal), ("fe80::1%25eth0", .linkLocal),
      ("febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .linkLocal),
      ("fec0::1", .siteLocal), ("fc00::", .uniqueLocal),
      ("fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .uniqueLocal),
      ("ff00::", .multicast), ("ff02::1", .multicast),
      ("::ffff:127.0.0.1", .loopback), ("::ffff:a9fe:a9fe", .linkLocal),
      ("::ffff:10.0.0.1", .private), ("::ffff:0.0.0.0", .thisNetwork),
      ("::127.0.0.1", .loopback), ("::169.254.169.254", .linkLocal),
      ("64:ff9b::127.0.0.1", .loopback), ("64:ff9b::a9fe:a9fe", .linkLocal),
      ("64:ff9b::c0a8:1", .private), ("64:ff9b:1::8.8.8.8", .private),
      ("[::1]", .loopback), ("[fd00::1]", .uniqueLocal),
    ])
  func blockedV6(address: String, range: NetworkAddress.Range) throws {
    #expect(try #require(NetworkAddress(literal: address)).blockedRange == range)
  }

  @Test(
    "public IPv6 addresses pass",
    arguments: [
      "2001:4860:4860::8888", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808",
      "fbff::1", "fe7f::1",
    ])
  func publicV6(address: String) throws {
    #expect(try #require(NetworkAddress(literal: address)).blockedRange == nil)
  }

  @Test(
    "IPv4 literals in every spelling a resolver accepts",
    arguments: [
      ("2852039166", "169.254.169.254"), ("0xa9fea9fe", "169.254.169.254"),
      ("0XA9FEA9FE", "169.254.169.254"), ("0251.0376.0251.0376", "169.254.169.254"),
      ("0xa9.0xfe.0xa9.0xfe", "169.254.169.254"), ("169.254.43518", "169.254.169.254"),
      ("169.16689662", "169.254.169.254"), ("0x7f.1", "127.0.0.1"),
      ("017700000001", "127.0.0.1"), ("127.1", "127.0.0.1"), ("127.0.0.1.", "127.0.0.1"),
      ("0", "0.0.0.0"), ("0x", "0.0.0.0"), ("4294967295", "255.255.255.255"),
    ])
  func spellings(host: String, address: String) throws {
    #expect(try #require(NetworkAddress(literal: host)).text == address)
  }

  @Test(
    "host names and malformed numbers are not addresses",
    arguments: [
      "example.com", "localhost", "1.2.3.4.5", "256.1.1.1", "4294967296", "1.2.3.256",
      "0x1g", "08", "1..2", "+1", "-1", "1.2.3.-4", "", "::g", "[::1", "images.shop",
    ])
  func notAddresses(host: String) {
    #expect(NetworkAddress(literal: host) == nil)
  }

  @Test("the range's phrase is what a refusal says")
  func refusalMessage() {
    let refusal = AddressRefusal(
      host: "169.254.169.254", address: "169.254.169.254", range: .linkLocal, resolved: false)
    #expect(
      "\(refusal)"
        == "169.254.169.254 is a link-local address; set fetch.allowPrivateNetworks to fetch "
        + "from private networks")
    let resolved = AddressRefusal(
      host: "metadata.internal", address: "169.254.169.254", range: .linkLocal, resolved: true)
    #expect(
      "\(resolved)"
        == "metadata.internal resolves to 169.254.169.254, a link-local address; set "
        + "fetch.allowPrivateNetworks, or list metadata.internal in fetch.allowedHosts, to fetch "
        + "from private networks")
  }
}
