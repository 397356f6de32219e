import TesseraSupport
import Foundation
import LayoutService
import InMemoryStore

/// In-process calls: the handlers are plain functions, so most behaviour is tested without
/// a socket (the HTTP tests then check the same paths through a live server).
func body(_ text: String) -> [UInt8] { Array(text.utf8) }

func object(_ response: Reply) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
}

func errorOf(_ response: Reply) throws -> (code: String, field: String?, message: String) {
    let e = try object(response)["error"] as? [String: Any] ?? [:]
    return (e["code"] as? String ?? "", e["field"] as? String, e["message"] as? String ?? "")
}

func makeService(_ configure: (inout SessionStore.Configuration) -> Void = { _ in }, clock: any SessionClock = SystemSessionClock()) -> TesseraService
{
    var c = SessionStore.Configuration()
    configure(&c)
    return TesseraService(store: .inMemory(configuration: c, clock: clock))
}

/// Creates a session and returns its id, failing the test on anything but 201.
func createSession(_ service: TesseraService, _ json: String) throws -> String {
    let r = service.createSession(body: body(json))
    guard r.status == 201, let id = try object(r)["id"] as? String else {
        throw CocoaError(.coderInvalidValue, userInfo: [NSDebugDescriptionErrorKey: String(decoding: r.body, as: UTF8.self)])
    }
    return id
}

/// A clock the test moves by hand.
final class ManualClock: SessionClock, @unchecked Sendable {
    private let lock = NSLock()
    private var now: UInt64 = 1_000

    func nowNanoseconds() -> UInt64 { lock.withLock { now } }

    func advance(seconds: UInt64) { lock.withLock { now += seconds * 1_000_000_000 } }
}

let circleBody = #"{"layout":{"type":"circle"},"dataSource":{"sections":[{"itemCount":6}]},"view":{"bounds":[400,400]}}"#
