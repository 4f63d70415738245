/// Image contents are named by their SHA-256 everywhere (cache, store, thumbnails).
extension String {
  /// Whether this is a SHA-256 in hex (64 digits, either case): the only names the image
  /// cache and the thumbnails accept, so that a stored value can never name another path.
  public var isSHA256Hex: Bool {
    utf8.count == 64
      && utf8.allSatisfy {
        (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0)
      }
  }
}
