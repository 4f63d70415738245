// swift-tools-version:6.1
// Huewall's benchmarks, kept in their own package so that the benchmark library and its malloc
// interposer never slow down the main package's builds. Run from this folder:
//   swift package --disable-sandbox benchmark
import PackageDescription

let package = Package(
  name: "HuewallBenchmarks",
  dependencies: [
    // Named, because a path package is otherwise known by its folder name.
    .package(name: "Huewall", path: ".."),
    // MallocInterposer gives the malloc metrics on Swift 6.3+. Naming the traits leaves out the
    // default RuntimeInterposer trait and the extra package it pulls in; these benchmarks run
    // without it (the plugin notes that it skips that library).
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1",
      traits: ["MallocInterposer"]),
  ],
  targets: [
    // The work queue's claim overhead, against a PostgreSQL database (worker-benchmarks).
    .executableTarget(
      name: "queue-bench",
      dependencies: [
        .product(name: "HuewallPostgres", package: "Huewall"),
        .product(name: "HuewallStore", package: "Huewall"),
        .product(name: "HuewallCore", package: "Huewall"),
      ],
      path: "QueueBench"
    ),
    // The plugin runs executable targets whose folder sits in a folder named Benchmarks.
    .executableTarget(
      name: "HuewallBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "HuewallDecode", package: "Huewall"),
        .product(name: "HuewallPalette", package: "Huewall"),
      ],
      path: "HuewallBenchmarks",
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    ),
  ]
)
