import Foundation
public import HuewallColorWords
import HuewallCore
public import HuewallStore

/// How a person's decision (``ColorOverride``) becomes a product's colours in every export.
///
/// The decided colour goes first, so that everything that reads a product's first colour (the
/// gradient order, the tile's swatch, the Merchant and Shopify write-backs) follows the person
/// rather than the analysis; the analysis's other colours stay after it as evidence.
public enum ColorDecision {
  /// `colors` (an analysis, heaviest first) with `override` applied:
  /// - with a hex: that colour first, in the decided family, taking the share of the analysis's
  ///   colours of that family (which it replaces), or the top colour's share when the analysis
  ///   found none of it;
  /// - without one: the product's own colour nearest the decided family (``ownColor(in:of:)``)
  ///   first, renamed to it: a lavender filed blue and decided purple stays lavender. Only when
  ///   the photo holds nothing near the family does a stand-in come first: the family's typical
  ///   colour in this catalogue (`typical`, see ``FamilyColors``), or, in a catalogue without
  ///   any colour of that family, the family's swatch (``ColorFamily/swatch``);
  /// - `multicolour`: the analysis's colours as they are.
  ///
  /// A colour put first that the analysis did not measure takes the top colour's share (at most
  /// half of the colours' total, so that the analysis's colours stay in sight), and the others
  /// give up theirs in proportion, so that the shares add up as the analysis's did.
  public static func apply(
    _ override: ColorOverride, to colors: [StoredColor], typical: FamilyColors? = nil
  ) -> [StoredColor] {
    let family = override.family
    guard family != .multicolour else { return colors }
    let same = colors.filter { $0.family == family }
    let others = colors.filter { $0.family != family }
    if let hex = override.hex, let decided = color(hex: hex, family: family) {
      var decided = decided
      decided.weight = same.reduce(0) { $0 + $1.weight }
      let share = same.reduce(0) { $0 + $1.share }
      if share > 0 {
        decided.share = share
        return [decided] + others
      }
      return leading(decided, before: colors)
    }
    if let index = ownColor(in: colors, of: family) {
      var own = colors
      var first = own.remove(at: index)
      first.family = family
      return [first] + own
    }
    guard
      let first = typical?.typical(of: family)
        ?? family.swatch.flatMap({ color(hex: $0, family: family) })
    else { return colors }
    return leading(first, before: colors)
  }

  /// Whether applying `override` to `colors` shows a stand-in rather than the product's own
  /// colour: no hex, and the photo holds no colour near the decided family. The catalogue's
  /// typical colour of the family is then needed.
  public static func needsTypical(_ override: ColorOverride, colors: [StoredColor]) -> Bool {
    override.hex == nil && override.family != .multicolour
      && ownColor(in: colors, of: override.family) == nil
  }

  /// The index of the colour of `colors` a decision of `family` without a hex shows: the one
  /// nearest the family in CIELAB (``FamilyRegions/distance(ofHex:to:)``; a colour the
  /// analysis filed in it is at 0), the largest share on ties; nil when none lies within
  /// ``FamilyRegions/near``.
  public static func ownColor(in colors: [StoredColor], of family: ColorFamily) -> Int? {
    var best: (index: Int, distance: Double, share: Double)?
    for (index, color) in colors.enumerated() {
      let distance =
        color.family == family ? 0 : FamilyRegions.distance(ofHex: color.hex, to: family)
      guard distance <= FamilyRegions.near else { continue }
      if let current = best,
        current.distance < distance
          || (current.distance == distance && current.share >= color.share)
      {
        continue
      }
      best = (index, distance, color.share)
    }
    return best?.index
  }

  /// `first` before `colors`, with the top colour's share but at most half of their total; the
  /// others scaled so that the shares' sum stays what it was.
  static func leading(_ first: StoredColor, before colors: [StoredColor]) -> [StoredColor] {
    var first = first
    first.weight = 0
    let total = colors.reduce(0) { $0 + $1.share }
    guard let top = colors.first?.share, total > 0 else {
      first.share = 1
      return [first]
    }
    first.share = min(top, total / 2)
    let scale = max(0, total - first.share) / total
    return [first]
      + colors.map { color in
        var color = color
        color.share *= scale
        return color
      }
  }

  /// A stored colour for `#rrggbb` in `family`: its h, s, v as the kernel computes them.
  static func color(hex: String, family: ColorFamily) -> StoredColor? {
    guard let rgb = NamedColourTable.rgb(hex: hex) else { return nil }
    let hsv = referenceHSV(red: Int(rgb.r), green: Int(rgb.g), blue: Int(rgb.b))
    // A neutral colour has hue 0, as under the product preset's neutral greys.
    let h = hsv.s < 0.1 ? 0 : hsv.h
    return StoredColor(
      h: h, s: hsv.s, v: hsv.v, hex: hex.lowercased(), share: 0, weight: 0, family: family)
  }
}

/// The analysed colours of a catalogue by family, for the typical colour of each: what a
/// decision without a hex shows when the product itself has no colour of the decided family.
///
/// The typical colour is the catalogue's own colour of the family nearest (ΔE₀₀) to the
/// median of the family's colours in CIELAB, channel by channel: a colour some product has,
/// in the middle of the family as this catalogue shows it.
public struct FamilyColors: Sendable {
  private var colors: [ColorFamily: [(color: StoredColor, lab: Lab)]] = [:]
  private var resolved: [ColorFamily: StoredColor] = [:]
  private var isResolved = false

