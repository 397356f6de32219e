/// The forest a tree layout's data source describes, checked (§6): children are items of
/// the next section; every item of section s > 0 has exactly one parent in section s−1;
/// children of an earlier parent come before children of a later one. Together these make
/// each parent's children one run of consecutive items, the runs in parent order, so a
/// section's items stack in index order. Within its run a parent may list its children in
/// any order: they stack by index (the guide's layout places a section's items in index
/// order), and the cell's `children` extra keeps the listed order.
struct TreeStructure: Sendable {
    let numbering: ItemNumbering
    /// Item number → the index of its parent in the previous section; −1 in section 0.
    let parents: [Int]
    /// Per section, the items' children lists as the data source gives them (nil: no lists).
    let childLists: [[[Int]]?]

    /// T2. Rejects the first violation, in section order, naming the item at fault.
    init(_ dataSource: DataSource) throws(LayoutError) {
        let numbering = ItemNumbering(dataSource)
        var parents = [Int](repeating: -1, count: numbering.total)
        let sectionCount = numbering.sectionCount
        for s in 0..<sectionCount {
            let section = dataSource.sections[s]
            if let lists = section.children {
                try Self.checkChildren(lists, section: s, numbering: numbering, parents: &parents)
            }
            // Section s+1 is complete: every item in it needs a parent.
            if s + 1 < sectionCount {
                let first = numbering.starts[s + 1]
                for c in 0..<numbering.itemCount(inSection: s + 1) where parents[first + c] < 0 {
                    throw LayoutError(
                        field: LayoutCheck.itemField(section: s + 1, item: c),
                        message: "has no parent: every item of section \(s + 1) must be listed in the children of exactly one item of section \(s)")
                }
            }
        }
        self.numbering = numbering
        self.parents = parents
        self.childLists = dataSource.sections.map(\.children)
    }

    /// The children lists of section `s`: in range, one parent each, parents in order.
    private static func checkChildren(
        _ lists: [[Int]], section s: Int, numbering: ItemNumbering,
        parents: inout [Int]
    ) throws(LayoutError) {
        let isLast = s + 1 == numbering.sectionCount
        let nextCount = isLast ? 0 : numbering.itemCount(inSection: s + 1)
        let nextStart = isLast ? 0 : numbering.starts[s + 1]
        // The highest child of the parents before this one, and whose child it is.
        var earlierMax = -1, earlierOwner = -1
        for (i, children) in lists.enumerated() where !children.isEmpty {
            // Built only for an error: this loop runs once per parent.
            func field() -> String { LayoutCheck.itemField(section: s, item: i, "children") }
            if isLast {
                throw LayoutError(
                    field: field(), message: "lists children, but section \(s) is the last section: children are items of the next section")
            }
            var highest = -1
            for c in children {
                guard c >= 0, c < nextCount else {
                    throw LayoutError(field: field(), message: "child \(c) is out of range: section \(s + 1) has \(nextCount) items")
                }
                let parent = parents[nextStart + c]
                if parent == i {
                    throw LayoutError(field: field(), message: "lists child \(c) twice")
                }
                if parent >= 0 {
                    throw LayoutError(
                        field: LayoutCheck.itemField(section: s + 1, item: c),
                        message: "has two parents (items \(parent) and \(i) of section \(s))")
                }
                if c < earlierMax {
                    throw LayoutError(
                        field: field(),
                        message:
                            "child \(c) comes before item \(earlierMax) of section \(s + 1), a child of the earlier item \(earlierOwner): children of an earlier parent must come before those of a later one"
                    )
                }
                parents[nextStart + c] = i
                highest = max(highest, c)
            }
            earlierMax = highest
            earlierOwner = i
        }
    }

    /// T3. Rows (§6): a leaf takes one row, a parent the sum of its children's rows; roots
    /// stack in order from row 0, and a parent's children stack in order from the parent's
    /// own row. Returns each item's row by item number and the total row count.
    func rows() -> (rows: [Int], total: Int) {
        let total = numbering.total, sectionCount = numbering.sectionCount
        // Rows taken, bottom-up: a parent's children are its next run of the next section.
        var span = [Int](repeating: 1, count: total)
        if sectionCount >= 2 {
            for s in stride(from: sectionCount - 1, through: 1, by: -1) {
                let first = numbering.starts[s], previousFirst = numbering.starts[s - 1]
                var parentSum = 0
                for c in 0..<numbering.itemCount(inSection: s) {
                    let p = parents[first + c]
                    parentSum = (c > 0 && parents[first + c - 1] == p) ? parentSum + span[first + c] : span[first + c]
                    span[previousFirst + p] = parentSum
                }
            }
        }
        var rows = [Int](repeating: 0, count: total)
        var totalRows = 0
        if sectionCount >= 1 {
            for i in 0..<numbering.itemCount(inSection: 0) {
                rows[i] = totalRows
                totalRows += span[i]
            }
        }
        if sectionCount >= 2 {
            for s in 1..<sectionCount {
                let first = numbering.starts[s], previousFirst = numbering.starts[s - 1]
                for c in 0..<numbering.itemCount(inSection: s) {
                    let n = first + c, p = parents[n]
                    rows[n] = (c > 0 && parents[n - 1] == p) ? rows[n - 1] + span[n - 1] : rows[previousFirst + p]
                }
            }
        }
        return (rows, totalRows)
    }
}
