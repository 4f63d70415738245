import HuewallCore
import Synchronization

/// The analyses of the walls last asked for or anticipated, by parameters, image by image: a
/// change to parameters known here streams what is known and analyses only the rest. An
/// analysis depends on the image, the parameters and the product's hint alone, so each result
/// is kept with the hint it was made under and serves only that hint.
///
/// A result is under a kilobyte: at the default ``defaultCapacity``, about 16 MB for 1,000
/// products.
public final class KnownWalls: Sendable {
  /// Walls kept by default: the wall on screen and the walls anticipated one change away
  /// from it (``LiveAnalysis/neighbours(of:)``), and as many again for the wall before it
  /// (going back and forth between two walls anticipates nothing twice).
  public static let defaultCapacity = 16

  /// The most walls kept; the least recently asked goes first.
  public let capacity: Int
  private let state = Mutex(State())

  private struct State {
    var walls: [AnalysisParameters: [String: Known]] = [:]
    /// The parameters of the walls kept, the most recently asked last.
    var order: [AnalysisParameters] = []
  }

  private struct Known {
    var hint: ProductHint
    var result: LiveAnalysis.Result
  }

  public init(capacity: Int = KnownWalls.defaultCapacity) {
    self.capacity = max(1, capacity)
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
  /// a cancellation, or a cache the next run fills). A wall new here makes room by dropping
  /// the least recently asked.
  public func remember(
    _ result: LiveAnalysis.Result, hint: ProductHint, under parameters: AnalysisParameters
  ) {
    guard result.failure == nil else { return }
    state.withLock { state in
      if state.walls[parameters] == nil {
        state.order.append(parameters)
        if state.order.count > capacity {
          state.walls[state.order.removeFirst()] = nil
        }
      }
      state.walls[parameters, default: [:]][result.sha256] = Known(hint: hint, result: result)
    }
  }
}
