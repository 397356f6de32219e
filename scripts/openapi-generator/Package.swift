// swift-tools-version:6.0
import PackageDescription

// Builds Apple's swift-openapi-generator command-line tool, which scripts/generate-swift-client.py
// runs to (re)generate Sources/TesseraClient/Generated from openapi.yaml. It is a package of its
// own so that building Tessera never builds the generator (a few minutes on 2 cores): only
// `make client` and `make client-check` do.
let package = Package(
    name: "OpenAPIGeneratorTool",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3")
    ],
    targets: []
)
