/// One on/off step of the analysis. This enum is the table of steps: the command line, `pipeline.json`,
/// the stored parameters, the live page, the reports and docs/CONFIGURATION.md all read it, and
/// the kernel reads which steps are on from ``AnalysisParameters/steps``.
///
/// Adding a step is a case here, its row in ``row`` and the kernel code that acts on it.
public enum AnalysisStep: String, CaseIterable, Codable, Sendable {
  // The raw value is the key in `pipeline.json`, the live page's address and the stored
  // parameters; the order is the one reports and the page list the steps in.
  case backgroundSuppression
  case hueWrap
  case darkPixelDamping
  case neutralGreys
  case deepShadows
  case backdropTint
  case thinOutlines
  case scenePrior
  case skinSuppression
  case garmentPrior
  case darkHues
  case litFamilies
  case meanSaturation
  case neutralSurface
  case skinWithoutPriority
  case shopperFamilies

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

  /// The part of the analysis a step acts in. What a part reads decides what a change of the
  /// step costs the live wall: a backdrop step fills every photo again, a weighing step
  /// weighs the colours again, a binning or naming step only bins them again.
  public enum Stage: String, Sendable, CaseIterable {
    /// Finding the backdrop: the fill over the sample grid and the marks it leaves.
    case backdrop
    /// The foreground priors: each counted sample's weight.
    case weighing
    /// Filing samples into bins, merging and ranking them, and the colour each reports.
    case binning
    /// Filing each reported colour into its family.
    case naming
  }

  /// A step's columns.
  public struct Row: Sendable {
    /// The name in reports and on the live page (`hue wrap`).
    public var name: String
    /// One line in plain language, for `--help` and the live page.
    public var help: String
    public var group: Group
    public var stage: Stage
    /// The presets the step is on in.
    public var presets: Set<Preset> = [.product]
    /// Steps from the first release are written into stored parameters even when off; later
    /// ones only when on, so a set stored before them keeps its canonical JSON and hash.
    public var writtenWhenOff = false
    /// Whether the step needs the product path: a sample grid and bins that keep their colour
    /// sums (``PaletteAnalyzer``'s reference path has none of these).
    public var productPath = false
    /// What the step does, for docs/CONFIGURATION.md (`scripts/update-docs` writes it there).
    public var details: String
  }

