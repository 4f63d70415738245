// swift-tools-version:6.0
// Huewall: product-feed colour sorting. One target per pipeline stage (docs/ARCHITECTURE.md).
//
// Builds on Linux with glibc: the libgd shim captures C's stderr with glibc's fopencookie and
// tunes glibc's allocator (Sources/CGD/shim.h).
import PackageDescription

/// What a new module turns on, as hummingbird and swift-openapi-generator do.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "Huewall",
  products: [
    .executable(name: "huewall", targets: ["huewall"]),
    .executable(name: "huewall-lab", targets: ["HuewallLab"]),
    .library(name: "HuewallPalette", targets: ["HuewallPalette"]),
    .library(name: "HuewallColorWords", targets: ["HuewallColorWords"]),
    .library(name: "HuewallDecode", targets: ["HuewallDecode"]),
    .library(name: "HuewallCore", targets: ["HuewallCore"]),
    .library(name: "HuewallFeed", targets: ["HuewallFeed"]),
    .library(name: "HuewallPipeline", targets: ["HuewallPipeline"]),
    .library(name: "HuewallStore", targets: ["HuewallStore"]),
    .library(name: "HuewallPostgres", targets: ["HuewallPostgres"]),
    .library(name: "HuewallRequests", targets: ["HuewallRequests"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
    .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
  ],
  targets: [
    // libgd, the only C library for images. Imported by HuewallDecode alone. Its headers are
    // in the system include path and the module map links it; Debian's gdlib.pc adds a
    // `-DAVIF_DLL` that SwiftPM refuses with a warning on every build, so no pkg-config.
    .systemLibrary(name: "CGD", providers: [.apt(["libgd-dev"])]),
    // zlib, for gzip responses of `huewall api`. Imported by HuewallAPI alone.
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]
    ),
    // Value types shared by every stage.
    .target(name: "HuewallCore", swiftSettings: swiftSettings),
    // Feed bytes -> products: Huewall JSON, Google Merchant XML/TSV, Shopify, CSV.
    .target(name: "HuewallFeed", dependencies: ["HuewallCore"], swiftSettings: swiftSettings),
    // URLs and files -> bytes: HTTP with retries and revalidation, a content-addressed cache.
    .target(
      name: "HuewallFetch",
      dependencies: [
        "HuewallCore",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: swiftSettings
    ),
    // A crash signal leaves a mark for the next run (a signal handler must be C).
    .target(name: "CCrashMarker"),
    // libjpeg(-turbo) decoding a JPEG scaled in its DCT, for analyses that sample every n-th
    // pixel and for thumbnails. C, because libjpeg's errors longjmp (never through Swift).
    .target(name: "CJPEGDecode", linkerSettings: [.linkedLibrary("jpeg")]),
    // Bytes -> pixels through libgd (and libjpeg's scaled decode), with format sniffing and
    // size limits.
    .target(
      name: "HuewallDecode", dependencies: ["CGD", "CJPEGDecode", "CCrashMarker", "HuewallCore"],
      swiftSettings: swiftSettings),
    // The words of colours: the families and their boundaries, named colours, CIELAB and
    // CIEDE2000. Foundation alone, so that the store and the export speak of families without
    // the pixel kernel.
    .target(
      name: "HuewallColorWords", resources: [.copy("Lexicon")], swiftSettings: swiftSettings),
    // Pixels -> dominant colours. Pure Swift, no I/O: the hot kernel.
    // Its one resource: the fitted thresholds of the families named from a colour's mean.
    .target(
      name: "HuewallPalette", dependencies: ["HuewallCore", "HuewallColorWords"],
      resources: [.copy("Resources")], swiftSettings: swiftSettings),
    // The catalogue in SQLite: products, images, parameter sets, analyses, runs, errors.
    .target(
      name: "HuewallStore",
      dependencies: [
        "HuewallCore", "HuewallColorWords", .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: swiftSettings
    ),
    // The catalogue in PostgreSQL, for more than one machine: the same store API, and the
    // queue that `huewall worker` processes claim work from.
    .target(
      name: "HuewallPostgres",
      dependencies: [
        "HuewallCore", "HuewallColorWords", "HuewallStore",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: swiftSettings
    ),
    // Store -> colors.json, colors.csv and the HTML preview page (mustache templates shipped
    // as resources; thumbnails through HuewallDecode's libgd API).
    .target(
      name: "HuewallExport",
      dependencies: [
        "HuewallCore", "HuewallColorWords", "HuewallStore", "HuewallDecode",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Mustache", package: "swift-mustache"),
      ],
      resources: [.copy("Templates")],
      swiftSettings: swiftSettings
    ),
    // pipeline.json and the stages in sequence: the nightly run and reprocessing.
    .target(
      name: "HuewallPipeline",
      dependencies: [
        "HuewallCore", "HuewallColorWords", "HuewallFeed", "HuewallFetch", "HuewallDecode",
        "HuewallPalette",
        "HuewallStore", "HuewallPostgres", "HuewallExport",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
      ],
      swiftSettings: swiftSettings
    ),
    // What a client sends to Huewall's servers, read without a server: the fields of a request
    // body (a form or a JSON object) and the host a request names. Foundation alone, so that
    // a fuzzer links it without SwiftNIO.
    .target(name: "HuewallRequests", swiftSettings: swiftSettings),
    // What operators monitor: a run's node_exporter textfile, and the `/metrics` endpoint of
    // long-running processes (swift-metrics recorded into swift-prometheus).
    .target(
      name: "HuewallMetrics",
      dependencies: [
        "HuewallCore", "HuewallRequests", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: swiftSettings
    ),
    // `huewall serve`: the catalogue re-analysed live from sample grids kept in memory.
    .target(
      name: "HuewallServe",
      dependencies: [
        "HuewallCore", "HuewallColorWords", "HuewallDecode", "HuewallFetch", "HuewallPalette",
        "HuewallPipeline",
        "HuewallStore", "HuewallExport", "HuewallRequests",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: swiftSettings
    ),
    // `huewall api`: the catalogue served read-only to apps, as openapi.yaml describes (its
    // types and routes generated by scripts/generate-openapi into Generated/).
    .target(
      name: "HuewallAPI",
      dependencies: [
        "HuewallCore", "HuewallColorWords", "HuewallStore", "HuewallExport", "HuewallMetrics",
        "HuewallRequests", "CZlib", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: swiftSettings
    ),
    // The commands, in a library so that tests can call them.
    .target(
      name: "HuewallCLI",
      dependencies: [
        "HuewallCore", "HuewallColorWords", "HuewallDecode", "HuewallPalette", "HuewallPipeline",
        "HuewallStore",
        "HuewallExport", "HuewallServe", "HuewallPostgres", "HuewallMetrics", "HuewallAPI",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "huewall", dependencies: ["HuewallCLI", "HuewallDecode"], swiftSettings: swiftSettings),
    // `huewall-lab`: scoring on labelled photos and refitting what was fitted on them, apart
    // from the commands a shop runs.
    .executableTarget(
      name: "HuewallLab",
      dependencies: [
        "HuewallCLI", "HuewallCore", "HuewallColorWords", "HuewallDecode", "HuewallPalette",
        "HuewallPipeline",
        "HuewallExport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: swiftSettings
    ),

    // A loopback HTTP server the tests program route by route.
    .target(
      name: "HuewallTestSupport",
      dependencies: [
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ],
      path: "Tests/HuewallTestSupport",
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "HuewallPaletteTests",
      dependencies: ["HuewallPalette", "HuewallColorWords", "HuewallDecode"],
      resources: [.copy("Fixtures")],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "HuewallDecodeTests",
      dependencies: ["HuewallDecode", "CJPEGDecode"],
      resources: [.copy("Fixtures")],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "HuewallFeedTests",
      dependencies: ["HuewallFeed", "HuewallCore", "HuewallTestSupport"],
      resources: [.copy("Fixtures")],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "HuewallFetchTests",
      dependencies: [
        "HuewallFetch", "HuewallTestSupport", .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "HuewallStoreTests",
      dependencies: [
        "HuewallStore", "HuewallColorWords", "HuewallCore", "HuewallPostgres", "HuewallTestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "HuewallExportTests",
      dependencies: [
        "HuewallExport", "HuewallColorWords", "HuewallStore", "HuewallDecode", "HuewallPalette",
        "HuewallCore", .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Mustache", package: "swift-mustache"),
      ],
      exclude: ["Fixtures", "Golden"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "HuewallServeTests",
      dependencies: [
        "HuewallServe", "HuewallPipeline", "HuewallStore", "HuewallFetch", "HuewallDecode",
        "HuewallPalette", "HuewallCore", "HuewallColorWords", "HuewallExport", "HuewallRequests",
        "HuewallTestSupport",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "HuewallPipelineTests",
      dependencies: [
        "HuewallPipeline", "HuewallColorWords", "HuewallCore", "HuewallFeed", "HuewallFetch",
        "HuewallStore", "HuewallTestSupport",
      ],
      // Read from the source tree (scripts/make-image-choice-fixtures.php makes them).
      exclude: ["Fixtures"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "HuewallAPITests",
      dependencies: [
        "HuewallAPI", "HuewallColorWords", "HuewallStore", "HuewallCore", "HuewallExport",
        "HuewallPalette", "HuewallPostgres", "HuewallTestSupport",
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "HuewallLabTests",
      dependencies: [
        "HuewallLab", "HuewallCLI", "HuewallPalette", "HuewallCore", "HuewallColorWords",
        "HuewallTestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "HuewallCLITests",
      dependencies: [
        "HuewallCLI", "huewall", "HuewallCore", "HuewallColorWords", "HuewallStore",
        "HuewallTestSupport",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ],
      swiftSettings: swiftSettings
    ),
  ]
)
