public import Foundation

/// A shop on a ``TestHTTPServer``: a Huewall JSON feed at `/feed.json` whose products' images
/// are the sample images, served with ETags and conditional GET, so that runs of the pipeline
/// can be tested end to end over real HTTP.
public final class TestCatalogue: Sendable {
  public let server: TestHTTPServer
  /// The sample images served, in order: product `i` shows `images[i % images.count]`.
  public let images: [Data]

  /// The repository's `samples/` folder.
  public static let samplesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("samples")

  /// The sample JPEGs and PNGs, sorted by name.
  public static func sampleImages() throws -> [Data] {
    try FileManager.default.contentsOfDirectory(atPath: samplesFolder.path)
      .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }
      .sorted()
      .map { try Data(contentsOf: samplesFolder.appendingPathComponent($0)) }
  }

  public init(server: TestHTTPServer, images: [Data]) {
    self.server = server
    self.images = images
  }

  public var feedURL: URL { server.url("/feed.json") }

  /// Serves a feed of `count` products (ids `P0001`…), each with its own image URL, every image
  /// revalidating with ETag `"<version>-<i>"`; `imageDelay` slows each image response. With
  /// `distinct`, every product's image has bytes of its own (the sample with the product's
  /// number appended after its end, which decoders ignore), so that there are `count` contents
  /// to analyse rather than one per sample. With `imageGate`, every image response passes it
  /// first.
  public func publish(
    count: Int, version: Int = 1, skipping removed: Set<Int> = [],
    imageDelay: Duration = .zero, imageGate: Gate? = nil, distinct: Bool = false
  ) {
    var products: [String] = []
    for i in 0..<count where !removed.contains(i) {
      let path = "/img/\(i).img"
      products.append(
        #"{"id": "P\#(String(format: "%04d", i))", "title": "Product \#(i)", "brand": "Brand \#(i % 7)", "#
          + #""color": "C\#(i % 5)", "images": ["\#(server.url(path).absoluteString)"]}"#)
      let handler = TestHTTPServer.revalidating(
        distinct ? Self.distinctImage(images[i % images.count], i) : images[i % images.count],
        contentType: "image/jpeg", etag: "\"\(version)-\(i)\"")
      server.route(path) { request in
        await imageGate?.pass()
        return await handler(request).delayed(by: imageDelay)
      }
    }
    let feed = #"{"products": ["# + products.joined(separator: ",\n") + "]}"
    server.route("/feed.json", .ok(Data(feed.utf8), contentType: "application/json"))
  }

  /// `image` with `number` appended after its last marker: other bytes, the same picture.
  public static func distinctImage(_ image: Data, _ number: Int) -> Data {
    image + Data(" huewall-test-\(number)".utf8)
  }

  /// Serves different bytes (the next sample) with a new ETag at product `i`'s image URL.
  public func replaceImage(_ i: Int, version: Int) {
    let handler = TestHTTPServer.revalidating(
      images[(i + 1) % images.count], contentType: "image/jpeg", etag: "\"\(version)-\(i)\"")
    server.route("/img/\(i).img", handler: handler)
  }
}
