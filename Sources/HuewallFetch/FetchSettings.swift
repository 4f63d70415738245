public import Foundation

/// How the fetch stage downloads: limits, timeouts and retries.
///
/// Decoding fills every missing key with its default, so a configuration file only names what
/// it changes. ``CodingKeys`` lists every key, so that a reader can reject unknown ones.
public struct FetchSettings: Sendable, Hashable, Codable {
  /// Downloads running at once, over all hosts.
  public var maxConcurrentDownloads: Int
  /// Downloads running at once against one host (scheme, host and port), so that one shop's
  /// CDN is not hammered and a slow host cannot take every slot.
  public var maxConcurrentPerHost: Int
  /// Seconds allowed to open a connection.
  public var connectTimeout: Double
  /// Seconds allowed for a whole request, redirects and body included.
  public var requestTimeout: Double
  /// Redirects followed before giving up; 0 follows none.
  public var maxRedirects: Int
  /// Tries per URL, the first one included. Only timeouts, connection failures and 5xx
  /// answers are tried again: a 4xx or a wrong body would come back the same.
  public var maxAttempts: Int
  /// Seconds of the first retry's backoff ceiling; it doubles with every retry up to
  /// ``maxRetryDelay``, and the actual wait is drawn at random below it (full jitter), so that
  /// many failing downloads do not come back in step.
  public var retryBaseDelay: Double
  /// Largest image body accepted, in bytes; a larger one is refused while it streams in.
  public var maxImageBytes: Int
  /// Largest feed document accepted, in bytes.
  public var maxDocumentBytes: Int
  /// The User-Agent header, so that shops can tell Huewall's requests apart.
  public var userAgent: String
  /// Whether hosts on private and special networks (loopback, link-local such as the cloud
  /// metadata address, RFC 1918, unique-local …) may be fetched from. Off by default, so that a
  /// feed or a redirect cannot send Huewall into the network it runs in; an intranet feed
  /// turns it on, or lists its hosts in ``allowedHosts``.
  public var allowPrivateNetworks: Bool
  /// Host names (or IP literals) fetched from whatever addresses they resolve to, for an
  /// intranet feed or image server when the rest should stay checked. Compared exactly,
  /// ignoring case.
  public var allowedHosts: [String]

  /// The ceiling of any retry's backoff, in seconds.
  public static let maxRetryDelay: Double = 8

  public init(
    maxConcurrentDownloads: Int = 8,
    maxConcurrentPerHost: Int = 4,
    connectTimeout: Double = 10,
    requestTimeout: Double = 60,
    maxRedirects: Int = 5,
    maxAttempts: Int = 4,
    retryBaseDelay: Double = 0.5,
    maxImageBytes: Int = 25_000_000,
    maxDocumentBytes: Int = 500_000_000,
    userAgent: String = "Huewall/1.0",
    allowPrivateNetworks: Bool = false,
    allowedHosts: [String] = []
  ) {
    self.maxConcurrentDownloads = maxConcurrentDownloads
    self.maxConcurrentPerHost = maxConcurrentPerHost
    self.connectTimeout = connectTimeout
    self.requestTimeout = requestTimeout
    self.maxRedirects = maxRedirects
    self.maxAttempts = maxAttempts
    self.retryBaseDelay = retryBaseDelay
    self.maxImageBytes = maxImageBytes
    self.maxDocumentBytes = maxDocumentBytes
    self.userAgent = userAgent
    self.allowPrivateNetworks = allowPrivateNetworks
    self.allowedHosts = allowedHosts
  }

