import TesseraSupport
import Foundation
import LayoutEngine
import SessionStorage
import Testing
@testable import LayoutService
import StorageTestSupport

@Suite("Persistence: session image and log")
struct PersistenceTests {
    /// Every kind of change a session accepts, in one history. A second service on the same
    /// database (another replica, or this one after a restart) rebuilds the session from the
    /// store and must answer exactly as the first.
    @Test func everyKindOfChangeReplaysToTheSameSession() throws {
        let path = try temporaryDirectory() + "/sessions.db"
        let a = try sqliteService(path)
        let id = try createSession(a, richFlowBody)
        let steps: [(String, Reply)] = [
            (
                "updates",
                a.applyUpdates(
                    id: id,
                    body: body(
                        #"{"updates":[{"op":"insertItems","indexPaths":[[1,0]],"items":[{"size":[90,25]}]},{"op":"moveItem","from":[0,1],"to":[2,0]}],"rect":[0,0,10,10]}"#
                    ))
            ),
            ("view", a.patchView(id: id, body: body(#"{"bounds":[300,500],"contentOffset":[0,12]}"#))),
            ("preferred sizes", a.preferredSizes(id: id, body: body(#"{"items":[{"indexPath":[1,2],"size":[44,55]}]}"#))),
            ("movement begin", a.interactiveMovement(id: id, body: body(#"{"phase":"begin","indexPath":[0,0]}"#))),
            ("movement update", a.interactiveMovement(id: id, body: body(#"{"phase":"update","position":{"x":150,"y":90}}"#))),
            ("movement end", a.interactiveMovement(id: id, body: body(#"{"phase":"end","rect":[0,0,10,10]}"#))),
            ("transition begin", a.beginTransition(id: id, body: body(#"{"layout":{"type":"flow","itemSize":[10,10]}}"#))),
            ("transition cancel", a.endTransition(id: id, finish: false)),
            (
                "layout switch",
                a.switchLayout(
                    id: id, body: body(#"{"layout":{"type":"flow","estimatedItemSize":[35,35],"scrollDirection":"horizontal"},"rect":[0,0,10,10]}"#))
            ),
            ("transition begin again", a.beginTransition(id: id, body: body(#"{"layout":{"type":"stack"}}"#)))
        ]
        for (name, r) in steps { #expect(r.status < 300, "\(name): \(String(decoding: r.body, as: UTF8.self))") }
        let b = try sqliteService(path)
        #expect(observed(b, id) == observed(a, id))
        #expect(b.elements(id: id, query: "rect=0,0,900,900&progress=0.5").body == a.elements(id: id, query: "rect=0,0,900,900&progress=0.5").body)
        // A change through b reaches a by replaying b's log entry onto a's copy.
        #expect(b.endTransition(id: id, finish: true).status == 200)
        #expect(observed(a, id) == observed(b, id))
        #expect(try object(a.getSession(id: id))["version"] as? Int == steps.count + 2)
    }

    /// Once the log outweighs the session image, a new image replaces them; a movement under
    /// way is part of the image and survives it.
    @Test func theLogIsCompactedIntoASessionImage() throws {
        let path = try temporaryDirectory() + "/sessions.db"
        let a = try sqliteService(path)
        let id = try createSession(a, richFlowBody)
        #expect(a.interactiveMovement(id: id, body: body(#"{"phase":"begin","indexPath":[0,0]}"#)).status == 200)
        for k in 0..<20 {
            let x = 20 + 13 * k
            #expect(a.interactiveMovement(id: id, body: body(#"{"phase":"update","position":{"x":\#(x),"y":\#(x / 3)}}"#)).status == 200)
        }
        let stored = try #require(try a.store.storage.load(id: id, after: nil))
        #expect(try #require(stored.image).version > 1)
        #expect(stored.log.count < 20)
        let b = try sqliteService(path)
        #expect(observed(b, id) == observed(a, id))
        #expect(b.interactiveMovement(id: id, body: body(#"{"phase":"end","rect":[0,0,400,400]}"#)).status == 200)
        #expect(observed(a, id) == observed(b, id))
    }

    /// A one-item change to a big session appends its body, not the session.
    @Test func aSmallChangeToABigSessionWritesOnlyTheChange() throws {
        let path = try temporaryDirectory() + "/sessions.db"
        let a = try sqliteService(path)
        let items = (0..<20_000).map { #"{"size":[\#(10 + $0 % 7),\#(10 + $0 % 5)]}"# }.joined(separator: ",")
        let id = try createSession(a, #"{"layout":{"type":"flow"},"dataSource":{"sections":[{"items":[\#(items)]}]},"view":{"bounds":[320,480]}}"#)
        let update = #"{"updates":[{"op":"insertItems","indexPaths":[[0,5]],"items":[{"size":[9,9]}]}],"rect":[0,0,10,10]}"#
        #expect(a.applyUpdates(id: id, body: body(update)).status == 200)
        let stored = try #require(try a.store.storage.load(id: id, after: 1))
        #expect(stored.image == nil)
        #expect(stored.log.count == 1)
        #expect(stored.log[0].bytes.count == SessionChange(.updates, body: body(update)).encoded.count)
    }

    /// A replica whose copy is behind: If-Match on the old version is 412 (after reloading);
    /// without If-Match the change applies on the newest version.
    @Test func aStaleReplicaReloadsBeforeChanging() throws {
        let path = try temporaryDirectory() + "/sessions.db"
        let a = try sqliteService(path)
        let b = try sqliteService(path)
        let id = try createSession(a, circleBody)
        #expect(b.getSession(id: id).status == 200) // b holds version 1
        #expect(a.patchView(id: id, body: body(#"{"bounds":[300,300]}"#), ifMatch: "1").status == 200)
        let stale = b.patchView(id: id, body: body(#"{"bounds":[200,200]}"#), ifMatch: "1")
        #expect(stale.status == 412)
        #expect(stale.headers.contains { $0.0 == "ETag" && $0.1 == "\"2\"" })
        let newest = b.patchView(id: id, body: body(#"{"contentOffset":[0,5]}"#))
        #expect(try object(newest)["version"] as? Int == 3)
        let view = try #require(try object(a.getSession(id: id))["view"] as? [String: Any])
        #expect((view["bounds"] as? [String: Any])?["width"] as? Double == 300)
        #expect((view["contentOffset"] as? [String: Any])?["y"] as? Double == 5)
    }

    @Test func sessionImagesRoundTripEveryColumnAndOverride() throws {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            var sections: [SectionData] = []
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                let n = Int.random(in: 0...30, using: &rng)
                let overrides = SectionOverrides([
                    "minimumLineSpacing": .number(Double.random(in: 0...9, using: &rng)),
                    "sectionInset": .insets(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)),
                    "pin": .bool(Bool.random(using: &rng)), "name": .string("s"),
                    "itemSize": .size(Size(width: 3, height: 4))
                ])
                let items = (0..<n).map { i in
                    SectionData.Item(
                        size: Bool.random(using: &rng) ? Size(width: Double(i), height: 2) : nil,
                        height: Bool.random(using: &rng) ? Double(i) / 3 : nil,
                        aspectRatio: Bool.random(using: &rng) ? 1.5 : nil,
                        children: Bool.random(using: &rng) ? [i, i + 1] : nil)
                }
                sections.append(Bool.random(using: &rng) ? SectionData(items: items, overrides: overrides) : SectionData(itemCount: n))
            }
            let service = makeService()
            let id = try createSession(service, circleBody)
            var state = try service.session(id).current
            state.dataSource = DataSource(sections: sections)
            state.view = ViewContext(
                bounds: Size(width: 10, height: 20), contentOffset: Point(x: -1, y: 2.5),
                contentInset: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), scale: 2)
            let decoded = try SessionImage(decoding: SessionImage(state).encoded)
            #expect(decoded.dataSource == state.dataSource)
            #expect(decoded.view == state.view)
            #expect(decoded.layoutJSON == state.layoutJSON)
            #expect(decoded.version == state.version)
        }
    }
}

@Suite("Persistence: compositional sections")
struct CompositionalPersistenceTests {
    /// A data-source section's own compositional section is stored as its JSON and decoded
    /// again on load; preferred sizes on estimated dimensions replay too.
    @Test func sectionsOfTheirOwnSurviveAReload() throws {
        let path = try temporaryDirectory() + "/sessions.db"
        let a = try sqliteService(path)
        let section =
            #"{"interGroupSpacing":2,"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"estimated":40}},"subitems":[{"size":{"width":{"estimated":90},"height":{"estimated":40}}}]}}"#
        let own =
            #"{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":30}},"subitems":[{"size":{"width":{"fractionalWidth":0.5},"height":{"fractionalHeight":1}}}]}}"#
        let id = try createSession(
            a,
            #"{"layout":{"type":"compositional","section":\#(section)},"dataSource":{"sections":[{"itemCount":5},{"itemCount":4,"layout":\#(own)}]},"view":{"bounds":[320,480]}}"#
        )
        #expect(a.preferredSizes(id: id, body: body(#"{"items":[{"indexPath":[0,1],"size":[120,55]}]}"#)).status == 200)
        let b = try sqliteService(path)
        #expect(observed(b, id) == observed(a, id))
        // And through a session image: a fresh session of the same data decodes the same.
        let state = try a.session(id).current
        let decoded = try SessionImage(decoding: SessionImage(state).encoded)
        #expect(decoded.dataSource == state.dataSource)
    }
}
