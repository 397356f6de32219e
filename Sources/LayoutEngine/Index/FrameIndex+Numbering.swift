extension FrameIndex {
    /// An index of one frame per item of `numbering`, entry `numbering.starts[s] + i` holding
    /// item `[s, i]`'s, so that `ItemNumbering.forEachItem` maps results back to index paths.
    /// For the layouts that compute a cell's frame from its index path and keep no frames:
    /// `frame` is called once per item, in index-path order.
    init(_ numbering: ItemNumbering, frame: (_ section: Int, _ item: Int) -> Rect) {
        var boxes = [Double]()
        boxes.reserveCapacity(4 * numbering.total)
        for s in 0..<numbering.sectionCount {
            for i in 0..<numbering.itemCount(inSection: s) {
                let f = frame(s, i)
                boxes.append(f.minX)
                boxes.append(f.minY)
                boxes.append(f.maxX)
                boxes.append(f.maxY)
            }
        }
        self.init(flatBoxes: boxes)
    }
}
