public import HuewallColorWords
public import HuewallStore

/// ``familiesDisagree(vendor:analysed:colorFamilies:)`` for colours as the store keeps them:
/// the export's tiles and the live page's stream apply the same rule.
public func familiesDisagree(vendor: ColorFamily?, family: ColorFamily?, colors: [StoredColor])
  -> Bool
{
  familiesDisagree(vendor: vendor, analysed: family, colorFamilies: colors.map(\.family))
}

extension FamilyCalibration {
  /// What a stored catalogue's vendor colours teach, or nil when the synonyms do not learn
  /// (`learnFamilies` off): the one check every reader of stored entries goes through.
  public static func learned(
    from entries: some Sequence<ExportEntry>, synonyms: ColorSynonyms
  ) -> FamilyCalibration? {
    guard synonyms.learnsFamilies else { return nil }
    return FamilyCalibration(
      examples: entries.lazy.compactMap { example(of: $0, synonyms: synonyms) })
  }

  /// What the stored catalogue of a parameter set teaches, read one entry at a time so that
  /// only the examples are kept; nil when the synonyms do not learn.
  public static func learned(
    store: any Catalogue, parameterSetID: Int64, imagesPerProduct: Int, synonyms: ColorSynonyms
  ) async throws -> FamilyCalibration? {
    guard synonyms.learnsFamilies else { return nil }
    var examples: [(hex: String, family: ColorFamily)] = []
    try await store.forEachExportEntry(
      parameterSetID: parameterSetID, imagesPerProduct: imagesPerProduct
    ) { entry in
      if let example = example(of: entry, synonyms: synonyms) { examples.append(example) }
    }
    return FamilyCalibration(examples: examples)
  }

  /// A stored entry as an example: its analysed top colour under the family its vendor colour
  /// names; nil for a removed, unanalysed or vendor-less product.
  public static func example(of entry: ExportEntry, synonyms: ColorSynonyms) -> (
    hex: String, family: ColorFamily
  )? {
    guard !entry.isRemoved, let hex = entry.colors?.first?.namingHex,
      let vendor = entry.vendorColor.flatMap(synonyms.family(of:))
    else { return nil }
    return (hex, vendor)
  }

  /// A product's family as the examples teach it: `family` unless it is chromatic and the
  /// examples near its top colour (`topHex`, its ``StoredColor/namingHex``) agree on another.
  public func refiled(
    _ family: ColorFamily?, topHex: String?, vendor: ColorFamily?,
    near: inout FamilyCalibration.Neighbourhoods
  ) -> ColorFamily? {
    guard let family, Self.learns(family), let topHex,
      let learned = self.family(ofHex: topHex, own: vendor, near: &near)
    else { return family }
    return learned
  }
}
