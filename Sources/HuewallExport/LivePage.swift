public import Foundation
public import HuewallColorWords
public import HuewallCore
public import HuewallStore
import Mustache

/// The preview page as `huewall serve` shows it: the export's templates and tiles, plus the
/// tuning controls set to `parameters`. For the same parameters the wall is the same markup
/// as an exported page's.
public enum LivePage {
  /// Renders `entries`, whose colours the live analysis filled in, under `parameters`.
  /// `thumbnails` maps image hashes to file names under `thumbs/`.
  /// `storedSets` names the sets the page offers to compare with; `token` is what the page
  /// sends with a change, to prove that the server's own page asks for it. `standIn` names
  /// the stored set whose wall `entries` are when they are not yet analysed under
  /// `parameters`: the page then asks for that analysis as soon as it opens.
  public static func render(
    entries: [ExportEntry], parameters: AnalysisParameters, preset: Preset,
    synonyms: ColorSynonyms, thumbnails: [String: String], storedSets: [String] = [],
    token: String = "", storedSet: String? = nil, standIn: String? = nil,
    overrides: [ColorOverride] = [], typical: FamilyColors? = nil, at date: Date = Date()
  ) async throws -> String {
    let side = try Side.live(entries: entries, parameters: parameters, preset: preset)
    let catalogue = WallCatalogue(
      entries: entries, parameterSet: side.set, synonyms: synonyms, overrides: overrides,
      typical: typical)
    var controls = LiveControls(
      parameters: parameters, preset: preset, sets: storedSets, token: token)
    controls.storedSet = storedSet
    controls.standIn = standIn
    return try await PreviewPage(thumbnails: thumbnails, live: controls)
      .render(catalogue, generatedAt: date)
  }

  /// The rule a parameter set's name follows: the page shows it before Save, the server's
  /// refusal repeats it.
  public static let setNameRule = "1 to 64 letters, digits, dots, dashes or underscores"

  /// The hash a parameter set of `parameters` has: what the live page's header names.
  public static func hash(of parameters: AnalysisParameters) throws -> String {
    ParameterSetRecord.hash(ofCanonicalJSON: try ParameterSetRecord.canonicalJSON(for: parameters))
  }
}

extension LivePage {
  /// The Content-Security-Policy that a rendered page declares in its `<meta>` element, for
  /// the server to send as a header too (a header can also forbid framing, which a `<meta>`
  /// policy cannot); nil if the page declares none.
  public static func contentSecurityPolicy(ofPage html: String) -> String? {
    let marker = #"<meta http-equiv="Content-Security-Policy" content=""#
    guard let start = html.range(of: marker)?.upperBound,
      let end = html[start...].firstIndex(of: "\"")
    else { return nil }
    return html[start..<end]
      .replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&quot;", with: "\"")
      .replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  /// One side of a comparison on the server: entries with their colours (from the store or
  /// the live analysis) and what to call the set.
  public struct Side: Sendable {
    public var entries: [ExportEntry]
    public var set: ParameterSetRecord

    public init(entries: [ExportEntry], set: ParameterSetRecord) {
      self.entries = entries
      self.set = set
    }

    /// The live parameters as a side: named "live", with their hash.
    public static func live(
      entries: [ExportEntry], parameters: AnalysisParameters, preset: Preset
    ) throws -> Side {
      let json = try ParameterSetRecord.canonicalJSON(for: parameters)
      return Side(
        entries: entries,
        set: ParameterSetRecord(
          id: 0, name: "live", isAutoNamed: true, parameters: parameters, parametersJSON: json,
          hash: ParameterSetRecord.hash(ofCanonicalJSON: json), preset: preset.rawValue,
          createdAt: Date()))
    }
  }

