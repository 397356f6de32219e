import Foundation
import LoopbackHTTP
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `tessera layout`, `render` and `validate` as a user runs them, and the same answers from
/// a live server's POST /v1/layout and POST /v1/render.
@Suite("tessera layout, render, validate", .serialized)
struct OneShotCommandTests {
    static let grid = #"{"layout":{"type":"flow","itemSize":[100,100]},"dataSource":{"sections":[{"itemCount":7}]},"view":{"bounds":[320,480]}}"#

    /// Writes `text` to a fresh file and returns its path.
    func file(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "tessera-\(UUID().uuidString).json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func run(_ arguments: [String], standardError: Bool = false) throws -> (status: Int32, output: [UInt8]) {
        try TesseraServer.run(arguments, readStandardError: standardError)
    }

    @Test func layoutPrintsWhatTheServerAnswers() throws {
        let path = try file(Self.grid)
        defer { unlink(path) }
        let (status, output) = try run(["layout", path])
        #expect(status == 0)
        let served = try TesseraServer.shared.client().request("POST", "/v1/layout", json: Self.grid)
        #expect(output == served.body + [10])
    }

    @Test func renderPrintsWhatTheServerDraws() throws {
        let path = try file(Self.grid)
        defer { unlink(path) }
        let (status, output) = try run(["render", path, "--rect", "0,0,320,200", "--theme", "dark", "--scale", "2"])
        #expect(status == 0)
        let served = try TesseraServer.shared.client().request(
            "POST", "/v1/render?theme=dark&scale=2",
            json: String(Self.grid.dropLast()) + #","rect":[0,0,320,200]}"#)
        #expect(served.status == 200)
        #expect(served.header("Content-Type") == "image/svg+xml")
        #expect(output == served.body)
        let bad = try run(["render", path, "--scale", "0"], standardError: true)
        #expect(bad.status == 64)
        #expect(String(decoding: bad.output, as: UTF8.self).contains("--scale must be a number from 0.01 to 64"))
    }

    @Test func validateListsEveryErrorAndExitsNonZero() throws {
        let path = try file(
            #"{"layout":{"type":"flow","itemSize":[-1,5]},"dataSource":{"sections":[{"itemCount":-1},{"itemCount":2},{"items":"no"}]},"view":{"bounds":[320,480]}}"#
        )
        defer { unlink(path) }
        let (status, output) = try run(["validate", path])
        #expect(status == 1)
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0] == "\(path): layout.itemSize: width must not be negative (got -1)")
        #expect(lines[1].hasPrefix("\(path): dataSource.sections[0].itemCount: "))
        #expect(lines[2].hasPrefix("\(path): dataSource.sections[2].items: "))
        #expect(lines[3] == "\(path): 3 errors")
        let good = try file(Self.grid)
        defer { unlink(good) }
        #expect(try run(["validate", good]).status == 0)
    }

    @Test func unreadableFileExitsOneWithAMessage() throws {
        let (status, output) = try run(["layout", "/nonexistent/body.json"], standardError: true)
        #expect(status == 1)
        #expect(String(decoding: output, as: UTF8.self) == "tessera: cannot open '/nonexistent/body.json': No such file or directory\n")
    }

    /// An endless input ends: each subcommand reads at most --max-body-bytes (the server's
    /// body limit) and one byte more, then refuses with exit 1. Reading to the end grew
    /// ~0.5 GB/s until the process aborted.
    @Test(arguments: ["layout", "render", "validate"])
    func anEndlessInputIsRefusedAtTheBodyLimit(_ command: String) throws {
        let (status, output) = try TesseraServer.run([command, "/dev/zero", "--max-body-bytes", "1000"], readStandardError: true)
        #expect(status == 1)
        #expect(String(decoding: output, as: UTF8.self) == "tessera: '/dev/zero' is larger than 1000 bytes (--max-body-bytes)\n")
        let variable = try TesseraServer.run(
            [command, "/dev/zero"], readStandardError: true,
            environment: ["TESSERA_MAX_BODY_BYTES": "2000"])
        #expect(variable.status == 1)
        #expect(String(decoding: variable.output, as: UTF8.self).contains("is larger than 2000 bytes (--max-body-bytes)"))
    }

    /// With no option the limit is the server's default body limit, 64 MiB.
    @Test func theDefaultLimitIsTheServersBodyLimit() throws {
        let (status, output) = try TesseraServer.run(["validate", "/dev/zero"], readStandardError: true)
        #expect(status == 1)
        #expect(String(decoding: output, as: UTF8.self) == "tessera: '/dev/zero' is larger than 67108864 bytes (--max-body-bytes)\n")
    }

    /// A body of exactly the limit is read; one byte less refuses it. A bad limit is a usage error.
    @Test func aFileWithinTheLimitStillWorks() throws {
        let path = try file(Self.grid)
        defer { unlink(path) }
        let size = String(Self.grid.utf8.count)
        let exact = try run(["validate", path, "--max-body-bytes", size])
        #expect(exact.status == 0)
        #expect(String(decoding: exact.output, as: UTF8.self) == "\(path): valid\n")
        let short = try run(["layout", path, "--max-body-bytes", String(Self.grid.utf8.count - 1)], standardError: true)
        #expect(short.status == 1)
        #expect(
            String(decoding: short.output, as: UTF8.self)
                == "tessera: '\(path)' is larger than \(Self.grid.utf8.count - 1) bytes (--max-body-bytes)\n")
        #expect(try run(["validate", path, "--max-body-bytes", "0"], standardError: true).status == 64)
    }

    @Test(arguments: ["layout", "render", "validate"])
    func everySubcommandHasHelp(_ command: String) throws {
        let (status, output) = try run([command, "--help"])
        #expect(status == 0)
        #expect(String(decoding: output, as: UTF8.self).contains("USAGE: tessera \(command)"))
    }

    /// The picture of a session through a live server: content type, version tag, and a 400
    /// naming a bad parameter.
    @Test func sessionRenderOverHTTP() throws {
        let c = try TesseraServer.shared.client()
        let created = try c.request("POST", "/v1/sessions", json: Self.grid)
        let id = try #require(try json(created)["id"] as? String)
        let picture = try c.request("GET", "/v1/sessions/\(id)/render.svg?rect=0,0,320,480")
        #expect(picture.status == 200)
        #expect(picture.header("Content-Type") == "image/svg+xml")
        #expect(picture.header("ETag") == "\"1\"")
        #expect(picture.text.hasPrefix("<svg "))
        let bad = try c.request("GET", "/v1/sessions/\(id)/render.svg?theme=sepia")
        #expect(bad.status == 400)
        #expect(try errorField(bad).field == "theme")
        _ = try c.request("DELETE", "/v1/sessions/\(id)")
    }
}
