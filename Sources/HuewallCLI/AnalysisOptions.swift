import ArgumentParser
import Foundation
import HuewallCore
import HuewallDecode

extension Preset: ExpressibleByArgument {}

/// The parameter flags shared by every command that analyses images.
///
/// swift-argument-parser needs each flag declared here; their help comes from the table of
/// steps (``AnalysisStep``), and `AnalysisStepTableTests` checks that every step has its flag.
struct AnalysisOptions: ParsableArguments {
  @Option(
    help: "Parameter set to start from: reference (the original algorithm, bit-exact) or product.")
  var preset: Preset = .standard

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

  @Flag(inversion: .prefixedNo, help: step("backgroundSuppression"))
  var backgroundSuppression: Bool?

  @Flag(inversion: .prefixedNo, help: step("hueWrap"))
  var hueWrap: Bool?

  @Flag(inversion: .prefixedNo, help: step("darkPixelDamping"))
  var darkPixelDamping: Bool?

  @Flag(inversion: .prefixedNo, help: step("neutralGreys"))
  var neutralGreys: Bool?

  @Flag(inversion: .prefixedNo, help: step("deepShadows"))
  var deepShadows: Bool?

  @Flag(inversion: .prefixedNo, help: step("scenePrior"))
  var scenePrior: Bool?

  @Flag(inversion: .prefixedNo, help: step("skinSuppression"))
  var skinSuppression: Bool?

  @Flag(inversion: .prefixedNo, help: step("garmentPrior"))
  var garmentPrior: Bool?

  @Option(help: "Merge colours within this CIELAB ΔE of a heavier one, 0…100 (product preset: 12).")
  var mergeDistance: Double?

  @Flag(inversion: .prefixedNo, help: step("darkHues"))
  var darkHues: Bool?

  @Flag(inversion: .prefixedNo, help: step("litFamilies"))
  var litFamilies: Bool?

  @Flag(inversion: .prefixedNo, help: step("skinWithoutPriority"))
  var skinWithoutPriority: Bool?

  @Flag(inversion: .prefixedNo, help: step("shopperFamilies"))
  var shopperFamilies: Bool?

  @Flag(inversion: .prefixedNo, help: step("backdropTint"))
  var backdropTint: Bool?

  @Flag(inversion: .prefixedNo, help: step("thinOutlines"))
  var thinOutlines: Bool?

  @Flag(inversion: .prefixedNo, help: step("meanSaturation"))
  var meanSaturation: Bool?

  @Flag(inversion: .prefixedNo, help: step("neutralSurface"))
  var neutralSurface: Bool?

  /// The help of the step whose key is `key`, from the table of steps.
  private static func step(_ key: String) -> ArgumentHelp {
    ArgumentHelp(AnalysisStep.named(key)?.commandLineHelp ?? "")
  }

  /// The flags that were given, to apply on top of a preset.
  var overrides: ParameterOverrides {
    ParameterOverrides(
      numColors: numColors, hueSampleSize: hueSampleSize, svSampleSize: svSampleSize,
      saturationPriority: saturationPriority, granularity: granularity,
      alphaThreshold: alphaThreshold, backgroundSuppression: backgroundSuppression,
      hueWrap: hueWrap, darkPixelDamping: darkPixelDamping, neutralGreys: neutralGreys,
      deepShadows: deepShadows, scenePrior: scenePrior, skinSuppression: skinSuppression,
      garmentPrior: garmentPrior, mergeDistance: mergeDistance, darkHues: darkHues,
      litFamilies: litFamilies, skinWithoutPriority: skinWithoutPriority,
      shopperFamilies: shopperFamilies, backdropTint: backdropTint, thinOutlines: thinOutlines,
      meanSaturation: meanSaturation, neutralSurface: neutralSurface)
  }

  /// The preset with the flags given on top, validated.
  func parameters() throws(ParameterError) -> AnalysisParameters {
    try preset.parameters(with: overrides)
  }

  func validate() throws {
    do {
      _ = try parameters()
    } catch {
      throw ValidationError("--\(error.parameter) \(error.value): \(error.reason).")
    }
  }
}

/// The flags that bound what the decoder accepts.
struct DecodeOptions: ParsableArguments {
  @Option(help: "Refuse images over this many megapixels, judged from the header.")
  var maxMegapixels: Double = Double(DecodeLimits().maxPixels) / 1_000_000

  @Flag(
    help:
      "Analyse JPEGs that end mid-scan (the missing part comes out grey) instead of failing them.")
  var allowTruncatedJpeg = false

  var limits: DecodeLimits {
    DecodeLimits(maxPixels: Int(maxMegapixels * 1_000_000), allowTruncatedJPEG: allowTruncatedJpeg)
  }

  func validate() throws {
    guard maxMegapixels > 0, maxMegapixels <= 1000 else {
      throw ValidationError(
        "--max-megapixels \(maxMegapixels): must be more than 0 and at most 1000.")
    }
  }
}

/// `--jobs` for the commands that analyse files outside a run (`colors`, `evaluate`).
struct JobsOption: ParsableArguments {
  @Option(name: .shortAndLong, help: "Images analysed at once (default: one per core).")
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  func validate() throws {
    guard jobs >= 1 else { throw ValidationError("--jobs \(jobs): must be at least 1.") }
  }
}
