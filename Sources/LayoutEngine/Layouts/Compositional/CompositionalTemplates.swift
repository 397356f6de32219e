/// The solved group that a section's instances repeat (C8): its plan, the template
/// instance's frames and what never changes between instances. It depends only on the
/// group's definition, its slot and the pixel grid, so every section of one layout whose
/// group is defined alike (whatever JSON path it came from) shares one.
struct GroupTemplate: Sendable {
    let plan: GroupPlan
    let leaves, sites: [Rect]
    let structure: GroupStructure
    let groupSize: Size
    /// The box holding the template's elements, relative to an instance's origin.
    let box: Rect

    init(plan: GroupPlan, slot: Size, grid: PixelGrid) {
        self.plan = plan
        var placement = GroupPlacement(grid: grid, capacity: plan.explicitLeafCount)
        groupSize = placement.place(plan, origin: .zero, slot: slot)
        leaves = placement.leaves
        sites = placement.sites
        structure = GroupStructure(plan)
        box = CompositionalSection.elementBox(leaves: leaves, sites: sites, structure: structure, groupSize: groupSize)
    }

    /// Whether instances holding up to `items` items can use this template: every slot an
    /// item lands in is planned.
    func serves(items: Int) -> Bool {
        plan.explicitLeafCount == plan.leafCount || plan.explicitLeafCount >= items
    }
}

/// The templates made while preparing (or updating) one layout, by group definition and
/// slot. Without it each section planned its group again: a count group of 100,000 slots
/// cost ~18 MB per section, 50 sections of a 1.2 KB body ~900 MB.
struct GroupTemplates {
    struct Key: Hashable {
        /// The group with every JSON path emptied: paths name errors, not geometry.
        let group: CompositionalLayout.Group
        let slot: Size
    }

    private var byKey: [Key: GroupTemplate] = [:]

    init() {}

    /// The templates the sections of a prepared layout use, to share with its update.
    init(_ sections: [CompositionalSection]) {
        for section in sections {
            let key = Key(group: section.spec.group.withoutPaths, slot: section.instances.slot)
            let template = section.template
            if let known = byKey[key], known.plan.explicitLeafCount >= template.plan.explicitLeafCount { continue }
            byKey[key] = template
        }
    }

    /// The template of `group` in `slot` for a section of `items` items: a known one when it
    /// plans enough slots, otherwise a new one planned for `items` (which then replaces it).
    mutating func template(
        _ group: CompositionalLayout.Group, slot: Size, grid: PixelGrid,
        items: Int
    ) throws(LayoutError) -> GroupTemplate {
        let key = Key(group: group.withoutPaths, slot: slot)
        if let known = byKey[key], known.serves(items: items) { return known }
        let plan = try GroupPlan.make(group, slot: slot, grid: grid, leafLimit: items)
        let template = GroupTemplate(plan: plan, slot: slot, grid: grid)
        byKey[key] = template
        return template
    }
}

extension CompositionalLayout.Group {
    /// This group with its own and its nested groups' paths emptied.
    var withoutPaths: CompositionalLayout.Group {
        var copy = self
        copy.path = ""
        copy.subitems = subitems.map { element in
            if case .group(let nested) = element { return .group(nested.withoutPaths) }
            return element
        }
        return copy
    }
}
