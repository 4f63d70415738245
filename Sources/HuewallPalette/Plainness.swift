extension PaletteAnalysis {
  /// How plainly the image shows the product, 0…1, for choosing among a product's images:
  /// a packshot (uniform or transparent backdrop, no person, the product filling a fair part
  /// of the frame) tells its colour better than an on-model or lifestyle shot.
  ///
  /// The product of three factors: the backdrop (1 for a uniform or transparent one, 0.5 for a
  /// scene, 0.75 when not looked for), one minus twice the share of the product's samples
  /// taken for skin, and the product's share of the frame up to ``Plainness/fullArea``.
  public var plainness: Double {
    let product = samples - skipped - background
    guard product > 0, samples > 0, !colors.isEmpty else { return 0 }
    let backdropFactor: Double =
      switch backdrop {
      case .transparent, .color: 1
      case .scene: Plainness.sceneFactor
      case .unknown: Plainness.unknownFactor
      }
    let skinFactor = max(0, 1 - 2 * Double(skin) / Double(product))
    let areaFactor = min(1, Double(product) / Double(samples) / Plainness.fullArea)
    return backdropFactor * skinFactor * areaFactor
  }
}

/// The constants of ``PaletteAnalysis/plainness``.
public enum Plainness {
  /// What a scene's backdrop weighs against a uniform one.
  static let sceneFactor = 0.5
  /// What an image weighs whose backdrop was not looked for.
  static let unknownFactor = 0.75
  /// A product covering this share of the frame or more shows itself fully; a smaller one
  /// counts in proportion.
  static let fullArea = 0.2
}
