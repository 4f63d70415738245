import HuewallCore
import Hummingbird
import Metrics
import Synchronization

/// What `huewall serve --metrics-port` shows (docs/OPERATIONS.md lists the names): requests
/// by route and status with their durations, and the live analysis image by image. Without a
/// metrics backend nothing is kept.
enum ServeMetrics {
  static let analyses = Counter(label: "huewall_serve_analyses_total")
  static let imageDuration = Metrics.Timer(label: "huewall_serve_image_duration_seconds")

  /// One image of a live analysis, done in `duration`.
  static func image(took duration: Duration) {
    analyses.increment()
    imageDuration.recordNanoseconds(duration.nanoseconds)
  }

  /// Images analysed behind the wall on screen, for the walls one change away from it.
  static let anticipatedImages = Counter(label: "huewall_serve_anticipated_images_total")
  /// 1 while those are analysed, else 0.
  static let anticipating = Gauge(label: "huewall_serve_anticipating")

  static let gridBytes = Gauge(label: "huewall_serve_grid_cache_bytes")
  static let grids = Gauge(label: "huewall_serve_grid_cache_grids")
  /// The statistics last reported, so that the counters grow by what happened since.
  private static let reported = Mutex(SampleGridCache.Statistics())

  /// The grid cache after a live analysis: what it holds, and how it served since the last
  /// report (by what it keeps, found or made; grids dropped). Decodes and evictions that
  /// climb on every change say the grids do not fit (`--grid-memory`).
  static func gridCache(_ now: SampleGridCache.Statistics) {
    gridBytes.record(now.bytes)
    grids.record(now.grids)
    let before = reported.withLock { reported in
      defer { reported = now }
      return reported
    }
    let counts: [(String, String, KeyPath<SampleGridCache.Statistics, Int>)] = [
      ("grid", "hit", \.hits), ("grid", "miss", \.misses), ("grid", "coarsened", \.coarsened),
      ("marks", "hit", \.markHits), ("marks", "miss", \.markMisses),
      ("weighing", "hit", \.weighingHits), ("weighing", "miss", \.weighingMisses),
      ("weighing", "dropped", \.weighingsDropped),
      ("analysis", "hit", \.analysisHits), ("analysis", "miss", \.analysisMisses),
    ]
    for (kept, outcome, count) in counts where now[keyPath: count] > before[keyPath: count] {
      Counter(
        label: "huewall_serve_grid_cache_total", dimensions: [("kept", kept), ("outcome", outcome)]
      ).increment(by: now[keyPath: count] - before[keyPath: count])
    }
    if now.evictions > before.evictions {
      Counter(label: "huewall_serve_grid_cache_evictions_total")
        .increment(by: now.evictions - before.evictions)
    }
  }
}

/// Counts and times every request, refused ones included, by the route the router matched
/// (`context.endpointPath`, as hummingbird's `MetricsMiddleware` labels them: `/api/color`,
/// `/thumbs/{name}`; `NotFound` for an address no route takes), so that thumbnails and bad
/// addresses do not make a time series each.
struct ServeMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let started = ContinuousClock.now
    func record(_ status: Int) {
      // The router names the route before the first middleware runs, or, for an address no
      // route takes, once they all have.
      let route = context.endpointPath ?? "NotFound"
      Counter(
        label: "huewall_serve_requests_total",
        dimensions: [("route", route), ("status", String(status))]
      ).increment()
      Metrics.Timer(label: "huewall_serve_request_duration_seconds", dimensions: [("route", route)])
        .recordNanoseconds((ContinuousClock.now - started).nanoseconds)
    }
    do {
      let response = try await next(request, context)
      record(response.status.code)
      return response
    } catch let error as any HTTPResponseError {
      record(error.status.code)
      throw error
    } catch {
      record(500)
      throw error
    }
  }
}
