public import Foundation
import GRDB
public import HuewallCore

/// One distinct set of analysis parameters. Analyses are keyed by it, so results of different
/// parameters live side by side and can be compared or exported by name.
public struct ParameterSetRecord: Sendable, Hashable, Codable {
  public var id: Int64
  /// The name `huewall export --params` takes; unique. Sets created without a name get
  /// ``automaticName(preset:hash:)``.
  public var name: String
  /// True while the name is the automatic one; giving the set a name later replaces it.
  public var isAutoNamed: Bool
  public var parameters: AnalysisParameters
  /// ``canonicalJSON(for:)`` of `parameters`, exactly as stored.
  public var parametersJSON: String
  /// ``hash(ofCanonicalJSON:)`` of `parametersJSON`: 16 lowercase hex digits.
  public var hash: String
  /// The preset the parameters started from ("reference", "product"); a label only.
  public var preset: String
  public var createdAt: Date

  public init(
    id: Int64, name: String, isAutoNamed: Bool, parameters: AnalysisParameters,
    parametersJSON: String, hash: String, preset: String, createdAt: Date
  ) {
    self.id = id
    self.name = name
    self.isAutoNamed = isAutoNamed
    self.parameters = parameters
    self.parametersJSON = parametersJSON
    self.hash = hash
    self.preset = preset
    self.createdAt = createdAt
  }

  /// The parameters as JSON with sorted keys and every key present (but an improvement added
  /// later, present only when on: see `AnalysisParameters.encode(to:)`), so that equal
  /// parameters give equal text whatever order or subset of keys they were written with.
  public static func canonicalJSON(for parameters: AnalysisParameters) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(parameters), as: UTF8.self)
  }

  /// FNV-1a 64 of the UTF-8 bytes, as 16 lowercase hex digits: a short, stable label for a
  /// parameter set. Sets are matched by their full JSON, never by this digest.
  public static func hash(ofCanonicalJSON json: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in json.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The name of a set created without one: the preset and the first 8 digits of the hash,
  /// e.g. "product-3f2a9c1b".
  public static func automaticName(preset: String, hash: String) -> String {
    "\(preset)-\(hash.prefix(8))"
  }
}

/// How a parameter set gets its name, the same in every catalogue.
///
/// Equal parameters always give the same set, whatever `preset` says; `preset` is recorded
/// when the set is created. With a `name`:
/// - a new set gets that name; if another set already has it, ``StoreError/Reason/nameTaken(_:)``;
/// - an existing set that only has its automatic name is renamed to `name`;
/// - an existing set with another chosen name is left alone and
///   ``StoreError/Reason/alreadyNamed(existing:requested:)`` is thrown.
///
/// Parameters outside the ranges of `AnalysisParameters.validated()` are refused.
public enum ParameterSetNaming {
  /// What to do with the set for some parameters.
  public enum Decision: Equatable, Sendable {
    /// The existing set, as it is.
    case keep
    /// The existing set, renamed to a chosen name.
    case rename(to: String)
    /// A new set with this name.
    case create(name: String, autoNamed: Bool)
  }

  /// The parameters' canonical JSON, the key of their set, once they and `name` were checked.
  public static func canonicalJSON(
    _ parameters: AnalysisParameters, name: String?, location: String
  ) throws(StoreError) -> String {
    let json: String
    do {
      json = try ParameterSetRecord.canonicalJSON(for: parameters.validated())
    } catch {
      throw StoreError(path: location, reason: .invalidParameters(detail: "\(error)"))
    }
    if let name, name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      throw StoreError(path: location, reason: .invalidName(name))
    }
    return json
  }

  /// The decision for parameters whose set is `existing` (its name and whether that name is
  /// automatic; nil when there is none), given whether a name `isTaken`.
  public static func decide(
    existing: (name: String, autoNamed: Bool)?, requested name: String?, preset: String,
    hash: String, location: String, isTaken: (String) throws -> Bool
  ) throws -> Decision {
    if let existing {
      guard let name, name != existing.name else { return .keep }
      guard existing.autoNamed else {
        throw StoreError(
          path: location, reason: .alreadyNamed(existing: existing.name, requested: name))
      }
      if try isTaken(name) { throw StoreError(path: location, reason: .nameTaken(name)) }
      return .rename(to: name)
    }
    if let name {
      if try isTaken(name) { throw StoreError(path: location, reason: .nameTaken(name)) }
      return .create(name: name, autoNamed: false)
    }
    // Someone may have chosen the short automatic name for another set; fall back to the
    // whole hash.
    let short = ParameterSetRecord.automaticName(preset: preset, hash: hash)
    if try !isTaken(short) { return .create(name: short, autoNamed: true) }
    let long = "\(preset)-\(hash)"
    if try !isTaken(long) { return .create(name: long, autoNamed: true) }
    throw StoreError(path: location, reason: .nameTaken(long))
  }
}

