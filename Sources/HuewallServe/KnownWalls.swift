public import HuewallCore
import HuewallStore
import Synchronization

/// The analyses of the walls last asked for or anticipated, by parameters, image by image: a
/// change to parameters known here streams what is known and analyses only the rest. An
/// analysis depends on the image, the parameters and the product's hint alone, so each result
/// is kept with the hint it was made under and serves only that hint.
///
/// A result of a few colours takes under a kilobyte: at the default ``defaultCapacity``, about
/// 16 MB for 1,000 products; ``defaultByteBudget`` bounds what many colours or a large
/// catalogue would take.
public final class KnownWalls: Sendable {
  /// Walls kept by default: the wall on screen and the walls anticipated one change away
  /// from it (``LiveAnalysis/neighbours(of:)``), and as many again for the wall before it
  /// (going back and forth between two walls anticipates nothing twice).
  public static let defaultCapacity = 16
  /// The most bytes of results kept by default (roughly counted, ``Known/byteCount``).
  public static let defaultByteBudget = 128 << 20

  /// The most walls kept; the least recently asked goes first.
  public let capacity: Int
  /// The most bytes of results kept: over it, the least recently asked walls go first, and a
  /// wall that alone would take more keeps no more results.
  public let byteBudget: Int
  private let state = Mutex(State())

  private struct State {
    var walls: [AnalysisParameters: [String: Known]] = [:]
    /// The parameters of the walls kept, the most recently asked last.
    var order: [AnalysisParameters] = []
    /// What each wall's results take, roughly (``Known/byteCount``).
    var bytes: [AnalysisParameters: Int] = [:]

    var totalBytes: Int { bytes.values.reduce(0, +) }

    mutating func drop(_ parameters: AnalysisParameters) {
      walls[parameters] = nil
      order.removeAll { $0 == parameters }
      bytes[parameters] = nil
    }
  }

  private struct Known {
    var hint: ProductHint
    var result: LiveAnalysis.Result

    /// Roughly: the result, its entry and its colours (the hashes and titles are shared with
    /// the catalogue's).
    var byteCount: Int { 256 + result.colors.count * MemoryLayout<StoredColor>.stride }
  }

  public init(
    capacity: Int = KnownWalls.defaultCapacity, byteBudget: Int = KnownWalls.defaultByteBudget
  ) {
    self.capacity = max(1, capacity)
    self.byteBudget = max(0, byteBudget)
  }

  /// The results known under `parameters` whose hint is the one `hints` gives their image (no
  /// hint: ``ProductHint/none``), by image hash; the wall counts as the most recently asked.
  public func results(for parameters: AnalysisParameters, hints: [String: ProductHint])
    -> [String: LiveAnalysis.Result]
  {
    state.withLock { state in
      guard let wall = state.walls[parameters] else { return [:] }
      state.order.removeAll { $0 == parameters }
      state.order.append(parameters)
      return wall.compactMapValues { known in
        known.hint == (hints[known.result.sha256] ?? .none) ? known.result : nil
      }
    }
  }

  /// How many images the wall of `parameters` knows, whatever their hints.
  public func count(for parameters: AnalysisParameters) -> Int {
    state.withLock { $0.walls[parameters]?.count ?? 0 }
  }

  /// Keeps `result`, analysed under `parameters` and `hint`; a failure is not kept (it may be
  /// a cancellation, or a cache the next run fills). A wall new here, or a result over the
  /// byte budget, makes room by dropping the least recently asked walls.
  public func remember(
    _ result: LiveAnalysis.Result, hint: ProductHint, under parameters: AnalysisParameters
  ) {
    guard result.failure == nil else { return }
    let known = Known(hint: hint, result: result)
    state.withLock { state in
      if state.walls[parameters] == nil {
        state.order.append(parameters)
        state.walls[parameters] = [:]
        if state.order.count > capacity { state.drop(state.order[0]) }
      }
      let added = known.byteCount - (state.walls[parameters]?[result.sha256]?.byteCount ?? 0)
      while state.totalBytes + added > byteBudget,
        let oldest = state.order.first(where: { $0 != parameters })
      {
        state.drop(oldest)
      }
      guard state.totalBytes + added <= byteBudget else { return }
      state.walls[parameters]?[result.sha256] = known
      state.bytes[parameters, default: 0] += added
    }
  }

  /// What the results kept take, roughly.
  public var byteCount: Int { state.withLock { $0.totalBytes } }
}