  /// The step's row of the table.
  public var row: Row {
    switch self {
    case .backgroundSuppression:
      Row(
        name: "background suppression",
        help: "Skip the studio backdrop found from the image border",
        group: .product, stage: .backdrop, writtenWhenOff: true,
        details: "skip the studio backdrop found from the image border")
    case .hueWrap:
      Row(
        name: "hue wrap", help: "File hue 1.0 with hue 0.0, so reds stay one colour",
        group: .colours, stage: .binning, writtenWhenOff: true,
        details: "hue 1.0 is hue 0.0")
    case .darkPixelDamping:
      Row(
        name: "dark-pixel damping",
        help: "Treat near-black pixels' noisy hue and saturation as neutral",
        group: .advanced, stage: .binning, writtenWhenOff: true,
        details: "near-black pixels count as neutral")
    case .neutralGreys:
      Row(
        name: "neutral greys", help: "File unsaturated colours as greys, one per brightness",
        group: .colours, stage: .binning,
        details: """
          colours in the lowest saturation bin are filed at hue 0: one grey per brightness
          """)
    case .deepShadows:
      Row(
        name: "deep shadows", help: "Count a tinted or dark backdrop's deep shadows as backdrop",
        group: .product, stage: .backdrop,
        details: """
          with background suppression, a tinted backdrop's shadows count as backdrop down to 55 \
          % of its brightness while they keep its tint (a cast shadow on a warm backdrop is \
          backdrop; a neutral product on it is not), and a dark backdrop's down to 16 levels \
          below it (a low-key studio shot's gradient; not on a black backdrop, where those \
          levels are a dark product's shade)
          """)
    case .backdropTint:
      Row(
        name: "backdrop tint",
        help: "On a tinted backdrop, take for backdrop only what keeps half its tint",
        group: .product, stage: .backdrop,
        details: """
          with background suppression, a tinted backdrop is only what keeps at least half of its \
          tint: a white product under the backdrop's warm light is as bright as the backdrop but \
          nearly neutral, so it is not taken for backdrop
          """)
    case .thinOutlines:
      Row(
        name: "thin outlines", help: "Stop the backdrop at outlines thinner than the granularity",
        group: .product, stage: .backdrop,
        details: """
          with background suppression, the backdrop's fill checks every pixel between two \
          samples, not the samples alone: a product's outline thinner than the granularity stops \
          it, so a white product of the backdrop's own colour and tint (a white appliance under \
          the backdrop's warm light) is not taken for backdrop
          """)
    case .scenePrior:
      Row(
        name: "scene prior",
        help: "In a scene, weight the centre over colours that crowd the border",
        group: .product, stage: .weighing, productPath: true,
        details: """
          where the border is not one colour (a scene, not a studio shot), samples weigh more \
          towards the centre and less where their colour crowds the border: the product is \
          framed, the room is not
          """)
    case .skinSuppression:
      Row(
        name: "skin suppression", help: "Give little weight to connected regions of skin colour",
        group: .product, stage: .weighing, productPath: true,
        details: """
          connected regions of skin colour (face, arms, legs) weigh little unless one is as \
          large as a product, so a worn garment's colour wins over the model's skin
          """)
    case .garmentPrior:
      Row(
        name: "garment prior", help: "Weight the rows where the title says a garment is worn",
        group: .product, stage: .weighing, productPath: true,
        details: """
          on photos of a person, weight the rows where the product's title says it is worn (a \
          skirt low, a cap high). Uses the title of the product whose image it is (the first \
          product, by id, when several share one image), in an SQLite catalogue and through the \
          PostgreSQL queue alike; an analysis is kept per image content, so a changed title does \
          not analyse the image again. A photo without a person, or a title without a garment \
          word, is analysed as without the step
          """)
    case .darkHues:
      Row(
        name: "dark hues", help: "Report a dark colour's hue and saturation as its samples' mean",
        group: .colours, stage: .binning, productPath: true,
        details: """
          report a dark colour's hue and saturation as the mean of its samples: dark-pixel \
          damping files each dark sample as neutral, but a region's mean is not noise (navy \
          stays navy)
          """)
    case .litFamilies:
      Row(
        name: "lit families", help: "Name each colour by its lit side, not its shade",
        group: .colours, stage: .naming, productPath: true,
        details: """
          file each colour's family at the value its brightest tenth of samples reaches, not at \
          its bin's value: a surface is named by its lit side (a shaded white shirt is white, \
          not silver; a dark-grey body is grey, not black); the reported colour is unchanged
          """)
    case .meanSaturation:
      Row(
        name: "mean saturation", help: "Name each colour by its samples' mean saturation",
        group: .colours, stage: .naming, productPath: true,
        details: """
          file each chromatic colour's family at the saturation of its samples' mean rather than \
          its saturation bin's centre (bins are 0.2 wide; a hot pink of s 0.75 in the 0.8 bin \
          was red); the reported colour does not change
          """)
    case .neutralSurface:
      Row(
        name: "neutral surface",
        help: "Call a dark neutral colour black or grey by the product's neutral tones",
        group: .colours, stage: .naming, productPath: true,
        details: """
          file a dark neutral colour (bin value below 0.3, chroma below 0.1) black or grey by \
          the product's neutral tones below silver (v under 0.7): the value below which 70 % of \
          their weight lies, not its own samples, which stop at the value bin's edge (a black \
          cap's lit side and a dark-grey kettle's both read about 0.27; the kettle's tones go on \
          into mid greys). The reported colour is unchanged
          """)
    case .skinWithoutPriority:
      Row(
        name: "skin without priority", help: "Give samples taken for skin no saturation priority",
        group: .product, stage: .weighing,
        details: """
          samples that skin suppression took for skin get no saturation priority (they weigh \
          0.3, not 0.3 × (1 + priority × s)): skin is saturated enough that its bonus outweighed \
          a white or pale garment
          """)
    case .shopperFamilies:
      Row(
        name: "shopper families",
        help: "Name families as people name colours, not by the original boxes",
        group: .colours, stage: .naming,
        details: """
          file families by boundaries checked against how people name product colours: neutral \
          by chroma (s × v < 0.1, so a shaded warm steel is grey and a pale pink shirt pink), \
          black below v 0.25, white from 0.85, hot pink, navy only below v 0.45, olive as green, \
          burgundy as red, green to 173°; within four bands of hue (blue or purple, purple or \
          pink, yellow or green, red or brown) the XKCD survey's named colour nearest the \
          colour's samples' mean decides; elsewhere the mean's CIELAB names a grey-green green, \
          a dark navy navy, a mauve purple and a cream beige, an off-white the survey names so \
          staying white (`Sources/HuewallPalette/Resources/mean-colour-families.json`, refitted \
          by `scripts/refit-mean-colour-families`); and a product is not multicolour while one \
          family holds half of its weight, nor by navy and blue together (one hue, lit and \
          shaded); silver only where the product's neutral samples show metal (at least 10 % \
          highlights and a spread of value of 0.3, \
          `Sources/HuewallPalette/Resources/metal-tones.json`, refitted by \
          `scripts/refit-metal-tones`), a matte light grey being grey; on a product whose \
          title or type names jewellery or a watch, its light and beige colours are its metal, \
          gold where beige or gold holds a twentieth of its weight, else silver. Off: the \
          original boundaries
          """)
    }
  }

  /// The key in `pipeline.json`, the live page's address and the stored parameters
  /// (`hueWrap`).
  public var key: String { rawValue }
  public var name: String { row.name }
  public var help: String { row.help }
  public var group: Group { row.group }
  public var stage: Stage { row.stage }
  public var presets: Set<Preset> { row.presets }
  public var alwaysStored: Bool { row.writtenWhenOff }
  public var details: String { row.details }

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

  /// The steps of `stage`, in table order.
  public static func acting(in stage: Stage) -> [AnalysisStep] {
    allCases.filter { $0.stage == stage }
  }
}
