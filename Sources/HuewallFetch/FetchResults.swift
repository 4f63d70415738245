public import Foundation
public import HuewallCore

/// The HTTP validators of a response, kept so that the next run can ask "has it changed?"
/// (conditional GET) instead of downloading the image again.
public struct Validators: Sendable, Hashable, Codable {
  /// The ETag header, sent back as If-None-Match.
  public var etag: String?
  /// The Last-Modified header, sent back as If-Modified-Since.
  public var lastModified: String?

  public init(etag: String? = nil, lastModified: String? = nil) {
    self.etag = etag
    self.lastModified = lastModified
  }

  /// True when the server gave neither, so a conditional request is impossible.
  public var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// What the store remembers of an earlier fetch of a URL: enough to revalidate it and to find
/// its bytes in the cache when the server says they have not changed.
public struct PreviousFetch: Sendable, Hashable {
  public var validators: Validators
  /// The SHA-256 of the bytes fetched then.
  public var sha256: String

  public init(validators: Validators, sha256: String) {
    self.validators = validators
    self.sha256 = sha256
  }
}

/// An image that is now in the cache under ``sha256``.
public struct FetchedImage: Sendable, Hashable {
  /// The URL that was asked for (before redirects), as the store knows it.
  public var url: URL
  /// The SHA-256 of the bytes (lowercase hex): the key of the cache entry and of analyses.
  public var sha256: String
  public var byteCount: Int
  /// The format found by the magic bytes, whatever the URL or Content-Type claimed.
  public var format: ImageFormat
  /// The validators to remember for the next conditional request; empty for files.
  public var validators: Validators
  /// True when nothing new came in: the server answered 304 Not Modified and the cached bytes
  /// were used, or a file still hashes to the previous fetch's SHA-256.
  public var notModified: Bool
  /// Requests made, retries included (1 for files).
  public var attempts: Int

  public init(
    url: URL, sha256: String, byteCount: Int, format: ImageFormat, validators: Validators,
    notModified: Bool, attempts: Int
  ) {
    self.url = url
    self.sha256 = sha256
    self.byteCount = byteCount
    self.format = format
    self.validators = validators
    self.notModified = notModified
    self.attempts = attempts
  }
}

/// A feed document, held in memory for the feed parser.
public struct FetchedDocument: Sendable {
  /// The URL that was asked for (before redirects).
  public var url: URL
  /// The body; may be empty (the feed stage decides whether that is an error).
  public var data: Data
  /// The Content-Type header, which can help to tell feed formats apart; nil for files.
  public var contentType: String?

  public init(url: URL, data: Data, contentType: String?) {
    self.url = url
    self.data = data
    self.contentType = contentType
  }
}
