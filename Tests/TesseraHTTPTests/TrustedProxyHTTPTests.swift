import Foundation
import LoopbackHTTP
import Testing

/// `--trusted-proxy` through `tessera serve` (issue 34): behind a proxy every connection comes
/// from the proxy's address, so without it all clients share one body share. From a trusted
/// peer the client is the one `X-Forwarded-For` names; from any other the header is ignored.
@Suite("trusted proxies over HTTP", .serialized)
struct TrustedProxyHTTPTests {
    /// Shares of 100,000 bytes in a budget of ten of them: only shares refuse here.
    static let settings = [
        "--max-body-bytes", "100000", "--max-body-bytes-in-flight", "1000000", "--max-body-bytes-per-client", "100000"
    ]

    /// A create for the forwarded client `client`.
    private func create(_ server: TesseraServer, forwardedFor client: String) throws -> LoopbackHTTPClient.Response {
        try server.client().request(
            "POST", "/v1/sessions", json: TrickledBodyHTTPTests.createBody, headers: [("X-Forwarded-For", client)])
    }

    /// Once an upload's bytes have arrived, the create `client` then makes.
    private func createOnceFull(_ server: TesseraServer, forwardedFor client: String) throws -> LoopbackHTTPClient.Response {
        #expect(try TrickledBodyHTTPTests.waitUntilACreateWouldNotFit(port: server.port, headers: "X-Forwarded-For: \(client)\r\n"))
        return try create(server, forwardedFor: client)
    }

    /// An upload for `client` that holds all but 10 bytes of its share.
    private func fillShare(_ server: TesseraServer, forwardedFor client: String) throws -> LoopbackHTTPClient {
        try TrickledBodyHTTPTests.openUpload(
            port: server.port, declared: 100_000, sent: 99_990, headers: "X-Forwarded-For: \(client)\r\n")
    }

    @Test func forwardedClientsHaveSharesOfTheirOwn() throws {
        let server = try TesseraServer(arguments: Self.settings + ["--trusted-proxy", "127.0.0.1"])
        defer { _ = server.stop() }
        let filler = try fillShare(server, forwardedFor: "198.51.100.1")
        let refused = try createOnceFull(server, forwardedFor: "198.51.100.1")
        #expect(refused.status == 503)
        #expect(try errorField(refused).code == "server_busy")
        #expect(refused.text.contains("share"))
        // Another client through the same proxy uploads.
        #expect(try create(server, forwardedFor: "198.51.100.2").status == 201)
        // A hop through another trusted proxy (127.0.0.1 again) still names client 1, and a
        // client's own entry left of the proxy's (198.51.100.2, which it may have forged) does
        // not count.
        #expect(try create(server, forwardedFor: "198.51.100.1, 127.0.0.1").status == 503)
        #expect(try create(server, forwardedFor: "198.51.100.2, 198.51.100.1").status == 503)
        // Garbage names nobody: the proxy's own share, untouched so far.
        #expect(try create(server, forwardedFor: "unknown").status == 201)
        withExtendedLifetime(filler) {}
    }

    @Test func withoutTheFlagTheHeaderIsIgnored() throws {
        let server = try TesseraServer(arguments: Self.settings)
        defer { _ = server.stop() }
        let filler = try fillShare(server, forwardedFor: "198.51.100.1")
        // Every request counts against 127.0.0.1, whatever it says.
        let refused = try createOnceFull(server, forwardedFor: "198.51.100.2")
        #expect(refused.status == 503)
        #expect(refused.text.contains("share"))
        withExtendedLifetime(filler) {}
    }

    @Test func aBlockThatIsNotOneIsAUsageErrorNamingTheFlag() throws {
        let (status, output) = try TesseraServer.run(["serve", "--trusted-proxy", "10.0.0.1,10.0.0.0/33"], readStandardError: true)
        #expect(status == 64)
        #expect(String(decoding: output, as: UTF8.self).contains("--trusted-proxy '10.0.0.0/33' is not valid"))
        let (fromVariable, words) = try TesseraServer.run(
            ["serve"], readStandardError: true, environment: ["TESSERA_TRUSTED_PROXIES": "localhost"])
        #expect(fromVariable == 64)
        #expect(String(decoding: words, as: UTF8.self).contains("TESSERA_TRUSTED_PROXIES='localhost' is not valid"))
    }
}
