import Crypto
import Foundation
public import HTTPTypes
public import HuewallRequests
import Hummingbird

/// Keeps other web sites out of `huewall serve`.
///
/// A server on localhost is reachable from every page the user's browser opens: a page on
/// another site can post a form to it (a cross-site request), and a host name of the
/// attacker's that resolves to 127.0.0.1 lets its scripts read the answers (DNS rebinding).
/// So, as development servers do, every request must name an allowed host in `Host`, and a
/// request that changes something (any method but GET and HEAD) must come from the page
/// itself: a same-origin `Origin` (or `Sec-Fetch-Site: same-origin` where no `Origin` is
/// sent) and the token this process put into the page it served. A read that makes the
/// server analyse (``analysisPaths``) is refused to another site too: an `<img>` tag on any
/// page could otherwise keep the cores busy re-analysing the catalogue. The page itself (`/`,
/// which analyses parameters no set has when there is no wall to show meanwhile) is opened
/// from another site's link, a shared set of parameters: another site may navigate to it
/// (``pageRead(_:authority:)``), but not load it as an image, a frame or a fetch.
public struct RequestGuard: Sendable {
  /// The header that carries the page's token.
  public static let tokenHeader = HTTPField.Name("X-Huewall-Token")!

  /// The host names (no port) that requests may name: the listening address, its loopback
  /// aliases and the names given with `--allow-host`.
  public let hosts: HostAllowList
  /// A random token of this process, which the live page sends with every change.
  public let token: String

  /// Allows `host` (the address the server listens on) and `extraHosts`; a loopback address
  /// also allows the loopback names, and a wildcard address (`0.0.0.0`, `::`) this
  /// machine's name.
  public init(listeningOn host: String, extraHosts: [String] = [], token: String? = nil) {
    hosts = HostAllowList(listeningOn: host, extraHosts: extraHosts)
    self.token = token ?? Self.randomToken()
  }

  /// Whether `host` is a loopback address or name, reachable from this machine alone.
  public static func isLoopback(_ host: String) -> Bool {
    HostAllowList.isLoopback(host)
  }

  static func randomToken() -> String {
    SymmetricKey(size: .bits256).withUnsafeBytes { bytes in
      bytes.map { String(format: "%02x", $0) }.joined()
    }
  }

  /// Why a request is refused, or nil if it may go on.
  public enum Refusal: Equatable, Sendable {
    case foreignHost(String?)
    case crossOrigin(String)
    case crossSiteRead(String)
    case missingToken

    var status: HTTPResponse.Status {
      switch self {
      case .foreignHost: .misdirectedRequest
      case .crossOrigin, .crossSiteRead, .missingToken: .forbidden
      }
    }

