public import ArgumentParser
import Foundation
public import HuewallCore
public import HuewallDecode

extension Preset: ExpressibleByArgument {}

/// The parameter flags shared by every command that analyses images.
///
/// The steps' flags, their names and help come from the table of steps (``AnalysisStep``)
/// through one ``StepSwitch`` flag.
public struct AnalysisOptions: ParsableArguments {
  public init() {}

  @Option(
    help: "Parameter set to start from: reference (the original algorithm, bit-exact) or product.")
  public var preset: Preset = .standard

  @Option(help: "How many dominant colours to report (default 3).")
  var numColors: Int?

  @Option(help: "Width of a hue bin, 0.001…1 (default 0.01: 100 hue bins).")
  var hueSampleSize: Double?

  @Option(help: "Width of a saturation and of a value bin, 0.001…1 (default 0.2).")
  var svSampleSize: Double?

  @Option(help: "Extra weight per unit of saturation: a pixel weighs 1 + p × s (default 4).")
  var saturationPriority: Double?

  @Option(help: "Visit every n-th column and row (default 4).")
  var granularity: Int?

  @Option(help: "Skip pixels whose alpha (0 opaque … 127 transparent) is above this (default 120).")
  var alphaThreshold: Int?

  @Option(help: "Merge colours within this CIELAB ΔE of a heavier one, 0…100 (product preset: 12).")
  var mergeDistance: Double?

  /// Every step's `--x` and `--no-x`, as given; the last of the two wins.
  @Flag var steps: [StepSwitch] = []

  /// The flags that were given, to apply on top of a preset.
  var overrides: ParameterOverrides {
    ParameterOverrides(
      numColors: numColors, hueSampleSize: hueSampleSize, svSampleSize: svSampleSize,
      saturationPriority: saturationPriority, granularity: granularity,
      alphaThreshold: alphaThreshold, mergeDistance: mergeDistance,
      steps: steps.reduce(into: [:]) { given, flag in given[flag.step] = flag.isOn })
  }

  /// The preset with the flags given on top, validated.
  public func parameters() throws(ParameterError) -> AnalysisParameters {
    try preset.parameters(with: overrides)
  }

  public func validate() throws {
    do {
      _ = try parameters()
    } catch {
      throw ValidationError("--\(error.parameter) \(error.value): \(error.reason).")
    }
  }
}

/// A step's `--x` (on) or `--no-x` (off): swift-argument-parser makes one flag of each case.
struct StepSwitch: EnumerableFlag, Hashable {
  var step: AnalysisStep
  var isOn: Bool

  static let allCases = AnalysisStep.allCases.flatMap {
    [StepSwitch(step: $0, isOn: true), StepSwitch(step: $0, isOn: false)]
  }

  static func name(for value: Self) -> NameSpecification {
    .customLong(value.isOn ? value.step.flag : "no-" + value.step.flag)
  }

  static func help(for value: Self) -> ArgumentHelp? {
    ArgumentHelp(value.isOn ? value.step.commandLineHelp : "Turn \(value.step.name) off.")
  }
}

/// The flags that bound what the decoder accepts.
public struct DecodeOptions: ParsableArguments {
  public init() {}

  @Option(help: "Refuse images over this many megapixels, judged from the header.")
  var maxMegapixels: Double = Double(DecodeLimits().maxPixels) / 1_000_000

  @Flag(
    help:
      "Analyse JPEGs that end mid-scan (the missing part comes out grey) instead of failing them.")
  var allowTruncatedJpeg = false

  public var limits: DecodeLimits {
    DecodeLimits(maxPixels: Int(maxMegapixels * 1_000_000), allowTruncatedJPEG: allowTruncatedJpeg)
  }

  public func validate() throws {
    guard maxMegapixels > 0, maxMegapixels <= 1000 else {
      throw ValidationError(
        "--max-megapixels \(maxMegapixels): must be more than 0 and at most 1000.")
    }
  }
}

/// `--jobs` for the commands that analyse files outside a run (`colors`, `evaluate`).
public struct JobsOption: ParsableArguments {
  public init() {}

  @Option(name: .shortAndLong, help: "Images analysed at once (default: one per core).")
  public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  public func validate() throws {
    guard jobs >= 1 else { throw ValidationError("--jobs \(jobs): must be at least 1.") }
  }
}
