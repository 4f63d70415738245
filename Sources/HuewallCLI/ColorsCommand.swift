import ArgumentParser
import Foundation
import HuewallColorWords
import HuewallCore
import HuewallDecode
import HuewallPalette
import HuewallPipeline
import HuewallStore

/// `huewall colors`: analyse local files without a feed or a store.
struct Colors: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the dominant colours of image files, one JSON line per file.",
    discussion: """
      Each line is {"file", "width", "height", "colors": [{"h", "s", "v", "hex", "share", \
      "family"}], "backdrop", "plainness"}, heaviest colour first, in the order the files were given. h, s \
      and v are the quantised values (the bin), hex is the bin's centre, share its part of the \
      product's total weight, family its shopping colour family. backdrop is apart from the \
      colours: {"hex", "h", "s", "v"} for a uniform backdrop, "transparent", "scene", or null \
      without background suppression. plainness (0…1) says how plainly the image shows the \
      product (uniform or transparent backdrop, little skin, a fair product area): a run takes \
      a product's colour from the plainest of its images. \
      A file that cannot be analysed prints {"file", "error"}; the command then goes on with \
      the next file and exits with code 3 at the end.
      """
  )

  @OptionGroup var analysis: AnalysisOptions
  @OptionGroup var decoding: DecodeOptions

  @OptionGroup var jobs: JobsOption

  @Option(help: "The product's title as a feed gives it (\"Women's skirt\"), for every file.")
  var title: String?

  @Option(help: "The product's type as a feed gives it (Merchant or Shopify product_type).")
  var productType: String?

  /// What a feed would say of the product: `huewall run` hands the analysis the same.
  var hint: ProductHint { ProductHint(title: title, productType: productType) }

  @Argument(help: "Image files: JPEG, PNG, GIF, WebP, BMP or AVIF, recognised by content.")
  var files: [String]

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("Name at least one image file.") }
  }

  func run() async throws {
    let analyzer = try PaletteAnalyzer(parameters: analysis.parameters())
    let decoder = ImageDecoder(limits: decoding.limits)
    let hint = hint
    var failures = 0
    try await forEachConcurrently(files, width: jobs.jobs, inOrder: true) { path in
      Self.line(for: path, decoder: decoder, analyzer: analyzer, hint: hint)
    } consume: { line in
      if !line.succeeded { failures += 1 }
      print(line.json.serialized())
    }
    if failures > 0 { throw ExitCode.itemsFailed }
  }

  static func line(
    for path: String, decoder: ImageDecoder, analyzer: PaletteAnalyzer, hint: ProductHint = .none
  ) -> (json: JSONValue, succeeded: Bool) {
    let analysed: AnalysedImage
    switch analyseFile(path, decoder: decoder, analyzer: analyzer, hint: hint) {
    case .success(let image): analysed = image
    case .failure(let failure):
      return (.object([("file", .string(path)), ("error", .string("\(failure)"))]), false)
    }
    let colors = analysed.palette.colors.map(Self.json)
    return (
      .object([
        ("file", .string(path)),
        ("width", .int(analysed.width)),
        ("height", .int(analysed.height)),
        ("colors", .array(colors)),
        ("backdrop", json(analysed.palette.backdrop)),
        ("plainness", .double((analysed.palette.plainness * 10_000).rounded() / 10_000)),
      ]), true
    )
  }

  /// `"transparent"`, `"scene"`, the backdrop's colour, or null when it was not looked for
  /// (no background suppression).
  static func json(_ backdrop: Backdrop) -> JSONValue {
    switch backdrop {
    case .unknown: .null
    case .transparent: .string("transparent")
    case .scene: .string("scene")
    case .color(let h, let s, let v, let hex):
      .object([("hex", .string(hex)), ("h", .double(h)), ("s", .double(s)), ("v", .double(v))])
    }
  }

  static func json(_ color: DominantColor) -> JSONValue {
    let stored = StoredColor(color)
    return .object([
      ("h", .double(stored.h)), ("s", .double(stored.s)), ("v", .double(stored.v)),
      ("hex", .string(stored.hex)), ("share", .double(stored.share)),
      ("family", .string(stored.family.rawValue)),
    ])
  }

}
