public import Foundation
public import HuewallStore
import NIOSSL
import PostgresNIO

/// Where a PostgreSQL catalogue is and how to log in, from a `postgres://` URL and the standard
/// `PG*` environment variables, as libpq reads them: what the URL says wins, the environment
/// fills in the rest.
///
/// The password is used to connect and nowhere else: ``description`` (what logs and errors
/// show) never holds it.
public struct PostgresLocation: Sendable, CustomStringConvertible {
  /// How the connection is made: a TCP host and port, or a Unix socket folder.
  public enum Endpoint: Sendable, Equatable {
    case tcp(host: String, port: Int)
    /// The folder holding the server's socket (`.s.PGSQL.<port>`), as `host=/path` gives it.
    case socket(folder: String, port: Int)
  }

  /// libpq's `sslmode`, the modes that mean something to a client that speaks TLS itself.
  public enum TLSMode: String, Sendable {
    case disable, allow, prefer, require
    case verifyCA = "verify-ca"
    case verifyFull = "verify-full"
  }

  public var endpoint: Endpoint
  public var user: String
  public var password: String?
  public var database: String
  public var tlsMode: TLSMode
  /// A PEM file of the certificate authorities to trust (`sslrootcert`), else the system's.
  public var rootCertificate: String?

  /// Whether `text` names a PostgreSQL catalogue rather than an SQLite file.
  public static func isURL(_ text: String) -> Bool {
    let lowered = text.prefix(13).lowercased()
    return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
  }

  /// Reads `url` (`postgres://user:password@host:port/database?sslmode=…`; a host that is a
  /// path, percent-encoded or as `?host=/folder`, is a Unix socket folder) with `environment`
  /// filling what the URL leaves out.
  public init(
    url text: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(StoreError) {
    let shown = Self.redacted(text)
    guard Self.isURL(text), var components = URLComponents(string: text) else {
      throw StoreError(
        path: shown, reason: .invalidLocation(detail: "not a postgres:// URL"))
    }
    components.scheme = components.scheme?.lowercased()
    var query: [String: String] = [:]
    for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }

    let host =
      nonEmpty(query["host"]) ?? nonEmpty(components.percentEncodedHost?.removingPercentEncoding)
      ?? nonEmpty(environment["PGHOST"]) ?? "/var/run/postgresql"
    let portText = query["port"] ?? components.port.map(String.init) ?? environment["PGPORT"]
    let port: Int
    if let portText = nonEmpty(portText) {
      guard let value = Int(portText), (1...65535).contains(value) else {
        throw StoreError(path: shown, reason: .invalidLocation(detail: "port \(portText)"))
      }
      port = value
    } else {
      port = 5432
    }
    endpoint =
      host.hasPrefix("/") ? .socket(folder: host, port: port) : .tcp(host: host, port: port)
    user =
      nonEmpty(query["user"]) ?? nonEmpty(components.user?.removingPercentEncoding)
      ?? nonEmpty(environment["PGUSER"]) ?? nonEmpty(environment["USER"]) ?? "postgres"
    password =
      query["password"] ?? components.password?.removingPercentEncoding
      ?? environment["PGPASSWORD"]
    let path = components.percentEncodedPath.dropFirst().removingPercentEncoding
    database =
      nonEmpty(query["dbname"]) ?? nonEmpty(path) ?? nonEmpty(environment["PGDATABASE"]) ?? user
    let mode = nonEmpty(query["sslmode"]) ?? nonEmpty(environment["PGSSLMODE"]) ?? "prefer"
    guard let tlsMode = TLSMode(rawValue: mode) else {
      throw StoreError(path: shown, reason: .invalidLocation(detail: "sslmode \(mode)"))
    }
    self.tlsMode = tlsMode
    rootCertificate = nonEmpty(query["sslrootcert"]) ?? nonEmpty(environment["PGSSLROOTCERT"])
  }

  /// `postgres://user@host:port/database`, never the password.
  public var description: String {
    switch endpoint {
    case .tcp(let host, let port):
      let shownHost = host.contains(":") ? "[\(host)]" : host
      return "postgres://\(user)@\(shownHost):\(port)/\(database)"
    case .socket(let folder, let port):
      return "postgres://\(user)@/\(database)?host=\(folder)&port=\(port)"
    }
  }

  /// `text` with any password in it replaced, for messages about a URL that did not parse.
  public static func redacted(_ text: String) -> String {
    guard var components = URLComponents(string: text) else { return "postgres://(unreadable URL)" }
    if components.password != nil { components.password = "redacted" }
    components.queryItems = components.queryItems?.map {
      $0.name == "password" ? URLQueryItem(name: "password", value: "redacted") : $0
    }
    return components.string ?? "postgres://(unreadable URL)"
  }

  /// The driver's configuration: TLS as `sslmode` asks (a Unix socket never uses it).
  func configuration() throws(StoreError) -> PostgresConnection.Configuration {
    switch endpoint {
    case .socket(let folder, let port):
      return PostgresConnection.Configuration(
        unixSocketPath: "\(folder)/.s.PGSQL.\(port)", username: user, password: password,
        database: database)
    case .tcp(let host, let port):
      return PostgresConnection.Configuration(
        host: host, port: port, username: user, password: password, database: database,
        tls: try tls(serverName: host))
    }
  }

  private func tls(serverName: String) throws(StoreError) -> PostgresConnection.Configuration.TLS {
    if tlsMode == .disable { return .disable }
    var settings = TLSConfiguration.makeClientConfiguration()
    switch tlsMode {
    case .allow, .prefer, .require: settings.certificateVerification = .none
    case .verifyCA: settings.certificateVerification = .noHostnameVerification
    case .verifyFull, .disable: settings.certificateVerification = .fullVerification
    }
    if let rootCertificate { settings.trustRoots = .file(rootCertificate) }
    do {
      let context = try NIOSSLContext(configuration: settings)
      return tlsMode == .allow || tlsMode == .prefer ? .prefer(context) : .require(context)
    } catch {
      throw StoreError(
        path: description, reason: .invalidLocation(detail: "TLS settings: \(error)"))
    }
  }
}

private func nonEmpty(_ text: String?) -> String? {
  guard let text, !text.isEmpty else { return nil }
  return text
}
