/// The supplementary views of one kind (`header`, `footer`, `connector`, …): frames kept
/// in index-path order with a `FrameIndex` over them, so rect queries cost O(log n + k)
/// even with a view per section of a hundred thousand sections.
struct SupplementaryIndex: Sendable {
    let kind: String
    /// Ascending.
    private let indexPaths: [IndexPath]
    private let frames: [Rect]
    private let index: FrameIndex

    /// `indexPaths` must ascend, one frame each.
    init(kind: String, indexPaths: [IndexPath], frames: [Rect]) {
        precondition(indexPaths.count == frames.count)
        self.kind = kind
        self.indexPaths = indexPaths
        self.frames = frames
        self.index = FrameIndex(frames: frames)
    }

    var count: Int { frames.count }

    private func attributes(_ i: Int) -> LayoutAttributes {
        LayoutAttributes(category: .supplementary, kind: kind, indexPath: indexPaths[i], frame: frames[i])
    }

    /// The view at `indexPath`, nil when this kind has none there.
    /// - Complexity: O(log n).
    func attributes(at indexPath: IndexPath) -> LayoutAttributes? {
        var low = 0, high = indexPaths.count
        while low < high {
            let mid = (low + high) / 2
            if indexPaths[mid] < indexPath { low = mid + 1 } else { high = mid }
        }
        guard low < indexPaths.count, indexPaths[low] == indexPath else { return nil }
        return attributes(low)
    }

    /// Appends the views intersecting `rect` (all for nil) in index-path order.
    /// - Complexity: O(log n + k).
    func collectAttributes(in rect: Rect?, into out: inout ElementCollector) throws(ElementLimitExceeded) {
        if let rect {
            try index.forEachIntersecting(rect) { (i) throws(ElementLimitExceeded) in try out.append(attributes(i)) }
        } else {
            for i in frames.indices { try out.append(attributes(i)) }
        }
    }
}
