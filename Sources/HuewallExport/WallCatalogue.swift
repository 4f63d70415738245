import Foundation
import HuewallColorWords
import HuewallCore
import HuewallStore

/// The catalogue of one parameter set, sorted for the wall: what every export file is made of.
struct WallCatalogue {
  var parameters: ColorsDocument.ParametersSummary
  /// Products on the wall in gradient order, with the SHA-256 of their main image's bytes.
  var placed: [(product: ColorsDocument.ExportedProduct, imageSHA256: String?)]
  var unplaced: [ColorsDocument.UnplacedProduct]
  /// What the shop's vendor colours taught, when the synonyms learn from them.
  var calibration: FamilyCalibration?

  /// Reads the store's catalogue of the set one entry at a time, only the columns it needs,
  /// each product's colours from the chosen one of its first `imagesPerProduct` images.
  init(
    store: any Catalogue, parameterSet: ParameterSetRecord, synonyms: ColorSynonyms,
    imagesPerProduct: Int = 1
  ) async throws {
    var sorter = Sorter()
    for stored in try await store.colorOverrides(imagesPerProduct: imagesPerProduct) {
      sorter.overrides[stored.override.productID] = stored.override
    }
    try await store.forEachExportEntry(
      parameterSetID: parameterSet.id, imagesPerProduct: imagesPerProduct
    ) { entry in
      sorter.add(entry, synonyms: synonyms)
    }
    sorter.finish(synonyms: synonyms)
    let calibration = sorter.calibrate(learning: synonyms.learnsFamilies)
    self.init(keyed: sorter.keyed, unplaced: sorter.unplaced, parameterSet: parameterSet)
    self.calibration = calibration
  }

  /// The catalogue of entries whose colours are already in them (a live analysis), with
  /// people's decisions applied as an export applies them. `typical` gives each family's
  /// typical colour for a decision without a hex (``ColorDecision/apply(_:to:typical:)``);
  /// without it, `entries`' own colours give it.
  init(
    entries: [ExportEntry], parameterSet: ParameterSetRecord, synonyms: ColorSynonyms,
    overrides: [ColorOverride] = [], typical: FamilyColors? = nil,
    calibration given: FamilyCalibration? = nil
  ) {
    var sorter = Sorter(overrides: overrides, typical: typical)
    for entry in entries { sorter.add(entry, synonyms: synonyms) }
    sorter.finish(synonyms: synonyms)
    let calibration = sorter.calibrate(learning: synonyms.learnsFamilies, given: given)
    self.init(keyed: sorter.keyed, unplaced: sorter.unplaced, parameterSet: parameterSet)
    self.calibration = calibration
  }

  /// The ids of the products `entries` puts on the wall under `preset`, in gradient order.
  static func order(
    entries: [ExportEntry], preset: String, synonyms: ColorSynonyms,
    overrides: [ColorOverride] = [], typical: FamilyColors? = nil
  ) -> [String] {
    var sorter = Sorter(overrides: overrides, typical: typical)
    for entry in entries { sorter.add(entry, synonyms: synonyms) }
    sorter.finish(synonyms: synonyms)
    sorter.calibrate(learning: synonyms.learnsFamilies)
    return sorted(sorter.keyed, preset: preset).map(\.product.id)
  }

  /// `keyed` in wall order. The `reference` preset keeps the original comparator's order
  /// exactly; any other preset cuts the chromatic run at the widest gap in hue (``HueCut``), so
  /// that the reds on either side of hue 0 are one run.
  static func sorted(_ keyed: [Keyed], preset: String) -> [Keyed] {
    var keyed = keyed
    if preset != Preset.reference.rawValue,
      let cut = HueCut.widestGap(
        in: keyed.lazy.compactMap { $0.product.colors.first }.map { ($0.h, $0.s, $0.v) })
    {
      for index in keyed.indices {
        let first = keyed[index].product.colors[0]
        keyed[index].key = GradientKey(
          h: first.h, s: first.s, v: first.v, id: keyed[index].product.id, cut: cut)
      }
    }
    keyed.sort { $0.key < $1.key }
    return keyed
  }

