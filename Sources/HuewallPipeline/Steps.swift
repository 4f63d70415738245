import Foundation
import HuewallCore
import HuewallDecode
import HuewallExport
import HuewallFeed
import HuewallFetch
import HuewallPalette
import HuewallStore
import Logging

/// The steps of a run, each doing one thing and handing its result on through the context.
enum Steps {
  /// Feed → products. A feed that cannot be read or parsed as a whole stops the run before
  /// anything is stored; malformed items are recorded and skipped.
  static func readFeed(fetcher: Fetcher) -> PipelineStep {
    PipelineStep(name: "Read feed") { context in
      let settings = context.configuration.feed
      let reader = FeedReader(settings: settings, fetcher: fetcher, store: context.store)
      let outcome = try await reader.read()
      let summary = outcome.summary
      for itemError in summary.itemErrors {
        await context.fail(stage: "feed", subject: settings.source, message: "\(itemError)")
      }
      for warning in summary.itemWarnings {
        await context.warn(stage: "feed", subject: settings.source, message: "\(warning)")
      }
      for problem in outcome.problems {
        await context.fail(stage: "feed", subject: problem.url, message: problem.message)
      }
      context.itemsAttempted += summary.itemCount
      let count = try await context.store.stagedProductCount()
      context.counts.itemsSeen = count
      context.logger.info("\(count) items (\(summary.format.rawValue) feed)")
    }
  }

  /// The staged feed items → the catalogue's products, one per colourway (``Colourway``):
  /// added, changed, and those that left the feed marked removed.
  static var syncProducts: PipelineStep {
    PipelineStep(name: "Sync products") { context in
      let sync = try await context.store.syncStagedProducts(at: Date())
      context.counts.record(sync)
      for rename in sync.renamed {
        await context.warn(
          stage: "feed", subject: context.configuration.feed.source, message: "\(rename)")
      }
      context.logger.info(
        "\(context.counts.productsSeen) colourways of \(context.counts.itemsSeen) items")
    }
  }

  /// The first `imagesPerProduct` images of the feed's products (main image first), each URL
  /// once, revalidated against what the store remembers of it. A failed image is an item
  /// error of its URL naming its products; their other images go on.
  static func fetchImages(fetcher: Fetcher) -> PipelineStep {
    PipelineStep(name: "Fetch images") { context in
      let perProduct = context.configuration.imagesPerProduct
      let urls = try await context.store.imageURLs(imagesPerProduct: perProduct)
        .compactMap(URL.init(string:))
      let known = try await context.store.imageRecords(imagesPerProduct: perProduct)
      context.itemsAttempted += urls.count
      context.progress.begin("Fetching images", total: urls.count)
      let store = context.store
      var records: [ImageRecord] = []
      try await forEachConcurrently(
        urls, width: context.configuration.fetch.maxConcurrentDownloads * 2
      ) { url in
        let previous = known[url.absoluteString]
        let remembered = previous.flatMap { record in
          record.sha256.map {
            PreviousFetch(
              validators: Validators(etag: record.etag, lastModified: record.lastModified),
              sha256: $0)
          }
        }
        do throws(FetchError) {
          return FetchOutcome(
            url: url, result: .success(try await fetcher.fetchImage(url, previous: remembered)),
            previous: previous)
        } catch {
          return FetchOutcome(url: url, result: .failure(error), previous: previous)
        }
      } consume: { (outcome: FetchOutcome) in
        context.progress.advance()
        let url = outcome.url
        switch outcome.result {
        case .success(let image):
          if image.notModified {
            context.counts.imagesNotModified += 1
          } else {
            context.counts.imagesDownloaded += 1
          }
          context.imagesToAnalyse[image.sha256, default: []].append(url.absoluteString)
          records.append(ImageRecord(image, keeping: outcome.previous, at: Date()))
        case .failure(let error):
          context.counts.imagesFailed += 1
          await context.fail(
            stage: "fetch", subject: url.absoluteString,
            message: "\(error.reason) \(await context.products(usingImages: [url.absoluteString]))")
          records.append(
            ImageRecord(
              failed: url, error: "\(error.reason)", keeping: outcome.previous, at: Date()))
        }
        if records.count >= 256 {
          try await store.saveImages(records)
          records.removeAll(keepingCapacity: true)
        }
      }
      try await store.saveImages(records)
    }
  }