  /// The page comparing `a` with `b`, as `huewall export --compare` writes it, with a link
  /// back to the live wall.
  /// People's decisions (`overrides`) apply on both sides, as on the live wall and in every
  /// export; `typical` as in ``render(entries:parameters:preset:synonyms:thumbnails:storedSets:token:storedSet:overrides:typical:at:)``.
  public static func renderComparison(
    _ a: Side, _ b: Side, synonyms: ColorSynonyms, overrides: [ColorOverride] = [],
    typical: FamilyColors? = nil, thumbnails: [String: String],
    backLink: String, at date: Date = Date()
  ) async throws -> String {
    try await ComparePage(thumbnails: thumbnails, backLink: backLink).render(
      WallCatalogue(
        entries: a.entries, parameterSet: a.set, synonyms: synonyms, overrides: overrides,
        typical: typical),
      WallCatalogue(
        entries: b.entries, parameterSet: b.set, synonyms: synonyms, overrides: overrides,
        typical: typical),
      generatedAt: date
    ).html
  }

  /// The ids of the products `entries` puts on the wall under `preset`, in gradient order:
  /// the order the live page moves its tiles into after a change.
  public static func order(
    entries: [ExportEntry], preset: Preset, synonyms: ColorSynonyms,
    overrides: [ColorOverride] = []
  ) -> [String] {
    WallCatalogue.order(
      entries: entries, preset: preset.rawValue, synonyms: synonyms, overrides: overrides)
  }

  /// The wall `entries` make under `preset` with people's decisions applied: its order, and the
  /// products `huewall review` would list for it (the live page's "needs review" filter).
  /// `calibration` is what the shop's vendor colours taught the tiles already sent, so that
  /// the wall files products as they were shown.
  public static func wall(
    entries: [ExportEntry], preset: Preset, synonyms: ColorSynonyms, overrides: [ColorOverride],
    typical: FamilyColors? = nil, calibration: FamilyCalibration? = nil
  ) throws -> (order: [String], review: Set<String>, reasons: [String: [String]]) {
    let set = try Side.live(entries: [], parameters: AnalysisParameters(), preset: preset).set
    let catalogue = WallCatalogue(
      entries: entries, parameterSet: set, synonyms: synonyms, overrides: overrides,
      typical: typical, calibration: calibration)
    let items = ReviewQueue.items(catalogue.placed.map(\.product))
    return (
      catalogue.placed.map(\.product.id), Set(items.map(\.product.id)),
      Dictionary(
        items.map { ($0.product.id, $0.reasons.map(\.rawValue)) },
        uniquingKeysWith: { first, _ in first })
    )
  }

  /// Why `huewall review` would list each product of the wall `entries` make (the reasons'
  /// words, most important first); products it would not list are absent.
  public static func reviewReasons(
    entries: [ExportEntry], preset: Preset, synonyms: ColorSynonyms, overrides: [ColorOverride],
    typical: FamilyColors? = nil, calibration: FamilyCalibration? = nil
  ) throws -> [String: [String]] {
    try wall(
      entries: entries, preset: preset, synonyms: synonyms, overrides: overrides,
      typical: typical, calibration: calibration
    ).reasons
  }

  /// A live analysis's colours and family with a person's decision applied, as every export
  /// applies it; `decided` is false when there is none or the image changed since.
  /// `typical` gives a family's typical colour in the catalogue, for a decision without a hex
  /// on a product with no colour of that family (``ColorDecision/apply(_:to:typical:)``).
  public static func decided(
    colors: [StoredColor], family: ColorFamily?, images: [String], by override: ColorOverride?,
    typical: FamilyColors? = nil
  ) -> (colors: [StoredColor], family: ColorFamily?, decided: Bool) {
    guard let override, override.holds(forImages: images), !colors.isEmpty else {
      return (colors, family, false)
    }
    return (
      ColorDecision.apply(override, to: colors, typical: typical), override.family, true
    )
  }
}

