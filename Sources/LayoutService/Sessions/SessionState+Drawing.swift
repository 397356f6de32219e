import LayoutEngine

extension SessionState {
    /// How the session's layout is drawn in its view: mirrored across its content width when
    /// the collection view flips its axis for it (L1, L4; docs/layout-direction.md).
    var axisDrawing: AxisDrawing {
        @inline(__always) get {
            AxisDrawing.of(layout, prepared, in: view)
        }
    }
}

extension PendingTransition {
    /// How the transition's target layout will be drawn in `view`.
    func axisDrawing(in view: ViewContext) -> AxisDrawing {
        AxisDrawing.of(layout, prepared, in: view)
    }
}

extension AxisDrawing {
    /// How `layout`, prepared as `prepared`, is drawn in `view`: its axis asked first, so an
    /// unflipped layout is not asked its content size. Inlined: every rect query asks.
    @inline(__always)
    static func of(_ layout: any CollectionLayout, _ prepared: any PreparedLayout, in view: ViewContext) -> AxisDrawing {
        layout.flipsAxis(in: view) ? AxisDrawing(mirrorWidth: prepared.contentSize.width) : .unflipped
    }
}
