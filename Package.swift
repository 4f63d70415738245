// swift-tools-version:6.0
// Huewall: product-feed colour sorting. One target per pipeline stage (docs/ARCHITECTURE.md).
import PackageDescription

let package = Package(
  name: "Huewall",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "huewall", targets: ["huewall"]),
    .library(name: "HuewallPalette", targets: ["HuewallPalette"]),
    .library(name: "HuewallDecode", targets: ["HuewallDecode"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
  ],
  targets: [
    // libgd, the only C library for images. Imported by HuewallDecode alone.
    .systemLibrary(
      name: "CGD",
      pkgConfig: "gdlib",
      providers: [.apt(["libgd-dev"])]
    ),
    // Value types shared by every stage.
    .target(name: "HuewallCore"),
    // Feed bytes -> products: Huewall JSON, Google Merchant XML/TSV, Shopify, CSV.
    .target(name: "HuewallFeed", dependencies: ["HuewallCore"]),
    // Bytes -> pixels through libgd, with format sniffing and size limits.
    .target(name: "HuewallDecode", dependencies: ["CGD", "HuewallCore"]),
    // Pixels -> dominant colours. Pure Swift, no I/O: the hot kernel.
    .target(name: "HuewallPalette", dependencies: ["HuewallCore"]),
    // The commands, in a library so that tests can call them.
    .target(
      name: "HuewallCLI",
      dependencies: [
        "HuewallCore", "HuewallDecode", "HuewallPalette",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .executableTarget(name: "huewall", dependencies: ["HuewallCLI"]),

    .testTarget(
      name: "HuewallPaletteTests",
      dependencies: ["HuewallPalette", "HuewallDecode"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "HuewallDecodeTests",
      dependencies: ["HuewallDecode"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "HuewallFeedTests",
      dependencies: ["HuewallFeed", "HuewallCore"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "HuewallCLITests",
      dependencies: ["HuewallCLI", "huewall"]
    ),
  ]
)
