/// The spatial index behind rect queries: a static packed R-tree (fan-out 16) over frames
/// kept in their natural order (item order). Layouts place items roughly in order along the
/// scroll axis, so consecutive frames are neighbours and the packed boxes stay tight without
/// a spatial sort, which keeps building O(n) for a million items.
///
/// - Complexity: build O(n); query O(log n + k) for layouts whose item order follows the
///   scroll axis (every layout here); results come out in ascending index order.
public struct FrameIndex: Sendable {
    static let fanOut = 16

    /// Per leaf: minX, minY, maxX, maxY.
    private let leaves: [Double]
    /// Per node, level by level from the leaves' parents up to the root: minX, minY, maxX, maxY.
    private let nodes: [Double]
    /// Start offset (in nodes) of each level in `nodes`; the last level holds the root.
    private let levelStarts: [Int]
    private let levelCounts: [Int]
    public let count: Int

    public init(frames: [Rect]) {
        var flat = [Double](repeating: 0, count: frames.count * 4)
        flat.withUnsafeMutableBufferPointer { out in
            for (i, f) in frames.enumerated() {
                out[4 * i] = f.minX
                out[4 * i + 1] = f.minY
                out[4 * i + 2] = f.maxX
                out[4 * i + 3] = f.maxY
            }
        }
        self.init(flatBoxes: flat)
    }

    /// Builds from boxes already flattened as minX, minY, maxX, maxY per element.
    public init(flatBoxes: [Double]) {
        precondition(flatBoxes.count % 4 == 0)
        leaves = flatBoxes
        count = flatBoxes.count / 4
        var nodes: [Double] = []
        var starts: [Int] = []
        var counts: [Int] = []
        var levelBoxes = flatBoxes
        var levelCount = count
        var nodeOffset = 0
        while levelCount > 1 || starts.isEmpty {
            let parentCount = max(1, (levelCount + FrameIndex.fanOut - 1) / FrameIndex.fanOut)
            var parents = [Double](repeating: 0, count: parentCount * 4)
            levelBoxes.withUnsafeBufferPointer { child in
                parents.withUnsafeMutableBufferPointer { parent in
                    for p in 0..<parentCount {
                        var x0 = Double.infinity, y0 = Double.infinity
                        var x1 = -Double.infinity, y1 = -Double.infinity
                        let end = min(levelCount, (p + 1) * FrameIndex.fanOut)
                        var c = p * FrameIndex.fanOut
                        while c < end {
                            x0 = min(x0, child[4 * c])
                            y0 = min(y0, child[4 * c + 1])
                            x1 = max(x1, child[4 * c + 2])
                            y1 = max(y1, child[4 * c + 3])
                            c += 1
                        }
                        parent[4 * p] = x0
                        parent[4 * p + 1] = y0
                        parent[4 * p + 2] = x1
                        parent[4 * p + 3] = y1
                    }
                }
            }
            starts.append(nodeOffset)
            counts.append(parentCount)
            nodes.append(contentsOf: parents)
            nodeOffset += parentCount
            levelBoxes = parents
            levelCount = parentCount
        }
        self.nodes = nodes
        self.levelStarts = starts
        self.levelCounts = counts
    }

    /// Calls `body` with the index of every frame that intersects `rect` as closed
    /// rectangles (shared edges count), in ascending order.
    public func forEachIntersecting<Failure: Error>(_ rect: Rect, _ body: (Int) throws(Failure) -> Void) throws(Failure) {
        guard count > 0 else { return }
        let qx0 = rect.minX, qy0 = rect.minY, qx1 = rect.maxX, qy1 = rect.maxY
        // Depth-first, children in order, so results come out ascending.
        var stack: [(level: Int, node: Int)] = [(levelStarts.count - 1, 0)]
        stack.reserveCapacity(64)
        try leaves.withUnsafeBufferPointer { (leaf) throws(Failure) in
            try nodes.withUnsafeBufferPointer { (node) throws(Failure) in
                @inline(__always) func meets(_ base: Int) -> Bool {
                    !(node[base] > qx1 || node[base + 2] < qx0 || node[base + 1] > qy1 || node[base + 3] < qy0)
                }
                guard meets(4 * levelStarts[levelStarts.count - 1]) else { return }
                // Every node on the stack meets the rect: children are tested before they are
                // pushed (pushing all sixteen and testing them when popped cost twice the work
                // for a screenful of a waterfall, docs/performance.md#frame-index-pruning).
                while let (level, n) = stack.popLast() {
                    let first = n * FrameIndex.fanOut
                    if level == 0 {
                        let end = min(count, first + FrameIndex.fanOut)
                        for i in first..<end {
                            let b = 4 * i
                            if leaf[b] <= qx1 && leaf[b + 2] >= qx0 && leaf[b + 1] <= qy1 && leaf[b + 3] >= qy0 {
                                try body(i)
                            }
                        }
                    } else {
                        let end = min(levelCounts[level - 1], first + FrameIndex.fanOut)
                        let childStart = levelStarts[level - 1]
                        var c = end - 1
                        while c >= first {
                            if meets(4 * (childStart + c)) { stack.append((level - 1, c)) }
                            c -= 1
                        }
                    }
                }
            }
        }
    }

    /// The indexes of every frame intersecting `rect`, ascending.
    public func indexes(intersecting rect: Rect) -> [Int] {
        var out: [Int] = []
        forEachIntersecting(rect) { out.append($0) }
        return out
    }
}
