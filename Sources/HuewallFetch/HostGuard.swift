import AsyncHTTPClient
import Foundation
import NIOPosix

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decides, for every request and every redirect hop, whether Huewall may connect to the host,
/// and hands out the HTTP client that connects to the address that was checked.
///
/// A feed's image URL, or a redirect from a vendor's server, may point anywhere: the cloud
/// metadata service, the machine itself, the office network. By default a host is resolved
/// here, and refused when any of its addresses is in a private or special range
/// (``NetworkAddress/blockedRange``). The connection then goes to the address that passed,
/// through a client whose DNS override pins the host to it (TLS still checks the host name), so
/// a second DNS answer cannot swap in a private address between the check and the connect.
/// ``FetchSettings/allowPrivateNetworks`` turns the check off; hosts in
/// ``FetchSettings/allowedHosts`` are trusted by name and resolved as usual.
final class HostGuard: Sendable {
  private let allowPrivateNetworks: Bool
  private let allowedHosts: Set<String>
  private let shared: HTTPClient
  private let pins: PinnedClients

  /// `makeClient` builds a client with the fetcher's configuration and the given DNS override.
  init(
    settings: FetchSettings,
    makeClient: @escaping @Sendable (_ dnsOverride: [String: String]) -> HTTPClient
  ) {
    allowPrivateNetworks = settings.allowPrivateNetworks
    allowedHosts = Set(settings.allowedHosts.map(Self.normalised))
    shared = makeClient([:])
    pins = PinnedClients(makeClient: makeClient)
  }

  /// Closes every client handed out.
  func shutdown() async {
    try? await shared.shutdown()
    await pins.shutdown()
  }

  /// The client to request `url` with, once its host has passed the check. `redirect` is true
  /// for a hop a redirect led to, so that a refusal names it.
  func client(for url: URL, redirect: Bool) async throws(AttemptFailure) -> HTTPClient {
    if allowPrivateNetworks { return shared }
    guard let host = url.host, !host.isEmpty else {
      throw AttemptFailure(.invalidURL, nothingSent: !redirect)
    }
    let name = Self.normalised(host)
    if allowedHosts.contains(name) { return shared }
    func refuse(_ address: NetworkAddress, _ range: NetworkAddress.Range, resolved: Bool)
      -> AttemptFailure
    {
      AttemptFailure(
        .refusedAddress(
          AddressRefusal(
            host: name, address: address.text, range: range, resolved: resolved,
            redirect: redirect ? url.absoluteString : nil)),
        nothingSent: !redirect)
    }
    if let literal = NetworkAddress(literal: host) {
      if let range = literal.blockedRange { throw refuse(literal, range, resolved: false) }
      // An odd spelling (`0x08080808`) is pinned to the address it was checked as.
      return literal.text == name ? shared : await pins.client(host: host, address: literal)
    }
    if let pinned = await pins.existing(host: host) { return pinned }
    let addresses = try await Self.resolve(name)
    for address in addresses {
      if let range = address.blockedRange { throw refuse(address, range, resolved: true) }
    }
    return await pins.client(host: host, address: addresses[0])
  }

  /// Pins `host` to `address` as if it had resolved there and passed the check: the tests'
  /// way to reach a pinned client, since every real host they have is on loopback.
  func pin(host: String, to address: NetworkAddress) async {
    _ = await pins.client(host: host, address: address)
  }

  /// A host as settings and messages give it: lowercase, without IPv6 brackets or a final dot.
  static func normalised(_ host: String) -> String {
    var text = Substring(host.lowercased())
    if text.hasPrefix("[") && text.hasSuffix("]") { text = text.dropFirst().dropLast() }
    if text.count > 1 && text.hasSuffix(".") { text = text.dropLast() }
    return String(text)
  }

  /// Every address `host` resolves to, in the resolver's order of preference. `getaddrinfo`
  /// blocks, so it runs on NIO's thread pool for blocking work, off the concurrency pool.
  static func resolve(_ host: String) async throws(AttemptFailure) -> [NetworkAddress] {
    let result: Result<[NetworkAddress], AttemptFailure>
    do {
      result = try await NIOThreadPool.singleton.runIfActive { lookUp(host) }
    } catch {
      throw AttemptFailure(.connectionFailed("cannot resolve \(host): \(error)"))
    }
    return try result.get()
  }

  private static func lookUp(_ host: String) -> Result<[NetworkAddress], AttemptFailure> {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if os(Linux)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, nil, &hints, &list)
    guard status == 0 else {
      let detail =
        status == EAI_SYSTEM
        ? String(cString: strerror(errno)) : String(cString: gai_strerror(status))
      return .failure(AttemptFailure(.connectionFailed("cannot resolve \(host): \(detail)")))
    }
    defer { freeaddrinfo(list) }
    var addresses: [NetworkAddress] = []
    var node = list
    while let entry = node?.pointee {
      node = entry.ai_next
      guard let socketAddress = entry.ai_addr else { continue }
      if entry.ai_family == AF_INET {
        let value = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
          UInt32(bigEndian: $0.pointee.sin_addr.s_addr)
        }
        addresses.append(.v4(value))
      } else if entry.ai_family == AF_INET6 {
        let bytes = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) }
        }
        addresses.append(.v6(bytes))
      }
    }
    guard !addresses.isEmpty else {
      return .failure(AttemptFailure(.connectionFailed("cannot resolve \(host): no address")))
    }
    return .success(addresses)
  }
}

/// One client per checked host, pinned to the address that passed, for the whole run: the
/// host is resolved once, and every connection to it goes to that address.
private actor PinnedClients {
  private let makeClient: @Sendable ([String: String]) -> HTTPClient
  private var clients: [String: HTTPClient] = [:]
  private var closed = false

  init(makeClient: @escaping @Sendable ([String: String]) -> HTTPClient) {
    self.makeClient = makeClient
  }

  func existing(host: String) -> HTTPClient? { clients[host] }

  /// The client pinned for `host`; the first address checked wins when two requests race.
  func client(host: String, address: NetworkAddress) -> HTTPClient {
    if let client = clients[host] { return client }
    let client = makeClient([host: address.text])
    // A client made after shutdown is closed at once; its requests fail like any after it.
    if closed {
      Task { try? await client.shutdown() }
    }
    clients[host] = client
    return client
  }

  func shutdown() async {
    closed = true
    for client in clients.values { try? await client.shutdown() }
  }
}
