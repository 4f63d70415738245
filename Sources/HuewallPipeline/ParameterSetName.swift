import HuewallExport

/// The one rule for a parameter set's name, checked wherever a name enters: `analyze --name`,
/// `export --params` and `--compare`, and Save on the live page. A name becomes part of a
/// folder's name (`out-NAME`), so it is plain letters, digits, dots, dashes and underscores,
/// never starting with a dot: it can neither climb out of that folder nor hide in it.
public enum ParameterSetName {
  /// Whether `name` follows the rule (``HuewallExport/LivePage/setNameRule``).
  public static func isUsable(_ name: String) -> Bool {
    (1...64).contains(name.utf8.count)
      && name.utf8.allSatisfy {
        (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0)
          || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
      } && name.first != "."
  }

  /// What is wrong with `name` as given to `option`, or nil when it follows the rule.
  public static func problem(_ name: String, option: String) -> String? {
    guard !isUsable(name) else { return nil }
    return "\(option) \"\(TerminalText.escaped(name))\" is not a parameter set name: "
      + "a name is \(LivePage.setNameRule), not starting with a dot"
  }
}
