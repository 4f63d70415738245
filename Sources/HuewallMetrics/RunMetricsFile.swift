public import Foundation
public import HuewallCore
import Prometheus

/// A run's figures as a node_exporter textfile (the textfile collector is how Prometheus
/// sees batch jobs): written atomically at the end of every run, a failed one included, so
/// that an alert can fire on a failure or on a success that is too old.
public struct RunMetricsFile: Sendable {
  /// What a run counted; nil for a run that failed before it counted anything.
  public struct Counts: Sendable {
    public var productsSeen, productsAdded, productsChanged, productsRemoved: Int
    public var imagesFetched, imagesNotModified, imagesFailed, imagesAnalysed: Int
    public var itemErrors: Int
    /// The feed's sellable items (every size) that the products stand for.
    public var feedItems: Int

    public init(
      productsSeen: Int, productsAdded: Int, productsChanged: Int, productsRemoved: Int,
      imagesFetched: Int, imagesNotModified: Int, imagesFailed: Int, imagesAnalysed: Int,
      itemErrors: Int, feedItems: Int = 0
    ) {
      self.productsSeen = productsSeen
      self.productsAdded = productsAdded
      self.productsChanged = productsChanged
      self.productsRemoved = productsRemoved
      self.imagesFetched = imagesFetched
      self.imagesNotModified = imagesNotModified
      self.imagesFailed = imagesFailed
      self.imagesAnalysed = imagesAnalysed
      self.itemErrors = itemErrors
      self.feedItems = feedItems
    }
  }

  public var started: Date
  public var finished: Date
  /// The process's exit code (0 success, 1 fatal, 3 too many failed items, 75 locked).
  public var exitCode: Int32
  public var counts: Counts?

  public init(started: Date, finished: Date, exitCode: Int32, counts: Counts?) {
    self.started = started
    self.finished = finished
    self.exitCode = exitCode
    self.counts = counts
  }

  /// The metric that carries the time of the last successful run from one file to the next.
  static let lastSuccessName = "huewall_run_last_success_timestamp_seconds"

  /// The file's text; `lastSuccess` is the time of the last successful run before this one.
  public func render(lastSuccess: Date?) -> String {
    let registry = PrometheusCollectorRegistry()
    func gauge(_ name: String, _ help: String, _ value: Double, _ labels: [(String, String)] = []) {
      registry.makeGauge(
        descriptor: MetricNameDescriptor(metricName: name, unitName: "", helpText: help),
        labels: labels
      ).set(value)
    }
    gauge(
      "huewall_run_duration_seconds", "Wall-clock time of the last run.",
      finished.timeIntervalSince(started))
    gauge(
      "huewall_run_finished_timestamp_seconds", "When the last run ended, in Unix time.",
      finished.timeIntervalSince1970)
    gauge(
      "huewall_run_exit_code",
      "Exit code of the last run: 0 success, 1 fatal, 3 too many failed items, 75 locked.",
      Double(exitCode))
    let succeeded = exitCode == 0 ? finished : lastSuccess
    if let succeeded {
      gauge(
        Self.lastSuccessName, "When a run last succeeded, in Unix time.",
        succeeded.timeIntervalSince1970)
    }
    if let counts {
      let products = "Products of the feed in the last run, by what happened to them."
      gauge("huewall_run_products", products, Double(counts.productsSeen), [("state", "seen")])
      gauge("huewall_run_products", products, Double(counts.productsAdded), [("state", "added")])
      gauge(
        "huewall_run_products", products, Double(counts.productsChanged), [("state", "changed")])
      gauge(
        "huewall_run_products", products, Double(counts.productsRemoved), [("state", "removed")])
      gauge(
        "huewall_run_feed_items",
        "Sellable items of the feed in the last run (every size); products are colourways.",
        Double(counts.feedItems))
      let images = "Images in the last run, by outcome."
      gauge("huewall_run_images", images, Double(counts.imagesFetched), [("outcome", "fetched")])
      gauge(
        "huewall_run_images", images, Double(counts.imagesNotModified),
        [("outcome", "not_modified")])
      gauge("huewall_run_images", images, Double(counts.imagesFailed), [("outcome", "failed")])
      gauge(
        "huewall_run_images", images, Double(counts.imagesAnalysed), [("outcome", "analysed")])
      gauge(
        "huewall_run_item_errors", "Items (products, images) that failed in the last run.",
        Double(counts.itemErrors))
    }
    return registry.emitToString()
  }

  /// Writes the file at `path` atomically (a reader sees the old file or the new one, as the
  /// textfile collector requires), keeping the last success that the old file recorded.
  ///
  /// The folder is opened once and judged by `kept` (the catalogue's files, the image cache,
  /// the export folders: nil judges nothing); the old file is read and the new one written
  /// and renamed in it, so a folder on the way swapped for a link cannot send the write into
  /// a kept place. A temporary file that a killed run left is removed.
  public func write(to path: String, keeping kept: KeptPlaces? = nil) throws(AtomicFile.Failure) {
    do {
      let target = try OutputTarget.open(path, as: .file, keeping: kept)
      let old = target.folder.read(target.name).map { String(decoding: $0, as: UTF8.self) }
      let text = render(lastSuccess: old.flatMap(Self.lastSuccess(inText:)))
      try target.folder.writeFile(
        target.name, Data(text.utf8), durable: true, removingLeftovers: true)
    } catch {
      throw AtomicFile.Failure(reason: error.reason)
    }
  }

  /// The last success that an earlier file at `path` recorded, if any.
  static func lastSuccess(inFile path: String) -> Date? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    return lastSuccess(inText: text)
  }

  /// The last success that a file's `text` recorded, if any.
  static func lastSuccess(inText text: String) -> Date? {
    for line in text.split(separator: "\n") where line.hasPrefix(lastSuccessName + " ") {
      if let seconds = Double(line.dropFirst(lastSuccessName.count + 1)) {
        return Date(timeIntervalSince1970: seconds)
      }
    }
    return nil
  }
}
