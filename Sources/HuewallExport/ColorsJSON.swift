public import Foundation
import HuewallColorWords
import HuewallCore

extension ColorsDocument {
  /// Stable JSON: sorted keys, ISO 8601 dates, one product per line, so that two exports of
  /// the same data diff only where the data does (and a line-oriented tool can read it).
  /// Written by hand: a `JSONEncoder` takes seconds for a hundred thousand products.
  public func encoded() throws -> Data {
    var out = "{\n  \"generatedAt\": "
    JSONValue.appendQuoted(generatedAt.formatted(.iso8601), to: &out)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let values = String(decoding: try encoder.encode(parameters.values), as: UTF8.self)
    out += ",\n  \"parameters\": {\"hash\": "
    JSONValue.appendQuoted(parameters.hash, to: &out)
    out += ", \"name\": "
    JSONValue.appendQuoted(parameters.name, to: &out)
    out += ", \"preset\": "
    JSONValue.appendQuoted(parameters.preset, to: &out)
    out += ", \"values\": \(values)},\n  \"products\": ["
    out.reserveCapacity(products.count * 600)
    for (index, product) in products.enumerated() {
      out += index == 0 ? "\n    " : ",\n    "
      product.write(to: &out)
    }
    out += products.isEmpty ? "],\n  \"unplaced\": [" : "\n  ],\n  \"unplaced\": ["
    for (index, product) in unplaced.enumerated() {
      out += index == 0 ? "\n    {\"brand\": " : ",\n    {\"brand\": "
      Self.append(product.brand, to: &out)
      out += ", \"id\": "
      JSONValue.appendQuoted(product.id, to: &out)
      out += ", \"reason\": "
      JSONValue.appendQuoted(product.reason, to: &out)
      out += ", \"title\": "
      JSONValue.appendQuoted(product.title, to: &out)
      out += "}"
    }
    out += unplaced.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
    return Data(out.utf8)
  }

  static func append(_ text: String?, to out: inout String) {
    if let text { JSONValue.appendQuoted(text, to: &out) } else { out += "null" }
  }

  static func append(_ x: Double, to out: inout String) {
    JSONValue.appendNumber(x, to: &out)
  }
}

extension ColorsDocument.ExportedProduct {
  /// One line of `colors.json`, keys sorted.
  func write(to out: inout String) {
    out += "{\"backdrop\": "
    ColorsDocument.append(backdrop, to: &out)
    out += ", \"brand\": "
    ColorsDocument.append(brand, to: &out)
    out += ", \"colors\": ["
    for (index, color) in colors.enumerated() {
      out += index == 0 ? "{\"family\": " : ", {\"family\": "
      JSONValue.appendQuoted(color.family.rawValue, to: &out)
      out += ", \"h\": "
      ColorsDocument.append(color.h, to: &out)
      out += ", \"hex\": "
      JSONValue.appendQuoted(color.hex, to: &out)
      out += ", \"name\": "
      ColorsDocument.append(color.name, to: &out)
      out += ", \"s\": "
      ColorsDocument.append(color.s, to: &out)
      out += ", \"share\": "
      ColorsDocument.append(color.share, to: &out)
      out += ", \"shopName\": "
      ColorsDocument.append(color.shopName, to: &out)
      out += ", \"v\": "
      ColorsDocument.append(color.v, to: &out)
      out += "}"
    }
    out += "], \"confidence\": "
    if let confidence { ColorsDocument.append(confidence, to: &out) } else { out += "null" }
    out += ", \"decidedBy\": "
    JSONValue.appendQuoted(decidedBy.rawValue, to: &out)
    out += ", \"disagreement\": "
    out += disagreement ? "true" : "false"
    out += ", \"family\": "
    ColorsDocument.append(family?.rawValue, to: &out)
    out += ", \"id\": "
    JSONValue.appendQuoted(id, to: &out)
    out += ", \"image\": "
    ColorsDocument.append(image, to: &out)
    out += ", \"imageIndex\": "
    out += imageIndex.map(String.init) ?? "null"
    out += ", \"imageUrl\": "
    ColorsDocument.append(imageUrl, to: &out)
    out += ", \"items\": ["
    for (index, item) in items.enumerated() {
      out += index == 0 ? "{\"id\": " : ", {\"id\": "
      JSONValue.appendQuoted(item.id, to: &out)
      out += ", \"size\": "
      ColorsDocument.append(item.size, to: &out)
      if let color = item.vendorColor {
        // An item of another colour than the tile's (one photo for several colours).
        out += ", \"vendorColor\": "
        JSONValue.appendQuoted(color, to: &out)
      }
      out += "}"
    }
    out += "]"
    out += ", \"link\": "
    ColorsDocument.append(link, to: &out)
    out += ", \"override\": "
    if let override { override.write(to: &out) } else { out += "null" }
    out += ", \"position\": \(position), \"secondFamily\": "
    ColorsDocument.append(secondFamily?.rawValue, to: &out)
    out += ", \"title\": "
    JSONValue.appendQuoted(title, to: &out)
    out += ", \"vendorColor\": "
    ColorsDocument.append(vendorColor, to: &out)
    out += ", \"vendorFamily\": "
    ColorsDocument.append(vendorFamily?.rawValue, to: &out)
    out += "}"
  }
}

extension ColorsDocument.OverrideSummary {
  /// As `colors.json` writes it, keys sorted.
  func write(to out: inout String) {
    out += "{\"current\": "
    out += current ? "true" : "false"
    out += ", \"decidedAt\": "
    JSONValue.appendQuoted(decidedAt.formatted(.iso8601), to: &out)
    out += ", \"family\": "
    JSONValue.appendQuoted(family.rawValue, to: &out)
    out += ", \"hex\": "
    ColorsDocument.append(hex, to: &out)
    out += ", \"name\": "
    ColorsDocument.append(name, to: &out)
    out += ", \"note\": "
    ColorsDocument.append(note, to: &out)
    if standIn == true { out += ", \"standIn\": true" }
    out += "}"
  }
}
