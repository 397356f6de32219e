import LayoutEngine
import SessionStorage
import TesseraJSON
import TesseraSupport

/// libFuzzer target: the API's request decoders, on their own and as the handlers run them.
/// An input is a create-session body, optionally followed by a NUL byte, a byte that picks a
/// session handler, and that handler's body:
///
///   create-body [ 0x00 handler-byte second-body ]
///
/// 1. `LayoutRequest.decode` reads the create body as a session body and as a one-shot body
///    (with `rect`). It either decodes it or refuses it with a 4xx `APIError`; what it
///    decodes, its echoed `layout` object, decodes again to the same bytes.
/// 2. `createSession` takes the same body; on 201 the second body goes to the picked handler
///    (updates, view, layout switch, preferred sizes, interactive movement, transition,
///    target content offset, snapshot PUT, snapshot operations, scroll to item, or a rect query
///    with the second body as its query string), and the session is deleted. No answer is a 5xx, and every
///    JSON answer parses. A rect query's reply, written as the layout streams its elements, is
///    the reply written from their list (`elements(in:view:limit:)`, then `JSONWriter.elements`).
/// 3. The snapshot PUT's body scanner (`SnapshotBodyScanner`) reads both bodies: whatever it
///    takes, the generic path (tape, then `SnapshotRequestDecoder`) reads to the same request,
///    or refuses for a limit the scanned request is over too.
/// 4. The rect query read from its bytes (`RectQuery.common`), on both bodies taken as query
///    strings: whatever it reads, the general path (`QueryParameters`, `Double(_:)`) reads the
///    same, to the bit.
/// No input may trap or touch memory it does not own (AddressSanitizer).
/// Built and run by `scripts/fuzz.sh decoders SECONDS` (Fuzz/README.md).

private let maxItems = 2_000
private let maxSections = 64

private let service: TesseraService = {
    var configuration = SessionStore.Configuration()
    configuration.maxItemsPerSession = maxItems
    configuration.maxSectionsPerSession = maxSections
    configuration.maxSessions = 8
    let clock = SystemSessionClock()
    let storage = MemorySessionStorage { clock.nowNanoseconds() }
    return TesseraService(store: SessionStore(configuration: configuration, storage: storage, clock: clock))
}()

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes.prefix(300), as: UTF8.self) }

private func expectAnswer(_ response: Reply, _ what: String) {
    guard response.status < 500 else { fatalError("\(what) answered \(response.status): \(text(response.body))") }
    if let first = response.body.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
        guard (try? JSONTape.parse(response.body, maxDepth: 256)) != nil else {
            fatalError("\(what) answered JSON that does not parse: \(text(response.body))")
        }
    }
}

/// The session id in a 201's body.
private func sessionID(_ body: [UInt8]) -> String? {
    guard let tape = try? JSONTape.parse(body, maxDepth: 8) else { return nil }
    return tape.root["id"]?.string
}

/// Step 3: the scanner against the generic path on one body.
private func checkSnapshotScanner(_ body: [UInt8]) {
    guard let scanned = SnapshotBodyScanner.scan(body) else { return }
    let decoder = SnapshotRequestDecoder(kind: LayoutRegistry.flow, maxItems: maxItems, maxSections: maxSections)
    let request = decoder.request(scanned)
    do throws(APIError) {
        let generic = try decoder.decode(JSONTape.parseBody(body).root)
        guard let request, request == generic else { fatalError("the scanner reads another request than the generic path: \(text(body))") }
    } catch {
        guard request == nil else { fatalError("the scanner took a body the generic path refuses (\(error.message)): \(text(body))") }
    }
}

/// Step 4: the query's fast read against the general one.
private func checkRectQuery(_ bytes: [UInt8]) {
    let query = String(decoding: bytes, as: UTF8.self)
    guard let fast = RectQuery.common(query) else { return }
    do throws(APIError) {
        let general = try RectQuery.general(query)
        let bits = { (q: RectQuery) in q.rect.map { [$0.minX.bitPattern, $0.minY.bitPattern, $0.width.bitPattern, $0.height.bitPattern] } }
        guard bits(fast) == bits(general), fast.progressText == general.progressText else {
            fatalError("the query's fast read differs from the general one: \(text(bytes))")
        }
    } catch {
        fatalError("the query's fast read took a query the general path refuses (\(error.message)): \(text(bytes))")
    }
}

