import Foundation
import HuewallStore

/// Writes a parameter set's export into a folder, atomically: everything goes into a fresh
/// folder beside the target, which then replaces it with one rename, so a reader never sees
/// half an export.
public struct Exporter {
  public let store: CatalogStore

  public init(store: CatalogStore) {
    self.store = store
  }

  /// Why an export could not be written.
  public struct Failure: Error, LocalizedError {
    public var path: String
    public var reason: String
    public var errorDescription: String? { "\(path): \(reason)" }
  }

  /// What was written.
  public struct Summary: Sendable {
    public var folder: URL
    public var placed: Int
    public var unplaced: Int
  }

  public func export(parameterSet: ParameterSetRecord, to folder: URL, at date: Date = Date())
    throws -> Summary
  {
    let entries = try store.catalogue(parameterSetID: parameterSet.id)
    let document = ColorsDocument(entries: entries, parameterSet: parameterSet, generatedAt: date)
    try writeAtomically(to: folder) { staging in
      try document.encoded().write(to: staging.appendingPathComponent("colors.json"))
    }
    return Summary(
      folder: folder, placed: document.products.count, unplaced: document.unplaced.count)
  }

  private func writeAtomically(to folder: URL, _ write: (URL) throws -> Void) throws {
    let files = FileManager.default
    let parent = folder.deletingLastPathComponent()
    let name = folder.lastPathComponent
    let staging = parent.appendingPathComponent(".\(name).new-\(UUID().uuidString.prefix(8))")
    let retired = parent.appendingPathComponent(".\(name).old-\(UUID().uuidString.prefix(8))")
    do {
      try files.createDirectory(at: staging, withIntermediateDirectories: true)
      try write(staging)
      if files.fileExists(atPath: folder.path) {
        try files.moveItem(at: folder, to: retired)
      }
      try files.moveItem(at: staging, to: folder)
      try? files.removeItem(at: retired)
    } catch {
      try? files.removeItem(at: staging)
      if !files.fileExists(atPath: folder.path), files.fileExists(atPath: retired.path) {
        try? files.moveItem(at: retired, to: folder)
      }
      throw Failure(path: folder.path, reason: error.localizedDescription)
    }
  }
}
