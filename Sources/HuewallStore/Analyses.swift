public import Foundation
import GRDB
public import HuewallColorWords

/// One dominant colour as the catalogue stores it (the pipeline converts the palette's
/// `DominantColor`; the store does not depend on the kernel).
public struct StoredColor: Codable, Sendable, Hashable {
  /// Quantised hue (turns), saturation and value, as the kernel reports them.
  public var h: Double
  public var s: Double
  public var v: Double
  /// The bin's centre as `#rrggbb`.
  public var hex: String
  /// The bin's weight over the total weight of the image.
  public var share: Double
  /// The bin's summed weight.
  public var weight: Double
  /// The colour's family, stored as its name ("blue", "black", …).
  public var family: ColorFamily
  /// The colour's samples' mean as `#rrggbb`, where the analysis measured one (the product
  /// preset): finer than the bin's centre, it is what a shop's vendor colours are learned on.
  public var mean: String?

  public init(
    h: Double, s: Double, v: Double, hex: String, share: Double, weight: Double,
    family: ColorFamily, mean: String? = nil
  ) {
    self.h = h
    self.s = s
    self.v = v
    self.hex = hex
    self.share = share
    self.weight = weight
    self.family = family
    self.mean = mean
  }

  /// The colour a shop's words are learned on and looked up by (``FamilyCalibration``): the
  /// samples' mean, or the bin's centre where none was measured (the reference preset, or an
  /// analysis stored before means were).
  public var namingHex: String { mean ?? hex }
}

/// The analysis of one image content under one parameter set.
public struct AnalysisRecord: Sendable, Hashable, Codable {
  /// The SHA-256 of the analysed bytes: analyses follow content, not URLs.
  public var imageSHA256: String
  public var parameterSetID: Int64
  public var width: Int
  public var height: Int
  /// The dominant colours, heaviest first.
  public var colors: [StoredColor]
  /// The product-level family (may be multicolour); nil when no colour was found.
  public var family: ColorFamily?
  /// Pixels visited, skipped as transparent, skipped as backdrop.
  public var samples: Int
  public var skipped: Int
  public var background: Int
  /// What the analysis took for the backdrop, kept apart from the product's colours:
  /// `#rrggbb`, `transparent` or `scene`; nil when unknown (no background suppression, or an
  /// analysis made before the catalogue kept it).
  public var backdrop: String?
  /// How plainly the image shows the product, 0…1 (`PaletteAnalysis.plainness`), for
  /// choosing among a product's images; nil for an analysis made before the catalogue kept
  /// it, which ranks below any measured one.
  public var plainness: Double?
  public var analysedAt: Date

  public init(
    imageSHA256: String, parameterSetID: Int64, width: Int, height: Int, colors: [StoredColor],
    family: ColorFamily?, samples: Int, skipped: Int, background: Int, backdrop: String? = nil,
    plainness: Double? = nil, analysedAt: Date
  ) {
    self.imageSHA256 = imageSHA256
    self.parameterSetID = parameterSetID
    self.width = width
    self.height = height
    self.colors = colors
    self.family = family
    self.samples = samples
    self.skipped = skipped
    self.background = background
    self.backdrop = backdrop
    self.plainness = plainness
    self.analysedAt = analysedAt
  }
}

extension CatalogStore {
  /// The sha256 of every image content analysed with the set: the pipeline skips these.
  /// With `measured`, only those whose analysis has a plainness.
  public func analysedImageHashes(parameterSetID: Int64, measured: Bool) throws(StoreError)
    -> Set<String>
  {
    try read { db in
      let hashes = try String.fetchCursor(
        db,
        sql: "SELECT image_sha256 FROM analyses WHERE parameter_set_id = ?"
          + (measured ? " AND plainness IS NOT NULL" : ""),
        arguments: [parameterSetID])
      var set: Set<String> = []
      while let hash = try hashes.next() { set.insert(hash) }
      return set
    }
  }

  /// The width and height each analysed image content has, by hash, as its analyses recorded
  /// them (the image's own size, whatever the decode): what `huewall serve` sizes the memory
  /// its images take by.
  public func analysedImageSizes() throws(StoreError) -> [String: (width: Int, height: Int)] {
    try read { db in
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT image_sha256, MAX(width) AS width, MAX(height) AS height FROM analyses
          GROUP BY image_sha256
          """)
      var sizes: [String: (width: Int, height: Int)] = [:]
      while let row = try rows.next() {
        sizes[row["image_sha256"]] = (width: row["width"], height: row["height"])
      }
      return sizes
    }
  }

  /// Inserts or replaces the analyses, all in one transaction (a batch that fails leaves none
  /// of its records). Each record's parameter set must exist.
  public func saveAnalyses(_ records: [AnalysisRecord]) throws(StoreError) {
    guard !records.isEmpty else { return }
    try write { db in
      for record in records {
        try AnalysisRow(record).upsert(db)
      }
    }
  }
}

/// The `analyses` table.
struct AnalysisRow: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "analyses"

  var parameterSetID: Int64
  var imageSHA256: String
  var width: Int
  var height: Int
  var colors: [StoredColor]  // JSON
  var family: String?
  var samples: Int
  var skipped: Int
  var background: Int
  var backdrop: String?
  var plainness: Double?
  var analysedAt: Date

  enum CodingKeys: String, CodingKey, ColumnExpression {
    case parameterSetID = "parameter_set_id"
    case imageSHA256 = "image_sha256"
    case width, height, colors, family, samples, skipped, background, backdrop, plainness
    case analysedAt = "analysed_at"
  }

  init(_ record: AnalysisRecord) {
    parameterSetID = record.parameterSetID
    imageSHA256 = record.imageSHA256
    width = record.width
    height = record.height
    colors = record.colors
    family = record.family?.rawValue
    samples = record.samples
    skipped = record.skipped
    background = record.background
    backdrop = record.backdrop
    plainness = record.plainness
    analysedAt = record.analysedAt
  }

  var record: AnalysisRecord {
    AnalysisRecord(
      imageSHA256: imageSHA256, parameterSetID: parameterSetID, width: width, height: height,
      colors: colors, family: family.flatMap(ColorFamily.init(name:)), samples: samples,
      skipped: skipped,
      background: background, backdrop: backdrop, plainness: plainness,
      analysedAt: analysedAt)
  }
}

extension AnalysisRecord {
  /// The colours as a catalogue stores them: a JSON array of objects with sorted keys.
  public func colorsJSON(location: String) throws(StoreError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    do {
      return String(decoding: try encoder.encode(colors), as: UTF8.self)
    } catch {
      throw StoreError(path: location, reason: .unexpected(detail: "\(error)"))
    }
  }
}
