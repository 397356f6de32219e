// swift-tools-version:6.0
import PackageDescription

// One settings list for every target: Swift 6 language mode everywhere, and release builds
// that may use unchecked arithmetic inside the index hot path only where the code says so.
let languageSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

// Release builds on x86-64 pad branches so that none crosses or ends at a 32-byte boundary.
// On Skylake-family Intel CPUs (the JCC erratum's microcode update) a loop with such a branch
// runs from the legacy decoders instead of the decoded-instruction cache, and which loops
// were hit moved with every change to the binary's layout: the same snapshot-body scan took
// 9.2 ms in one build and 12.1 ms in another. docs/performance.md#jcc-branch-alignment has
// the figures. The manifest is compiled for the machine that builds, hence `#if arch`.
#if arch(x86_64)
    let branchAlignment: [SwiftSetting] = [
        .unsafeFlags(
            ["-Xllvm", "-x86-align-branch-boundary=32", "-Xllvm", "-x86-align-branch=fused+jcc+jmp"],
            .when(platforms: [.linux], configuration: .release))
    ]
#else
    let branchAlignment: [SwiftSetting] = []
#endif

let sharedSettings = languageSettings + branchAlignment

// Each module's folder holds a README.md (Sources/README.md links them): documentation, not a
// resource, so SwiftPM is told to leave it out of the target.
let readme = ["README.md"]

