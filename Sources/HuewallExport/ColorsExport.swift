import Foundation
import HuewallColorWords
import HuewallCore
import HuewallStore

/// `colors.json`: the catalogue in gradient order with each product's colours, for apps that
/// build the colour wall.
public struct ColorsDocument: Codable, Sendable, Equatable {
  public var generatedAt: Date
  public var parameters: ParametersSummary
  /// Products on the wall, in gradient order.
  public var products: [ExportedProduct]
  /// Products that are not on the wall (removed from the feed, or without an analysis),
  /// ordered by id.
  public var unplaced: [UnplacedProduct]

  public struct ParametersSummary: Codable, Sendable, Equatable {
    public var name: String
    public var preset: String
    public var hash: String
    public var values: AnalysisParameters
  }

  public struct ExportedProduct: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var brand: String?
    /// The vendor's own colour code, as the feed gives it.
    public var vendorColor: String?
    /// The family the vendor's code names (``ColorSynonyms``), if it names one.
    public var vendorFamily: String?
    public var link: String?
    public var imageUrl: String?
    /// 1-based place on the wall.
    public var position: Int
    /// The analysed product family (the heaviest colour's, or multicolour).
    public var family: String?
    /// The vendor's family contradicts the analysed one (``familiesDisagree(vendor:analysed:colorFamilies:)``).
    public var disagreement: Bool
    /// The family across the boundary the top colour lies near (``ColorFamily/second(of:h:s:v:reach:)``),
    /// under which the page's filter and search also find the product; nil inside a family,
    /// for a person's decision and without the shopper boundaries.
    public var secondFamily: String? = nil
    public var colors: [ExportedColor]
    /// Who decided the colours: `analysis`, or `override` when a person's decision holds.
    public var decidedBy: DecidedBy = .analysis
    /// A person's decision about the product, also when a changed image set it aside.
    public var override: OverrideSummary? = nil
    /// How sure the colours are, 0…1 (``Confidence``).
    public var confidence: Double? = nil
    /// The feed's item group (the colourways of one model); not written to `colors.json`,
    /// read by the write-back exports.
    public var itemGroupId: String? = nil
    /// What the analysis took for the backdrop, never among `colors`: `#rrggbb`,
    /// `transparent` or `scene`; nil when unknown (an analysis made before it was kept, or
    /// without background suppression).
    public var backdrop: String? = nil
    /// The URL of the image the colours come from: among the product's first images, the
    /// one that shows it most plainly (``ImageCandidate/choose(_:)``).
    public var image: String? = nil
    /// Its place among the product's images: 0 the main image (`imageUrl`), 1 the first
    /// additional one, …
    public var imageIndex: Int? = nil
    /// The feed items the tile stands for: every size of the colourway, each with the feed's
    /// id and size (null where the feed gives none).
    public var items: [Product.Item] = []

    enum CodingKeys: String, CodingKey {
      case id, title, brand, vendorColor, vendorFamily, link, imageUrl, position, family
      case disagreement, colors, decidedBy, override, confidence, backdrop, image, imageIndex
      case items, secondFamily
    }

