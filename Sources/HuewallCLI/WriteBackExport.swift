public import ArgumentParser
import Foundation
import HuewallExport
import HuewallPipeline
import HuewallStore

extension WriteBackFormat: ExpressibleByArgument {}

extension Export {
  /// `huewall export --format merchant-supplemental|shopify-metafields`: the set's colours as
  /// files a shop imports, into `--out` (default: the output folder's name with `-shop`
  /// added, beside it, so that the export folder, which is replaced whole, never holds them).
  func writeBack(_ format: WriteBackFormat) async throws {
    let configuration = try pipeline.configuration()
    for warning in configuration.warnings {
      FileHandle.standardError.write(Data("huewall: warning: configuration: \(warning)\n".utf8))
    }
    let folder =
      out.map { URL(fileURLWithPath: $0) }
      ?? URL(fileURLWithPath: configuration.writeBack.folder(exportOutput: configuration.output))
    do {
      try configuration.checkWritable(
        folder.path, as: .folder, option: out == nil ? "writeBack.output" : "--out")
      let store = try await configuration.openCatalogue(readOnly: true)
      defer { try? store.close() }
      let set = try await store.chosenParameterSet(named: params, configuration: configuration)
      let options = configuration.writeBack.options(
        includeUnsure: includeUnsure,
        shopifySourced: configuration.isShopifySourced)
      let summary = try await configuration.exporter(store: store).writeBack(
        format, parameterSet: set, to: folder, options: options)
      print("\(format.rawValue) of \(set.name): \(summary)")
    } catch {
      throw CommandFailure.fatal(error)
    }
  }
}
