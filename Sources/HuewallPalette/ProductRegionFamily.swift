import Foundation
public import HuewallColorWords

/// How the product's neutral tones spread in value: what tells metal from a matte light grey.
/// A steel ring or a silver chain shows specular highlights beside dark reflections; a light
/// grey shirt's tones stay within a narrow band, however its folds shade it.
public struct NeutralTones: Sendable, Hashable {
  /// The value (0…1) between the 10th and the 90th percentile of the neutral samples' weight.
  public var spread: Double
  /// The share of the neutral samples' weight at or above ``highlightValue``.
  public var highlights: Double

  public init(spread: Double, highlights: Double) {
    self.spread = spread
    self.highlights = highlights
  }

  /// Tones at or above this value are highlights: a specular spot, or a white product.
  static let highlightValue = 0.9

  /// The tones that tell metal: specular highlights beside dark reflections.
  public struct Metal: Codable, Hashable, Sendable {
    /// Metal shows at least this share of highlights…
    public var highlights: Double
    /// …and at least this spread of value between its lit and its dark reflections.
    public var spread: Double

    public init(highlights: Double, spread: Double) {
      self.highlights = highlights
      self.spread = spread
    }

    /// The values shipped with Huewall (`Resources/metal-tones.json`, refitted and scored
    /// leave-one-source-out by `scripts/refit-metal-tones`).
    public static let shipped: Metal = ShippedResource.json(
      "metal-tones", folder: "Resources", in: .module)
  }

  /// Whether the tones look like metal: specular highlights and a wide spread of value.
  public func isMetallic(_ metal: Metal = .shipped) -> Bool {
    highlights >= metal.highlights && spread >= metal.spread
  }

  /// The tones of a histogram of neutral values (the weight of each level 0…255); nil when
  /// it holds no weight.
  init?(histogram: [Double]) {
    let total = histogram.reduce(0, +)
    guard total > 0 else { return nil }
    let highlightLevel = Int((Self.highlightValue * 255).rounded(.up))
    let highlightWeight = histogram[highlightLevel...].reduce(0, +)
    spread =
      valueQuantile(0.9, of: histogram[...]) - valueQuantile(0.1, of: histogram[...])
    highlights = highlightWeight / total
  }

  /// The weight of the counted samples that are neutral (chroma below
  /// ``ColorFamily/neutralChroma``) by their value, the maximum channel (0…255).
  static func histogram<Samples: CountedSamples>(_ samples: Samples) -> [Double] {
    // In whole channel levels: x / 255 < limit exactly when x < ⌈limit × 255⌉.
    let chromaLimit = Int((ColorFamily.neutralChroma * 255).rounded(.up))
    var histogram = [Double](repeating: 0, count: 256)
    for i in 0..<samples.count where samples.isCounted(i) {
      let color = samples.color(i)
      let (r, g, b) = (Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF), Int(color & 0xFF))
      let high = max(r, g, b)
      guard high - min(r, g, b) < chromaLimit else { continue }
      let (prioritised, plain) = samples.weight(i)
      histogram[high] += prioritised + plain
    }
    return histogram
  }
}

/// Families moved by what the product region shows beside a colour's own mean.
public enum ProductRegionFamily {
  /// `family` as named from the colour, moved by what the product shows: on jewellery, its
  /// metal (`jewelleryMetal`, ``jewelleryMetal(_:)``) whatever the colour; else by its neutral
  /// tones, silver being a metal's family (the shops file a matte light grey shirt grey, a steel
  /// chain silver), so a silver colour whose product shows no metal is grey. Without tones (the
  /// reference path, a colour not measured) it stays.
  public static func family(
    _ family: ColorFamily, tones: NeutralTones?, jewelleryMetal: ColorFamily? = nil,
    metal: NeutralTones.Metal = .shipped
  ) -> ColorFamily {
    if let jewelleryMetal { return jewelleryMetal }
    guard family == .silver, let tones, !tones.isMetallic(metal) else { return family }
    return .grey
  }
}

extension ProductRegionFamily {
  /// The metal of a piece of jewellery or a watch whose reported colours are `colors`: gold
  /// where the colours a warm metal's light and shade make (beige, gold) hold at least
  /// ``warmMetalShare`` of the weight, else silver. A thin ring or chain on a studio backdrop
  /// shows mostly its light and the backdrop's leftovers, both near white: only the warm tint
  /// of a few of its samples tells gold.
  public static func jewelleryMetal(_ colors: [DominantColor]) -> ColorFamily {
    let warm = colors.lazy.filter { [.beige, .gold].contains($0.colourFamily) }.map(\.share)
    return warm.reduce(0, +) >= warmMetalShare ? .gold : .silver
  }

  /// Whether a colour of a piece of jewellery is taken for its metal: the light neutrals and the
  /// beige and gold of a metal's light. A dark or chromatic colour (a stone, enamel, a leather
  /// strap) keeps its own family.
  public static func takesMetal(_ family: ColorFamily) -> Bool {
    [.white, .grey, .silver, .beige, .gold].contains(family)
  }

  /// The share of the weight from which a warm tint makes jewellery gold: a twentieth.
  public static let warmMetalShare = 0.05
}
