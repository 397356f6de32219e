/// Element kinds name elements together with their index paths, so one kind may play only
/// one role: a layout-level boundary item (always at [0, 0]) must not share its kind with a
/// section's boundary items, and within a section boundary items, item badges and group
/// accessories keep distinct kinds. Otherwise two elements would answer to one key.
enum CompositionalKinds {
    static func check(
        _ configuration: CompositionalLayout.Configuration, dataSource: DataSource,
        layout: CompositionalLayout
    ) throws(LayoutError) {
        var layoutKinds = Set<String>()
        for (b, item) in configuration.boundarySupplementaryItems.enumerated() {
            guard layoutKinds.insert(item.kind).inserted else {
                throw LayoutError(
                    field: "layout.boundarySupplementaryItems[\(b)].kind",
                    message: "kind '\(item.kind)' is used twice")
            }
        }
        // Each distinct section spec once (most sections share the layout's).
        var checked: Set<CompositionalLayout.Section> = [configuration.section]
        try check(configuration.section, layoutKinds: layoutKinds, vertical: configuration.scrollDirection == .vertical)
        for data in dataSource.sections {
            let spec = layout.sectionSpec(for: data)
            if checked.insert(spec).inserted {
                try check(spec, layoutKinds: layoutKinds, vertical: configuration.scrollDirection == .vertical)
            }
        }
    }

    /// A list section's kinds are its header's and footer's, whatever the view (L-R2); lists
    /// run down the screen only (L-R1).
    static func check(_ spec: CompositionalLayout.Section, layoutKinds: Set<String>, vertical: Bool) throws(LayoutError) {
        guard spec.list != nil else { return try check(spec, layoutKinds: layoutKinds) }
        guard vertical else {
            throw LayoutError(field: spec.path + ".list", message: "a list section needs a vertical scrollDirection")
        }
        try check(spec.expanded(section: 0, of: 1, environment: ListEnvironment(width: 0)), layoutKinds: layoutKinds)
    }

    static func check(_ spec: CompositionalLayout.Section, layoutKinds: Set<String>) throws(LayoutError) {
        var taken = layoutKinds
        for (b, item) in spec.boundarySupplementaryItems.enumerated() {
            guard taken.insert(item.kind).inserted else {
                throw LayoutError(
                    field: "\(spec.path).boundarySupplementaryItems[\(b)].kind",
                    message: "kind '\(item.kind)' is already used by another supplementary item of this layout")
            }
        }
        var itemKinds = Set<String>(), groupKinds = Set<String>()
        collect(spec.group, items: &itemKinds, groups: &groupKinds)
        for kind in itemKinds.union(groupKinds).sorted()
        where taken.contains(kind) || (itemKinds.contains(kind) && groupKinds.contains(kind)) {
            throw LayoutError(
                field: spec.path + ".group",
                message: "the anchored supplementary kind '\(kind)' is already used by another supplementary item of this layout")
        }
    }

    private static func collect(_ group: CompositionalLayout.Group, items: inout Set<String>, groups: inout Set<String>) {
        for a in group.supplementaryItems { groups.insert(a.kind) }
        for element in group.subitems {
            switch element {
            case .item(let item): for a in item.supplementaryItems { items.insert(a.kind) }
            case .group(let nested): collect(nested, items: &items, groups: &groups)
            }
        }
    }
}
