/// A colour near a family boundary belongs to two families in shoppers' words: a salmon shirt is
/// pink to one shop and orange to another, a muted olive is green to one and grey to the next.
/// The second family is the other side of the nearest boundary; the product keeps its family
/// (and its place on the wall), and the page's family filter and search find it under both.
extension ColorFamily {
  /// How far along hue, either way, the second family is looked for. Chosen without labels:
  /// a reach in whole degrees at which the 650 labelled photos of `../shared/realphotos` and
  /// `../shared/shopphotos` get a second family on under a quarter of the products: 2° gives
  /// 23.4 %, 3° 25.4 %. Families named from a colour's samples' mean keep their box family as
  /// the second (1° gives 19.8 %, and loses the coral and the amber of
  /// `TenSourceEvaluationTests`); `scripts/refit-second-family-reach` prints every reach.
  public static let secondFamilyReach = 2.0

  /// The families a family's colour may lie beside without being also that family: a material
  /// is no boundary between colours. Silver is a metal's family, not a shade beside grey (a
  /// light grey whose product shows no metal is grey whatever its colour's box says); nor is
  /// the light a metal shows a second family of the metal (a gold ring is not also white).
  static let notSecond: [ColorFamily: Set<ColorFamily>] = [
    .grey: [.silver],
    .silver: [.white, .grey, .beige],
    .gold: [.white, .grey, .silver, .beige],
  ]

  /// The second family of a product filed as `family` whose top colour is h (turns), s and v
  /// (0…1) as the kernel reports and the catalogue stores it: the family that colour has by the
  /// shopper boundaries when that is not `family` (the analysis filed it by finer measures, its
  /// mean saturation, its lit side or its samples' mean colour, so it lies near a line), else the
  /// family a step of ``secondFamilyReach`` (or `reach`, in degrees) along hue gives when that
  /// differs; nil for a colour inside its family and for multicolour.
  public static func second(
    of family: ColorFamily, h: Double, s: Double, v: Double, reach: Double = secondFamilyReach
  ) -> ColorFamily? {
    guard family != .multicolour else { return nil }
    func isSecond(_ other: ColorFamily) -> Bool {
      other != family && !(notSecond[family]?.contains(other) ?? false)
    }
    let own = ColorFamily(h: h, s: s, v: v, shopper: .drawn)
    if isSecond(own) { return own }
    for degrees in [-reach, reach] where reach > 0 {
      let nearby = ColorFamily(h: h + degrees / 360, s: s, v: v, shopper: .drawn)
      if isSecond(nearby) { return nearby }
    }
    return nil
  }
}
