import LayoutEngine
import Testing

@Suite struct TreeLayoutTests {
    static func section(_ children: [[Int]]) -> SectionData {
        SectionData(items: children.map { SectionData.Item(children: $0) })
    }

    static func leaves(_ count: Int) -> SectionData { SectionData(itemCount: count) }

    /// A0 ─┬─ B0 ─┬─ C0        spans: B0 = 2 (C0, C1), A0 = B0 + B1 = 3, A2 = B2 = 1
    ///     │      └─ C1        rows:  A0 0, A1 3, A2 4; B0 0, B1 0 + 2 = 2, B2 4;
    ///     └─ B1               C0 0, C1 1, C2 4; 5 rows in all.
    /// A1
    /// A2 ─── B2 ─── C2
    static let forest = DataSource(sections: [
        section([[0, 1], [], [2]]),
        section([[0, 1], [], [2]]),
        leaves(3)
    ])

    /// Defaults: item 120×40, insets 8: slot 136 × 56; cell (s·136 + 8, row·56 + 8, 120, 40).
    @Test func handWorkedForest() throws {
        let prepared = try LayoutsAChecks.prepare(TreeLayout(), Self.forest)
        let view = ViewContext()
        let cells = prepared.elements(in: nil, view: view).filter { $0.category == .cell }
        func frame(_ s: Double, _ row: Double) -> Rect { Rect(x: s * 136 + 8, y: row * 56 + 8, width: 120, height: 40) }
        #expect(
            cells.map(\.frame) == [
                frame(0, 0), frame(0, 3), frame(0, 4),
                frame(1, 0), frame(1, 2), frame(1, 4),
                frame(2, 0), frame(2, 1), frame(2, 4)
            ])
        // Content: 3 sections · 136 = 408, 5 rows · 56 = 280.
        #expect(prepared.contentSize == Size(width: 408, height: 280))
        // Every cell carries its children, empty for a leaf.
        #expect(cells[0].extras.count == 1 && cells[0].extras[0].key == "children")
        #expect(cells[0].extras[0].value == .indexPaths([IndexPath(1, 0), IndexPath(1, 1)]))
        #expect(cells[1].extras[0].value == .indexPaths([]))
        #expect(cells[5].extras[0].value == .indexPaths([IndexPath(2, 2)]))
        #expect(cells[8].extras[0].value == .indexPaths([]))
    }

    /// Connectors span x from the parent's maxX (s·136 + 8 + 120) for right + left = 16, and
    /// y from the parent's row slot top to the bottom of its last child's row slot:
    ///   A0 (row 0, last child B1 row 2): (128, 0, 16, 3·56 = 168)
    ///   A2 (row 4, B2 row 4):            (128, 224, 16, 56)
    ///   B0 (row 0, last child C1 row 1): (264, 0, 16, 112)
    ///   B2 (row 4, C2 row 4):            (264, 224, 16, 56)
    @Test func connectors() throws {
        let prepared = try LayoutsAChecks.prepare(TreeLayout(), Self.forest)
        let view = ViewContext()
        let connectors = prepared.elements(in: nil, view: view).filter { $0.category == .supplementary }
        #expect(connectors.map(\.kind) == ["connector", "connector", "connector", "connector"])
        #expect(connectors.map(\.indexPath) == [IndexPath(0, 0), IndexPath(0, 2), IndexPath(1, 0), IndexPath(1, 2)])
        #expect(
            connectors.map(\.frame) == [
                Rect(x: 128, y: 0, width: 16, height: 168), Rect(x: 128, y: 224, width: 16, height: 56),
                Rect(x: 264, y: 0, width: 16, height: 112), Rect(x: 264, y: 224, width: 16, height: 56)
            ])
        #expect(prepared.attributesForSupplementaryView(kind: "connector", at: IndexPath(0, 1), view: view) == nil)
        #expect(
            prepared.attributesForSupplementaryView(kind: "connector", at: IndexPath(1, 2), view: view)?.frame
                == Rect(x: 264, y: 224, width: 16, height: 56))
        // A connector touches its parent's and children's cells only along edges.
        #expect(prepared.elements(in: Rect(x: 129, y: 100, width: 1, height: 1), view: view).map(\.kind) == ["connector"])
    }

    /// Listed children may come in any order within their parent's run: they stack by
    /// index, and the extra keeps the listed order. Custom geometry: item 10×4, insets
    /// (t1 l2 b3 r4): slot 16 × 8.
    @Test func childrenStackByIndexWithCustomGeometry() throws {
        let layout = TreeLayout(.init(itemSize: Size(width: 10, height: 4), insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)))
        let prepared = try LayoutsAChecks.prepare(layout, DataSource(sections: [Self.section([[1, 0]]), Self.leaves(2)]))
        let all = prepared.elements(in: nil, view: ViewContext())
        // Root (2, 1); children at rows 0, 1: (18, 1), (18, 9); connector (12, 0, 6, 16).
        #expect(
            all.map(\.frame) == [
                Rect(x: 2, y: 1, width: 10, height: 4), Rect(x: 18, y: 1, width: 10, height: 4),
                Rect(x: 18, y: 9, width: 10, height: 4), Rect(x: 12, y: 0, width: 6, height: 16)
            ])
        #expect(all[0].extras[0].value == .indexPaths([IndexPath(1, 1), IndexPath(1, 0)]))
        #expect(prepared.contentSize == Size(width: 32, height: 16))
    }

    @Test func emptyAndLeafOnly() throws {
        let none = try LayoutsAChecks.prepare(TreeLayout(), DataSource(sections: []))
        #expect(none.contentSize == .zero)
        #expect(none.elements(in: nil, view: ViewContext()).isEmpty)
        // Trailing empty sections still count as slot columns.
        let roots = try LayoutsAChecks.prepare(TreeLayout(), DataSource(sections: [Self.leaves(2), Self.leaves(0)]))
        #expect(roots.contentSize == Size(width: 272, height: 112))
    }

    @Test func neverInvalidates() throws {
        let prepared = try LayoutsAChecks.prepare(TreeLayout(), Self.forest)
        let old = ViewContext(bounds: Size(width: 100, height: 100))
        let new = ViewContext(bounds: Size(width: 300, height: 50), contentOffset: Point(x: 40, y: 90))
        #expect(prepared.invalidation(from: old, to: new) == .none)
    }

    @Test(arguments: [
        // Section 1's item 1 is nobody's child.
        (
            [section([[0]]), leaves(2)], "dataSource.sections[1].items[1]",
            "has no parent: every item of section 1 must be listed in the children of exactly one item of section 0"
        ),
        // No children lists at all: section 1's first item has no parent.
        (
            [leaves(1), leaves(1)], "dataSource.sections[1].items[0]",
            "has no parent: every item of section 1 must be listed in the children of exactly one item of section 0"
        ),
        ([section([[0, 1], [], [1]]), leaves(2)], "dataSource.sections[1].items[1]", "has two parents (items 0 and 2 of section 0)"),
        ([section([[0, 0]]), leaves(1)], "dataSource.sections[0].items[0].children", "lists child 0 twice"),
        ([section([[0], [5]]), leaves(2)], "dataSource.sections[0].items[1].children", "child 5 is out of range: section 1 has 2 items"),
        ([section([[-1]]), leaves(2)], "dataSource.sections[0].items[0].children", "child -1 is out of range: section 1 has 2 items"),
        (
            [section([[2], [0, 1]]), leaves(3)], "dataSource.sections[0].items[1].children",
            "child 0 comes before item 2 of section 1, a child of the earlier item 0: children of an earlier parent must come before those of a later one"
        ),
        (
            [section([[0], [], [1]]), section([[], [0]])], "dataSource.sections[1].items[1].children",
            "lists children, but section 1 is the last section: children are items of the next section"
        )
    ])
    func rejectsChildren(sections: [SectionData], field: String, message: String) {
        #expect(LayoutsAChecks.error(TreeLayout(), DataSource(sections: sections)) == LayoutError(field: field, message: message))
    }

    @Test func rejectsParameters() {
        let data = DataSource(sections: [Self.leaves(1)])
        #expect(
            LayoutsAChecks.error(TreeLayout(.init(itemSize: Size(width: -1, height: 4))), data)
                == LayoutError(field: "layout.itemSize.width", message: "must not be negative"))
        #expect(
            LayoutsAChecks.error(TreeLayout(.init(insets: EdgeInsets(top: 0, left: 0, bottom: .nan, right: 0))), data)
                == LayoutError(field: "layout.insets.bottom", message: "must be a finite number"))
        #expect(
            LayoutsAChecks.error(TreeLayout(.init(insets: EdgeInsets(top: 0, left: -3, bottom: 0, right: 0))), data)?.field
                == "layout.insets.left")
    }

    /// A random forest: each section's items are split into consecutive runs, one per
    /// parent chosen in order, with some parents left as leaves.
    static func randomForest(_ random: inout SeededRandom) -> (DataSource, rows: Int) {
        let depth = random.int(0...5)
        var counts = [random.int(0...12)]
        for _ in 1..<max(depth, 1) { counts.append(random.chance(0.2) ? 0 : random.int(0...20)) }
        if depth == 0 { return (DataSource(sections: []), 0) }
        var sections: [SectionData] = []
        for s in 0..<depth {
            let parents = counts[s]
            var lists = [[Int]](repeating: [], count: parents)
            if s + 1 < depth {
                // Without parents, the next section must be empty.
                if parents == 0 { counts[s + 1] = 0 }
                var next = 0
                let childCount = counts[s + 1]
                for p in 0..<parents {
                    let take = p == parents - 1 ? childCount - next : min(childCount - next, random.int(0...4))
                    var run = Array(next..<next + take)
                    if random.chance(0.3) { run.reverse() }
                    lists[p] = run
                    next += take
                }
            }
            sections.append(
                random.chance(0.2) && lists.allSatisfy(\.isEmpty)
                    ? leaves(parents) : section(lists))
        }
        // Rows = leaves of the forest: items without children.
        let rows = sections.reduce(0) { total, section in
            total + (0..<section.itemCount).filter { section.children(at: $0).isEmpty }.count
        }
        return (DataSource(sections: sections), rows)
    }

    /// Random forests and geometry: queries agree with brute force; rows equal leaves; each
    /// child's row lies within its parent's connector; siblings stack without overlap.
    @Test func queriesMatchBruteForce() throws {
        var random = SeededRandom(seed: 0x7EE)
        for _ in 0..<60 {
            let (data, leafRows) = Self.randomForest(&random)
            let layout = TreeLayout(
                .init(
                    itemSize: Size(width: random.double(in: 0...100), height: random.double(in: 0...50)),
                    insets: EdgeInsets(
                        top: random.double(in: 0...9), left: random.double(in: 0...9),
                        bottom: random.double(in: 0...9), right: random.double(in: 0...9))))
            let view = ViewContext()
            let prepared = try LayoutsAChecks.prepare(layout, data)
            #expect(prepared.contentSize.height == Double(leafRows) * layout._slotHeight)
            for element in prepared.elements(in: nil, view: view) where element.category == .cell {
                guard case .indexPaths(let children)? = element.extras.first?.value, !children.isEmpty else { continue }
                let connector = try #require(prepared.attributesForSupplementaryView(kind: "connector", at: element.indexPath, view: view))
                // The connector starts at the parent's row slot, `top` above the cell.
                #expect(abs(connector.frame.minY - (element.frame.minY - layout.parameters.insets.top)) < 1e-9)
                for child in children {
                    let childFrame = try #require(prepared.attributesForItem(at: child, view: view)).frame
                    #expect(childFrame.minY >= element.frame.minY)
                    #expect(childFrame.minY <= connector.frame.maxY + 1e-9)
                }
            }
            LayoutsAChecks.checkQueries(
                prepared, view: view,
                rects: LayoutsAChecks.randomRects(15, over: prepared.contentSize, random: &random),
                random: &random)
        }
    }
}
