import TesseraSupport
import Foundation
import Testing
import LayoutService

/// The fuzz-style checks of issue 8: a seeded stream of requests to every changing route,
/// built from fragments that are valid, wrong or extreme. After each 4xx the session is
/// exactly as before (its description and its elements, byte for byte); no answer is a
/// 5xx; and no 2xx body has `null` where a number belongs (the API never answers null).
@Suite("Rejected changes change nothing")
struct RejectedChangeTests {
    typealias Random = UpdateInvariantTests.Random

    static let numbers = ["0", "1", "-1", "12.5", "1e15", "-1e15", "1e-300", "5e-324", "1e16", "\"7\"", "null", "[]", "{}"]
    static let sizes = ["[100,50]", "[0,0]", "[1e-300,1e15]", "[1e15,1e-300]", "[-1,2]", "[1]", "{\"width\":3,\"height\":4}"]
    static let rects = ["[0,0,390,844]", "[0,0,1e15,1e15]", "[-1e15,-1e15,1e15,1e15]", "[0,0,-1,5]", "[0,0]", "null"]
    static let paths = ["[0,0]", "[0,3]", "[1,0]", "[0,999]", "[-1,0]", "[0,1.5]", "[5,5]"]

    static func pick(_ list: [String], _ random: inout Random) -> String { list[random.below(list.count)] }

    /// One request to a changing route, valid or not.
    static func request(_ service: TesseraService, _ id: String, _ random: inout Random) -> (String, Reply) {
        let n = pick(numbers, &random), size = pick(sizes, &random), rect = pick(rects, &random), path = pick(paths, &random)
        switch random.below(7) {
        case 0:
            let op = ["insertItems", "deleteItems", "reloadItems", "moveItem", "insertSections", "deleteSections", "moveSection"][random.below(7)]
            let json: String
            switch op {
            case "insertItems", "reloadItems": json = #"{"op":"\#(op)","indexPaths":[\#(path)],"items":[{"size":\#(size)}]}"#
            case "deleteItems": json = #"{"op":"deleteItems","indexPaths":[\#(path)]}"#
            case "moveItem": json = #"{"op":"moveItem","from":\#(path),"to":\#(pick(paths, &random))}"#
            case "insertSections": json = #"{"op":"insertSections","sections":[\#(n)],"data":[{"items":[{"size":\#(size)}]}]}"#
            case "deleteSections": json = #"{"op":"deleteSections","sections":[\#(n)]}"#
            default: json = #"{"op":"moveSection","from":\#(n),"to":0}"#
            }
            return ("updates \(json) rect \(rect)", service.applyUpdates(id: id, body: body(#"{"updates":[\#(json)],"rect":\#(rect)}"#)))
        case 1:
            let layout = [
                #"{"type":"waterfall","columnCount":\#(n)}"#, #"{"type":"flow","itemSize":\#(size)}"#,
                #"{"type":"justified","targetRowHeight":\#(n)}"#, #"{"type":"circle","radiusFactor":\#(n)}"#,
                #"{"type":"line","zoomFactor":\#(n)}"#, #"{"type":"column","numColumns":\#(n)}"#
            ][random.below(6)]
            return ("layout \(layout)", service.switchLayout(id: id, body: body(#"{"layout":\#(layout),"rect":\#(rect)}"#)))
        case 2:
            let view = [
                #"{"bounds":\#(size)}"#, #"{"scale":\#(n)}"#, #"{"contentOffset":{"x":\#(n),"y":0}}"#,
                #"{"contentInset":\#(n)}"#
            ][random.below(4)]
            return ("view \(view)", service.patchView(id: id, body: body(view)))
        case 3:
            let phase = ["begin", "update", "end", "cancel", "hop"][random.below(5)]
            let json = #"{"phase":"\#(phase)","indexPath":\#(path),"position":{"x":\#(n),"y":10},"rect":\#(rect)}"#
            return ("movement \(json)", service.interactiveMovement(id: id, body: body(json)))
        case 4:
            let json = #"{"items":[{"indexPath":\#(path),"size":\#(size)}],"rect":\#(rect)}"#
            return ("preferred sizes \(json)", service.preferredSizes(id: id, body: body(json)))
        case 5:
            let json = #"{"layout":{"type":"flow","itemSize":\#(size)}}"#
            return ("transition \(json)", service.beginTransition(id: id, body: body(json)))
        default:
            let finish = random.below(2) == 0
            return ("end transition \(finish)", service.endTransition(id: id, finish: finish))
        }
    }

    /// What a client can see of a session: its description and all its elements.
    static func snapshot(_ service: TesseraService, _ id: String) -> [UInt8] {
        service.getSession(id: id).body + service.elements(id: id, query: nil).body
    }

    @Test(arguments: [
        #"{"layout":{"type":"flow","itemSize":[100,50],"estimatedItemSize":[100,50],"headerReferenceSize":[0,20]},"dataSource":{"sections":[{"itemCount":8},{"items":[{"size":[60,40]},{"size":[80,30]}]}]},"view":{"bounds":[390,844],"scale":2}}"#,
        #"{"layout":{"type":"waterfall","columnCount":3,"headerHeight":10},"dataSource":{"sections":[{"items":[{"size":[100,50]},{"size":[50,100]},{"size":[70,70]},{"size":[90,30]}]},{"items":[{"size":[10,10]}]}]},"view":{"bounds":[390,844]}}"#,
        #"{"layout":{"type":"justified"},"dataSource":{"sections":[{"items":[1.5,0.7,1,2,0.5,1.2]}]},"view":{"bounds":[390,844]}}"#
    ])
    func aRejectedRequestLeavesTheSessionAsItWas(session json: String) throws {
        let service = makeService { $0.maxSectionsPerSession = 6 }
        let id = try createSession(service, json)
        var random = Random(state: UInt64(json.utf8.count))
        var rejected = 0
        for step in 0..<400 {
            let before = Self.snapshot(service, id)
            let (what, r) = Self.request(service, id, &random)
            let text = String(decoding: r.body, as: UTF8.self)
            #expect(r.status < 500, "step \(step): \(what) → \(r.status) \(text)")
            if r.status >= 400 {
                rejected += 1
                #expect(Self.snapshot(service, id) == before, "step \(step): \(what) changed the session (\(text))")
                #expect((try? errorOf(r))?.code.isEmpty == false, "step \(step): \(text)")
            } else {
                // Only a client's own layout object is echoed, and it may hold a null it sent.
                #expect(!text.contains("null") || text.contains("Layout\""), "step \(step): \(what) answered null: \(text)")
                let elements = String(decoding: service.elements(id: id, query: nil).body, as: UTF8.self)
                #expect(!elements.contains("null"), "step \(step): the elements hold null after \(what)")
            }
        }
        // The stream exercised both sides.
        #expect(rejected > 50 && rejected < 390, "\(rejected) of 400 rejected")
    }
}