    var message: String {
      switch self {
      case .foreignHost(let host):
        "this server answers to \(host.map { "\"\($0)\"" } ?? "requests without a Host") only "
          + "when started with --allow-host for it"
      case .crossOrigin(let origin):
        "changes are accepted from the page of this server only, not from \(origin)"
      case .crossSiteRead(let site):
        "the analysis is answered to the page of this server and to the address bar only, "
          + "not to \(site)"
      case .missingToken:
        "a change needs the token of the page this server served: reload the page"
      }
    }
  }

  /// Checks `request` (its method and headers) against the rules above.
  public func check(_ request: HTTPRequest) -> Refusal? {
    // HTTP/1's Host header arrives as the request's authority.
    guard let authority = request.authority, hosts.allows(authority: authority) else {
      return .foreignHost(request.authority)
    }
    if request.method == .get || request.method == .head {
      let path = Self.path(of: request)
      if path == "/" { return pageRead(request, authority: authority) }
      return Self.analysisPaths.contains(path) ? crossSiteRead(request, authority: authority) : nil
    }
    if let origin = request.headerFields[.origin] {
      // Same origin: the scheme, host and port the browser sent the request to, which it
      // names in Host (a page of another server on this machine differs by its port).
      guard origin.lowercased() == "http://" + authority.lowercased() else {
        return .crossOrigin(origin)
      }
    } else if request.headerFields[Self.fetchSite] != "same-origin" {
      let site = request.headerFields[Self.fetchSite]
      return .crossOrigin(site.map { "a \($0) page" } ?? "a page that sends no Origin")
    }
    guard let sent = request.headerFields[Self.tokenHeader],
      Self.constantTimeEqual(Array(sent.utf8), Array(token.utf8))
    else { return .missingToken }
    return nil
  }

  static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!
  static let fetchMode = HTTPField.Name("Sec-Fetch-Mode")!
  static let fetchDest = HTTPField.Name("Sec-Fetch-Dest")!

  /// The routes whose GET makes the server analyse: refused to another site's page.
  static let analysisPaths: Set<String> = ["/api/analysis", "/compare"]

  /// The request's path without its query.
  static func path(of request: HTTPRequest) -> String {
    let target = request.path ?? ""
    return String(target.prefix { $0 != "?" })
  }

  /// The refusal of a read sent by another site's page: one the browser marks
  /// `Sec-Fetch-Site: cross-site` (or `same-site`, another port of this host), or whose
  /// `Origin` or `Referer` names another origin. A request typed in the address bar, sent by
  /// this server's own page or by a client that names no page (curl) goes on.
  func crossSiteRead(_ request: HTTPRequest, authority: String) -> Refusal? {
    let own = "http://" + authority.lowercased()
    if let site = request.headerFields[Self.fetchSite]?.lowercased(),
      site == "cross-site" || site == "same-site"
    {
      return .crossSiteRead("a \(site) page")
    }
    if let origin = request.headerFields[.origin], origin.lowercased() != own {
      return .crossSiteRead(origin)
    }
    if let referer = request.headerFields[.referer],
      let url = URLComponents(string: referer), let scheme = url.scheme, let host = url.host
    {
      let origin = "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
      if origin.lowercased() != own { return .crossSiteRead(origin) }
    }
    return nil
  }

  /// The refusal of a read of the page by another site, unless it is a link followed in the
  /// browser's window (`Sec-Fetch-Mode: navigate` to a `document`): a shared link opens, an
  /// `<img>`, `<iframe>`, `<script>` or fetch of another site gets nothing analysed. An
  /// `Origin` of another origin is refused too (a navigation by GET sends none); a `Referer`
  /// is not, as a followed link carries one.
  func pageRead(_ request: HTTPRequest, authority: String) -> Refusal? {
    if let site = request.headerFields[Self.fetchSite]?.lowercased(),
      site == "cross-site" || site == "same-site"
    {
      let mode = request.headerFields[Self.fetchMode]?.lowercased()
      let destination = request.headerFields[Self.fetchDest]?.lowercased()
      guard mode == "navigate", destination == "document" else {
        return .crossSiteRead("a \(site) \(destination ?? "request")")
      }
    }
    if let origin = request.headerFields[.origin],
      origin.lowercased() != "http://" + authority.lowercased()
    {
      return .crossSiteRead(origin)
    }
    return nil
  }

  static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for (x, y) in zip(a, b) { difference |= x ^ y }
    return difference == 0
  }
}

/// The router's first middleware: ``RequestGuard``'s check on every request, and the headers
/// that keep a browser from sniffing content types or framing the page on every response.
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
  let guarding: RequestGuard

  static var referrerPolicy: HTTPField.Name { HTTPField.Name("Referrer-Policy")! }

  /// The policy of responses that are not pages (streams, thumbnails, errors): nothing runs.
  static var strictPolicy: String { "default-src 'none'; frame-ancestors 'none'" }

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response: Response
    if let refusal = guarding.check(request.head) {
      response = ServeError(refusal.status, refusal.message).plainResponse()
    } else {
      do {
        response = try await next(request, context)
      } catch let error as any HTTPResponseError {
        response = try error.response(from: request, context: context)
      }
    }
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[Self.referrerPolicy] = "no-referrer"
    if response.headers[.contentSecurityPolicy] == nil {
      response.headers[.contentSecurityPolicy] = Self.strictPolicy
    }
    return response
  }
}
