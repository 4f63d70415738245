import HuewallPipeline
import HuewallStore

extension Catalogue {
  /// The stored set named `name`, or a failure that lists the stored names.
  func storedParameterSet(named name: String) async throws -> ParameterSetRecord {
    guard let set = try await parameterSet(named: name) else {
      let names = try await parameterSets().map(\.name).joined(separator: ", ")
      throw CommandFailure.fatal(
        "no parameter set named \"\(name)\" (stored: \(names.isEmpty ? "none" : names))")
    }
    return set
  }

  /// The set a command's `--params NAME` chooses, or without it the configured one: what
  /// `export`, `review` and write-back read.
  func chosenParameterSet(named name: String?, configuration: PipelineConfiguration)
    async throws
    -> ParameterSetRecord
  {
    if let name { return try await storedParameterSet(named: name) }
    guard let set = try await configuredParameterSet(configuration) else {
      throw CommandFailure.fatal(
        "nothing analysed yet with the configured parameters: run `huewall run` first")
    }
    return set
  }
}
