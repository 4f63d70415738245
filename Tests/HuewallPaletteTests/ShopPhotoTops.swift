import Foundation
import HuewallCore
import HuewallDecode
import HuewallPalette
import Testing

/// The shop photos (`../shared/shopphotos/images`, read in place) analysed as a run analyses
/// them: the suites that judge a step on them share one decode and one analysis.
enum ShopPhotoTops {
  static let images = repositoryRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/shopphotos/images")

  /// Whether every one of `files` is there to read.
  static func has(_ files: [String]) -> Bool {
    files.allSatisfy {
      FileManager.default.fileExists(atPath: images.appendingPathComponent($0).path)
    }
  }

  /// The top colour of `file` by `preset`, its product titled `title`, decoded as a run decodes
  /// it for these parameters (a JPEG reduced in its DCT).
  static func topColour(_ file: String, preset: Preset = .product, title: String? = nil)
    throws -> DominantColor
  {
    let url = images.appendingPathComponent(file)
    let analyzer = try PaletteAnalyzer(parameters: preset.parameters)
    let image = try ImageDecoder().decode(
      try Data(contentsOf: url), source: url.path, plan: .analysis(preset.parameters))
    let analysis = image.withPixels {
      analyzer.analyze($0, reduction: image.reduction, hint: ProductHint(title: title))
    }
    return try #require(analysis.colors.first, "\(file)")
  }
}