  /// Decodes and analyses every image the run needs that has no analysis for the run's
  /// parameter set yet: one image per worker, results written in batches by one writer.
  ///
  /// Each image is noted in the store while a worker decodes it, and the crash marker is armed,
  /// so that a process that crashes on an image leaves a note the next run turns into a poison
  /// image; poison images are reported as failed and not decoded again until their bytes
  /// change.
  static func analyseImages(store: CatalogStore, cache: ImageCache, decoder: ImageDecoder)
    -> PipelineStep
  {
    PipelineStep(name: "Analyse images") { context in
      // With several images to choose among, an analysis made before plainness was kept is
      // made again, once, to measure it.
      let done = try store.analysedImageHashes(
        parameterSetID: context.parameterSet.id,
        measured: context.configuration.imagesPerProduct > 1)
      let poison = try store.poisonImages()
      var pending: [String] = []
      for sha256 in context.imagesToAnalyse.keys.sorted() where !done.contains(sha256) {
        if let image = poison[sha256] {
          context.counts.imagesFailed += 1
          await context.fail(
            stage: "decode", subject: context.subject(forImage: sha256),
            message:
              "\(image.reason); not decoded again until the image changes "
              + context.products(usingImage: sha256))
        } else {
          pending.append(sha256)
        }
      }
      try CrashMarker.arm(at: context.configuration.crashMarker)
      context.progress.begin("Analysing images", total: pending.count)
      let analyzer = context.analyzer
      let thumbnails = context.configuration.thumbnailCache
      let parameterSetID = context.parameterSet.id
      let hints = pending.isEmpty ? [:] : try await context.hints(forImages: pending)
      var batch: [AnalysisRecord] = []
      var finished: [String] = []
      var commits = CommitPolicy()
      try await forEachConcurrently(pending, width: context.configuration.effectiveJobs) {
        sha256 in
        (
          sha256,
          ImageAnalysis.analyse(
            sha256: sha256, cache: cache, decoder: decoder, analyzer: analyzer,
            thumbnails: thumbnails, parameterSetID: parameterSetID,
            hint: hints[sha256] ?? .none)
        )
      } willStart: { sha256 in
        try store.noteDecoding(
          starting: sha256, finished: finished, runID: context.runID, at: Date())
        finished.removeAll(keepingCapacity: true)
      } consume: { sha256, result in
        context.progress.advance()
        finished.append(sha256)
        switch result {
        case .success(let record):
          context.counts.imagesDecoded += 1
          batch.append(record)
        case .failure(let failure):
          context.counts.imagesFailed += 1
          await context.fail(
            stage: "decode", subject: context.subject(forImage: sha256),
            message: "\(failure.message) \(await context.products(usingImage: sha256))")
        }
        if commits.isDue(pending: batch.count) {
          try store.saveAnalyses(batch)
          batch.removeAll(keepingCapacity: true)
          commits.committed()
        }
      }
      try store.saveAnalyses(batch)
      try store.noteDecoding(
        starting: nil, finished: finished, runID: context.runID, at: Date())
    }
  }
}

extension RunContext {
  /// The URLs an image content came from, for messages; its hash when none is known.
  func subject(forImage sha256: String) -> String {
    let urls = imagesToAnalyse[sha256, default: []].joined(separator: ", ")
    return urls.isEmpty ? sha256 : urls
  }

  /// "(products A, B)": the products that show an image at one of `urls`, so that an image's
  /// error names what a merchandiser looks up.
  func products(usingImages urls: [String]) async -> String {
    var ids: Set<String> = []
    for url in urls { ids.formUnion((try? await store.productIDs(imageURL: url)) ?? []) }
    return "(products \(ids.isEmpty ? "unknown" : ids.sorted().joined(separator: ", ")))"
  }

  /// The products that show an image with the content `sha256`.
  func products(usingImage sha256: String) async -> String {
    await products(usingImages: imagesToAnalyse[sha256, default: []])
  }

  /// What the feed says of the product each image shows, by SHA-256: its title (feeds carry
  /// no product type yet). An analysis is kept per content, so an image shared by several
  /// products is analysed with the first one's title (the smallest id), the same on every
  /// run; one read of the catalogue's products, made only when there is something to analyse.
  func hints(forImages sha256s: [String]) async throws(StoreError) -> [String: ProductHint] {
    var firstByURL: [String: Product] = [:]
    for stored in try await store.products(includeRemoved: false) {
      for image in stored.product.imageURLs.prefix(configuration.imagesPerProduct) {
        let url = image.absoluteString
        if let known = firstByURL[url], known.id <= stored.product.id { continue }
        firstByURL[url] = stored.product
      }
    }
    var hints: [String: ProductHint] = [:]
    for sha256 in sha256s {
      let products = imagesToAnalyse[sha256, default: []].compactMap { firstByURL[$0] }
      hints[sha256] = ProductHint.ofFirst(products.map { (id: $0.id, title: $0.title) })
    }
    return hints
  }
}

