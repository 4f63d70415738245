import Foundation
public import HuewallCore
public import HuewallDecode
public import HuewallPipeline
import HuewallStore

/// How many bytes of sample grids `huewall serve` keeps (``SampleGridCache``). By default it is
/// enough for the grid of every image on the wall, as the catalogue's image sizes predict them,
/// and what is kept beside them (``withRoom(_:)``), but at most a quarter of the machine's
/// memory; `--grid-memory` chooses it instead. A grid that does not fit is made again, from a
/// decode, on every change: what makes a change take seconds rather than a fraction of one.
public struct GridBudget: Sendable, Equatable {
  /// The bytes kept.
  public var bytes: Int
  /// What the grids of every image on the wall take under the pipeline's parameters.
  public var needed: Int
  /// How many images those are.
  public var images: Int
  /// The granularity those grids are for.
  public var granularity: Int
  /// The memory of the machine (or of its control group, when that is less).
  public var memory: Int
  /// Whether a person chose ``bytes`` (`--grid-memory`) rather than the catalogue.
  public var isChosen: Bool

  /// The share of the machine's memory the default takes at most: a quarter.
  public static let memoryShare = 4
  /// The least the default keeps, so that a small catalogue still has room for the grids of
  /// another granularity or preset: the budget only caps what the grids take.
  public static let minimumDefault = 512 << 20

  /// Whether the grids of every image on the wall fit.
  public var fits: Bool { needed <= bytes }

  /// The budget for `images` images whose grids take `needed` bytes together, on a machine
  /// of `memory` bytes; `chosenMegabytes` is `--grid-memory` when given.
  public init(
    needed: Int, images: Int, granularity: Int, memory: Int, chosenMegabytes: Int? = nil
  ) {
    self.needed = needed
    self.images = images
    self.granularity = granularity
    self.memory = memory
    if let chosenMegabytes {
      bytes = max(0, chosenMegabytes) << 20
      isChosen = true
    } else {
      let wanted = max(Self.minimumDefault, Self.withRoom(needed))
      bytes = min(wanted, memory / Self.memoryShare)
      isChosen = false
    }
  }

  /// The budget for the catalogue of `configuration`: its images on the wall, each sized
  /// from the format and size the catalogue keeps of it.
  public static func forCatalogue(
    _ configuration: PipelineConfiguration, chosenMegabytes: Int?,
    memory: Int = GridBudget.machineMemory()
  ) throws -> GridBudget {
    let store = try CatalogStore(path: configuration.database, access: .readOnly)
    defer { try? store.close() }
    let parameters = try configuration.analysis.parameters()
    // The format from the image's record; its size from there or, since a fetch does not
    // record it, from its analyses.
    let sizes = try store.analysedImageSizes()
    var headers: [String: ImageHeader] = [:]
    for record in try store.imageRecords(imagesPerProduct: configuration.imagesPerProduct).values {
      guard let sha = record.sha256, let format = record.format,
        let width = record.width ?? sizes[sha]?.width,
        let height = record.height ?? sizes[sha]?.height
      else { continue }
      headers[sha] = ImageHeader(format: format, width: width, height: height)
    }
    let shown = Set(
      try TuningServer.catalogue(store: store, configuration: configuration).compactMap {
        $0.isRemoved ? nil : $0.imageSHA256
      })
    let sized = shown.compactMap { headers[$0] }.map { gridBytes(of: $0, parameters: parameters) }
    // An image whose size the catalogue does not know counts as the average of the others.
    let known = sized.reduce(0, +)
    let needed = sized.isEmpty ? 0 : known + (shown.count - sized.count) * (known / sized.count)
    return GridBudget(
      needed: needed, images: shown.count, granularity: parameters.granularity, memory: memory,
      chosenMegabytes: chosenMegabytes)
  }

