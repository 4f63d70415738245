/// One on/off step of the analysis, declared once: the command line, `pipeline.json`, the
/// live page, the reports and the documentation all read it from ``AnalysisStep/all``.
///
/// A step is a `Bool` of ``AnalysisParameters``, off in the original algorithm. Adding one
/// means a stored property there, one in ``ParameterOverrides``, a line here and (because
/// swift-argument-parser needs its flags declared statically) a flag in the CLI's
/// `AnalysisOptions`; a test checks that the flags, the README's table and
/// docs/CONFIGURATION.md name every step of this table.
public struct AnalysisStep: Sendable {
  /// Where the live page shows the step.
  public enum Group: String, Sendable, CaseIterable {
    /// What counts as the product: backdrop, scene, skin.
    case product
    /// How colours are grouped and named.
    case colours
    /// Noise handling a merchandiser rarely needs to touch.
    case advanced

    /// The heading the live page gives the group.
    public var heading: String {
      switch self {
      case .product: "What counts as the product"
      case .colours: "How colours are grouped"
      case .advanced: "Advanced"
      }
    }
  }

  /// The key in `pipeline.json`, the live page's address and the stored parameters
  /// (`hueWrap`).
  public let key: String
  /// The step's name in reports and on the live page (`hue wrap`).
  public let name: String
  /// One line in plain language, for `--help` and the live page.
  public let help: String
  public let group: Group
  /// The presets the step is on in.
  public let presets: Set<Preset>
  /// Steps from the first release are written into stored parameters even when off; later
  /// ones only when on, so a set stored before them keeps its canonical JSON and hash.
  public let alwaysStored: Bool
  public let parameter: WritableKeyPath<AnalysisParameters, Bool> & Sendable
  public let override: WritableKeyPath<ParameterOverrides, Bool?> & Sendable

  /// The command-line flag, without its dashes (`hue-wrap`; off: `no-hue-wrap`).
  public var flag: String {
    key.reduce(into: "") { flag, character in
      if character.isUppercase {
        flag += "-" + character.lowercased()
      } else {
        flag.append(character)
      }
    }
  }

  /// The help `--help` prints: the line and the presets it is on in.
  public var commandLineHelp: String {
    let on = Preset.allCases.filter { presets.contains($0) }.map(\.rawValue)
    return on.isEmpty ? help : "\(help) (\(on.joined(separator: ", ")) preset: on)."
  }

  /// The step whose key is `key`.
  public static func named(_ key: String) -> AnalysisStep? { all.first { $0.key == key } }

  /// Every step, in the order reports and stored parameters list them.
  public static let all: [AnalysisStep] = [
    AnalysisStep(
      key: "backgroundSuppression", name: "background suppression",
      help: "Skip the studio backdrop found from the image border", group: .product,
      presets: [.product], alwaysStored: true, parameter: \.backgroundSuppression,
      override: \.backgroundSuppression),
    AnalysisStep(
      key: "hueWrap", name: "hue wrap", help: "File hue 1.0 with hue 0.0, so reds stay one colour",
      group: .colours, presets: [.product], alwaysStored: true, parameter: \.hueWrap,
      override: \.hueWrap),
    AnalysisStep(
      key: "darkPixelDamping", name: "dark-pixel damping",
      help: "Treat near-black pixels' noisy hue and saturation as neutral", group: .advanced,
      presets: [.product], alwaysStored: true, parameter: \.darkPixelDamping,
      override: \.darkPixelDamping),
    AnalysisStep(
      key: "neutralGreys", name: "neutral greys",
      help: "File unsaturated colours as greys, one per brightness", group: .colours,
      presets: [.product], alwaysStored: false, parameter: \.neutralGreys,
      override: \.neutralGreys),
    AnalysisStep(
      key: "deepShadows", name: "deep shadows",
      help: "Count a tinted or dark backdrop's deep shadows as backdrop", group: .product,
      presets: [.product], alwaysStored: false, parameter: \.deepShadows,
      override: \.deepShadows),
    AnalysisStep(
      key: "backdropTint", name: "backdrop tint",
      help: "On a tinted backdrop, take for backdrop only what keeps half its tint",
      group: .product, presets: [.product], alwaysStored: false, parameter: \.backdropTint,
      override: \.backdropTint),
    AnalysisStep(
      key: "thinOutlines", name: "thin outlines",
      help: "Stop the backdrop at outlines thinner than the granularity", group: .product,
      presets: [.product], alwaysStored: false, parameter: \.thinOutlines,
      override: \.thinOutlines),
    AnalysisStep(
      key: "scenePrior", name: "scene prior",
      help: "In a scene, weight the centre over colours that crowd the border", group: .product,
      presets: [.product], alwaysStored: false, parameter: \.scenePrior,
      override: \.scenePrior),
    AnalysisStep(
      key: "skinSuppression", name: "skin suppression",
      help: "Give little weight to connected regions of skin colour", group: .product,
      presets: [.product], alwaysStored: false, parameter: \.skinSuppression,
      override: \.skinSuppression),
    AnalysisStep(
      key: "garmentPrior", name: "garment prior",
      help: "Weight the rows where the title says a garment is worn", group: .product,
      presets: [.product], alwaysStored: false, parameter: \.garmentPrior,
      override: \.garmentPrior),
    AnalysisStep(
      key: "darkHues", name: "dark hues",
      help: "Report a dark colour's hue and saturation as its samples' mean", group: .colours,
      presets: [.product], alwaysStored: false, parameter: \.darkHues, override: \.darkHues),
    AnalysisStep(
      key: "litFamilies", name: "lit families",
      help: "Name each colour by its lit side, not its shade", group: .colours,
      presets: [.product], alwaysStored: false, parameter: \.litFamilies,
      override: \.litFamilies),
    AnalysisStep(
      key: "meanSaturation", name: "mean saturation",
      help: "Name each colour by its samples' mean saturation", group: .colours,
      presets: [.product], alwaysStored: false, parameter: \.meanSaturation,
      override: \.meanSaturation),
    AnalysisStep(
      key: "neutralSurface", name: "neutral surface",
      help: "Call a dark neutral colour black or grey by the product's neutral tones",
      group: .colours, presets: [.product], alwaysStored: false, parameter: \.neutralSurface,
      override: \.neutralSurface),
    AnalysisStep(
      key: "skinWithoutPriority", name: "skin without priority",
      help: "Give samples taken for skin no saturation priority", group: .product,
      presets: [.product], alwaysStored: false, parameter: \.skinWithoutPriority,
      override: \.skinWithoutPriority),
    AnalysisStep(
      key: "shopperFamilies", name: "shopper families",
      help: "Name families as people name colours, not by the original boxes", group: .colours,
      presets: [.product], alwaysStored: false, parameter: \.shopperFamilies,
      override: \.shopperFamilies),
  ]
}
