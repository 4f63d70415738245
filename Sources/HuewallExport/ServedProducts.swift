public import HuewallColorWords
import HuewallCore
public import HuewallStore

extension ColorsDocument {
  /// The wall's products in gradient order, exactly as `colors.json` has them (a person's
  /// decision winning), from export entries and decisions the caller read together, so that
  /// `huewall api` serves one consistent state of the catalogue.
  public static func wallProducts(
    entries: [ExportEntry], overrides: [ColorOverride], parameterSet: ParameterSetRecord,
    synonyms: ColorSynonyms
  ) -> [ExportedProduct] {
    WallCatalogue(
      entries: entries, parameterSet: parameterSet, synonyms: synonyms, overrides: overrides
    ).placed.map(\.product)
  }
}
