public import Foundation

/// The `api` object of `pipeline.json`: who may read the catalogue through `huewall api`, and
/// how caches may keep its answers.
public struct ApiSettings: Sendable, Equatable, Decodable {
  /// The SHA-256 (64 hex digits) of each key a client may send as `Authorization: Bearer`;
  /// required when the API listens beyond loopback. The keys themselves are never stored.
  public var keys: [String]
  /// A file with more such hashes, one a line (`#` starts a comment), so that keys can be
  /// changed without editing `pipeline.json`; relative to the configuration's folder.
  public var keysFile: String?
  /// The origins (`https://shop.example`) whose browser pages may call the API (CORS); `*`
  /// allows any.
  public var allowOrigins: [String]
  /// Requests each key (or, without keys, everyone together) may make a minute; 0: no limit.
  public var requestsPerMinute: Int
  /// The `Cache-Control` of catalogue responses.
  public var cacheControl: String

  public init(
    keys: [String] = [], keysFile: String? = nil, allowOrigins: [String] = [],
    requestsPerMinute: Int = 0, cacheControl: String = "public, max-age=60"
  ) {
    self.keys = keys
    self.keysFile = keysFile
    self.allowOrigins = allowOrigins
    self.requestsPerMinute = requestsPerMinute
    self.cacheControl = cacheControl
  }

  public enum CodingKeys: String, CodingKey, CaseIterable {
    case keys, keysFile, allowOrigins, requestsPerMinute, cacheControl
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let d = ApiSettings()
    keys = try c.decodeIfPresent([String].self, forKey: .keys) ?? d.keys
    for key in keys where !Self.isHash(key) {
      throw DecodingError.dataCorruptedError(
        forKey: .keys, in: c,
        debugDescription:
          "\"\(key.prefix(8))…\" is not a SHA-256 in hex (64 digits): store the hash of a key "
          + "(`printf %s KEY | sha256sum`), never the key")
    }
    keysFile = try c.decodeIfPresent(String.self, forKey: .keysFile) ?? d.keysFile
    allowOrigins = try c.decodeIfPresent([String].self, forKey: .allowOrigins) ?? d.allowOrigins
    requestsPerMinute =
      try c.decodeIfPresent(Int.self, forKey: .requestsPerMinute) ?? d.requestsPerMinute
    guard requestsPerMinute >= 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: .requestsPerMinute, in: c,
        debugDescription: "must be 0 (no limit) or more, not \(requestsPerMinute)")
    }
    cacheControl = try c.decodeIfPresent(String.self, forKey: .cacheControl) ?? d.cacheControl
  }

  /// Whether `text` is a SHA-256 written in hex.
  public static func isHash(_ text: String) -> Bool {
    text.utf8.count == 64 && text.allSatisfy(\.isHexDigit)
  }

  /// `keys` and the hashes of `keysFile` (resolved against `folder`), lowercased; a line of
  /// the file that is not a hash is an error naming the file and the line.
  public func keyHashes(relativeTo folder: URL?) throws(ConfigurationError) -> Set<String> {
    var hashes = Set(keys.map { $0.lowercased() })
    guard let keysFile else { return hashes }
    let path =
      keysFile.hasPrefix("/") || folder == nil
      ? keysFile : folder!.appendingPathComponent(keysFile).path
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw ConfigurationError(path: path, problem: "cannot read api.keysFile")
    }
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let hash = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        .trimmingCharacters(in: .whitespaces)
      if hash.isEmpty { continue }
      guard Self.isHash(hash) else {
        throw ConfigurationError(
          path: path,
          problem: "line \(number + 1) is not a SHA-256 in hex (64 digits): store the hash of a "
            + "key, never the key")
      }
      hashes.insert(hash.lowercased())
    }
    return hashes
  }
}