let package = Package(
    name: "Tessera",
    // The generated client (TesseraClient) uses async/await and URLSession: these are the oldest
    // Apple platforms it builds for. Linux has no such floor.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "tessera", targets: ["tessera"]),
        // A typed Swift client of the HTTP API, generated from openapi.yaml (make client).
        .library(name: "TesseraClient", targets: ["TesseraClient"])
    ],
    // Exact versions, so that an image built next year resolves what this one did
    // (Package.resolved is not committed: these machines' package copies carry other commit
    // ids). swift-http-types and swift-atomics are pinned beside the packages that need them
    // (the generated client imports HTTPTypes; swift-prometheus builds on Atomics). Bumping:
    // docs/deployment.md, "Pinned versions".
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // Operations: structured logs, metrics and their Prometheus exposition.
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/apple/swift-atomics", exact: "1.3.0"),
        // TesseraClient's runtime and transport (URLSession; FoundationNetworking on Linux).
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0")
    ],
    targets: [
        // What several modules need once: the bounds-checked output buffer every byte writer goes
        // through (docs/memory-safety.md), digit, hex, ASCII and percent-decoding helpers, the
        // lock and condition, the clocks and calendar. No dependencies.
        .target(name: "TesseraSupport", exclude: readme, swiftSettings: sharedSettings),
        // JSON with no knowledge of layouts: the tape parser, its values, the writer and the
        // shortest-decimal formatter (the service's requests and replies, the access log's lines).
        .target(name: "TesseraJSON", dependencies: ["TesseraSupport"], exclude: readme, swiftSettings: sharedSettings),
        // Pure Swift: no Foundation, no I/O, no threads. (swift-collections is pure Swift too.)
        .target(
            name: "LayoutEngine", dependencies: [.product(name: "HeapModule", package: "swift-collections")],
            exclude: readme, swiftSettings: sharedSettings),
        // Pure: layout attributes → SVG pictures (no I/O).
        .target(name: "Rendering", dependencies: ["LayoutEngine", "TesseraSupport"], exclude: readme, swiftSettings: sharedSettings),
        // The playground page served at / (HTML, CSS, JS embedded by scripts/embed-playground.py).
        .target(name: "Playground", exclude: ["Assets"] + readme, swiftSettings: sharedSettings),
        // Transport-free service: sessions, JSON, handlers.
        .target(
            name: "LayoutService",
            dependencies: [
                "LayoutEngine", "SessionStorage", "Rendering", "TesseraJSON", "TesseraSupport",
                .product(name: "CoreMetrics", package: "swift-metrics")
            ],
            exclude: readme, swiftSettings: sharedSettings),
        // Where sessions persist: memory, SQLite (Debian's libsqlite3-dev) or Redis (hiredis).
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CHiredis", providers: [.apt(["libhiredis-dev"])]),
        .target(name: "SessionStorage", dependencies: ["CSQLite", "CHiredis", "TesseraSupport"], exclude: readme, swiftSettings: sharedSettings),
        // libevent through Debian's libevent-dev.
        .systemLibrary(name: "CLibevent", pkgConfig: "libevent_core", providers: [.apt(["libevent-dev"])]),
        // zlib through Debian's zlib1g-dev: gzip request bodies and replies.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "EventHTTP", dependencies: ["CLibevent", "CZlib", "TesseraJSON", "TesseraSupport"], exclude: readme, swiftSettings: sharedSettings),
        // Access logs, request ids and metrics for the HTTP server (swift-log, swift-metrics, Prometheus).
        .target(
            name: "Telemetry",
            dependencies: [
                "EventHTTP", "TesseraJSON", "TesseraSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                // Not imported here: swift-prometheus's own dependency, named to pin it.
                .product(name: "Atomics", package: "swift-atomics")
            ], exclude: readme, swiftSettings: sharedSettings),
        .executableTarget(
            name: "tessera",
            dependencies: [
                "LayoutService", "Rendering", "Playground", "EventHTTP", "Telemetry", "SessionStorage", "TesseraJSON", "TesseraSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ],
            exclude: readme, swiftSettings: sharedSettings),
        // Generated by swift-openapi-generator (scripts/generate-swift-client.py), committed.
        .target(
            name: "TesseraClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types")
            ],
            exclude: readme,
            // A library other packages may depend on, which SwiftPM refuses with unsafe flags.
            swiftSettings: languageSettings),
        // A blocking loopback HTTP client shared by the HTTP tests and the benchmark.
        .target(name: "LoopbackHTTP", path: "Tests/Support/LoopbackHTTP", swiftSettings: sharedSettings),
        // The seeded generator of the JSON and service property tests: the same draws on every run.
        .target(name: "SeededRandom", path: "Tests/Support/SeededRandom", swiftSettings: sharedSettings),
        // The in-memory session store the tests and the benchmark wire into the service.
        .target(
            name: "InMemoryStore", dependencies: ["LayoutService", "SessionStorage"], path: "Tests/Support/InMemoryStore",
            swiftSettings: sharedSettings),
        .executableTarget(
            name: "tessera-bench", dependencies: ["LayoutService", "LayoutEngine", "TesseraJSON", "EventHTTP", "LoopbackHTTP", "InMemoryStore"],
            path: "Benchmarks/tessera-bench", swiftSettings: sharedSettings),
        .testTarget(name: "TesseraSupportTests", dependencies: ["TesseraSupport"], swiftSettings: sharedSettings),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine"], swiftSettings: sharedSettings),
        // A temporary directory for the tests that open SQLite files (storage and service tests).
        .target(name: "StorageTestSupport", path: "Tests/Support/StorageTestSupport", swiftSettings: sharedSettings),
        // Real Redis Cluster nodes on loopback, for the storage and HTTP tests of issue 39.
        .target(
            name: "RedisClusterSupport", dependencies: ["LoopbackHTTP", "StorageTestSupport"], path: "Tests/Support/RedisCluster",
            swiftSettings: sharedSettings),
        .testTarget(
            name: "SessionStorageTests", dependencies: ["SessionStorage", "StorageTestSupport", "LoopbackHTTP", "RedisClusterSupport"],
            swiftSettings: sharedSettings),
        .testTarget(name: "TesseraJSONTests", dependencies: ["TesseraJSON", "TesseraSupport", "SeededRandom"], swiftSettings: sharedSettings),
        .testTarget(
            name: "LayoutServiceTests",
            dependencies: [
                "LayoutService", "SessionStorage", "StorageTestSupport", "TesseraJSON",
                "TesseraSupport", "SeededRandom", "InMemoryStore"
            ],
            swiftSettings: sharedSettings),
        .testTarget(name: "PlaygroundTests", dependencies: ["Playground", "LayoutService", "InMemoryStore"], swiftSettings: sharedSettings),
        .testTarget(
            name: "RenderingTests", dependencies: ["Rendering", "LayoutEngine", "LayoutService", "InMemoryStore"],
            exclude: ["Golden"], swiftSettings: sharedSettings),
        .testTarget(name: "EventHTTPTests", dependencies: ["EventHTTP", "TesseraJSON", "TesseraSupport"], swiftSettings: sharedSettings),
        .testTarget(
            name: "TelemetryTests",
            dependencies: [
                "Telemetry", "EventHTTP", "LoopbackHTTP", "TesseraSupport", "TesseraJSON",
                "LayoutService",
                .product(name: "Logging", package: "swift-log")
            ],
            swiftSettings: sharedSettings),
        .testTarget(
            name: "TesseraHTTPTests", dependencies: ["LoopbackHTTP", "TesseraClient", "SessionStorage", "RedisClusterSupport"],
            swiftSettings: sharedSettings)
    ]
)
