extension GroupInstances {
    /// C15: every instance with its own origin; instances holding measured items are placed
    /// again with those sizes on estimated axes, and each later instance moves by how much
    /// the ones before it grew along the instance axis. Instances without measured items
    /// are the template, at exactly the arithmetic origin (so both paths answer the same).
    /// - Complexity: O(instances) plus O(k) per instance with measured items.
    func materialised(plan: GroupPlan, data: SectionData, grid: PixelGrid) -> GroupInstances {
        var m = MaterialisedInstances()
        m.delta.reserveCapacity(count)
        m.sizes.reserveCapacity(count)
        m.own.reserveCapacity(count)
        m.ownSiteIndex.reserveCapacity(count)
        m.bandLo.reserveCapacity(count)
        m.bandHi.reserveCapacity(count)
        let estimatedSlots = structure.leafItems.map { $0?.size.isEstimated == true }
        let measuredItems = data.sizes != nil && estimatedSlots.contains(true)
        let sizes = data.sizes ?? []
        let plainBox = !structure.hasItemSupplementaries && sites.isEmpty
        let b = instanceAxisIsX ? base.x : base.y
        var running = 0.0
        var otherLo = self.otherLo, otherHi = self.otherHi
        var placement = GroupPlacement(grid: grid, capacity: leaves.count)
        let otherBase = instanceAxisIsX ? base.y : base.x
        @inline(__always) func axisLength(_ s: Size) -> Double { instanceAxisIsX ? s.width : s.height }
        for j in 0..<count {
            let first = j * capacity, held = items(in: j)
            let origin = b + Double(j) * stride + running
            m.delta.append(running)
            var measured = false
            if measuredItems {
                for slot in 0..<held where estimatedSlots[slot] && !sizes[first + slot].width.isNaN {
                    measured = true
                    break
                }
            }
            guard measured else {
                m.sizes.append(groupSize)
                m.own.append(-1)
                m.ownSiteIndex.append(-1)
                m.bandLo.append(origin + relLo)
                m.bandHi.append(origin + relHi)
                continue
            }
            placement.reset(measuring: sizes, first: first, held: held)
            let size = placement.place(plan, origin: .zero, slot: slot)
            m.sizes.append(size)
            m.own.append(Int32(m.ownLeaves.count))
            m.ownSiteIndex.append(Int32(m.ownSites.count))
            m.ownLeaves.append(contentsOf: placement.leaves)
            m.ownSites.append(contentsOf: placement.sites)
            var box = Rect(origin: .zero, size: size)
            if plainBox {
                for leaf in placement.leaves { box = box.union(leaf) }
            } else {
                box = CompositionalSection.elementBox(
                    leaves: placement.leaves, sites: placement.sites,
                    structure: structure, groupSize: size)
            }
            m.bandLo.append(origin + (instanceAxisIsX ? box.minX : box.minY))
            m.bandHi.append(origin + (instanceAxisIsX ? box.maxX : box.maxY))
            otherLo = min(otherLo, otherBase + (instanceAxisIsX ? box.minY : box.minX))
            otherHi = max(otherHi, otherBase + (instanceAxisIsX ? box.maxY : box.maxX))
            running += axisLength(size) - axisLength(groupSize)
        }
        let (lo, hi) = (m.bandLo, m.bandHi)
        m.envelope = IntervalEnvelope(count: count, start: { lo[$0] }, end: { hi[$0] })
        return GroupInstances(
            leaves: leaves, sites: sites, structure: structure, groupSize: groupSize, capacity: capacity,
            itemCount: itemCount, count: count, base: base, stride: stride, alongScroll: alongScroll, axes: axes,
            relLo: relLo, relHi: relHi, otherLo: otherLo, otherHi: otherHi, slot: slot, materialised: m)
    }
}
