import HuewallColorWords
import HuewallCore
import HuewallExport
import HuewallPalette
import HuewallStore

/// What one analysis of the live wall reads of the stored catalogue, once per request, and the
/// lines it streams from it: a line per product as its image is analysed, then the wall's.
struct LiveWallRequest: Sendable {
  let entries: [ExportEntry]
  /// People's decisions, by product: they win over the analysis, on the live wall as in every
  /// export.
  let decisions: [String: ColorOverride]
  let synonyms: ColorSynonyms
  /// A decision without a hex on a product with no colour of its family shows the family's
  /// typical colour in the catalogue (the pipeline's own analyses).
  let typical: FamilyColors
  /// The boundaries that file a hex alone, as the parameters asked.
  let regions: ColorFamily.Regions
  /// How the shop's vendors name colours, learned from the stored catalogue: every tile and
  /// the wall's order file products alike while the analysis streams in.
  let calibration: FamilyCalibration?
  /// The products that show each image, by its SHA-256 (removed products left out).
  let products: [String: [String]]
  /// Each product's images, by its id.
  let images: [String: [String]]
  /// Each product's vendor family, to say with its colours whether the two disagree.
  let vendor: [String: ColorFamily?]

  init(
    entries: [ExportEntry], decisions: [String: ColorOverride], synonyms: ColorSynonyms,
    parameters: AnalysisParameters
  ) {
    self.entries = entries
    self.decisions = decisions
    self.synonyms = synonyms
    typical = FamilyColors(entries: entries)
    regions = parameters[.shopperFamilies] ? .shopper : .original
    calibration = FamilyCalibration.learned(from: entries, synonyms: synonyms)
    products = Dictionary(
      entries.compactMap { entry in
        entry.isRemoved ? nil : entry.imageSHA256.map { ($0, [entry.id]) }
      }, uniquingKeysWith: +)
    images = Dictionary(
      entries.map { ($0.id, $0.imageSHA256s) }, uniquingKeysWith: { first, _ in first })
    vendor = Dictionary(
      entries.map { ($0.id, $0.vendorColor.flatMap(synonyms.family(of:))) },
      uniquingKeysWith: { first, _ in first })
  }

  /// The lines of the products that show `result`'s image; `near` keeps what the calibration
  /// has seen of the wall so far.
  func lines(for result: LiveAnalysis.Result, near: inout FamilyCalibration.Neighbourhoods)
    -> [String]
  {
    (products[result.sha256] ?? []).map { id in
      var shown = result
      if let calibration {
        shown.family = calibration.refiled(
          result.family, topHex: result.colors.first?.namingHex, vendor: vendor[id] ?? nil,
          near: &near)
      }
      return TuningServer.line(
        product: id, shown, vendorFamily: vendor[id] ?? nil, decision: decisions[id],
        images: images[id], typical: typical, regions: regions)
    }
  }

  /// The last line: the wall's order under `results`, the products `huewall review` would
  /// list for it (the page's review filter) and why each is listed, the parameters' `hash`
  /// and `preset`.
  func wallLine(results: [String: LiveAnalysis.Result], preset: Preset, hash: String) throws
    -> String
  {
    let wall = try LivePage.wall(
      entries: TuningServer.coloured(entries, by: results), preset: preset, synonyms: synonyms,
      overrides: Array(decisions.values), typical: typical, calibration: calibration)
    let ids = wall.order.map { JSONValue.string($0) }
    let review = wall.review.sorted().map { JSONValue.string($0) }
    let reasons = wall.reasons.sorted { $0.key < $1.key }.map {
      ($0.key, JSONValue.array($0.value.map(JSONValue.string)))
    }
    return JSONValue.object([
      ("order", .array(ids)), ("placed", .int(wall.order.count)), ("hash", .string(hash)),
      ("review", .array(review)), ("reasons", .object(reasons)),
      ("preset", .string(preset.rawValue)),
    ])
    .serialized()
  }
}
