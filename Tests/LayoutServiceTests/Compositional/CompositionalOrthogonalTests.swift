import Foundation
import Testing
import LayoutEngine
import LayoutService

/// C13: orthogonal sections scroll by their own offset (view state) and snap by their
/// behaviour. Five groups of fractionalWidth 0.45 of the full 390 (175.5 wide), 10 apart,
/// insets 16 leading and trailing: the content across is 16 + 5·175.5 + 4·10 + 16 = 949.5,
/// so offsets run 0…559.5; group j rests at j · 185.5.
@Suite("Compositional: orthogonal sections (C13)")
struct CompositionalOrthogonalTests {
    static func section(_ behavior: String) -> String {
        #"{"orthogonalScrollingBehavior":"\#(behavior)","interGroupSpacing":10,"contentInsets":{"leading":16,"trailing":16},"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":0.45},"height":{"absolute":100}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]}}"#
    }

    static func session(_ behavior: String, scale: Double = 0) throws -> (TesseraService, String) {
        let service = makeService()
        let id = try createSession(service, Comp.body(section: section(behavior), counts: [5, 3], scale: scale))
        return (service, id)
    }

    static func target(_ service: TesseraService, _ id: String, proposed: Double, velocity: Double) throws -> Double {
        let r = service.targetContentOffset(
            id: id, body: body(#"{"section":0,"proposedContentOffset":{"x":\#(proposed),"y":0},"velocity":{"x":\#(velocity),"y":0}}"#))
        #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
        let offset = try object(r)["contentOffset"] as? [String: Any]
        return offset?["x"] as? Double ?? .nan
    }

    @Test func pagingBehaviours() throws {
        // continuous: the proposal, clamped to 0…559.5.
        var (service, id) = try Self.session("continuous")
        #expect(try Self.target(service, id, proposed: 1000, velocity: 3) == 559.5)
        #expect(try Self.target(service, id, proposed: 123, velocity: 3) == 123)
        // groupPaging: at rest the nearest group edge (300 → 371, not 185.5); with velocity
        // one group from the current offset (0 → 185.5), whatever the proposal.
        (service, id) = try Self.session("groupPaging")
        #expect(try Self.target(service, id, proposed: 300, velocity: 0) == 371)
        #expect(try Self.target(service, id, proposed: 900, velocity: 2) == 185.5)
        #expect(try Self.target(service, id, proposed: 900, velocity: 0) == 559.5) // group 4 (742) clamps
        // paging: pages of the container width 390.
        (service, id) = try Self.session("paging")
        #expect(try Self.target(service, id, proposed: 300, velocity: 0) == 390)
        #expect(try Self.target(service, id, proposed: 10, velocity: 1) == 390)
        #expect(try Self.target(service, id, proposed: 10, velocity: -1) == 0)
        // continuousGroupLeadingBoundary: the nearest edge in the direction of the velocity.
        (service, id) = try Self.session("continuousGroupLeadingBoundary")
        #expect(try Self.target(service, id, proposed: 200, velocity: 1) == 371)
        #expect(try Self.target(service, id, proposed: 200, velocity: -1) == 185.5)
        #expect(try Self.target(service, id, proposed: 200, velocity: 0) == 185.5)
        // The current offset is view state: from group 1, groupPaging with velocity moves to 2.
        (service, id) = try Self.session("groupPaging")
        #expect(service.patchView(id: id, body: body(#"{"orthogonalOffsets":{"0":185.5}}"#)).status == 200)
        #expect(try Self.target(service, id, proposed: 0, velocity: 1) == 371)
        #expect(try Self.target(service, id, proposed: 0, velocity: -1) == 0)
    }

    @Test func targetOffsetErrorsNameTheSection() throws {
        let (service, id) = try Self.session("paging")
        let r = service.targetContentOffset(id: id, body: body(#"{"section":1,"proposedContentOffset":[0,0]}"#))
        // Section 1 uses the same (orthogonal) section: valid. Section 9 does not exist.
        #expect(r.status == 200)
        let bad = service.targetContentOffset(id: id, body: body(#"{"section":9,"proposedContentOffset":[0,0]}"#))
        #expect(bad.status == 400)
        #expect(try errorOf(bad).field == "section")
        let badKey = service.patchView(id: id, body: body(#"{"orthogonalOffsets":{"x":1}}"#))
        #expect(badKey.status == 400)
        #expect(try errorOf(badKey).field == "orthogonalOffsets.x")
    }

    /// `orthogonalOffsets` is a map with a key per section, so it is bounded by the sections
    /// a session may hold (2,000 by default), not by the 64 keys of fixed-field objects: 100
    /// offsets are taken, merged over the ones already set; an index at or past 2,000, a map
    /// of 2,001 keys and a repeated key are 400s naming where.
    @Test func offsetsForManySectionsAreTakenAndBounded() throws {
        let (service, id) = try Self.session("continuous")
        let hundred = (0..<100).map { #""\#($0)":\#($0)"# }.joined(separator: ",")
        let many = service.patchView(id: id, body: body(#"{"orthogonalOffsets":{\#(hundred)}}"#))
        #expect(many.status == 200, "\(String(decoding: many.body, as: UTF8.self))")
        #expect(service.patchView(id: id, body: body(#"{"orthogonalOffsets":{"7":70.5}}"#)).status == 200)
        let view = try #require(try object(service.getSession(id: id))["view"] as? [String: Any])
        let offsets = try #require(view["orthogonalOffsets"] as? [String: Any])
        #expect(offsets.count == 100)
        #expect(offsets["99"] as? Double == 99)
        #expect(offsets["7"] as? Double == 70.5)

        let past = service.patchView(id: id, body: body(#"{"orthogonalOffsets":{"2000":1}}"#))
        #expect(past.status == 400)
        #expect(try errorOf(past).field == "orthogonalOffsets.2000")
        let tooMany = (0...2000).map { #""\#($0)":0"# }.joined(separator: ",")
        let over = service.patchView(id: id, body: body(#"{"orthogonalOffsets":{\#(tooMany)}}"#))
        #expect(over.status == 400)
        #expect(try errorOf(over).field == "orthogonalOffsets")
        let twice = service.patchView(id: id, body: body(#"{"orthogonalOffsets":{"1":1,"1":2}}"#))
        #expect(twice.status == 400)
        #expect(try errorOf(twice).field == "orthogonalOffsets.1")
    }
}