extension Steps {
  /// Reprocessing's source: every image in the cache that the store knows, once per hash.
  static var collectCachedImages: PipelineStep {
    PipelineStep(name: "Collect cached images") { context in
      for image in try await context.store.cachedImages() {
        guard let sha256 = image.sha256 else { continue }
        context.imagesToAnalyse[sha256, default: []].append(image.url)
      }
      context.itemsAttempted += context.imagesToAnalyse.count
      context.logger.info("\(context.imagesToAnalyse.count) cached images")
    }
  }
}

extension Steps {
  /// The run's parameter set → `colors.json`, `colors.csv`, `index.html` and `thumbs/` in the
  /// output folder. Thumbnails come from the image cache; one that cannot be made is logged
  /// and its tile shows the product's first colour.
  static func export(to output: String) -> PipelineStep {
    PipelineStep(name: "Export") { context in
      let exporter = try context.configuration.exporter(store: context.store)
      let summary = try await exporter.export(
        parameterSet: context.parameterSet, to: URL(fileURLWithPath: output))
      for (sha256, message) in summary.thumbnails.failures.sorted(by: { $0.key < $1.key }) {
        context.logger.warning("export: no thumbnail for image \(sha256): \(message)")
      }
      context.logger.info("\(summary)")
    }
  }
}

extension Steps {
  /// The run's colours as the shop's import files (`writeBack` in `pipeline.json`), after the
  /// export, into their own folder.
  static func writeBack(_ settings: WriteBackSettings, exportOutput: String) -> PipelineStep {
    PipelineStep(name: "Write back") { context in
      let exporter = try context.configuration.exporter(store: context.store)
      let folder = URL(fileURLWithPath: settings.folder(exportOutput: exportOutput))
      let options = settings.options(
        includeUnsure: settings.includeUnsure,
        shopifySourced: context.configuration.isShopifySourced)
      for format in settings.formats {
        let summary = try await exporter.writeBack(
          format, parameterSet: context.parameterSet, to: folder, options: options)
        context.logger.info("\(format.rawValue): \(summary)")
      }
    }
  }
}

/// One URL's fetch, handed from a worker to the writer.
struct FetchOutcome: Sendable {
  var url: URL
  var result: Result<FetchedImage, FetchError>
  var previous: ImageRecord?
}

extension ImageRecord {
  /// A successful fetch; a 304 keeps what the store knew of the bytes (size, dimensions).
  init(_ image: FetchedImage, keeping previous: ImageRecord?, at date: Date) {
    let same = previous?.sha256 == image.sha256
    self.init(
      url: image.url.absoluteString, etag: image.validators.etag,
      lastModified: image.validators.lastModified, sha256: image.sha256,
      byteCount: image.byteCount, format: image.format,
      width: same ? previous?.width : nil, height: same ? previous?.height : nil,
      lastStatus: image.notModified ? .notModified : .downloaded, lastError: nil, fetchedAt: date)
  }

  /// A failed fetch keeps the last good bytes' record, so nothing stored is lost.
  init(failed url: URL, error: String, keeping previous: ImageRecord?, at date: Date) {
    self = previous ?? ImageRecord(url: url.absoluteString, lastStatus: .failed, fetchedAt: date)
    lastStatus = .failed
    lastError = error
    fetchedAt = date
  }
}

/// When the analysis writer commits its batch: at 32 results, or once half a second has passed
/// since the last commit, so that a killed run loses little work and a slow image does not
/// hold finished ones back. The clock is injected so that tests need not wait.
struct CommitPolicy {
  var maxCount = 32
  var maxAge: Duration = .milliseconds(500)
  let now: @Sendable () -> ContinuousClock.Instant
  private var lastCommit: ContinuousClock.Instant

  init(now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
    self.now = now
    lastCommit = now()
  }

  /// Whether `pending` results should be committed now.
  func isDue(pending: Int) -> Bool {
    pending >= maxCount || now() - lastCommit > maxAge
  }

  mutating func committed() { lastCommit = now() }
}