  public init() {}

  /// The colours of every entry of `entries` (as analysed, before any decision).
  public init(entries: [ExportEntry]) {
    for entry in entries where !entry.isRemoved { add(entry.colors ?? []) }
    resolve()
  }

  /// Takes in one product's analysed colours.
  public mutating func add(_ colors: [StoredColor]) {
    isResolved = false
    for color in colors where color.family != .multicolour {
      guard let rgb = NamedColourTable.rgb(hex: color.hex) else { continue }
      self.colors[color.family, default: []].append((color, Lab(r: rgb.r, g: rgb.g, b: rgb.b)))
    }
  }

  /// Computes every family's typical colour once, for ``typical(of:)``.
  public mutating func resolve() {
    resolved = [:]
    for (family, samples) in colors where !samples.isEmpty {
      func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
      }
      let centre = Lab(
        l: median(samples.map(\.lab.l)), a: median(samples.map(\.lab.a)),
        b: median(samples.map(\.lab.b)))
      // Ties go to the smallest hex, so that the choice does not depend on the order read.
      let nearest = samples.min {
        let (x, y) = (Lab.deltaE2000($0.lab, centre), Lab.deltaE2000($1.lab, centre))
        return x != y ? x < y : $0.color.hex < $1.color.hex
      }!
      var typical = nearest.color
      (typical.share, typical.weight) = (0, 0)
      resolved[family] = typical
    }
    isResolved = true
  }

  /// The typical colour of `family` in the catalogue, nil when it has no colour of it (or
  /// ``resolve()`` has not run since the last ``add(_:)``).
  public func typical(of family: ColorFamily) -> StoredColor? {
    isResolved ? resolved[family] : nil
  }
}

/// Where each colour family lies in CIELAB, for how near a colour is to a family it was not
/// filed in: the colours of an sRGB grid (every 15th level of each channel), each filed by the
/// shopper boundaries as drawn (``ShopperBoundaries/drawn``).
public enum FamilyRegions {
  /// A colour within this CIE76 ΔE of a family's region is near it: a person deciding that
  /// family sees their product's colour there. Chosen by hand, not on labelled photos: about
  /// the distance between two neighbouring named shades of one family (lavender and lilac,
  /// royal and cornflower blue), so that a colour two names away stays outside.
  public static let near = 20.0

  /// The grid's colours of each family, in CIELAB.
  static let regions: [ColorFamily: [Lab]] = {
    var regions: [ColorFamily: [Lab]] = [:]
    let levels = Array(stride(from: 0, through: 255, by: 15))
    for r in levels {
      for g in levels {
        for b in levels {
          let hsv = referenceHSV(red: r, green: g, blue: b)
          let family = ColorFamily(h: hsv.h, s: hsv.s, v: hsv.v, shopper: .drawn)
          regions[family, default: []].append(
            Lab(r: UInt8(r), g: UInt8(g), b: UInt8(b)))
        }
      }
    }
    return regions
  }()

  /// The CIE76 ΔE from `hex` to the nearest colour of `family`'s region; infinity for a hex
  /// that cannot be read or a family without a region (multicolour).
  public static func distance(ofHex hex: String, to family: ColorFamily) -> Double {
    guard let rgb = NamedColourTable.rgb(hex: hex), let region = regions[family] else {
      return .infinity
    }
    if Self.family(ofHex: hex, regions: .shopper) == family { return 0 }
    let lab = Lab(r: rgb.r, g: rgb.g, b: rgb.b)
    var nearest = Double.infinity
    for point in region { nearest = min(nearest, lab.distanceSquared(to: point)) }
    return nearest.squareRoot()
  }

  /// The family the hex alone is filed in (the boundaries `regions` draw), for the details'
  /// account of a colour filed otherwise by more than its hex.
  public static func family(ofHex hex: String, regions: ColorFamily.Regions) -> ColorFamily? {
    guard let rgb = NamedColourTable.rgb(hex: hex) else { return nil }
    let hsv = referenceHSV(red: Int(rgb.r), green: Int(rgb.g), blue: Int(rgb.b))
    return ColorFamily(h: hsv.h, s: hsv.s, v: hsv.v, regions: regions)
  }
}

extension ColorsDocument.ExportedProduct {
  /// Gives every colour its CSS name and the shop's name of its family.
  mutating func name(with namer: ColorNamer, synonyms: ColorSynonyms) {
    for index in colors.indices {
      colors[index].name = namer.name(ofHex: colors[index].hex)
      colors[index].shopName = synonyms.shopName(of: colors[index].family)
    }
  }

  /// Records `override`; `holds` says whether it decided the colours (the image is the one
  /// the person saw); `analysed`, the colours before the decision, whether a stand-in shows.
  mutating func decide(
    _ override: ColorOverride, holds: Bool, namer: ColorNamer, analysed: [StoredColor]? = nil
  ) {
    decidedBy = holds ? ColorsDocument.DecidedBy.override : ColorsDocument.DecidedBy.analysis
    self.override = ColorsDocument.OverrideSummary(
      family: override.family, hex: override.hex,
      name: override.hex.flatMap(namer.name(ofHex:)), note: override.note,
      decidedAt: override.decidedAt, current: holds)
    if holds, let analysed, ColorDecision.needsTypical(override, colors: analysed) {
      self.override?.standIn = true
    }
  }
}
