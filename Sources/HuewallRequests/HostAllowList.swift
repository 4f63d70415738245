import Foundation

/// The host names a server of Huewall answers to, checked against each request's `Host`.
///
/// A server on localhost is reachable from every page the user's browser opens, and a host
/// name of an attacker's that resolves to 127.0.0.1 lets that page's scripts read the answers
/// (DNS rebinding). Such a request names the attacker's host in `Host`, so a server answers
/// only requests that name the address it listens on or a name it was given.
public struct HostAllowList: Sendable, Equatable {
  /// Host names (no port) that requests may name: the listening address, its loopback
  /// aliases and the names given, in lower case.
  public let names: Set<String>
  /// Whether any IP address written out (`10.0.0.5`, `[fe80::1]`) is allowed too: no DNS
  /// rebinding can name one, and a Prometheus on another machine scrapes by address.
  public let allowsAddresses: Bool

  /// Allows `host` (the address the server listens on) and `extraHosts`; a loopback address
  /// also allows the loopback names, and a wildcard address (`0.0.0.0`, `::`) this machine's
  /// name as well.
  public init(listeningOn host: String, extraHosts: [String] = [], allowsAddresses: Bool = false) {
    var names = Set(([host] + extraHosts).map(Self.normalised))
    if Self.isLoopback(host) || Self.isWildcard(host) {
      names.formUnion(["localhost", "127.0.0.1", "[::1]"])
    }
    if Self.isWildcard(host) {
      names.insert(Self.normalised(ProcessInfo.processInfo.hostName))
    }
    self.names = names
    self.allowsAddresses = allowsAddresses
  }

  /// Whether a request whose `Host` (an HTTP/1 request's authority) is `authority` is
  /// answered; a request without one is not.
  public func allows(authority: String?) -> Bool {
    guard let authority else { return false }
    let host = Self.hostName(ofAuthority: authority[...])
    return names.contains(host) || (allowsAddresses && Self.isAddress(host))
  }

  /// Whether `host` is a loopback address or name, reachable from this machine alone.
  public static func isLoopback(_ host: String) -> Bool {
    let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
    return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
  }

  /// Whether `host` is an address that listens on every interface.
  public static func isWildcard(_ host: String) -> Bool {
    ["0.0.0.0", "::", "[::]", ""].contains(host)
  }

  /// A host name as `Host` carries it: lower case, IPv6 addresses in brackets.
  public static func normalised(_ host: String) -> String {
    let lower = host.lowercased()
    return lower.contains(":") && !lower.hasPrefix("[") ? "[\(lower)]" : lower
  }

  /// The host part of a `Host` header or an origin's authority (`name[:port]`, `[v6][:port]`),
  /// in lower case.
  public static func hostName(ofAuthority authority: Substring) -> String {
    if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
      return authority[...end].lowercased()
    }
    return (authority.split(separator: ":", maxSplits: 1).first.map(String.init) ?? "")
      .lowercased()
  }

  /// Whether `host` (as ``hostName(ofAuthority:)`` gives it) is an IPv4 address in dotted
  /// decimal or an IPv6 address in brackets, rather than a name.
  static func isAddress(_ host: String) -> Bool {
    if host.hasPrefix("[") {
      let inside = host.dropFirst().dropLast()
      return host.hasSuffix("]") && inside.contains(":")
        && inside.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        (1...3).contains(part.count) && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
          && Int(part).map { $0 <= 255 } == true
      }
  }
}