/// The controls of the live page: one per parameter, set to the values shown.
struct LiveControls: MustacheParent {
  struct Choice: MustacheParent {
    var name: String
    var selected: Bool
    func child(named key: String) -> Any? {
      switch key {
      case "name": name
      case "selected": selected
      default: nil
      }
    }
  }

  struct Number: MustacheParent {
    var name, label, min, max, step, value: String
    /// One line in plain language: the control's tooltip.
    var help = ""
    /// The heading the control sits under.
    var group = AnalysisStep.Group.advanced
    /// A change costs a decode of every image, not the kernel alone: the page says so.
    var slow = false
    func child(named key: String) -> Any? {
      switch key {
      case "help": help
      case "slow": slow
      case "name": name
      case "label": label
      case "min": min
      case "max": max
      case "step": step
      case "value": value
      default: nil
      }
    }
  }

  struct Toggle: MustacheParent {
    var name, label, help: String
    var on: Bool
    func child(named key: String) -> Any? {
      switch key {
      case "name": name
      case "label": label
      case "help": help
      case "on": on
      default: nil
      }
    }
  }

  /// A control in a merchandiser's words, for what it does to the wall: it drives one
  /// parameter's control under Advanced (`drives`, its name), which the page keeps in step.
  struct Simple: MustacheParent {
    var drives, label, help: String
    /// A switch; else a slider from `min` to `max`.
    var toggle: Bool
    var on = false
    var min = "", max = "", step = "", value = ""
    /// The words at the slider's ends, when its label alone does not say which way is which.
    var low: String? = nil
    var high: String? = nil
    func child(named key: String) -> Any? {
      switch key {
      case "drives": drives
      case "label": label
      case "help": help
      case "toggle": toggle
      case "on": on
      case "min": min
      case "max": max
      case "step": step
      case "value": value
      case "low": low
      case "high": high
      default: nil
      }
    }
  }

  /// The numbers and the steps' switches under one heading of ``AnalysisStep/Group``.
  struct StepGroup: MustacheParent {
    var heading: String
    var numbers: [Number] = []
    var toggles: [Toggle]
    func child(named key: String) -> Any? {
      switch key {
      case "heading": heading
      case "numbers": numbers
      case "toggles": toggles
      default: nil
      }
    }
  }

  var presets: [Choice]
  var numbers: [Number]
  /// The few controls a merchandiser needs, shown first; the rest sit under Advanced.
  var simple: [Simple]
  var stepGroups: [StepGroup]
  /// Stored parameter sets, to compare the live one with.
  var sets: [String]
  /// The server's token, sent back with every change the page asks for.
  var token: String
  /// The stored set whose analyses the wall shows, when the page was rendered from the store
  /// rather than analysed live (the page then re-analyses behind it).
  var storedSet: String? = nil
  /// The stored set whose wall stands in while the page's own parameters, which no set has,
  /// are analysed (a shared link): the page asks for that analysis as it opens.
  var standIn: String? = nil

