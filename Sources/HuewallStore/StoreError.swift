public import Foundation
import GRDB

/// Why the catalogue could not be read or written, with the database file it concerns.
///
/// Every call into GRDB goes through ``CatalogStore``'s `read` and `write` helpers, which turn
/// whatever GRDB or SQLite reports into this one type, so callers handle a single error.
public struct StoreError: Error, Sendable, Equatable {
  public enum Reason: Sendable, Equatable {
    /// The parent folder of the database could not be created.
    case cannotCreateFolder(detail: String)
    /// SQLite could not open or create the file (permissions, a folder in the way).
    case cannotOpen(detail: String)
    /// The file exists but is not an SQLite database.
    case notADatabase
    /// SQLite found the file damaged.
    case corrupt(detail: String)
    /// Another process held the database for longer than the busy timeout.
    case busy
    /// The disk or the file system refused to grow the file.
    case diskFull
    /// The file or its folder is read-only.
    case readOnly
    /// The file was migrated by a newer Huewall: these migrations are unknown to this one.
    case newerSchema(unknownMigrations: [String])
    /// A catalogue opened to read only still lacks migrations that a run would apply.
    case olderSchema(missingMigrations: [String])
    /// Parameters outside the ranges the analysis accepts are not stored.
    case invalidParameters(detail: String)
    /// A parameter set name must have at least one visible character.
    case invalidName(String)
    /// Another parameter set already has this name.
    case nameTaken(String)
    /// These parameters are already stored under another name; a set has one name.
    case alreadyNamed(existing: String, requested: String)
    /// A write broke a rule of the schema, such as an analysis for a parameter set or an item
    /// error for a run that does not exist.
    case constraint(detail: String)
    /// No run has this id.
    case unknownRun(Int64)
    /// A stored value could not be turned back into its Swift type (a JSON column edited by
    /// hand, a value written by another program).
    case unreadableData(detail: String)
    /// Any other SQLite failure, with SQLite's extended result code and message.
    case sqlite(code: Int32, message: String)
    /// A `postgres://` URL or `PG*` setting that cannot be used.
    case invalidLocation(detail: String)
    /// The PostgreSQL server could not be reached or refused the login.
    case cannotConnect(detail: String)
    /// Any other PostgreSQL failure, with its SQLSTATE code and message.
    case postgres(code: String, message: String)
    /// An error that is none of the above.
    case unexpected(detail: String)
  }

  /// The database file, or a PostgreSQL catalogue's URL without its password.
  public var path: String
  public var reason: Reason

  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// Maps any error thrown inside a database access to a store error: the one place that
  /// reads SQLite result codes.
  init(path: String, error: any Error) {
    self.path = path
    switch error {
    case let error as StoreError:
      self = error
    case let error as DatabaseError:
      let message = error.message ?? "\(error.extendedResultCode)"
      switch error.resultCode {
      case .SQLITE_NOTADB: reason = .notADatabase
      case .SQLITE_CORRUPT: reason = .corrupt(detail: message)
      case .SQLITE_CANTOPEN: reason = .cannotOpen(detail: message)
      case .SQLITE_BUSY, .SQLITE_LOCKED: reason = .busy
      case .SQLITE_FULL: reason = .diskFull
      case .SQLITE_READONLY, .SQLITE_PERM: reason = .readOnly
      case .SQLITE_CONSTRAINT: reason = .constraint(detail: message)
      default: reason = .sqlite(code: error.extendedResultCode.rawValue, message: message)
      }
    case let error as RowDecodingError:
      reason = .unreadableData(detail: "\(error)")
    case let error as DecodingError:
      reason = .unreadableData(detail: "\(error)")
    default:
      reason = .unexpected(detail: "\(error)")
    }
  }
}

extension StoreError.Reason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .cannotCreateFolder(let detail):
      "cannot create the database folder (\(detail))"
    case .cannotOpen(let detail):
      "cannot open the database (\(detail))"
    case .notADatabase:
      "the file is not an SQLite database"
    case .corrupt(let detail):
      "the database is damaged (\(detail)); restore it from a backup or remove it to start over"
    case .busy:
      "the database is busy: another process holds it"
    case .diskFull:
      "the disk is full"
    case .readOnly:
      "the database is read-only"
    case .newerSchema(let migrations):
      "the database was written by a newer Huewall (migrations "
        + migrations.joined(separator: ", ") + "); update Huewall to use it"
    case .olderSchema(let migrations):
      "the database lacks migrations " + migrations.joined(separator: ", ")
        + "; a `huewall run` brings it up to date"
    case .invalidParameters(let detail):
      "invalid analysis parameters: \(detail)"
    case .invalidName(let name):
      "\"\(name)\" is not a usable parameter set name"
    case .nameTaken(let name):
      "another parameter set is already named \"\(name)\""
    case .alreadyNamed(let existing, let requested):
      "these parameters are already stored as \"\(existing)\"; use that name instead of "
        + "\"\(requested)\""
    case .constraint(let detail):
      "the change does not fit the catalogue (\(detail))"
    case .unknownRun(let id):
      "there is no run \(id)"
    case .unreadableData(let detail):
      "a stored value cannot be read (\(detail))"
    case .sqlite(let code, let message):
      "SQLite error \(code): \(message)"
    case .invalidLocation(let detail):
      "unusable PostgreSQL location: \(detail)"
    case .cannotConnect(let detail):
      "cannot connect to PostgreSQL (\(detail))"
    case .postgres(let code, let message):
      "PostgreSQL error \(code): \(message)"
    case .unexpected(let detail):
      detail
    }
  }
}

extension StoreError: LocalizedError {
  public var errorDescription: String? { "\(path): \(reason)" }
}

extension StoreError: CustomStringConvertible {
  public var description: String { "\(path): \(reason)" }
}