  public enum CodingKeys: String, CodingKey, CaseIterable {
    case maxConcurrentDownloads, maxConcurrentPerHost, connectTimeout, requestTimeout
    case maxRedirects, maxAttempts, retryBaseDelay, maxImageBytes, maxDocumentBytes, userAgent
    case allowPrivateNetworks, allowedHosts
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let d = FetchSettings()
    maxConcurrentDownloads =
      try c.decodeIfPresent(Int.self, forKey: .maxConcurrentDownloads) ?? d.maxConcurrentDownloads
    maxConcurrentPerHost =
      try c.decodeIfPresent(Int.self, forKey: .maxConcurrentPerHost) ?? d.maxConcurrentPerHost
    connectTimeout = try c.decodeIfPresent(Double.self, forKey: .connectTimeout) ?? d.connectTimeout
    requestTimeout = try c.decodeIfPresent(Double.self, forKey: .requestTimeout) ?? d.requestTimeout
    maxRedirects = try c.decodeIfPresent(Int.self, forKey: .maxRedirects) ?? d.maxRedirects
    maxAttempts = try c.decodeIfPresent(Int.self, forKey: .maxAttempts) ?? d.maxAttempts
    retryBaseDelay = try c.decodeIfPresent(Double.self, forKey: .retryBaseDelay) ?? d.retryBaseDelay
    maxImageBytes = try c.decodeIfPresent(Int.self, forKey: .maxImageBytes) ?? d.maxImageBytes
    maxDocumentBytes =
      try c.decodeIfPresent(Int.self, forKey: .maxDocumentBytes) ?? d.maxDocumentBytes
    userAgent = try c.decodeIfPresent(String.self, forKey: .userAgent) ?? d.userAgent
    allowPrivateNetworks =
      try c.decodeIfPresent(Bool.self, forKey: .allowPrivateNetworks) ?? d.allowPrivateNetworks
    allowedHosts = try c.decodeIfPresent([String].self, forKey: .allowedHosts) ?? d.allowedHosts
  }

  /// These settings, or an error naming the first key whose value cannot work.
  public func validated() throws(FetchSettingsError) -> FetchSettings {
    func require(_ ok: Bool, _ key: CodingKeys, _ rule: String, _ value: Any)
      throws(FetchSettingsError)
    {
      if !ok { throw FetchSettingsError(key: key.rawValue, problem: "\(rule) (got \(value))") }
    }
    try require(
      maxConcurrentDownloads >= 1, .maxConcurrentDownloads, "must be at least 1",
      maxConcurrentDownloads)
    try require(
      maxConcurrentPerHost >= 1, .maxConcurrentPerHost, "must be at least 1",
      maxConcurrentPerHost)
    try require(
      connectTimeout.isFinite && connectTimeout > 0, .connectTimeout,
      "must be a positive number of seconds", connectTimeout)
    try require(
      requestTimeout.isFinite && requestTimeout > 0, .requestTimeout,
      "must be a positive number of seconds", requestTimeout)
    try require(maxRedirects >= 0, .maxRedirects, "must be 0 or more", maxRedirects)
    try require(maxAttempts >= 1, .maxAttempts, "must be at least 1", maxAttempts)
    try require(
      retryBaseDelay.isFinite && retryBaseDelay >= 0, .retryBaseDelay,
      "must be 0 or more seconds", retryBaseDelay)
    try require(maxImageBytes >= 1, .maxImageBytes, "must be at least 1 byte", maxImageBytes)
    try require(
      maxDocumentBytes >= 1, .maxDocumentBytes, "must be at least 1 byte",
      maxDocumentBytes)
    let printable = userAgent.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
    try require(
      !userAgent.isEmpty && printable, .userAgent,
      "must be non-empty text without control characters", "\"\(userAgent)\"")
    for host in allowedHosts {
      let plain = host.unicodeScalars.allSatisfy {
        $0.value > 0x20 && $0.value != 0x7F && !"/?#@".unicodeScalars.contains($0)
      }
      try require(
        !host.isEmpty && plain, .allowedHosts, "must hold host names without a scheme or path",
        "\"\(host)\"")
    }
    return self
  }
}

/// A fetch setting whose value cannot work, such as a timeout of 0.
public struct FetchSettingsError: Error, Sendable, Equatable {
  /// The setting's key, as in ``FetchSettings/CodingKeys``.
  public var key: String
  /// What is wrong, in plain words.
  public var problem: String

  public init(key: String, problem: String) {
    self.key = key
    self.problem = problem
  }
}

extension FetchSettingsError: CustomStringConvertible {
  public var description: String { "fetch setting \(key) \(problem)" }
}

extension FetchSettingsError: LocalizedError {
  public var errorDescription: String? { description }
}