    /// Every key is written, a missing value as null, so that every product has the same
    /// shape.
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(id, forKey: .id)
      try c.encode(title, forKey: .title)
      try c.encode(brand, forKey: .brand)
      try c.encode(vendorColor, forKey: .vendorColor)
      try c.encode(vendorFamily, forKey: .vendorFamily)
      try c.encode(link, forKey: .link)
      try c.encode(imageUrl, forKey: .imageUrl)
      try c.encode(position, forKey: .position)
      try c.encode(family, forKey: .family)
      try c.encode(disagreement, forKey: .disagreement)
      try c.encode(colors, forKey: .colors)
      try c.encode(decidedBy, forKey: .decidedBy)
      try c.encode(override, forKey: .override)
      try c.encode(confidence, forKey: .confidence)
      try c.encode(backdrop, forKey: .backdrop)
      try c.encode(image, forKey: .image)
      try c.encode(imageIndex, forKey: .imageIndex)
      try c.encode(items, forKey: .items)
      try c.encode(secondFamily, forKey: .secondFamily)
    }
  }

  public struct ExportedColor: Codable, Sendable, Equatable {
    public var h: Double
    public var s: Double
    public var v: Double
    public var hex: String
    public var share: Double
    public var family: String
    /// The nearest CSS named colour (``ColorNames``).
    public var name: String? = nil
    /// The shop's own name for the family, from `colorSynonyms` (``ColorSynonyms/shopName(of:)``).
    public var shopName: String? = nil
  }

  public struct UnplacedProduct: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var brand: String?
    /// "removed" (left the feed) or "not analysed" (no image, or its image failed).
    public var reason: String

    enum CodingKeys: String, CodingKey { case id, title, brand, reason }

    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(id, forKey: .id)
      try c.encode(title, forKey: .title)
      try c.encode(brand, forKey: .brand)
      try c.encode(reason, forKey: .reason)
    }
  }
}

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
  ) throws {
    var sorter = Sorter()
    for stored in try store.colorOverrides(imagesPerProduct: imagesPerProduct) {
      sorter.overrides[stored.override.productID] = stored.override
    }
    try store.forEachExportEntry(
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
              let hex = product.colors.first?.hex,
              let vendor = product.vendorFamily.flatMap(ColorFamily.init(rawValue:))
            else { return nil }
            return (hex, vendor)
          })
      var near: [String: [ColorFamily: Int]] = [:]
      for index in keyed.indices
      where keyed[index].product.decidedBy == ColorsDocument.DecidedBy.analysis {
        var product = keyed[index].product
        let vendor = product.vendorFamily.flatMap(ColorFamily.init(rawValue:))
        let family = calibration.refiled(
          product.family, topHex: product.colors.first?.hex, vendor: vendor, near: &near)
        guard family != product.family else { continue }
        product.family = family
        product.disagreement = familiesDisagree(
          vendor: vendor, analysed: family.flatMap(ColorFamily.init(rawValue:)),
          colorFamilies: product.colors.compactMap { ColorFamily(rawValue: $0.family) })
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
    imageURL: String?, family: String?, colors: [StoredColor], sha256: String?,
    synonyms: ColorSynonyms
  ) -> Keyed {
    let vendorFamily = vendorColor.flatMap(synonyms.family(of:))
    let disagreement = familiesDisagree(vendor: vendorFamily, family: family, colors: colors)
    let exported = ColorsDocument.ExportedProduct(
      id: id, title: title, brand: brand, vendorColor: vendorColor,
      vendorFamily: vendorFamily?.rawValue, link: link, imageUrl: imageURL, position: 0,
      family: family, disagreement: disagreement,
      colors: colors.map {
        ColorsDocument.ExportedColor(
          h: $0.h, s: $0.s, v: $0.v, hex: $0.hex, share: $0.share, family: $0.family)
      })
    let first = colors[0]
    return (GradientKey(h: first.h, s: first.s, v: first.v, id: id), exported, sha256)
  }
}

extension ColorsDocument {
  init(_ catalogue: WallCatalogue, generatedAt: Date) {
    self.generatedAt = generatedAt
    parameters = catalogue.parameters
    products = catalogue.placed.map(\.product)
    unplaced = catalogue.unplaced
  }

  /// Stable JSON: sorted keys, ISO 8601 dates, one product per line, so that two exports of
  /// the same data diff only where the data does (and a line-oriented tool can read it).
  /// Written by hand: a `JSONEncoder` takes seconds for a hundred thousand products.
  public func encoded() throws -> Data {
    var out = "{\n  \"generatedAt\": "
    JSONValue.appendQuoted(generatedAt.formatted(.iso8601), to: &out)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let values = String(decoding: try encoder.encode(parameters.values), as: UTF8.self)
    out += ",\n  \"parameters\": {\"hash\": "
    JSONValue.appendQuoted(parameters.hash, to: &out)
    out += ", \"name\": "
    JSONValue.appendQuoted(parameters.name, to: &out)
    out += ", \"preset\": "
    JSONValue.appendQuoted(parameters.preset, to: &out)
    out += ", \"values\": \(values)},\n  \"products\": ["
    out.reserveCapacity(products.count * 600)
    for (index, product) in products.enumerated() {
      out += index == 0 ? "\n    " : ",\n    "
      product.write(to: &out)
    }
    out += products.isEmpty ? "],\n  \"unplaced\": [" : "\n  ],\n  \"unplaced\": ["
    for (index, product) in unplaced.enumerated() {
      out += index == 0 ? "\n    {\"brand\": " : ",\n    {\"brand\": "
      Self.append(product.brand, to: &out)
      out += ", \"id\": "
      JSONValue.appendQuoted(product.id, to: &out)
      out += ", \"reason\": "
      JSONValue.appendQuoted(product.reason, to: &out)
      out += ", \"title\": "
      JSONValue.appendQuoted(product.title, to: &out)
      out += "}"
    }
    out += unplaced.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
    return Data(out.utf8)
  }

