import TesseraSupport
import Foundation
import TesseraJSON
import Testing
@testable import LayoutService

/// Issue 8, items 6 and 8: inputs whose geometry the API cannot answer are refused, naming
/// the field, and nothing is changed; the JSON writer never writes `null` for a number.
@Suite("Input geometry")
struct InputGeometryTests {
    static let waterfall =
        #"{"layout":{"type":"waterfall"},"dataSource":{"sections":[{"items":[{"size":[100,50]},{"size":[50,100]}]}]},"view":{"bounds":[390,844],"scale":2}}"#

    /// The issue's item: 1e-300 wide and 1e15 tall scales to an infinite cell height. With
    /// an aspect ratio the same; and a ratio that only makes the height huge (past 1e15).
    @Test func waterfallItemsMustScaleToAFiniteHeight() throws {
        let service = makeService()
        let cases: [(String, String)] = [
            (#"{"size":[1e-300,1e15]}"#, "dataSource.sections[0].items[1].size"),
            (#"{"aspectRatio":1e-300}"#, "dataSource.sections[0].items[1].aspectRatio"),
            (#"{"size":[1e-6,1e12]}"#, "dataSource.sections[0].items[1].size")
        ]
        for (item, field) in cases {
            let json =
                #"{"layout":{"type":"waterfall"},"dataSource":{"sections":[{"items":[{"size":[1,1]},"# + item
                + #"]}]},"view":{"bounds":[390,844]}}"#
            let r = service.oneShotLayout(body: body(json))
            #expect(r.status == 400, "\(item)")
            #expect(try errorOf(r).field == field)
            #expect(try errorOf(r).message.contains("beyond the ±1e15"))
        }
    }

    /// The same items through an update are refused and leave the session as it was.
    @Test func updatesCannotSmuggleThemIn() throws {
        let service = makeService()
        let id = try createSession(service, Self.waterfall)
        let before = service.getSession(id: id).body
        let r = service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"insertItems","indexPaths":[[0,1]],"items":[{"size":[1e-300,1e15]}]}]}"#))
        #expect(r.status == 400)
        #expect(try errorOf(r).field == "dataSource.sections[0].items[1].size")
        #expect(service.getSession(id: id).body == before)
    }

    /// Item 8: a scale collapses origins only when tiny; it is 0 or from 0.25 to 16.
    @Test func scaleIsZeroOrASaneRange() throws {
        let service = makeService()
        for scale in ["1e-300", "0.1", "-1", "16.5"] {
            let r = service.createSession(
                body: body(
                    #"{"layout":{"type":"flow"},"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[390,844],"scale":"# + scale + "}}"))
            #expect(r.status == 400, "scale \(scale)")
            #expect(try errorOf(r).field == "view.scale")
        }
        for scale in ["0", "0.25", "1", "3", "16"] {
            let r = service.createSession(
                body: body(
                    #"{"layout":{"type":"flow"},"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[390,844],"scale":"# + scale + "}}"))
            #expect(r.status == 201, "scale \(scale)")
        }
        let id = try createSession(service, Self.waterfall)
        let patch = service.patchView(id: id, body: body(#"{"scale":1e-300}"#))
        #expect(patch.status == 400)
        #expect(try errorOf(patch).field == "scale")
        #expect(try object(service.getSession(id: id))["version"] as? Int == 1)
    }

    /// The writer's contract: a non-finite number is never written as `null`; the writer
    /// keeps the document valid and says so, and the service then answers 500, not the body.
    @Test func theWriterNeverWritesNullForANumber() throws {
        var w = JSONWriter()
        w.beginArray()
        w.number(1.5)
        w.number(.infinity)
        w.number(.nan)
        w.endArray()
        #expect(String(decoding: w.bytes, as: UTF8.self) == "[1.5,0,0]")
        #expect(w.wroteNonFiniteNumber)
        let r = Reply.json(200, w)
        #expect(r.status == 500)
        #expect(try errorOf(r).code == "internal_error")
        var fine = JSONWriter()
        fine.number(-0.0)
        #expect(!fine.wroteNonFiniteNumber)
        #expect(Reply.json(200, fine).status == 200)
    }
}
