import ArgumentParser
import Foundation
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

  @Option(help: "The name to store this parameter set under (default: preset and a hash).")
  var name: String?

  func run() async throws {
    var configuration = try pipeline.configuration()
    configuration.decode = decoding.limits
    let runner = Pipeline(
      configuration: configuration, logger: pipeline.logger("huewall.analyze"),
      progress: ProgressReporter())
    try await finish { () async throws(PipelineError) in
      try await runner.reanalyse(preset: analysis.preset, overrides: analysis.overrides, name: name)
    }
  }
}