  /// The cut at the widest gap in the chromatic hues of `walls` together: one hue to start
  /// walls that are compared side by side at (nil when there is nothing to cut).
  static func commonCut(_ walls: [WallCatalogue]) -> HueCut? {
    HueCut.widestGap(
      in: walls.lazy.flatMap(\.placed).compactMap { $0.product.colors.first }.map {
        ($0.h, $0.s, $0.v)
      })
  }

  /// This wall with its chromatic run cut at `cut` rather than at its own widest gap; the
  /// `reference` preset's wall stays as the original comparator orders it.
  func cut(at cut: HueCut) -> WallCatalogue {
    guard parameters.preset != Preset.reference.rawValue else { return self }
    var keyed: [(key: GradientKey, index: Int)] = []
    for (index, item) in placed.enumerated() {
      let first = item.product.colors[0]
      keyed.append(
        (GradientKey(h: first.h, s: first.s, v: first.v, id: item.product.id, cut: cut), index))
    }
    keyed.sort { $0.key < $1.key }
    var wall = self
    wall.placed = []
    for (position, item) in keyed.enumerated() {
      var product = placed[item.index].product
      product.position = position + 1
      wall.placed.append((product: product, imageSHA256: placed[item.index].imageSHA256))
    }
    return wall
  }

  /// Entries on their way to the wall or beside it.
  private struct Sorter {
    var keyed: [Keyed] = []
    var unplaced: [ColorsDocument.UnplacedProduct] = []
    /// People's decisions by product id.
    var overrides: [String: ColorOverride] = [:]
    let namer = ColorNamer()
    /// The families' typical colours: given, or gathered from the entries as they come.
    var typical: FamilyColors
    let gathersTypical: Bool
    /// Decided entries that wait for the typical colour of their family, known once every
    /// entry is in (``finish(synonyms:)``).
    var waiting: [ExportEntry] = []

    init(overrides: [ColorOverride] = [], typical: FamilyColors? = nil) {
      for override in overrides { self.overrides[override.productID] = override }
      self.typical = typical ?? FamilyColors()
      gathersTypical = typical == nil
    }

    /// Adds the entries that waited for the catalogue's typical colours.
    mutating func finish(synonyms: ColorSynonyms) {
      if gathersTypical { typical.resolve() }
      let waited = waiting
      waiting = []
      for entry in waited { add(entry, synonyms: synonyms, waited: true) }
    }

    mutating func add(_ entry: ExportEntry, synonyms: ColorSynonyms, waited: Bool = false) {
      guard !entry.isRemoved else {
        unplaced.append(
          .init(id: entry.id, title: entry.title, brand: entry.brand, reason: "removed"))
        return
      }
      guard var colors = entry.colors, !colors.isEmpty else {
        unplaced.append(
          .init(id: entry.id, title: entry.title, brand: entry.brand, reason: "not analysed"))
        return
      }
      var family = entry.family
      let override = overrides[entry.id]
      let holds = override?.holds(forImages: entry.imageSHA256s) ?? false
      if gathersTypical && !waited {
        typical.add(colors)
        if let override, holds, ColorDecision.needsTypical(override, colors: colors) {
          waiting.append(entry)
          return
        }
      }
      if let override, holds {
        colors = ColorDecision.apply(override, to: colors, typical: typical)
        family = override.family
      }
      var placed = WallCatalogue.place(
        id: entry.id, title: entry.title, brand: entry.brand, vendorColor: entry.vendorColor,
        link: entry.link, imageURL: entry.imageURL, family: family, colors: colors,
        sha256: entry.imageSHA256, synonyms: synonyms)
      placed.product.name(with: namer, synonyms: synonyms)
      if let override {
        placed.product.decide(override, holds: holds, namer: namer, analysed: entry.colors)
      }
      placed.product.confidence = Confidence.of(placed.product)
      placed.product.itemGroupId = entry.itemGroupId
      placed.product.backdrop = entry.backdrop
      placed.product.image = entry.chosenImageURL
      placed.product.imageIndex = entry.chosenImageIndex
      placed.product.items = entry.items
      keyed.append(placed)
    }

