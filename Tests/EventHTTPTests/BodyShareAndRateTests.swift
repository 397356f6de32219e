import Glibc
import Testing
@testable import EventHTTP

/// Bodies trickled to hold the body budget (issue 20): four connections declaring the
/// largest body and sending a byte every few seconds held all of `maxBodyBytesInFlight`, and
/// every other client's upload was a 503 for as long as they trickled. Since bodies count the
/// bytes they have sent (issue 34) a trickler holds next to nothing; the rate still frees
/// its connection and what it did send, and the share still bounds what one client sends.
@Suite("body share and minimum rate", .serialized)
struct BodyShareAndRateTests {
    /// One client (127.0.0.1) sends all but a byte of the largest body in a budget of four:
    /// its share (a quarter) holds those bytes, its other uploads are refused 503 as soon as
    /// their bytes pass the share, and another client (127.0.0.2) still uploads.
    @Test func oneClientCannotTakeEveryClientsBodies() throws {
        try withServer(
            router: TestRoutes.standard(),
            configure: {
                $0.maxBodySize = 1000
                $0.maxBodyBytesInFlight = 4000
            }
        ) { server, port in
            let first = try RawHTTPClient(port: port, timeoutSeconds: 30)
            try first.send("POST /echo HTTP/1.1\r\nContent-Length: 1000\r\n\r\n" + String(repeating: "x", count: 999))
            #expect(waitUntil(seconds: 30) { server.bodyBytesInFlight == 999 })
            var others: [RawHTTPClient] = []
            for _ in 0..<3 {
                let again = try RawHTTPClient(port: port, timeoutSeconds: 30)
                try again.send("POST /echo HTTP/1.1\r\nContent-Length: 1000\r\n\r\nxx")
                let refused = try again.readResponse()
                #expect(refused.status == 503)
                #expect(refused.errorCode == "server_busy")
                #expect(refused.header("Retry-After") == "1")
                #expect(String(decoding: refused.body, as: UTF8.self).contains("share"))
                others.append(again)
            }
            #expect(server.bodyBytesInFlight == 999)
            let stranger = try RawHTTPClient(port: port, timeoutSeconds: 30, sourceHost: 2)
            let upload = try stranger.request("POST /echo HTTP/1.1\r\nContent-Length: 900\r\n\r\n" + String(repeating: "s", count: 900))
            #expect(upload.status == 200 && upload.body.count == 900)
            // The first client's share comes back when its body is answered.
            try first.send("x")
            #expect(try first.readResponse().body.count == 1000)
            #expect(waitUntil(seconds: 30) { server.bodyBytesInFlight == 0 })
            let next = try RawHTTPClient(port: port).request(
                "POST /echo HTTP/1.1\r\nContent-Length: 1000\r\n\r\n" + String(repeating: "y", count: 1000))
            #expect(next.status == 200)
        }
    }

    /// Four connections of one client declaring the largest body and trickling it hold only
    /// the bytes they sent: the same client's next upload is not refused (it was, for as long
    /// as they trickled, when declared bytes were reserved).
    @Test func trickledBodiesLeaveTheirClientRoom() throws {
        try withServer(
            router: TestRoutes.standard(),
            configure: {
                $0.maxBodySize = 1000
                $0.maxBodyBytesInFlight = 4000
            }
        ) { server, port in
            var tricklers: [RawHTTPClient] = []
            for _ in 0..<4 {
                let client = try RawHTTPClient(port: port, timeoutSeconds: 30)
                try client.send("POST /echo HTTP/1.1\r\nContent-Length: 1000\r\n\r\nx")
                tricklers.append(client)
            }
            #expect(waitUntil(seconds: 30) { server.bodyBytesInFlight == 4 })
            let upload = try RawHTTPClient(port: port, timeoutSeconds: 30).request(
                "POST /echo HTTP/1.1\r\nContent-Length: 900\r\n\r\n" + String(repeating: "u", count: 900))
            #expect(upload.status == 200 && upload.body.count == 900)
            tricklers.removeAll()
            #expect(waitUntil(seconds: 30) { server.bodyBytesInFlight == 0 })
        }
    }

