public import Foundation
public import HuewallColorWords
public import HuewallCore
public import HuewallDecode
import HuewallExport
public import HuewallFeed
public import HuewallFetch
import HuewallPalette
import HuewallPostgres

/// Everything `huewall run` needs, as read from `pipeline.json`.
///
/// Every key is optional and falls back to its default (`decodeIfPresent ?? default`), so a
/// file names only what it changes; an unknown key is an error that names it, because a typo
/// in a nightly job's configuration must not be ignored. Relative paths are relative to the
/// folder of the configuration file. docs/CONFIGURATION.md documents every key.
public struct PipelineConfiguration: Sendable, Equatable {
  /// Where the catalogue comes from.
  public var feed: FeedSettings
  /// The SQLite file that keeps the catalogue between runs.
  public var database: String
  /// The folder of downloaded images, named by their SHA-256.
  public var cache: String
  /// Where exports are written.
  public var output: String
  public var analysis: AnalysisSettings
  public var decode: DecodeLimits
  public var fetch: FetchSettings
  /// Images decoded at once; 0 means one per core.
  public var jobs: Int
  /// The share of items (feed items, images) that may fail before a run exits with code 3.
  public var maxFailureRate: Double
  /// Vendor colour codes → colour family names, on top of the export's defaults
  /// (`ColorSynonyms.defaults`); a code given here wins.
  public var colorSynonyms: [String: String]
  /// Whether the wall files products the way this shop's vendor colours teach
  /// (`FamilyCalibration`): on unless turned off.
  public var learnFamilies: Bool
  /// The shop's import files that every run writes after its export.
  public var writeBack: WriteBackSettings
  /// How many of a product's images are fetched and analysed (the main image, then the
  /// feed's additional ones in order); its colour comes from the one that shows it most
  /// plainly. 1 analyses the main image only.
  public var imagesPerProduct: Int
  /// Who may read the catalogue through `huewall api`.
  public var api: ApiSettings

  public init(
    feed: FeedSettings = FeedSettings(),
    database: String = ".huewall/catalogue.sqlite",
    cache: String = ".huewall/images",
    output: String = "out",
    analysis: AnalysisSettings = AnalysisSettings(),
    decode: DecodeLimits = DecodeLimits(),
    fetch: FetchSettings = FetchSettings(),
    jobs: Int = 0,
    maxFailureRate: Double = 0.05,
    colorSynonyms: [String: String] = [:],
    learnFamilies: Bool = true,
    writeBack: WriteBackSettings = WriteBackSettings(),
    imagesPerProduct: Int = 3,
    api: ApiSettings = ApiSettings()
  ) {
    self.feed = feed
    self.database = database
    self.cache = cache
    self.output = output
    self.analysis = analysis
    self.decode = decode
    self.fetch = fetch
    self.jobs = jobs
    self.maxFailureRate = maxFailureRate
    self.colorSynonyms = colorSynonyms
    self.learnFamilies = learnFamilies
    self.writeBack = writeBack
    self.imagesPerProduct = imagesPerProduct
    self.api = api
  }

  /// The configuration file this was read from, if the caller says: an export must not
  /// replace it.
  public var file: String?

  /// What the file asks that is no longer done, for the run to log.
  public var warnings: [String] = []

  /// Whether `database` is a PostgreSQL URL rather than an SQLite file.
  public var usesPostgres: Bool { PostgresLocation.isURL(database) }

  /// The lock that keeps two runs on this catalogue from overlapping, beside the catalogue:
  /// configurations that share a database share its lock.
  public var lock: String { database + "-lock" }

  /// The file a crash of a decoding process marks (``CrashMarker``), beside the catalogue as
  /// SQLite keeps its `-wal` and `-shm` files.
  public var crashMarker: String {
    usesPostgres ? cache + "/crash-marker" : database + "-crash"
  }

  /// Images decoded at once, with 0 resolved to the number of cores.
  public var effectiveJobs: Int {
    jobs > 0 ? jobs : ProcessInfo.processInfo.activeProcessorCount
  }
}

/// The product feed.
public struct FeedSettings: Sendable, Equatable, Codable {
  /// A file path (relative to the configuration) or an http(s) URL.
  public var source: String
  /// The feed's format; detected from the content when nil.
  public var format: FeedFormat?
  /// A Shopify shop's address, for product links (defaults to the source's host).
  public var shopURL: String?
  /// The most UTF-8 bytes a field of an item may have; a longer one is an item error.
  public var maxFieldBytes: Int
  /// The address relative image paths of a CSV or TSV feed resolve against: for a Magento
  /// export, the shop's `…/media/catalog/product/` address.
  public var imageBaseURL: String?
  /// CSV and TSV: the column that holds a field, where its name is not one Huewall knows
  /// (`{"id": "Артикул", "image": "Изображения"}`).
  public var columns: [FeedColumn: String]

