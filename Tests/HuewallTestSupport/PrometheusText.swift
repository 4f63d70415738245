import Foundation

/// Prometheus' text exposition format (version 0.0.4), read by its published rules, for tests
/// of what Huewall writes for node_exporter and serves at `/metrics`.
public enum PrometheusText {
  /// One sample: a metric name, its labels and its value.
  public struct Sample: Equatable, Sendable {
    public var name: String
    public var labels: [String: String]
    public var value: Double
  }

  public struct Problem: Error, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
  }

  static let types: Set<String> = ["counter", "gauge", "histogram", "summary", "untyped"]

  /// The samples of `text`, or the first rule it breaks: names and label names of the allowed
  /// characters; label values quoted with only `\\`, `\"` and `\n` escaped; values that are
  /// floats (or NaN, +Inf, -Inf) with an optional integer timestamp; at most one HELP and one
  /// TYPE a family, TYPE before the family's first sample; each family's samples together; a
  /// histogram's samples `_bucket` (with `le`), `_sum` and `_count`, its buckets ending with
  /// `le="+Inf"` equal to the count; a counter not negative; the text ends with a newline.
  public static func parse(_ text: String) throws(Problem) -> [Sample] {
    guard text.isEmpty || text.hasSuffix("\n") else {
      throw Problem(line: 0, message: "the text does not end with a newline")
    }
    var samples: [Sample] = []
    var typeOf: [String: String] = [:]
    var helped: Set<String> = []
    var finishedFamilies: Set<String> = []
    var currentFamily: String?
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      let line = String(raw)
      if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
      if line.hasPrefix("#") {
        let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
        guard parts.count >= 3, parts[1] == "HELP" || parts[1] == "TYPE" else { continue }
        let name = String(parts[2])
        guard isMetricName(name) else {
          throw Problem(line: number, message: "invalid metric name \(name)")
        }
        if parts[1] == "HELP" {
          guard helped.insert(name).inserted else {
            throw Problem(line: number, message: "a second HELP for \(name)")
          }
        } else {
          guard parts.count == 4, types.contains(String(parts[3])) else {
            throw Problem(line: number, message: "TYPE of \(name) is not one of \(types.sorted())")
          }
          guard typeOf[name] == nil else {
            throw Problem(line: number, message: "a second TYPE for \(name)")
          }
          guard !samples.contains(where: { Self.family(of: $0.name, typeOf: typeOf) == name })
          else {
            throw Problem(line: number, message: "TYPE of \(name) after its samples")
          }
          typeOf[name] = String(parts[3])
        }
        continue
      }
      let sample = try parseSample(line, number: number)
      let family = Self.family(of: sample.name, typeOf: typeOf)
      if family != currentFamily {
        if let currentFamily { finishedFamilies.insert(currentFamily) }
        guard !finishedFamilies.contains(family) else {
          throw Problem(line: number, message: "samples of \(family) are not together")
        }
        currentFamily = family
      }
      switch typeOf[family] {
      case "counter" where sample.value < 0:
        throw Problem(line: number, message: "counter \(sample.name) is negative")
      case "histogram":
        guard sample.name != family else {
          throw Problem(line: number, message: "histogram \(family) has a bare sample")
        }
        if sample.name == family + "_bucket", sample.labels["le"] == nil {
          throw Problem(line: number, message: "bucket of \(family) without le")
        }
      default: break
      }
      samples.append(sample)
    }
    try checkHistograms(samples, typeOf: typeOf)
    return samples
  }

  /// The family a sample belongs to: a histogram's or summary's samples carry suffixes.
  static func family(of name: String, typeOf: [String: String]) -> String {
    for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) {
      let base = String(name.dropLast(suffix.count))
      if let type = typeOf[base], type == "histogram" || type == "summary" { return base }
    }
    return name
  }

  static func checkHistograms(_ samples: [Sample], typeOf: [String: String]) throws(Problem) {
    for (family, type) in typeOf where type == "histogram" {
      // Series by their labels without le.
      var counts: [[String: String]: Double] = [:]
      var infinite: [[String: String]: Double] = [:]
      for sample in samples {
        var labels = sample.labels
        if sample.name == family + "_count" { counts[labels] = sample.value }
        if sample.name == family + "_bucket", labels.removeValue(forKey: "le") == "+Inf" {
          infinite[labels] = sample.value
        }
      }
      for (labels, count) in counts where infinite[labels] != count {
        throw Problem(
          line: 0, message: "histogram \(family)\(labels): le=\"+Inf\" bucket is not the count")
      }
    }
  }

  static func parseSample(_ line: String, number: Int) throws(Problem) -> Sample {
    var rest = Substring(line)
    let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" })
    guard isMetricName(name) else {
      throw Problem(line: number, message: "invalid metric name in \(line)")
    }
    rest = rest.dropFirst(name.count)
    var labels: [String: String] = [:]
    if rest.first == "{" {
      rest = rest.dropFirst()
      while rest.first != "}" {
        let label = String(rest.prefix { $0 != "=" })
        guard isLabelName(label), !label.hasPrefix("__") else {
          throw Problem(line: number, message: "invalid label name \(label)")
        }
        rest = rest.dropFirst(label.count)
        guard rest.hasPrefix("=\"") else {
          throw Problem(line: number, message: "label \(label) has no quoted value")
        }
        rest = rest.dropFirst(2)
        var value = ""
        while true {
          guard let character = rest.first else {
            throw Problem(line: number, message: "label \(label)'s value is not closed")
          }
          rest = rest.dropFirst()
          if character == "\"" { break }
          if character == "\\" {
            switch rest.first {
            case "\\": value.append("\\")
            case "\"": value.append("\"")
            case "n": value.append("\n")
            default: throw Problem(line: number, message: "invalid escape in label \(label)")
            }
            rest = rest.dropFirst()
          } else {
            value.append(character)
          }
        }
        guard labels.updateValue(value, forKey: label) == nil else {
          throw Problem(line: number, message: "label \(label) twice")
        }
        if rest.first == "," { rest = rest.dropFirst() }
        guard !rest.isEmpty else {
          throw Problem(line: number, message: "labels not closed")
        }
      }
      rest = rest.dropFirst()
    }
    let fields = rest.split(separator: " ")
    guard rest.first == " ", (1...2).contains(fields.count) else {
      throw Problem(line: number, message: "expected a value (and a timestamp) in \(line)")
    }
    guard let value = parseValue(fields[0]) else {
      throw Problem(line: number, message: "invalid value \(fields[0])")
    }
    if fields.count == 2, Int64(fields[1]) == nil {
      throw Problem(line: number, message: "invalid timestamp \(fields[1])")
    }
    return Sample(name: name, labels: labels, value: value)
  }

  static func parseValue(_ text: Substring) -> Double? {
    switch text {
    case "NaN": .nan
    case "+Inf": .infinity
    case "-Inf": -.infinity
    default: Double(text)
    }
  }

  static func isMetricName(_ name: String) -> Bool {
    name.wholeMatch(of: /[a-zA-Z_:][a-zA-Z0-9_:]*/) != nil
  }

  static func isLabelName(_ name: String) -> Bool {
    name.wholeMatch(of: /[a-zA-Z_][a-zA-Z0-9_]*/) != nil
  }
}
