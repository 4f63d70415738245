import Foundation
import HuewallCore

/// Renders `tile.mustache` for every product, fast: the template is read into a few parts
/// once (text, `{{name}}`, `{{{name}}}`, `{{#name}}…{{/name}}`, `{{^name}}…{{/name}}`,
/// `{{.}}`, pragmas and comments) and each tile is written by walking them, on every core.
///
/// swift-mustache renders the rest of the page; for a hundred thousand tiles its general
/// machinery (a context stack and a lookup per name) takes seconds. The two give the same
/// text for the same template and values (PreviewPageTests checks it on hostile input); a
/// template that uses anything else (partials, dotted names, lambdas) is rendered by
/// swift-mustache instead.
struct TileRenderer: Sendable {
  indirect enum Part: Sendable {
    case text(String)
    case value(String, escaped: Bool)
    case section(String, inverted: Bool, [Part])
  }

  let parts: [Part]

  /// Nil when the template uses something this renderer does not do.
  init?(template: String) {
    var scanner = Scanner(text: template)
    guard let parts = scanner.parts(until: nil) else { return nil }
    self.parts = parts
  }

  func render(_ tile: Tile, into out: inout String) {
    Self.render(parts, tile: tile, current: nil, into: &out)
  }

  /// Every tile, in order; the work is split over the cores.
  func render(_ tiles: [Tile]) async -> String {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    var pieces: [String] = []
    try? await forEachConcurrently(
      chunkRanges(count: tiles.count, pieces: max(1, min(cores * 4, tiles.count / 500))),
      width: cores, inOrder: true
    ) { range in
      var out = ""
      out.reserveCapacity(range.count * 700)
      for tile in tiles[range] { render(tile, into: &out) }
      return out
    } consume: {
      pieces.append($0)
    }
    return pieces.joined()
  }

  private static func render(_ parts: [Part], tile: Tile, current: Any?, into out: inout String) {
    for part in parts {
      switch part {
      case .text(let text):
        out += text
      case .value(let name, let escaped):
        guard let value = lookup(name, tile: tile, current: current) else { continue }
        let text = describe(value)
        out += escaped ? HTMLText.escape(text) : text
      case .section(let name, let inverted, let inner):
        let value = lookup(name, tile: tile, current: current)
        let truthy: Bool =
          switch value {
          case nil: false
          case let flag as Bool: flag
          case let list as [String]: !list.isEmpty
          default: true
          }
        if inverted {
          if !truthy { render(inner, tile: tile, current: current, into: &out) }
        } else if truthy {
          if let list = value as? [String] {
            for item in list { render(inner, tile: tile, current: item, into: &out) }
          } else if value is Bool {
            render(inner, tile: tile, current: current, into: &out)
          } else {
            render(inner, tile: tile, current: value, into: &out)
          }
        }
      }
    }
  }

  private static func lookup(_ name: String, tile: Tile, current: Any?) -> Any? {
    if name == "." { return current ?? tile }
    return tile.child(named: name)
  }

  private static func describe(_ value: Any) -> String {
    switch value {
    case let text as String: text
    case let number as Int: String(number)
    case let flag as Bool: flag ? "true" : "false"
    default: String(describing: value)
    }
  }

  private struct Scanner {
    var text: Substring

    init(text: String) { self.text = text[...] }

    /// Parts up to `{{/closing}}` (or the end when nil); nil on anything unsupported.
    mutating func parts(until closing: String?) -> [Part]? {
      var found: [Part] = []
      while let open = text.range(of: "{{") {
        if open.lowerBound > text.startIndex {
          found.append(.text(String(text[..<open.lowerBound])))
        }
        text = text[open.upperBound...]
        let triple = text.hasPrefix("{")
        guard let close = text.range(of: triple ? "}}}" : "}}") else { return nil }
        var tag = text[text.index(text.startIndex, offsetBy: triple ? 1 : 0)..<close.lowerBound]
        text = text[close.upperBound...]
        if triple {
          found.append(.value(tag.trimmingCharacters(in: .whitespaces), escaped: false))
          continue
        }
        let sigil = tag.first
        if let sigil, "%!#^/&>=".contains(sigil) { tag = tag.dropFirst() }
        let name = tag.trimmingCharacters(in: .whitespaces)
        switch sigil {
        case "%":
          guard name.hasPrefix("CONTENT_TYPE"), name.hasSuffix(HTMLText.contentTypeName) else {
            return nil
          }
        case "!": continue
        case "#", "^":
          guard let inner = parts(until: name) else { return nil }
          found.append(.section(name, inverted: sigil == "^", inner))
        case "/":
          return name == closing ? found : nil
        case "&": found.append(.value(name, escaped: false))
        case ">", "=": return nil
        default:
          guard name == "." || !name.contains(".") else { return nil }
          found.append(.value(name, escaped: true))
        }
      }
      if !text.isEmpty { found.append(.text(String(text))) }
      text = text[text.endIndex...]
      return closing == nil ? found : nil
    }
  }
}