  public init(
    source: String = "samples/feed.json", format: FeedFormat? = nil, shopURL: String? = nil,
    maxFieldBytes: Int = FeedParser.defaultMaxFieldBytes, imageBaseURL: String? = nil,
    columns: [FeedColumn: String] = [:]
  ) {
    self.source = source
    self.format = format
    self.shopURL = shopURL
    self.maxFieldBytes = maxFieldBytes
    self.imageBaseURL = imageBaseURL
    self.columns = columns
  }

  public enum CodingKeys: String, CodingKey, CaseIterable {
    case source, format, shopURL, maxFieldBytes, imageBaseURL, columns
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let d = FeedSettings()
    source = try c.decodeIfPresent(String.self, forKey: .source) ?? d.source
    format = try c.decodeIfPresent(FeedFormat.self, forKey: .format)
    shopURL = try c.decodeIfPresent(String.self, forKey: .shopURL)
    maxFieldBytes = try c.decodeIfPresent(Int.self, forKey: .maxFieldBytes) ?? d.maxFieldBytes
    imageBaseURL = try c.decodeIfPresent(String.self, forKey: .imageBaseURL)
    if let base = imageBaseURL {
      guard let url = URL(string: base), ["http", "https", "file"].contains(url.scheme ?? ""),
        url.scheme == "file" || url.host?.isEmpty == false
      else {
        throw DecodingError.dataCorruptedError(
          forKey: .imageBaseURL, in: c,
          debugDescription: "\"\(base)\" is not an http, https or file URL (the shop's media "
            + "address, such as https://shop.example/media/catalog/product/)")
      }
    }
    columns = [:]
    // A null column name is said as such, not as the decoder's missing value.
    let names = try c.decodeIfPresent([String: String?].self, forKey: .columns) ?? [:]
    for (key, name) in names.sorted(by: { $0.key < $1.key }) {
      guard let column = FeedColumn(rawValue: key) else {
        throw DecodingError.dataCorruptedError(
          forKey: .columns, in: c,
          debugDescription: "unknown field \"\(key)\"; the fields are \(FeedColumn.keyListing)")
      }
      guard let name else {
        throw DecodingError.dataCorruptedError(
          forKey: .columns, in: c,
          debugDescription: "\"\(key)\" is null: name the column that holds the \(key)"
            + " (\"columns\": {\"\(key)\": \"<its name>\"}) or leave \"\(key)\" out")
      }
      columns[column] = name
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(source, forKey: .source)
    try c.encodeIfPresent(format, forKey: .format)
    try c.encodeIfPresent(shopURL, forKey: .shopURL)
    try c.encode(maxFieldBytes, forKey: .maxFieldBytes)
    try c.encodeIfPresent(imageBaseURL, forKey: .imageBaseURL)
    if !columns.isEmpty {
      try c.encode(
        Dictionary(uniqueKeysWithValues: columns.map { ($0.key.rawValue, $0.value) }),
        forKey: .columns)
    }
  }
}

/// Which parameter set a run analyses with: a preset, parameters on top, and a name.
public struct AnalysisSettings: Sendable, Equatable, Codable {
  public var preset: Preset
  /// The name the parameter set is stored under (for `huewall export --params`); a name is
  /// made from the preset and the parameters' hash when nil.
  public var name: String?
  public var overrides: ParameterOverrides

  public init(
    preset: Preset = .standard, name: String? = nil, overrides: ParameterOverrides = .init()
  ) {
    self.preset = preset
    self.name = name
    self.overrides = overrides
  }

  public func parameters() throws(ParameterError) -> AnalysisParameters {
    try preset.parameters(with: overrides)
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case preset, name }

  /// The preset's and the name's keys plus every parameter key, side by side in one object.
  static var keys: [String] {
    CodingKeys.allCases.map(\.rawValue) + ParameterOverrides.keys
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    preset = try c.decodeIfPresent(Preset.self, forKey: .preset) ?? .standard
    name = try c.decodeIfPresent(String.self, forKey: .name)
    overrides = try ParameterOverrides(from: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(preset, forKey: .preset)
    try c.encodeIfPresent(name, forKey: .name)
    try overrides.encode(to: encoder)
  }
}

extension PipelineConfiguration: Decodable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case feed, database, cache, output, analysis, decode, fetch, jobs, maxFailureRate
    case colorSynonyms, learnFamilies, writeBack, imagesPerProduct, api
  }