    /// Files each product the way the shop's vendors teach (``FamilyCalibration``): from
    /// `given` examples, or else from this very catalogue's, its analysed products with a
    /// vendor colour. People's decisions stay as they are, and are no examples.
    @discardableResult
    mutating func calibrate(learning: Bool, given: FamilyCalibration? = nil)
      -> FamilyCalibration?
    {
      guard learning else { return nil }
      let calibration =
        given
        ?? FamilyCalibration(
          examples: keyed.lazy.compactMap { item -> (hex: String, family: ColorFamily)? in
            let product = item.product
            guard product.decidedBy == ColorsDocument.DecidedBy.analysis,
              let hex = product.colors.first?.namingHex,
              let vendor = product.vendorFamily
            else { return nil }
            return (hex, vendor)
          })
      var near: FamilyCalibration.Neighbourhoods = [:]
      for index in keyed.indices
      where keyed[index].product.decidedBy == ColorsDocument.DecidedBy.analysis {
        var product = keyed[index].product
        let vendor = product.vendorFamily
        let family = calibration.refiled(
          product.family, topHex: product.colors.first?.namingHex, vendor: vendor, near: &near)
        guard family != product.family else { continue }
        product.family = family
        product.disagreement = familiesDisagree(
          vendor: vendor, analysed: family, colorFamilies: product.colors.map(\.family))
        product.confidence = Confidence.of(product)
        keyed[index].product = product
      }
      return calibration
    }
  }

  typealias Keyed = (key: GradientKey, product: ColorsDocument.ExportedProduct, sha: String?)

  private init(
    keyed: [(key: GradientKey, product: ColorsDocument.ExportedProduct, sha: String?)],
    unplaced: [ColorsDocument.UnplacedProduct], parameterSet: ParameterSetRecord
  ) {
    let keyed = Self.sorted(keyed, preset: parameterSet.preset)
    parameters = ColorsDocument.ParametersSummary(
      name: parameterSet.name, preset: parameterSet.preset, hash: parameterSet.hash,
      values: parameterSet.parameters)
    let shopper = parameterSet.parameters[.shopperFamilies]
    placed = keyed.enumerated().map { index, item in
      var product = item.product
      product.position = index + 1
      if shopper { product.secondFamily = product.boundarySecondFamily }
      return (product, item.sha)
    }
    self.unplaced = unplaced.sorted { $0.id < $1.id }
  }

  /// A product on the wall, with its key (position comes later).
  fileprivate static func place(
    id: String, title: String, brand: String?, vendorColor: String?, link: String?,
    imageURL: String?, family: ColorFamily?, colors: [StoredColor], sha256: String?,
    synonyms: ColorSynonyms
  ) -> Keyed {
    let vendorFamily = vendorColor.flatMap(synonyms.family(of:))
    let disagreement = familiesDisagree(vendor: vendorFamily, family: family, colors: colors)
    let exported = ColorsDocument.ExportedProduct(
      id: id, title: title, brand: brand, vendorColor: vendorColor,
      vendorFamily: vendorFamily, link: link, imageUrl: imageURL, position: 0,
      family: family, disagreement: disagreement,
      colors: colors.map {
        ColorsDocument.ExportedColor(
          h: $0.h, s: $0.s, v: $0.v, hex: $0.hex, share: $0.share, family: $0.family,
          namingHex: $0.namingHex)
      })
    let first = colors[0]
    return (GradientKey(h: first.h, s: first.s, v: first.v, id: id), exported, sha256)
  }
}

extension ColorsDocument.ExportedProduct {
  /// The second family of an analysed product's final family, from its top colour as stored.
  var boundarySecondFamily: ColorFamily? {
    guard decidedBy == ColorsDocument.DecidedBy.analysis, let family, let top = colors.first
    else { return nil }
    return ColorFamily.second(of: family, h: top.h, s: top.s, v: top.v)
  }
}

extension ColorsDocument {
  init(_ catalogue: WallCatalogue, generatedAt: Date) {
    self.generatedAt = generatedAt
    parameters = catalogue.parameters
    products = catalogue.placed.map(\.product)
    unplaced = catalogue.unplaced
  }
}