extension CatalogStore {
  /// The set holding `parameters`, created if there is none (``ParameterSetNaming``).
  public func parameterSet(
    for parameters: AnalysisParameters, preset: String, name: String?, at date: Date
  ) throws(StoreError) -> ParameterSetRecord {
    let json = try ParameterSetNaming.canonicalJSON(parameters, name: name, location: path)
    let path = self.path
    return try write { db in
      let existing = try ParameterSetRow.filter(ParameterSetRow.Columns.parameters == json)
        .fetchOne(db)
      let decision = try ParameterSetNaming.decide(
        existing: existing.map { ($0.name, $0.autoNamed) }, requested: name, preset: preset,
        hash: ParameterSetRecord.hash(ofCanonicalJSON: json), location: path
      ) { name in
        try ParameterSetRow.filter(ParameterSetRow.Columns.name == name).fetchOne(db) != nil
      }
      switch decision {
      case .keep:
        return try existing!.record()
      case .rename(let name):
        var row = existing!
        row.name = name
        row.autoNamed = false
        try row.update(db)
        return try row.record()
      case .create(let name, let autoNamed):
        var row = ParameterSetRow(
          id: nil, name: name, autoNamed: autoNamed, parameters: json,
          hash: ParameterSetRecord.hash(ofCanonicalJSON: json), preset: preset, createdAt: date)
        try row.insert(db)
        return try row.record()
      }
    }
  }

  /// The set named `name`, automatic names included.
  public func parameterSet(named name: String) throws(StoreError) -> ParameterSetRecord? {
    try read { db in
      try ParameterSetRow.filter(ParameterSetRow.Columns.name == name).fetchOne(db)?.record()
    }
  }

  /// The set with this id.
  public func parameterSet(id: Int64) throws(StoreError) -> ParameterSetRecord? {
    try read { db in try ParameterSetRow.fetchOne(db, key: id)?.record() }
  }

  /// Every set, oldest first.
  public func parameterSets() throws(StoreError) -> [ParameterSetRecord] {
    try read { db in
      try ParameterSetRow.order(ParameterSetRow.Columns.id).fetchAll(db).map { try $0.record() }
    }
  }
}

/// The `parameter_sets` table.
struct ParameterSetRow: Codable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "parameter_sets"

  var id: Int64?
  var name: String
  var autoNamed: Bool
  var parameters: String
  var hash: String
  var preset: String
  var createdAt: Date

  enum CodingKeys: String, CodingKey, ColumnExpression {
    case id, name
    case autoNamed = "auto_named"
    case parameters, hash, preset
    case createdAt = "created_at"
  }
  typealias Columns = CodingKeys

  mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }

  /// The record, with the parameters decoded from the stored JSON.
  func record() throws -> ParameterSetRecord {
    let decoded = try JSONDecoder().decode(AnalysisParameters.self, from: Data(parameters.utf8))
    return ParameterSetRecord(
      id: id ?? 0, name: name, isAutoNamed: autoNamed, parameters: decoded,
      parametersJSON: parameters, hash: hash, preset: preset, createdAt: createdAt)
  }
}