  public init(from decoder: any Decoder) throws {
    let keys = try Self.checkKeys(of: decoder, section: "")
    let c = try decoder.container(keyedBy: CodingKeys.self)
    for section in Self.knownKeys.keys where !section.isEmpty {
      guard let key = CodingKeys(rawValue: section), c.contains(key) else { continue }
      _ = try Self.checkKeys(of: c.superDecoder(forKey: key), section: section)
    }
    let d = PipelineConfiguration()
    warnings = keys.compactMap { Self.retiredKeys[$0] }
    feed = try c.decodeIfPresent(FeedSettings.self, forKey: .feed) ?? d.feed
    database = try c.decodeIfPresent(String.self, forKey: .database) ?? d.database
    cache = try c.decodeIfPresent(String.self, forKey: .cache) ?? d.cache
    output = try c.decodeIfPresent(String.self, forKey: .output) ?? d.output
    analysis = try c.decodeIfPresent(AnalysisSettings.self, forKey: .analysis) ?? d.analysis
    decode = try c.decodeIfPresent(DecodeSection.self, forKey: .decode)?.limits ?? d.decode
    fetch = try c.decodeIfPresent(FetchSettings.self, forKey: .fetch) ?? d.fetch
    jobs = try c.decodeIfPresent(Int.self, forKey: .jobs) ?? d.jobs
    maxFailureRate = try c.decodeIfPresent(Double.self, forKey: .maxFailureRate) ?? d.maxFailureRate
    colorSynonyms =
      try c.decodeIfPresent([String: String].self, forKey: .colorSynonyms) ?? d.colorSynonyms
    learnFamilies = try c.decodeIfPresent(Bool.self, forKey: .learnFamilies) ?? d.learnFamilies
    writeBack = try c.decodeIfPresent(WriteBackSettings.self, forKey: .writeBack) ?? d.writeBack
    imagesPerProduct =
      try c.decodeIfPresent(Int.self, forKey: .imagesPerProduct) ?? d.imagesPerProduct
    api = try c.decodeIfPresent(ApiSettings.self, forKey: .api) ?? d.api
  }
}

/// A configuration that cannot be used, naming the file and what is wrong.
public struct ConfigurationError: Error, Sendable, Equatable, LocalizedError {
  public var path: String
  public var problem: String

  public var errorDescription: String? { "\(path): \(problem)" }
}

extension PipelineConfiguration {
  /// The keys each object of the file may have, by its path ("" is the top level).
  static let knownKeys: [String: [String]] = [
    "": CodingKeys.allCases.map(\.rawValue),
    "feed": FeedSettings.CodingKeys.allCases.map(\.rawValue),
    "analysis": AnalysisSettings.keys,
    "decode": DecodeSection.CodingKeys.allCases.map(\.rawValue),
    "fetch": FetchSettings.CodingKeys.allCases.map(\.rawValue),
    "writeBack": WriteBackSettings.CodingKeys.allCases.map(\.rawValue),
    "api": ApiSettings.CodingKeys.allCases.map(\.rawValue),
  ]

  /// Keys earlier versions read, with what to say instead of refusing a file that has them.
  static let retiredKeys = [
    "lock":
      "\"lock\" is no longer read: a run locks its catalogue (the database's path with "
      + "\"-lock\" added), whatever configuration names it; remove the key"
  ]