    /// Bodies trickled from four clients (each within its share) are refused once they fall
    /// behind the minimum rate past the grace: a 408 naming the pace, the connection closed,
    /// the budget free again. A Content-Length body and a chunked one alike. They send most
    /// of their bodies first, and meanwhile what they sent refuses another client's body.
    @Test(arguments: [false, true])
    func aTrickledBodyLosesItsReservation(chunked: Bool) throws {
        try withServer(
            router: TestRoutes.standard(),
            configure: {
                $0.maxBodySize = 1000
                $0.maxBodyBytesInFlight = 4000
                $0.minBodyBytesPerSecond = 100
                $0.bodyRateGraceSeconds = 1
            }
        ) { server, port in
            var tricklers: [RawHTTPClient] = []
            let sent = String(repeating: "x", count: 990)
            for host in UInt8(2)...5 {
                let client = try RawHTTPClient(port: port, timeoutSeconds: 30, sourceHost: host)
                try client.send(
                    chunked
                        ? "POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3e8\r\n" + sent
                        : "POST /echo HTTP/1.1\r\nContent-Length: 1000\r\n\r\n" + sent)
                tricklers.append(client)
            }
            #expect(waitUntil(seconds: 30) { server.bodyBytesInFlight == 3960 })
            // Nearly full: a fifth client's 100 bytes are refused for now.
            let waiting = try RawHTTPClient(port: port, timeoutSeconds: 30, sourceHost: 6)
            let body = String(repeating: "w", count: 100)
            #expect(try waiting.request("POST /echo HTTP/1.1\r\nContent-Length: 100\r\n\r\n" + body).status == 503)
            // A byte now and then does not keep up with 100 bytes a second.
            for client in tricklers { try? client.send("x") }
            for client in tricklers {
                let refused = try client.readResponse()
                #expect(refused.status == 408)
                #expect(refused.errorCode == "request_timeout")
                #expect(refused.header("Connection") == "close")
                #expect(try client.isClosedByServer())
            }
            #expect(waitUntil(seconds: 30) { server.bodyBytesInFlight == 0 })
            let fits = try RawHTTPClient(port: port, sourceHost: 6).request("POST /echo HTTP/1.1\r\nContent-Length: 100\r\n\r\n" + body)
            #expect(fits.status == 200)
        }
    }

    /// A body that keeps pace, slowly, is not refused: 100 bytes a second asked, ~400 sent.
    @Test func aSteadyBodyKeepsItsReservation() throws {
        try withServer(
            router: TestRoutes.standard(),
            configure: {
                $0.maxBodySize = 1000
                $0.minBodyBytesPerSecond = 100
                $0.bodyRateGraceSeconds = 1
            }
        ) { _, port in
            let client = try RawHTTPClient(port: port, timeoutSeconds: 30)
            try client.send("POST /echo HTTP/1.1\r\nContent-Length: 1000\r\n\r\n")
            for _ in 0..<10 {
                try client.send(String(repeating: "z", count: 100))
                usleep(250_000)
            }
            let answered = try client.readResponse()
            #expect(answered.status == 200 && answered.body.count == 1000)
        }
    }

    @Test func clientAddressesTellIPv4PeersApart() {
        let shares = ClientBodyShares(capacity: 10)
        let a = ClientAddress(high: 0, low: 1), b = ClientAddress(high: 0, low: 2)
        #expect(shares.tryReserve(10, for: a))
        #expect(!shares.tryReserve(1, for: a))
        #expect(shares.tryReserve(10, for: b))
        shares.release(10, for: a)
        #expect(shares.held(by: a) == 0 && shares.held(by: b) == 10)
    }
}
