import Testing
import LayoutEngine

/// The named errata of R16 (`UIKitErrata`): each flag governs its own quirk and nothing
/// else, and the JSON's `uikitQuirks` switches all three. The layouts are those of
/// `FlowMixedTests`' Q1–Q3 cases, each of which only one quirk can change.
@Suite struct FlowErrataTests {
    /// A layout that exactly one erratum changes: its parameters, sections and view.
    struct Case: Sendable, CustomTestStringConvertible {
        let erratum: UIKitErrata
        let name: String
        let parameters: FlowParameters
        let sections: [SectionData]
        let view: ViewContext
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            erratum: .swappedMixedSpacings, name: "Q1 swappedMixedSpacings",
            parameters: FlowParameters(scrollDirection: .horizontal, minimumLineSpacing: 5, minimumInteritemSpacing: 20),
            sections: [sized([S(40, 140), S(60, 150), S(30, 100)])], view: view(600, 300)),
        Case(
            erratum: .emptyLineBeforeOversizeItem, name: "Q2 emptyLineBeforeOversizeItem",
            parameters: FlowParameters(), sections: [sized([S(350, 40), S(100, 40)])], view: view(300, 600)),
        Case(
            erratum: .leadingZeroSizeItemsSkipped, name: "Q3 leadingZeroSizeItemsSkipped",
            parameters: FlowParameters(),
            sections: [sized([S(0, 0), S(0, 0), S(50, 50), S(50, 50), S(50, 50)])], view: view(320, 480))
    ]

    /// Cell frames and content size with `errata`.
    static func layout(_ c: Case, _ errata: UIKitErrata) throws -> ([Rect], Size) {
        var p = c.parameters
        p.errata = errata
        let f = try prepared(p, c.sections, c.view)
        return (f.cellFrames(0, c.view), f.contentSize)
    }

    /// Without its erratum the case lays out as with none; with only it, as with all: the
    /// flag covers its quirk whole and the other two do not touch it. The case does differ
    /// between all and none, so the comparison is not empty.
    @Test(arguments: cases)
    func eachErratumGovernsItsOwnQuirk(_ c: Case) throws {
        let all = try Self.layout(c, .all), none = try Self.layout(c, [])
        #expect(all != none)
        #expect(try Self.layout(c, UIKitErrata.all.subtracting(c.erratum)) == none)
        #expect(try Self.layout(c, c.erratum) == all)
    }

    /// `uikitQuirks` is all of the errata or none of them, both ways round.
    @Test func uikitQuirksSwitchesAllOfThem() {
        #expect(FlowParameters().errata == .all && FlowParameters().uikitQuirks)
        #expect(FlowParameters(uikitQuirks: false).errata.isEmpty)
        var p = FlowParameters()
        p.uikitQuirks = false
        #expect(p.errata.isEmpty && !p.uikitQuirks)
        p.errata = [.swappedMixedSpacings]
        #expect(!p.uikitQuirks)
        p.uikitQuirks = true
        #expect(p.errata == .all)
    }
}
