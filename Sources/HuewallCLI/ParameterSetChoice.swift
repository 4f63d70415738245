import HuewallPipeline
import HuewallStore

extension Catalogue {
  /// The stored set named `name`, or a failure that lists the stored names.
  func storedParameterSet(named name: String) throws -> ParameterSetRecord {
    guard let set = try parameterSet(named: name) else {
      let names = try parameterSets().map(\.name).joined(separator: ", ")
      throw CommandFailure.fatal(
        "no parameter set named \"\(name)\" (stored: \(names.isEmpty ? "none" : names))")
    }
    return set
  }

  /// The set a command's `--params NAME` chooses, or without it the configured one: what
  /// `export`, `review` and write-back read.
  func chosenParameterSet(named name: String?, configuration: PipelineConfiguration) throws
    -> ParameterSetRecord
  {
    if let name { return try storedParameterSet(named: name) }
    guard let set = try configuredParameterSet(configuration) else {
      throw CommandFailure.fatal(
        "nothing analysed yet with the configured parameters: run `huewall run` first")
    }
    return set
  }
}