/// A rect query on the session: no 5xx, and a 200 is the reply written from the listed elements.
private func checkElements(_ id: String, _ queryBytes: [UInt8]) {
    let query = String(decoding: queryBytes, as: UTF8.self)
    let reply = service.elements(id: id, query: query)
    expectAnswer(reply, "elements")
    guard reply.status == 200, let q = try? RectQuery(query), let state = try? service.session(id).current,
        let layout = try? service.queryLayout(state, progress: q.progressText),
        let list = try? layout.elements(in: q.rect, view: state.view, limit: service.limits.maxElementsPerReply)
    else { return }
    let listed: [UInt8]
    if state.axisDrawing.flipsAxis || q.progressText != nil, let (_, writer) = try? service.rectReply(state, progress: q.progressText, capacity: 64) {
        // A flipped axis (or a transition, which may flip one end) draws each element at its
        // visualFrame: the listed elements through the same writer's general path (`take`),
        // which the streamed reply's plain-cell paths must equal.
        for a in list { writer.take(a) }
        listed = Reply.json(200, writer.finish()).body
    } else {
        listed =
            TesseraService.sessionReply(state.version, capacity: 64) { w in
                w.key("contentSize")
                w.size(layout.contentSize)
                w.key("elements")
                w.elements(list)
            }.body
    }
    guard listed == reply.body else { fatalError("the streamed reply differs from the listed one for \(text(queryBytes))") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let cut = input.firstIndex(of: 0)
    let create = Array(input[..<(cut ?? input.count)])
    checkSnapshotScanner(create)
    checkRectQuery(create)
    if let cut, cut + 1 < input.count {
        checkSnapshotScanner(Array(input[(cut + 2)...]))
        checkRectQuery(Array(input[(cut + 2)...]))
    }

    for allowRect in [false, true] {
        do throws(APIError) {
            let request = try LayoutRequest.decode(create, maxItems: maxItems, maxSections: maxSections, allowRect: allowRect)
            let echoed = try JSONTape.parseBody(request.layoutJSON)
            let again = try LayoutRequest.decodeLayout(echoed.root, path: "layout")
            guard again.2 == request.layoutJSON else {
                fatalError("the echoed layout decodes to other bytes: \(text(request.layoutJSON)) then \(text(again.2))")
            }
        } catch {
            guard (400..<500).contains(error.status) else { fatalError("decoding answered \(error.status): \(error.message)") }
        }
    }

    let created = service.createSession(body: create)
    expectAnswer(created, "createSession")
    guard created.status == 201, let id = sessionID(created.body) else { return 0 }
    defer { expectAnswer(service.deleteSession(id: id), "deleteSession") }
    guard let cut, cut + 1 < input.count else { return 0 }
    let second = Array(input[(cut + 2)...])
    switch input[cut + 1] % 11 {
    case 0: expectAnswer(service.applyUpdates(id: id, body: second), "applyUpdates")
    case 1: expectAnswer(service.patchView(id: id, body: second), "patchView")
    case 2: expectAnswer(service.switchLayout(id: id, body: second), "switchLayout")
    case 3: expectAnswer(service.preferredSizes(id: id, body: second), "preferredSizes")
    case 4: expectAnswer(service.interactiveMovement(id: id, body: second), "interactiveMovement")
    case 5: expectAnswer(service.beginTransition(id: id, body: second), "beginTransition")
    case 6: expectAnswer(service.targetContentOffset(id: id, body: second), "targetContentOffset")
    case 7: expectAnswer(service.putSnapshot(id: id, body: second), "putSnapshot")
    case 8: expectAnswer(service.applySnapshotOperations(id: id, body: second), "applySnapshotOperations")
    case 10: expectAnswer(service.scrollToItem(id: id, body: second), "scrollToItem")
    default: checkElements(id, second)
    }
    return 0
}
