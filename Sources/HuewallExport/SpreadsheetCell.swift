/// The CSV cell rule: what every CSV and TSV Huewall writes (`colors.csv`,
/// `shopify-metafields.csv`, `merchant-supplemental.tsv`) does to a value that a spreadsheet
/// would run as a formula, such as a title `=HYPERLINK(…)` or a brand `@SUM(A1:A9)`.
///
/// A value that begins with `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP's list, and
/// the full-width `＝`, `＋`, `－` and `＠`, which some spreadsheets read alike) gets a leading
/// apostrophe: a spreadsheet shows it as text and runs nothing (``inert(_:)``).
///
/// A value that a shop matches byte for byte (Merchant's `id`, Shopify's `Handle`, and
/// Shopify's `Title`, which its import writes back over the product's) cannot take the
/// apostrophe: the shop would look for `'+1-2` and match nothing, or rename the product. Such
/// a value is written exactly when no spreadsheet can run it (``exact(_:)``): it does not
/// begin a formula, or it holds nothing but letters, digits, spaces and `-`, `+`, `_`, `.`, so
/// that a spreadsheet reads it at most as a number or a sum (`+1-2` shows as -1), never as a
/// function, a link or a command. Any other such value leaves its row out of the file, and the
/// export names the product; the Merchant XML and the Shopify JSON lines, which no
/// spreadsheet runs, still carry it. Quoting does not help: a spreadsheet runs `"=1+2"` too.
/// Merchant's supplemental TSV is stricter: it may be read from a Google Sheet, where a sum
/// changes the id, so an id that begins a formula at all stays out of it (``startsFormula(_:)``).
public enum SpreadsheetCell {
  /// The characters that start a formula when a cell begins with them.
  public static let formulaStarts: Set<Unicode.Scalar> = [
    "=", "+", "-", "@", "\t", "\r", "\u{FF1D}", "\u{FF0B}", "\u{FF0D}", "\u{FF20}",
  ]

  /// Whether a spreadsheet reads `text` as a formula: it begins with one of ``formulaStarts``.
  public static func startsFormula(_ text: String) -> Bool {
    text.unicodeScalars.first.map(formulaStarts.contains) ?? false
  }

  /// `text` as a cell a spreadsheet shows and never runs: with a leading apostrophe when it
  /// begins a formula, else unchanged.
  public static func inert(_ text: String) -> String {
    startsFormula(text) ? "'" + text : text
  }

  /// `text` unchanged when a spreadsheet cannot run it as a function, a link or a command:
  /// it does not begin a formula, or it holds only letters, digits, spaces and `-+_.`; else
  /// nil, and the row that needs it exactly is left out.
  public static func exact(_ text: String) -> String? {
    guard startsFormula(text) else { return text }
    let plain = text.unicodeScalars.allSatisfy { scalar in
      scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
        || [" ", "-", "+", "_", "."].contains(scalar)
    }
    return plain ? text : nil
  }
}
