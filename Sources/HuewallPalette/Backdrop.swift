import HuewallColorWords

/// What an analysis took for the image's backdrop, reported apart from the product's colours:
/// a shopper filtering by colour must never get the backdrop.
public enum Backdrop: Sendable, Hashable {
  /// Not looked for: background suppression is off (as in the `reference` preset).
  case unknown
  /// Most of the border is transparent: a cut-out, whose backdrop alpha already skips.
  case transparent
  /// The border is not one colour: a room, a street or a model, nothing to skip.
  case scene
  /// A uniform backdrop that background suppression skipped: the median colour of the
  /// image's border, with its hue, saturation and value (0…1, to three places).
  case color(h: Double, s: Double, v: Double, hex: String)

  /// The backdrop of the colour `red`, `green`, `blue` (0…255).
  init(red: Int, green: Int, blue: Int) {
    let hsv = referenceHSV(red: red, green: green, blue: blue)
    func rounded(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }
    let hex =
      "#"
      + [red, green, blue].map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
      }.joined()
    self = .color(
      h: rounded(hsv.h).truncatingRemainder(dividingBy: 1), s: rounded(hsv.s), v: rounded(hsv.v),
      hex: hex)
  }

  /// As a catalogue keeps it: `#rrggbb`, `transparent` or `scene`; nil when unknown.
  public var stored: String? {
    switch self {
    case .unknown: nil
    case .transparent: "transparent"
    case .scene: "scene"
    case .color(_, _, _, let hex): hex
    }
  }

  /// A uniform backdrop was found (and its samples skipped).
  var isColor: Bool {
    if case .color = self { return true }
    return false
  }
}
