// swift-tools-version:6.0
import PackageDescription

// One settings list for every target: Swift 6 language mode everywhere, and release builds
// that may use unchecked arithmetic inside the index hot path only where the code says so.
let sharedSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Tessera",
    products: [
        .executable(name: "tessera", targets: ["tessera"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Operations: structured logs, metrics and their Prometheus exposition.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        // Pure Swift: no Foundation, no I/O, no threads.
        .target(name: "LayoutEngine", swiftSettings: sharedSettings),
        // Pure: layout attributes → SVG pictures (no I/O).
        .target(name: "Rendering", dependencies: ["LayoutEngine"], swiftSettings: sharedSettings),
        // The playground page served at / (HTML, CSS, JS embedded by scripts/embed-playground.py).
        .target(name: "Playground", exclude: ["Assets"], swiftSettings: sharedSettings),
        // Transport-free service: sessions, JSON, handlers.
        .target(name: "LayoutService", dependencies: ["LayoutEngine", "Rendering", .product(name: "CoreMetrics", package: "swift-metrics")],
                swiftSettings: sharedSettings),
        // libevent through Debian's libevent-dev.
        .systemLibrary(name: "CLibevent", pkgConfig: "libevent_core", providers: [.apt(["libevent-dev"])]),
        .target(name: "EventHTTP", dependencies: ["CLibevent"], swiftSettings: sharedSettings),
        // Access logs, request ids and metrics for the HTTP server (swift-log, swift-metrics, Prometheus).
        .target(name: "Telemetry", dependencies: [
            "EventHTTP", "LayoutService",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "CoreMetrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
        ], swiftSettings: sharedSettings),
        .executableTarget(name: "tessera",
                          dependencies: ["LayoutService", "Rendering", "Playground", "EventHTTP", "Telemetry",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          swiftSettings: sharedSettings),
        // A blocking loopback HTTP client shared by the HTTP tests and the benchmark.
        .target(name: "LoopbackHTTP", path: "Tests/Support/LoopbackHTTP", swiftSettings: sharedSettings),
        .executableTarget(name: "tessera-bench", dependencies: ["LayoutService", "LayoutEngine", "EventHTTP", "LoopbackHTTP"],
                          path: "Benchmarks/tessera-bench", swiftSettings: sharedSettings),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine"], swiftSettings: sharedSettings),
        .testTarget(name: "LayoutServiceTests", dependencies: ["LayoutService"], swiftSettings: sharedSettings),
        .testTarget(name: "PlaygroundTests", dependencies: ["Playground", "LayoutService"], swiftSettings: sharedSettings),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "LayoutEngine", "LayoutService"],
                    exclude: ["Golden"], swiftSettings: sharedSettings),
        .testTarget(name: "EventHTTPTests", dependencies: ["EventHTTP"], swiftSettings: sharedSettings),
        .testTarget(name: "TelemetryTests", dependencies: ["Telemetry", "EventHTTP", "LoopbackHTTP",
                                                          .product(name: "Logging", package: "swift-log")],
                    swiftSettings: sharedSettings),
        .testTarget(name: "TesseraHTTPTests", dependencies: ["LoopbackHTTP"], swiftSettings: sharedSettings),
    ]
)