  static func append(_ text: String?, to out: inout String) {
    if let text { JSONValue.appendQuoted(text, to: &out) } else { out += "null" }
  }

  static func append(_ x: Double, to out: inout String) {
    JSONValue.appendNumber(x, to: &out)
  }
}

extension ColorsDocument.ExportedProduct {
  /// One line of `colors.json`, keys sorted.
  func write(to out: inout String) {
    out += "{\"backdrop\": "
    ColorsDocument.append(backdrop, to: &out)
    out += ", \"brand\": "
    ColorsDocument.append(brand, to: &out)
    out += ", \"colors\": ["
    for (index, color) in colors.enumerated() {
      out += index == 0 ? "{\"family\": " : ", {\"family\": "
      JSONValue.appendQuoted(color.family, to: &out)
      out += ", \"h\": "
      ColorsDocument.append(color.h, to: &out)
      out += ", \"hex\": "
      JSONValue.appendQuoted(color.hex, to: &out)
      out += ", \"name\": "
      ColorsDocument.append(color.name, to: &out)
      out += ", \"s\": "
      ColorsDocument.append(color.s, to: &out)
      out += ", \"share\": "
      ColorsDocument.append(color.share, to: &out)
      out += ", \"shopName\": "
      ColorsDocument.append(color.shopName, to: &out)
      out += ", \"v\": "
      ColorsDocument.append(color.v, to: &out)
      out += "}"
    }
    out += "], \"confidence\": "
    if let confidence { ColorsDocument.append(confidence, to: &out) } else { out += "null" }
    out += ", \"decidedBy\": "
    JSONValue.appendQuoted(decidedBy.rawValue, to: &out)
    out += ", \"disagreement\": "
    out += disagreement ? "true" : "false"
    out += ", \"family\": "
    ColorsDocument.append(family, to: &out)
    out += ", \"id\": "
    JSONValue.appendQuoted(id, to: &out)
    out += ", \"image\": "
    ColorsDocument.append(image, to: &out)
    out += ", \"imageIndex\": "
    out += imageIndex.map(String.init) ?? "null"
    out += ", \"imageUrl\": "
    ColorsDocument.append(imageUrl, to: &out)
    out += ", \"items\": ["
    for (index, item) in items.enumerated() {
      out += index == 0 ? "{\"id\": " : ", {\"id\": "
      JSONValue.appendQuoted(item.id, to: &out)
      out += ", \"size\": "
      ColorsDocument.append(item.size, to: &out)
      if let color = item.vendorColor {
        // An item of another colour than the tile's (one photo for several colours).
        out += ", \"vendorColor\": "
        JSONValue.appendQuoted(color, to: &out)
      }
      out += "}"
    }
    out += "]"
    out += ", \"link\": "
    ColorsDocument.append(link, to: &out)
    out += ", \"override\": "
    if let override { override.write(to: &out) } else { out += "null" }
    out += ", \"position\": \(position), \"secondFamily\": "
    ColorsDocument.append(secondFamily, to: &out)
    out += ", \"title\": "
    JSONValue.appendQuoted(title, to: &out)
    out += ", \"vendorColor\": "
    ColorsDocument.append(vendorColor, to: &out)
    out += ", \"vendorFamily\": "
    ColorsDocument.append(vendorFamily, to: &out)
    out += "}"
  }
}

extension ColorsDocument.ExportedProduct {
  /// The second family of an analysed product's final family, from its top colour as stored.
  var boundarySecondFamily: String? {
    guard decidedBy == ColorsDocument.DecidedBy.analysis,
      let family = family.flatMap(ColorFamily.init(rawValue:)), let top = colors.first
    else { return nil }
    return ColorFamily.second(of: family, h: top.h, s: top.s, v: top.v)?.rawValue
  }
}
