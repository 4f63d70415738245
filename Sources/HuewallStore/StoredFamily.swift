import HuewallColorWords

extension ColorFamily {
  /// The family a catalogue at `location` stored as `name`, read with ``init(name:)``; a name
  /// that is no family is an unreadable-data error naming `owner` (`product p1`, `image …`).
  package init(stored name: String, of owner: String, location: String) throws(StoreError) {
    guard let family = ColorFamily(name: name) else {
      throw StoreError(
        path: location,
        reason: .unreadableData(
          detail: "\(owner): the colour family \"\(name)\" is not a colour family"))
    }
    self = family
  }
}