  /// Reads and checks `path`; a missing file is an error (the defaults are the file's job).
  public static func load(_ path: String) throws(ConfigurationError) -> PipelineConfiguration {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw ConfigurationError(path: path, problem: "cannot read the configuration file")
    }
    return try parse(data, path: path)
  }

  public static func parse(_ data: Data, path: String) throws(ConfigurationError)
    -> PipelineConfiguration
  {
    var configuration: PipelineConfiguration
    do {
      configuration = try JSONDecoder().decode(PipelineConfiguration.self, from: data)
    } catch let unknown as UnknownKey {
      let place = unknown.section.isEmpty ? "" : " in \"\(unknown.section)\""
      let known = unknown.known.sorted().joined(separator: ", ")
      throw ConfigurationError(
        path: path, problem: "unknown key \"\(unknown.key)\"\(place) (known: \(known))")
    } catch let DecodingError.typeMismatch(type, context) {
      // A section or the synonyms in quotes (`"decode" must be a JSON object`), a value as
      // a path (`fetch.maxAttempts must be a whole number`).
      let name = keyPath(context.codingPath)
      let problem =
        switch (name.isEmpty, describe(type)) {
        case (true, _): "the top level must be a JSON object"
        case (false, let object) where object == objectDescription: "\"\(name)\" must be \(object)"
        case (false, let value): "\(name) must be \(value)"
        }
      throw ConfigurationError(path: path, problem: problem)
    } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
      throw ConfigurationError(
        path: path, problem: "not valid JSON (\(syntaxError(in: data) ?? context.debugDescription))"
      )
    } catch let DecodingError.dataCorrupted(context) {
      throw ConfigurationError(
        path: path, problem: "\(keyPath(context.codingPath)): \(context.debugDescription)")
    } catch {
      throw ConfigurationError(path: path, problem: "\(error)")
    }
    try configuration.validate(path: path)
    return configuration
  }

  /// Where JSON text goes wrong, in Foundation's words ("Invalid value around character 9."),
  /// which the decoder does not give: read again only when the decoder has refused it.
  private static func syntaxError(in data: Data) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
      return nil
    } catch {
      return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
    }
  }

  /// A key the file has that the object it is in does not read.
  struct UnknownKey: Error {
    var section: String
    var key: String
    var known: [String]
  }

  /// Any key of a JSON object, to see which keys the file has.
  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// The keys of the object `decoder` reads, sorted, after checking that `section` reads
  /// each (retired keys at the top level pass, for a warning).
  private static func checkKeys(of decoder: any Decoder, section: String) throws -> [String] {
    let known = knownKeys[section] ?? []
    let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue).sorted()
    for key in keys where !known.contains(key) {
      if section.isEmpty, retiredKeys[key] != nil { continue }
      throw UnknownKey(section: section, key: key, known: known)
    }
    return keys
  }

  private func validate(path: String) throws(ConfigurationError) {
    func fail(_ problem: String) -> ConfigurationError {
      ConfigurationError(path: path, problem: problem)
    }
    do {
      _ = try analysis.parameters()
    } catch {
      throw fail("analysis.\(error.parameter) \(error.value) \(error.reason)")
    }
    do {
      _ = try fetch.validated()
    } catch {
      throw fail("fetch.\(error.key) \(error.problem)")
    }
    guard jobs >= 0 else { throw fail("jobs must be 0 (one per core) or more") }
    guard (0...1).contains(maxFailureRate) else {
      throw fail("maxFailureRate must be between 0 and 1")
    }
    guard imagesPerProduct >= 1 else {
      throw fail(
        "imagesPerProduct must be 1 (the main image only) or more, not \(imagesPerProduct)")
    }
    guard decode.maxPixels > 0 else { throw fail("decode.maxPixels must be positive") }
    for (key, value) in [
      ("database", database), ("cache", cache), ("output", output),
    ]
    where value.isEmpty {
      throw fail("\(key) must not be empty")
    }
    guard !feed.source.isEmpty else { throw fail("feed.source must not be empty") }
    guard feed.maxFieldBytes > 0 else { throw fail("feed.maxFieldBytes must be positive") }
    for (code, family) in colorSynonyms.sorted(by: { $0.key < $1.key }) {
      guard !ColorSynonyms.normalise(code).isEmpty else {
        throw fail(
          "colorSynonyms: the code \"\(code)\" is empty once spaces and dashes are dropped")
      }
      guard ColorFamily(rawValue: family) != nil else {
        let known = ColorFamily.allCases.map(\.rawValue).joined(separator: ", ")
        throw fail("colorSynonyms.\(code): \"\(family)\" is not a colour family (known: \(known))")
      }
    }
  }

  /// The export's synonym table: the defaults plus `colorSynonyms` (already validated).
  public var synonyms: ColorSynonyms {
    var synonyms = ColorSynonyms(
      extra: colorSynonyms.compactMapValues { ColorFamily(rawValue: $0) })
    synonyms.learnsFamilies = learnFamilies
    return synonyms
  }

  private static func keyPath(_ path: [any CodingKey]) -> String {
    path.map(\.stringValue).joined(separator: ".")
  }

  private static let objectDescription = "a JSON object"

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type: "a whole number"
    case is Double.Type: "a number"
    case is Bool.Type: "true or false"
    case is [String: Any].Type, is [String: String].Type: objectDescription
    default: "of type \(type)"
    }
  }

  /// Resolves the configuration's relative paths against `folder`.
  public func resolvingPaths(against folder: URL) -> PipelineConfiguration {
    func resolve(_ path: String) -> String {
      path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
    }
    var copy = self
    if !usesPostgres { copy.database = resolve(database) }
    copy.cache = resolve(cache)
    copy.output = resolve(output)
    copy.writeBack.output = writeBack.output.map(resolve)
    if !feed.source.contains("://") { copy.feed.source = resolve(feed.source) }
    return copy
  }
}

/// The `decode` object of `pipeline.json`: the decoder's limits, read here so that the decoder
/// knows nothing of configuration files.
struct DecodeSection: Decodable {
  enum CodingKeys: String, CodingKey, CaseIterable { case maxPixels, allowTruncatedJPEG }

  var limits: DecodeLimits

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let d = DecodeLimits()
    limits = DecodeLimits(
      maxPixels: try c.decodeIfPresent(Int.self, forKey: .maxPixels) ?? d.maxPixels,
      allowTruncatedJPEG:
        try c.decodeIfPresent(Bool.self, forKey: .allowTruncatedJPEG) ?? d.allowTruncatedJPEG)
  }
}
