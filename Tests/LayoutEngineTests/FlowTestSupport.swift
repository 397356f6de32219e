import LayoutEngine

// Shared helpers for the flow and line layout tests.

typealias FlowParameters = FlowLayout.Parameters

func R(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
    Rect(x: x, y: y, width: w, height: h)
}

func S(_ w: Double, _ h: Double) -> Size {
    Size(width: w, height: h)
}

func IP(_ s: Int, _ i: Int) -> IndexPath {
    IndexPath(section: s, item: i)
}

/// A section of `n` items that use the (section's) itemSize.
func counted(_ n: Int, _ overrides: [String: ParameterValue] = [:]) -> SectionData {
    SectionData(itemCount: n, overrides: SectionOverrides(overrides))
}

/// A section whose items give explicit sizes (the delegate path); nil = "gave none".
func sized(_ sizes: [Size?], _ overrides: [String: ParameterValue] = [:]) -> SectionData {
    SectionData(items: sizes.map { SectionData.Item(size: $0) }, overrides: SectionOverrides(overrides))
}

func view(
    _ w: Double, _ h: Double, offset: Point = .zero, inset: EdgeInsets = .zero,
    scale: Double = 0
) -> ViewContext {
    ViewContext(bounds: S(w, h), contentOffset: offset, contentInset: inset, scale: scale)
}

func prepared(
    _ p: FlowParameters = FlowParameters(), _ sections: [SectionData],
    _ v: ViewContext = view(320, 480)
) throws -> PreparedFlowLayout {
    try FlowLayout(p).prepareFlow(DataSource(sections: sections), view: v)
}

/// The error `prepare` throws, or nil.
func prepareError(
    _ p: FlowParameters = FlowParameters(), _ sections: [SectionData],
    _ v: ViewContext = view(320, 480)
) -> LayoutError? {
    do {
        _ = try FlowLayout(p).prepareFlow(DataSource(sections: sections), view: v)
        return nil
    } catch {
        return error
    }
}

extension PreparedLayout {
    /// The frame of cell [s, i] at the origin view.
    func frame(_ s: Int, _ i: Int, _ v: ViewContext = view(320, 480)) -> Rect? {
        attributesForItem(at: IP(s, i), view: v)?.frame
    }

    func header(_ s: Int, _ v: ViewContext = view(320, 480)) -> Rect? {
        attributesForSupplementaryView(kind: "header", at: IP(s, 0), view: v)?.frame
    }

    func footer(_ s: Int, _ v: ViewContext = view(320, 480)) -> Rect? {
        attributesForSupplementaryView(kind: "footer", at: IP(s, 0), view: v)?.frame
    }

    /// Every cell frame of section `s`, in item order.
    func cellFrames(_ s: Int, _ v: ViewContext = view(320, 480)) -> [Rect] {
        elements(in: nil, view: v).filter { $0.category == .cell && $0.indexPath.section == s }.map(\.frame)
    }

    /// "c0.3", "h1", "f0" for each element, in the order returned.
    func names(in rect: Rect?, _ v: ViewContext = view(320, 480)) -> [String] {
        elements(in: rect, view: v).map { a in
            switch (a.category, a.kind) {
            case (.cell, _): "c\(a.indexPath.section).\(a.indexPath.item)"
            case (_, "header"): "h\(a.indexPath.section)"
            case (_, "footer"): "f\(a.indexPath.section)"
            default: "?"
            }
        }
    }
}
