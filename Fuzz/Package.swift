// swift-tools-version:5.4
// Huewall's libFuzzer harnesses, one executable per input format, kept in their own package so
// that the sanitizer build never touches the main package's build folder. scripts/fuzz builds
// and runs them; by hand, from this folder:
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
//     --product fuzz-image-header
//   .build/release/fuzz-image-header CORPUS-FOLDER
//
// Tools version 5.4 on purpose: from 5.5 on, SwiftPM links an executable with its `main`
// renamed from `<module>_main`, a symbol a harness does not define (libFuzzer brings `main`),
// and the link fails.
import PackageDescription

let package = Package(
  name: "HuewallFuzz",
  dependencies: [
    // Named, because a path package is otherwise known by its folder name.
    .package(name: "Huewall", path: "..")
  ],
  targets: [
    // Image bytes: the header reader alone, then the whole libgd decode.
    .executableTarget(
      name: "fuzz-image-header",
      dependencies: [
        .product(name: "HuewallCore", package: "Huewall"),
        .product(name: "HuewallDecode", package: "Huewall"),
      ]
    ),
    .executableTarget(
      name: "fuzz-image-decode",
      dependencies: [
        .product(name: "HuewallCore", package: "Huewall"),
        .product(name: "HuewallDecode", package: "Huewall"),
      ]
    ),
    // JPEG bytes through libjpeg's scaled decode (the `product` preset's and the thumbnails').
    .executableTarget(
      name: "fuzz-jpeg-scaled",
      dependencies: [
        .product(name: "HuewallCore", package: "Huewall"),
        .product(name: "HuewallDecode", package: "Huewall"),
      ]
    ),

    // Feeds: one harness per reader, all through FeedParser.
    .target(
      name: "FeedFuzzing",
      dependencies: [.product(name: "HuewallFeed", package: "Huewall")]
    ),
  ] + ["json", "delimited", "merchant-xml", "shopify"].map { reader in
    .executableTarget(
      name: "fuzz-feed-\(reader)",
      dependencies: ["FeedFuzzing", .product(name: "HuewallFeed", package: "Huewall")]
    )
  } + [

    // Analysis parameters and the colour kernel they configure.
    .executableTarget(
      name: "fuzz-parameters",
      dependencies: [
        .product(name: "HuewallCore", package: "Huewall"),
        .product(name: "HuewallPalette", package: "Huewall"),
      ]
    ),

    // The request bodies of `huewall serve`'s POST routes (HuewallRequests: Foundation alone).
    .executableTarget(
      name: "fuzz-request-body",
      dependencies: [.product(name: "HuewallRequests", package: "Huewall")]
    ),

    // The cursors and sync tokens of `huewall api` (HuewallRequests: Foundation alone).
    .executableTarget(
      name: "fuzz-api-cursor",
      dependencies: [.product(name: "HuewallRequests", package: "Huewall")]
    ),

    // pipeline.json. HuewallPipeline brings SwiftNIO, AsyncHTTPClient and GRDB: build this one
    // on its own (`--product fuzz-config`), it takes several times as long as the others.
    .executableTarget(
      name: "fuzz-config",
      dependencies: [.product(name: "HuewallPipeline", package: "Huewall")]
    ),
  ]
)
