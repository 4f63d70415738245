import ArgumentParser
import Foundation
import HuewallCore
import HuewallDecode
import HuewallPipeline

/// `huewall analyze`: reprocessing with tuned parameters.
struct Analyze: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Re-analyse every cached image with other parameters, without any network access.",
    discussion: """
      The results are stored as a parameter set of their own beside the earlier ones; export \
      them with `huewall export --params NAME`. Images that already have an analysis for these \
      exact parameters are skipped. With a postgres:// catalogue the images are queued for \
      `huewall worker` processes (or this one, when none is connected), which revalidate each \
      image's URL rather than read only a local cache.
      """
  )

  @OptionGroup var pipeline: PipelineOptions
  @OptionGroup var analysis: AnalysisOptions
  @OptionGroup var decoding: DecodeOptions

  @Option(
    help:
      "The name to store this parameter set under (default: preset and a hash): 1 to 64 letters, digits, dots, dashes or underscores."
  )
  var name: String?

  func validate() throws {
    if let name, let problem = ParameterSetName.problem(name, option: "--name") {
      throw ValidationError(problem)
    }
  }

  func run() async throws {
    var configuration = try pipeline.configuration()
    // The configured parameters' set is the nightly one, which `huewall run` and its export
    // find by those parameters under the name it has: a name here would rename it.
    if let name, let asked = try? analysis.preset.parameters(with: analysis.overrides),
      let configured = try? configuration.analysis.parameters(), asked == configured
    {
      throw CommandFailure.fatal(
        "--name \(name): these are the configuration's own parameters, whose set is the "
          + "nightly one and keeps its name; name a set of other parameters")
    }
    configuration.decode = decoding.limits
    let runner = Pipeline(
      configuration: configuration, logger: pipeline.logger("huewall.analyze"),
      progress: ProgressReporter())
    try await finish { () async throws(PipelineError) in
      try await runner.reanalyse(preset: analysis.preset, overrides: analysis.overrides, name: name)
    }
  }
}
