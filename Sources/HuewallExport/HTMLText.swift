import Mustache

/// Escaping for text and quoted attribute values in HTML.
///
/// `&`, `<`, `>`, `"` and `'` become character references. The work is done on Unicode
/// scalars, not characters: a quote followed by a combining mark is one `Character` in Swift,
/// and an escaper that compares characters lets that quote through into an attribute. Control
/// characters (other than tab, line feed and carriage return) and noncharacters become U+FFFD,
/// so that a feed cannot put a NUL or a stray C1 control into the page.
public enum HTMLText {
  public static func escape(_ text: String) -> String {
    var needsWork = false
    for byte in text.utf8 {
      switch byte {
      case 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F, 0x7F, 0xC2, 0xEF,
        0xF0...0xF4:
        needsWork = true
      default: continue
      }
      if needsWork { break }
    }
    guard needsWork else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out.append(contentsOf: "&amp;".unicodeScalars)
      case "<": out.append(contentsOf: "&lt;".unicodeScalars)
      case ">": out.append(contentsOf: "&gt;".unicodeScalars)
      case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
      case "'": out.append(contentsOf: "&#39;".unicodeScalars)
      case "\t", "\n", "\r": out.append(scalar)
      default:
        let value = scalar.value
        let control = value < 0x20 || (0x7F...0x9F).contains(value)
        let nonCharacter = (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
        out.append(control || nonCharacter ? "\u{FFFD}" : scalar)
      }
    }
    return String(out)
  }

  /// The mustache content type Huewall's templates declare with
  /// `{{% CONTENT_TYPE: HUEWALL_HTML}}`: `{{name}}` is escaped with ``escape(_:)``.
  static let contentTypeName = "HUEWALL_HTML"

  static let registerContentType: Void = {
    MustacheContentTypes.register(ContentType(), named: contentTypeName)
  }()

  private struct ContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { HTMLText.escape(text) }
  }
}
