import Foundation
import HuewallExport

/// The `writeBack` object of `pipeline.json`: the files a shop imports (a Merchant
/// supplemental feed, Shopify metafields), written by every `huewall run` after its export, as
/// `huewall export --format` writes them by hand.
public struct WriteBackSettings: Sendable, Equatable, Decodable {
  /// The formats to write; none by default.
  public var formats: [WriteBackFormat]
  /// Their folder; nil: the output folder's name with `-shop` added. Never the output folder,
  /// which an export replaces whole.
  public var output: String?
  /// Write products whose colour is not settled too (see `huewall review`).
  public var includeUnsure: Bool

  public init(formats: [WriteBackFormat] = [], output: String? = nil, includeUnsure: Bool = false) {
    self.formats = formats
    self.output = output
    self.includeUnsure = includeUnsure
  }

  public enum CodingKeys: String, CodingKey, CaseIterable { case formats, output, includeUnsure }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let d = WriteBackSettings()
    let names = try c.decodeIfPresent([String].self, forKey: .formats) ?? []
    formats = try names.map { name in
      guard let format = WriteBackFormat(rawValue: name) else {
        throw DecodingError.dataCorruptedError(
          forKey: .formats, in: c,
          debugDescription:
            "\"\(name)\" is not a write-back format (one of "
            + WriteBackFormat.allCases.map(\.rawValue).joined(separator: ", ") + ")")
      }
      return format
    }
    output = try c.decodeIfPresent(String.self, forKey: .output) ?? d.output
    includeUnsure = try c.decodeIfPresent(Bool.self, forKey: .includeUnsure) ?? d.includeUnsure
  }

  /// The folder the files go to, for a configuration whose export goes to `exportOutput`.
  public func folder(exportOutput: String) -> String { output ?? exportOutput + "-shop" }
}
