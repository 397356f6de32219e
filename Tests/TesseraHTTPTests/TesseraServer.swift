import Foundation
import LoopbackHTTP

/// A real `tessera serve` on a free loopback port, started once per test process from the
/// binary that `swift build` put beside the test bundle.
final class TesseraServer: @unchecked Sendable {
    let process: Process
    let port: Int
    private let output: Pipe

    static let shared: TesseraServer = {
        do { return try TesseraServer(arguments: []) } catch { fatalError("could not start tessera: \(error)") }
    }()

    static var binaryPath: String {
        if let path = ProcessInfo.processInfo.environment["TESSERA_BIN"] { return path }
        // The test bundle lives in the build folder, next to the executables.
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("tessera").path
    }

    /// Starts `tessera serve --port 0 …` and reads the port it announces.
    init(arguments: [String], environment: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: TesseraServer.binaryPath)
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--loops", "2"] + arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        // First line: "tessera listening on http://127.0.0.1:PORT"
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data([10]) { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let portText = text.split(separator: ":").last, let port = Int(portText) else {
            process.terminate()
            throw LoopbackHTTPClient.ClientError(description: "unexpected first line from tessera: '\(text)'")
        }
        self.port = port
        // Keep draining stdout so the server never blocks on a full pipe.
        output.fileHandleForReading.readabilityHandler = { _ = $0.availableData }
    }

    func client() throws -> LoopbackHTTPClient {
        try LoopbackHTTPClient(port: port)
    }

    /// Sends SIGTERM and waits; returns the exit status.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// JSON helpers for assertions: Foundation is fine in tests.
func json(_ response: LoopbackHTTPClient.Response) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(response.body))
    guard let dict = object as? [String: Any] else { throw LoopbackHTTPClient.ClientError(description: "not an object: \(response.text)") }
    return dict
}

func errorField(_ response: LoopbackHTTPClient.Response) throws -> (code: String, field: String?) {
    let error = try json(response)["error"] as? [String: Any]
    return (error?["code"] as? String ?? "", error?["field"] as? String)
}
