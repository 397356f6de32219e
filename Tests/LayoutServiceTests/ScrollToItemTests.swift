import Testing
import LayoutService

/// POST …/scroll-to-item (docs/api.md, "Scrolling to an item"), in-process, worked by hand.
///
/// The grid: a vertical flow of 100 × 100 items, 10 apart, in a 320-wide view, so three
/// items fill a row exactly (0 + 100 + 10 + 100 + 10 + 100 = 320): item i at
/// x = 110 · (i mod 3), y = 110 · (i div 3). 30 items make 10 rows, 1,090 tall; with a
/// 500-tall view the offset runs from 0 to 590.
@Suite("Scroll to item")
struct ScrollToItemTests {
    let service = makeService()

    static let grid = #"{"type":"flow","itemSize":[100,100],"minimumLineSpacing":10,"minimumInteritemSpacing":10}"#

    func session(layout: String = grid, sections: String = #"[{"itemCount":30}]"#, view: String = #"{"bounds":[320,500]}"#) throws -> String {
        try createSession(service, #"{"layout":\#(layout),"dataSource":{"sections":\#(sections)},"view":\#(view)}"#)
    }

    /// The answered offset as [x, y] (fails the test on anything but 200).
    func offset(_ id: String, _ request: String) throws -> [Double] {
        let r = service.scrollToItem(id: id, body: body(request))
        #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
        let p = try #require(try object(r)["contentOffset"] as? [String: Double])
        return [p["x"] ?? .nan, p["y"] ?? .nan]
    }

    @Test func everyVerticalPosition() throws {
        let id = try session()
        // Item 16: row 5, column 1, frame (110, 550, 100, 100).
        #expect(try offset(id, #"{"indexPath":[0,16],"position":"top"}"#) == [0, 550])
        // Centre 600 at the middle of 500: 600 − 250.
        #expect(try offset(id, #"{"indexPath":[0,16],"position":"centeredVertically"}"#) == [0, 350])
        // Bottom 650 at the bottom of 500.
        #expect(try offset(id, #"{"indexPath":[0,16],"position":"bottom"}"#) == [0, 150])
        // No position: below the visible [0, 500], so it comes in at the bottom; inside the
        // view, nothing moves on either axis.
        #expect(try offset(id, #"{"indexPath":[0,16]}"#) == [0, 150])
        #expect(try offset(id, #"{"indexPath":[0,16],"position":[]}"#) == [0, 150])
        #expect(try offset(id, #"{"indexPath":[0,16],"position":"none"}"#) == [0, 150])
        #expect(try offset(id, #"{"indexPath":[0,4]}"#) == [0, 0])
    }

    @Test func theLeastScrollingFromWhereTheViewIs() throws {
        // At offset 400 the visible span is [400, 900]: item 16 (550–650) is inside and the
        // view stays; item 3 (110–210) is above and comes in at the top; item 27 (990–1090)
        // is below and comes in at the bottom (1090 − 500).
        let id = try session(view: #"{"bounds":[320,500],"contentOffset":[0,400]}"#)
        #expect(try offset(id, #"{"indexPath":[0,16]}"#) == [0, 400])
        #expect(try offset(id, #"{"indexPath":[0,3]}"#) == [0, 110])
        #expect(try offset(id, #"{"indexPath":[0,27]}"#) == [0, 590])
    }

    @Test func clampedToTheContent() throws {
        let id = try session()
        // Item 28 at the top would be 990; the content ends at 1090, so 590.
        #expect(try offset(id, #"{"indexPath":[0,28],"position":"top"}"#) == [0, 590])
        // Item 1 at the bottom would be 100 − 500; the content starts at 0.
        #expect(try offset(id, #"{"indexPath":[0,1],"position":"bottom"}"#) == [0, 0])
        // The content is as wide as the view: every horizontal position clamps to 0.
        #expect(try offset(id, #"{"indexPath":[0,2],"position":"right"}"#) == [0, 0])
        #expect(try offset(id, #"{"indexPath":[0,2],"position":"left"}"#) == [0, 0])
    }

    @Test func theContentInsetIsPartOfTheVisibleAreaAndOfTheClamp() throws {
        // Insets top 20, bottom 30: the visible area is 450 tall, starting 20 below the
        // offset; the offset runs from −20 to 1090 + 30 − 500 = 620.
        let id = try session(view: #"{"bounds":[320,500],"contentInset":{"top":20,"left":0,"bottom":30,"right":0}}"#)
        #expect(try offset(id, #"{"indexPath":[0,16],"position":"top"}"#) == [0, 530])
        // Centre 600 at 20 + 225 below the offset.
        #expect(try offset(id, #"{"indexPath":[0,16],"position":"centeredVertically"}"#) == [0, 355])
        #expect(try offset(id, #"{"indexPath":[0,16],"position":"bottom"}"#) == [0, 180])
        #expect(try offset(id, #"{"indexPath":[0,0],"position":"top"}"#) == [0, -20])
        #expect(try offset(id, #"{"indexPath":[0,29],"position":"bottom"}"#) == [0, 620])
    }

    @Test func everyHorizontalPositionAndBothAxesTogether() throws {
        // The same grid scrolling horizontally in a 500 × 320 view: item i at
        // x = 110 · (i div 3), y = 110 · (i mod 3); content 1,090 wide, offset 0 to 590.
        let layout = #"{"type":"flow","scrollDirection":"horizontal","itemSize":[100,100],"minimumLineSpacing":10,"minimumInteritemSpacing":10}"#
        let id = try session(layout: layout, view: #"{"bounds":[500,320]}"#)
        // Item 16: column 5, row 1, frame (550, 110, 100, 100).
        #expect(try offset(id, #"{"indexPath":[0,16],"position":"left"}"#) == [550, 0])
        #expect(try offset(id, #"{"indexPath":[0,16],"position":"centeredHorizontally"}"#) == [350, 0])
        #expect(try offset(id, #"{"indexPath":[0,16],"position":"right"}"#) == [150, 0])
        #expect(try offset(id, #"{"indexPath":[0,16],"position":["bottom","right"]}"#) == [150, 0])
        #expect(try offset(id, #"{"indexPath":[0,28],"position":["top","left"]}"#) == [590, 0])
    }

    @Test func aSectionHeaderAtItsPlaceInTheContentEvenWhenPinned() throws {
        // Two sections, each a 40-tall header then the 1,090 grid: section 1's header at
        // y = 1130; content 2,260, offset up to 1,760. Pinned and scrolled into section 1 the
        // header would be drawn at the offset; scrolling to it uses its own place.
        let layout =
            #"{"type":"flow","itemSize":[100,100],"minimumLineSpacing":10,"minimumInteritemSpacing":10,"headerReferenceSize":[320,40],"sectionHeadersPinToVisibleBounds":true}"#
        let id = try session(
            layout: layout, sections: #"[{"itemCount":30},{"itemCount":30}]"#,
            view: #"{"bounds":[320,500],"contentOffset":[0,1500]}"#)
        #expect(try offset(id, #"{"kind":"header","indexPath":[1,0],"position":"top"}"#) == [0, 1130])
        let r = try object(service.scrollToItem(id: id, body: body(#"{"kind":"header","indexPath":[1,0],"position":"top"}"#)))
        #expect(r["frame"] as? [String: Double] == ["x": 0, "y": 1130, "width": 320, "height": 40])
        // Section 1's item 0 sits under its header: 1130 + 40.
        #expect(try offset(id, #"{"indexPath":[1,0],"position":"top"}"#) == [0, 1170])
    }

    @Test func applyStoresTheOffsetAsTheView() throws {
        let id = try session()
        let r = service.scrollToItem(id: id, body: body(#"{"indexPath":[0,16],"position":"top","apply":true,"animated":false}"#), ifMatch: "1")
        #expect(r.status == 200)
        let o = try object(r)
        #expect(o["version"] as? Int == 2)
        #expect(o["applied"] as? Bool == true)
        #expect(o["animated"] as? Bool == false)
        let view = try #require(try object(service.getSession(id: id))["view"] as? [String: Any])
        #expect(view["contentOffset"] as? [String: Double] == ["x": 0, "y": 550])
        // Already there: the same version.
        let again = try object(service.scrollToItem(id: id, body: body(#"{"indexPath":[0,16],"position":"top","apply":true}"#)))
        #expect(again["version"] as? Int == 2)
        // Without apply nothing is stored, whatever the answer.
        let look = try object(service.scrollToItem(id: id, body: body(#"{"indexPath":[0,0],"position":"top"}"#)))
        #expect(look["version"] as? Int == 2 && look["applied"] as? Bool == false)
        #expect(service.scrollToItem(id: id, body: body(#"{"indexPath":[0,0],"apply":true}"#), ifMatch: "1").status == 412)
    }

    @Test func badRequestsNameTheFieldAndChangeNothing() throws {
        let id = try session()
        let before = service.getSession(id: id).body
        func refused(_ request: String, _ status: Int, _ field: String?) throws {
            let r = service.scrollToItem(id: id, body: body(request))
            #expect(r.status == status, "\(request): \(String(decoding: r.body, as: UTF8.self))")
            #expect(try errorOf(r).field == field, "\(request)")
        }
        try refused(#"{"position":"top"}"#, 400, "indexPath")
        try refused(#"{"indexPath":[0,16],"position":"middle"}"#, 400, "position")
        try refused(#"{"indexPath":[0,16],"position":["top","bottom"]}"#, 400, "position[1]")
        try refused(#"{"indexPath":[0,16],"position":["left","right"]}"#, 400, "position[1]")
        try refused(#"{"indexPath":[0,16],"position":7}"#, 400, "position")
        try refused(#"{"indexPath":[0,16],"apply":"yes"}"#, 400, "apply")
        try refused(#"{"indexPath":[0,16],"speed":1}"#, 400, "speed")
        try refused(#"{"indexPath":[0,30],"apply":true}"#, 404, "indexPath")
        try refused(#"{"indexPath":[0,0],"kind":"header"}"#, 404, "indexPath")
        try refused(#"{"indexPath":[0,0],"kind":""}"#, 400, "kind")
        #expect(service.getSession(id: id).body == before)
    }
}