  /// The bytes of the grid ``LiveAnalysis`` keeps for an image of `header` under
  /// `parameters`: a sample every `granularity` pixels, read from the decode the plan picks
  /// (a JPEG reduced in its DCT), and the decoded pixels between samples where that decode
  /// holds more than the samples (``SampleGrid``'s links, for thin outlines). A JPEG decoded
  /// at 1/4 for granularity 4 keeps its samples alone.
  public static func gridBytes(of header: ImageHeader, parameters: AnalysisParameters) -> Int {
    let reduction = DecodePlan.analysis(parameters).reduction(for: header)
    let width = (header.width + reduction - 1) / reduction
    let height = (header.height + reduction - 1) / reduction
    let spacing = max(1, max(1, parameters.granularity) / reduction)
    let samples = ((width + spacing - 1) / spacing) * ((height + spacing - 1) / spacing)
    return samples * (1 + 2 * (spacing - 1)) * MemoryLayout<UInt32>.stride
  }

  /// The machine's memory, or its control group's limit when that is less (a container).
  public static func machineMemory() -> Int {
    var memory = Int(clamping: ProcessInfo.processInfo.physicalMemory)
    if let text = try? String(contentsOfFile: "/sys/fs/cgroup/memory.max", encoding: .utf8),
      let limit = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), limit > 0
    {
      memory = min(memory, limit)
    }
    return memory
  }

  /// What the server keeps, in a line for its start: how much, why, and what the catalogue's
  /// grids need.
  public var summary: String {
    let why =
      isChosen
      ? "--grid-memory"
      : fits
        ? "enough for the catalogue; --grid-memory sets it"
        : "a quarter of this machine's \(Self.megabytes(memory)) MB; --grid-memory sets it"
    return "keeping up to \(Self.megabytes(bytes)) MB of sample grids (\(why)): the grids of "
      + "the wall's \(images) images take about \(Self.megabytes(needed)) MB at granularity "
      + "\(granularity)"
  }

  /// A warning naming the setting when the grids of the wall's images do not fit; nil when
  /// they do.
  public var warning: String? {
    guard !fits else { return nil }
    return "the sample grids of the wall's \(images) images need about "
      + "\(Self.megabytes(needed)) MB but --grid-memory is \(Self.megabytes(bytes)) MB"
      + (isChosen ? "" : " (a quarter of this machine's \(Self.megabytes(memory)) MB)")
      + ": a change decodes again every image whose grid does not fit, which takes seconds; "
      + "give --grid-memory \(Self.megabytes(Self.withRoom(needed))) if the machine can spare it"
  }

  /// What grids of `needed` bytes want kept: an eighth more, for the grids of a product
  /// not yet cached, and as much again for their colours weighed for every setting of the
  /// foreground priors (``WeighedColours``: on 1,000 shop-size photos they took 95 % of the
  /// grids' bytes; a studio shot's a tenth to a half of its grid, a scene's noise up to seven
  /// times), for each weighing a grid keeps (``SampleGridCache/weighingsPerGrid``: the
  /// wall's, and background suppression off's, each photo weighed whole, which took 605 MB
  /// there). Numbering a grid's colours (``ColourNumbers``) leaves it smaller where its samples
  /// are all opaque (a JPEG's, kept compact: about 60 % of its pixels' bytes on those photos),
  /// and adds a fourteenth where the grid keeps the pixels between its samples.
  ///
  /// Then a quarter of all that, for a granularity twice as coarse tried beside the wall's:
  /// its grids, coarsened from the wall's, hold a quarter of the samples and read the pixels
  /// between them from the wall's grids. On those photos granularity 8 took 276 MB beside the
  /// wall's 802 MB: with it kept too, the first change back at 4 weighs nothing again.
  static func withRoom(_ needed: Int) -> Int {
    let wall = needed + needed / 8 + SampleGridCache.weighingsPerGrid * needed
    return wall + wall / 4
  }

  /// Whole megabytes, rounded up.
  static func megabytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }
}
