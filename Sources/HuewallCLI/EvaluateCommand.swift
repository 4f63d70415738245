import ArgumentParser
import Foundation
import HuewallCore
import HuewallDecode
import HuewallPalette
import HuewallPipeline

/// `huewall evaluate`: how often a parameter set finds the product's own colour.
struct Evaluate: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Score a preset on labelled product images: top-1 colour family accuracy.",
    discussion: """
      The labels file is tab-separated with a header row naming at least the columns `file` \
      (relative to the labels file's folder or its images/ subfolder) and `family` (the \
      product's colour family); a `background` column adds a per-background breakdown. An \
      image counts as correct when the family of its heaviest colour is the label (for \
      multicolour: when three or more chromatic families each hold 12 % of the weight).
      """
  )

  @OptionGroup var analysis: AnalysisOptions
  @OptionGroup var decoding: DecodeOptions

  @Option(help: "The labels file.")
  var labels = "evaluation/labels.tsv"

  @Flag(help: "Print the report as one JSON object.")
  var json = false

  @Flag(help: "List every image whose top colour is not the product's.")
  var misses = false

  @OptionGroup var jobs: JobsOption

  func run() async throws {
    let parameters = try analysis.parameters()
    let analyzer = try PaletteAnalyzer(parameters: parameters)
    let decoder = ImageDecoder(limits: decoding.limits)
    let items: [LabelledImage]
    do {
      items = try LabelledImage.load(labels)
    } catch {
      throw CommandFailure.fatal("evaluate: \(error)")
    }
    var tally = EvaluationTally()
    try await forEachConcurrently(items, width: jobs.jobs, inOrder: true) { item in
      (item, analyseFile(item.path, decoder: decoder, analyzer: analyzer))
    } consume: { item, result in
      switch result {
      case .success(let image):
        tally.add(item, got: image.palette.family, topHex: image.palette.colors.first?.hex)
      case .failure(let failure):
        tally.add(item, got: nil, topHex: nil, error: "\(failure)")
      }
    }
    let title = "\(analysis.preset.rawValue) preset, \(parameters.improvementsSummary)"
    print(json ? tally.json(title: title).serialized() : tally.report(title: title, misses: misses))
  }
}

/// One row of a labels file.
struct LabelledImage: Sendable {
  var file: String
  var path: String
  var family: String
  var background: String

  struct LoadError: Error, CustomStringConvertible {
    var description: String
  }

  static func load(_ labelsPath: String) throws -> [LabelledImage] {
    let text: String
    do {
      text = try String(contentsOfFile: labelsPath, encoding: .utf8)
    } catch {
      throw LoadError(description: "\(labelsPath): cannot read the labels file")
    }
    var lines = text.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    guard !lines.isEmpty else { throw LoadError(description: "\(labelsPath): no header row") }
    let header = lines.removeFirst()
    guard let fileColumn = header.firstIndex(of: "file"),
      let familyColumn = header.firstIndex(of: "family")
    else {
      throw LoadError(description: "\(labelsPath): the header needs `file` and `family` columns")
    }
    let backgroundColumn = header.firstIndex(of: "background")
    let folder = URL(fileURLWithPath: labelsPath).deletingLastPathComponent()
    return try lines.enumerated().map { number, fields in
      guard fields.count > max(fileColumn, familyColumn) else {
        throw LoadError(description: "\(labelsPath):\(number + 2): too few columns")
      }
      let file = fields[fileColumn]
      let direct = folder.appendingPathComponent(file).path
      let path =
        FileManager.default.fileExists(atPath: direct)
        ? direct : folder.appendingPathComponent("images").appendingPathComponent(file).path
      return LabelledImage(
        file: file, path: path, family: fields[familyColumn],
        background: backgroundColumn.flatMap { fields.indices.contains($0) ? fields[$0] : nil }
          ?? "unknown")
    }
  }
}

/// Counts of correct top-1 families, overall and by label and background.
struct EvaluationTally {
  struct Count {
    var correct = 0
    var total = 0
    var accuracy: Double { total == 0 ? 0 : Double(correct) / Double(total) }

    mutating func add(_ isCorrect: Bool) {
      total += 1
      if isCorrect { correct += 1 }
    }
  }

  struct Miss {
    var file: String
    var expected: String
    var got: String
    var detail: String
  }

  var overall = Count()
  var byFamily: [String: Count] = [:]
  var byBackground: [String: Count] = [:]
  var misses: [Miss] = []

  mutating func add(
    _ item: LabelledImage, got: ColorFamily?, topHex: String?, error: String? = nil
  ) {
    let correct = got?.rawValue == item.family
    overall.add(correct)
    byFamily[item.family, default: Count()].add(correct)
    byBackground[item.background, default: Count()].add(correct)
    if !correct {
      misses.append(
        Miss(
          file: item.file, expected: item.family, got: got?.rawValue ?? "error",
          detail: error ?? topHex ?? "no opaque pixels"))
    }
  }

  func report(title: String, misses listMisses: Bool) -> String {
    func row(_ name: String, _ count: Count) -> String {
      let label = name.padding(toLength: 14, withPad: " ", startingAt: 0)
      let ratio = "\(count.correct)/\(count.total)".padding(
        toLength: 9, withPad: " ", startingAt: 0)
      return "  \(label)\(ratio)\(String(format: "%5.1f %%", count.accuracy * 100))"
    }
    var lines = ["Top-1 accuracy, \(title): \(row("overall", overall).dropFirst(16))"]
    lines.append("by family:")
    lines += byFamily.keys.sorted().map { row($0, byFamily[$0]!) }
    lines.append("by background:")
    lines += byBackground.keys.sorted().map { row($0, byBackground[$0]!) }
    if listMisses && !misses.isEmpty {
      lines.append("misses:")
      lines += misses.map { "  \($0.file): \($0.expected), got \($0.got) (\($0.detail))" }
    }
    return lines.joined(separator: "\n")
  }

  func json(title: String) -> JSONValue {
    func count(_ c: Count) -> JSONValue {
      .object([
        ("correct", .int(c.correct)), ("total", .int(c.total)),
        ("accuracy", .double((c.accuracy * 10000).rounded() / 10000)),
      ])
    }
    return .object([
      ("title", .string(title)),
      ("overall", count(overall)),
      ("families", .object(byFamily.keys.sorted().map { ($0, count(byFamily[$0]!)) })),
      ("backgrounds", .object(byBackground.keys.sorted().map { ($0, count(byBackground[$0]!)) })),
      (
        "misses",
        .array(
          misses.map {
            .object([
              ("file", .string($0.file)), ("expected", .string($0.expected)),
              ("got", .string($0.got)), ("detail", .string($0.detail)),
            ])
          })
      ),
    ])
  }
}

extension AnalysisParameters {
  /// "background suppression on, hue wrap off, …" for reports.
  var improvementsSummary: String {
    [
      ("background suppression", backgroundSuppression), ("hue wrap", hueWrap),
      ("dark-pixel damping", darkPixelDamping), ("neutral greys", neutralGreys),
    ].map { "\($0.0) \($0.1 ? "on" : "off")" }.joined(separator: ", ")
  }
}