  init(parameters p: AnalysisParameters, preset: Preset, sets: [String], token: String) {
    self.sets = sets
    self.token = token
    presets = Preset.allCases.map { Choice(name: $0.rawValue, selected: $0 == preset) }
    func number(
      _ key: ParameterOverrides.CodingKeys, _ label: String, _ value: Any,
      min: String, max: String, step: String, group: AnalysisStep.Group, help: String
    ) -> Number {
      Number(
        name: key.rawValue, label: label, min: min, max: max, step: step, value: "\(value)",
        help: help, group: group)
    }
    // The sliders' ranges are what tuning needs; any value the kernel accepts can still come
    // in the address.
    let numbers: [Number] = [
      number(
        .numColors, "colours", p.numColors, min: "1", max: "10", step: "1", group: .colours,
        help: "How many colours each product lists, most of the picture first"),
      number(
        .mergeDistance, "merge ΔE", p.mergeDistance, min: "0", max: "40", step: "1",
        group: .colours,
        help: "Colours closer than this count as one colour: 0 keeps every shade apart, "
          + "about 10 merges shades a shopper would call the same"),
      number(
        .hueSampleSize, "hue step", p.hueSampleSize, min: "0.01", max: "0.5", step: "0.01",
        group: .colours,
        help: "How finely hues are told apart: smaller keeps near hues (teal and blue) apart, "
          + "larger puts them together"),
      number(
        .svSampleSize, "s/v step", p.svSampleSize, min: "0.01", max: "0.5", step: "0.01",
        group: .advanced,
        help: "How finely strength and brightness are told apart: smaller separates pale from "
          + "vivid and light from dark shades"),
      number(
        .saturationPriority, "saturation priority", p.saturationPriority, min: "0", max: "20",
        step: "0.5", group: .advanced,
        help: "How much more a vivid pixel counts than a grey one: higher lets a small bright "
          + "part win over a large dull one"),
      {
        var granularity = number(
          .granularity, "granularity", p.granularity, min: "1", max: "20", step: "1",
          group: .advanced,
          help: "Every how many pixels the picture is sampled: larger is faster but can miss "
            + "thin parts; a change reads every picture again and takes seconds")
        granularity.slow = true
        return granularity
      }(),
      number(
        .alphaThreshold, "alpha threshold", p.alphaThreshold, min: "0", max: "127", step: "1",
        group: .advanced,
        help: "How see-through a pixel may be and still count (0 opaque only, 127 all)"),
    ]
    self.numbers = numbers
    func slider(_ key: ParameterOverrides.CodingKeys) -> Number? {
      numbers.first { $0.name == key.rawValue }
    }
    var simple = [
      Simple(
        drives: AnalysisStep.backgroundSuppression.key, label: "ignore the backdrop",
        help: "Leave the studio wall or table around the product out of its colours",
        toggle: true, on: p[.backgroundSuppression]),
      Simple(
        drives: AnalysisStep.skinSuppression.key, label: "ignore skin",
        help: "Leave a model's face, arms and legs out of the product's colours", toggle: true,
        on: p[.skinSuppression]),
    ]
    if let vivid = slider(.saturationPriority) {
      simple.append(
        Simple(
          drives: vivid.name, label: "prefer vivid colours",
          help: "Further right, a small bright part (a red logo) wins over a large dull one",
          toggle: false, min: vivid.min, max: vivid.max, step: vivid.step, value: vivid.value))
    }
    if let merge = slider(.mergeDistance) {
      simple.append(
        Simple(
          drives: merge.name, label: "finer / coarser colours",
          help: "Finer keeps shades a shopper would tell apart; coarser puts them together as one",
          toggle: false, min: merge.min, max: merge.max, step: merge.step, value: merge.value,
          low: "finer", high: "coarser"))
    }
    if let count = slider(.numColors) {
      simple.append(
        Simple(
          drives: count.name, label: "how many colours per product",
          help: "How many colours each product lists, most of the picture first",
          toggle: false, min: count.min, max: count.max, step: count.step, value: count.value))
    }
    self.simple = simple
    stepGroups = AnalysisStep.Group.allCases.map { group in
      StepGroup(
        heading: group.heading, numbers: numbers.filter { $0.group == group },
        toggles: AnalysisStep.allCases.filter { $0.group == group }.map { step in
          Toggle(
            name: step.key, label: step.name, help: step.help, on: p[step])
        })
    }
  }

  func child(named key: String) -> Any? {
    switch key {
    case "presets": presets
    case "numbers": numbers
    case "simple": simple
    case "stepGroups": stepGroups
    case "sets": sets
    case "hasSets": !sets.isEmpty
    case "token": token
    case "storedSet": storedSet
    case "standIn": standIn
    case "nameRule": LivePage.setNameRule
    case "families": ColorFamily.allCases.map(\.rawValue).joined(separator: " ")
    default: nil
    }
  }
}
