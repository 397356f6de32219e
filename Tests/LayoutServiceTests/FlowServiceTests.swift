import Testing
import LayoutService

/// The flow layout through the service: the README's example numbers, pinning through PATCH.
@Suite("Flow through the service")
struct FlowServiceTests {
    let service = makeService()

    // 390 wide, 100×100 items, gaps 10: k = floor((10 + 390)/(10 + 100)) = 3 (R5.1); pitch =
    // 100 + (390 − 300)/2 = 145 (R5.2); lines every 110 (R5.4). 1000 items → 334 lines →
    // height 334·100 + 333·10 = 36730 (R9).
    let gridBody =
        #"{"layout":{"type":"flow","itemSize":{"width":100,"height":100}},"dataSource":{"sections":[{"itemCount":1000}]},"view":{"bounds":{"width":390,"height":844}}}"#

    @Test func sessionAnswersRectsAndItems() throws {
        let created = service.createSession(body: body(gridBody))
        #expect(created.status == 201)
        let o = try object(created)
        #expect(o["contentSize"] as? [String: Double] == ["width": 390, "height": 36730])
        let id = try #require(o["id"] as? String)
        // Lines 0…7 start at 0, 110, …, 770 and intersect [0, 844]: 8 lines × 3 cells.
        let page = try object(service.elements(id: id, query: "rect=0,0,390,844"))
        let elements = try #require(page["elements"] as? [[String: Any]])
        #expect(elements.count == 24)
        #expect(elements.map { $0["indexPath"] as? [Int] ?? [] } == (0..<24).map { [0, $0] })
        // Item 7: line 2, column 1 → (145, 220).
        let item = try object(service.item(id: id, section: "0", item: "7"))
        #expect(item["frame"] as? [String: Double] == ["x": 145, "y": 220, "width": 100, "height": 100])
        #expect(item["category"] as? String == "cell")
        #expect(item["zIndex"] as? Int == 0)
        #expect(item["alpha"] as? Double == 1)
        #expect(service.item(id: id, section: "0", item: "1000").status == 404)
        #expect(service.supplementary(id: id, kind: "header", section: "0", item: "0").status == 404)
    }

    @Test func oneShotMatchesTheSession() throws {
        let r = service.oneShotLayout(body: body(String(gridBody.dropLast()) + #","rect":[0,0,390,844]}"#))
        #expect(r.status == 200)
        #expect((try object(r)["elements"] as? [[String: Any]])?.count == 24)
        #expect(service.store.count == 0)
    }

    @Test func pinnedHeadersMoveWithPatchAndAreReported() throws {
        // Two sections of 6 items with 50-point headers: each section is 50 + 2 lines
        // (100 + 10 + 100) = 260 long (R8, R9). Section 1 starts at 260.
        let id = try createSession(
            service,
            #"{"layout":{"type":"flow","itemSize":[100,100],"headerReferenceSize":[0,50],"sectionHeadersPinToVisibleBounds":true},"dataSource":{"sections":[{"itemCount":6},{"itemCount":6}]},"view":{"bounds":[390,844]}}"#
        )
        // R12: at offset 100 the first header pins to y = 100 (100 + 50 ≤ 260).
        let patch = try object(service.patchView(id: id, body: body(#"{"contentOffset":{"x":0,"y":100}}"#)))
        #expect(patch["invalidated"] as? Bool == true)
        let invalidation = try #require(patch["invalidation"] as? [String: Any])
        #expect(invalidation["layout"] as? Bool == false)
        let changed = try #require(invalidation["elements"] as? [[String: Any]])
        #expect(changed.contains { $0["kind"] as? String == "header" && $0["indexPath"] as? [Int] == [0, 0] })
        let header = try object(service.supplementary(id: id, kind: "header", section: "0", item: "0"))
        #expect((header["frame"] as? [String: Double])?["y"] == 100)
        #expect(header["zIndex"] as? Int == 10)
        // At offset 230 the end of section 0 pushes it up: 260 − 50 = 210; header 1 stays at 260.
        _ = service.patchView(id: id, body: body(#"{"contentOffset":{"x":0,"y":230}}"#))
        #expect((try object(service.supplementary(id: id, kind: "header", section: "0", item: "0"))["frame"] as? [String: Double])?["y"] == 210)
        #expect((try object(service.supplementary(id: id, kind: "header", section: "1", item: "0"))["frame"] as? [String: Double])?["y"] == 260)
        // A width change relayouts (R4: D changes).
        let resized = try object(service.patchView(id: id, body: body(#"{"bounds":[200,844]}"#)))
        #expect((resized["invalidation"] as? [String: Any])?["layout"] as? Bool == true)
    }

    @Test func sectionOverridesAndExplicitSizes() throws {
        // Section 1 has insets of 8 and two items of 120×80 and 60×80: a mixed section that
        // fits on one line, so it is leading-aligned with gap 10 (R6.4): x = 8 and 8 + 120 + 10.
        let r = service.oneShotLayout(
            body: body(
                #"{"layout":{"type":"flow","itemSize":[100,100]},"dataSource":{"sections":[{"itemCount":0},{"items":[{"size":[120,80]},{"size":[60,80]}],"layout":{"sectionInset":{"top":8,"left":8,"bottom":8,"right":8}}}]},"view":{"bounds":[390,844]}}"#
            ))
        let elements = try #require(try object(r)["elements"] as? [[String: Any]])
        #expect(elements.map { ($0["frame"] as? [String: Double])?["x"] ?? -1 } == [8, 138])
        #expect(elements.map { ($0["frame"] as? [String: Double])?["y"] ?? -1 } == [8, 8])
        #expect(try object(r)["contentSize"] as? [String: Double] == ["width": 390, "height": 96])
        let bad = service.oneShotLayout(
            body: body(
                #"{"layout":{"type":"flow"},"dataSource":{"sections":[{"itemCount":1,"layout":{"columnCount":2}}]},"view":{"bounds":[390,844]}}"#))
        #expect(try errorOf(bad).field == "dataSource.sections[0].layout.columnCount")
    }
}
