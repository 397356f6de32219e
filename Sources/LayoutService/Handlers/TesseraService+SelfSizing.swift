import TesseraSupport
import LayoutEngine
import TesseraJSON

extension TesseraService {
    /// POST /v1/sessions/{id}/preferred-sizes: self-sizing cells report their real sizes
    /// (preferredLayoutAttributesFittingAttributes) to a flow or line layout with an
    /// estimatedItemSize. The sizes become the items' own; answers the elements whose
    /// attributes changed within `rect` (default: the visible bounds) and the new content size.
    public func preferredSizes(id: String, body: [UInt8], ifMatch: String? = nil) -> Reply {
        changing(id, ifMatch: ifMatch, SessionChange(.preferredSizes, body: body), reading: PreferredSizesRequest.init, preferredSizesStep) {
            next, result in
            Self.sessionReply(next.version) { w in
                w.key("contentSize")
                w.size(next.prepared.contentSize)
                w.settlement(result.offset)
                // A list of elements; `invalidated` (PATCH …/view) is a yes/no answer.
                w.key("invalidatedElements")
                w.beginArray()
                for key in result.changed { w.elementKey(key) }
                w.endArray()
            }
        }
    }

    /// `{items: [{indexPath, size}], rect?, anchor?}`.
    struct PreferredSizesRequest {
        var paths: [IndexPath] = []
        var items: [SectionData.Item] = []
        var rect: Rect?
        var anchor: ContentOffsetAnchor?

        init(_ body: [UInt8]) throws(APIError) {
            let o = try ObjectReader(try JSONTape.parseBody(body).root, path: "")
            try o.rejectUnknownKeys(["items", "rect", ContentOffsetAnchor.key])
            guard let list = o["items"]?.arrayElements else { throw .invalidRequest("items", "is required: [{indexPath, size}]") }
            for (i, v) in list.enumerated() {
                let entry = try ObjectReader(v, path: "items[\(i)]")
                try entry.rejectUnknownKeys(["indexPath", "size"])
                guard let p = entry["indexPath"] else { throw .invalidRequest(entry.fieldPath("indexPath"), "is required") }
                guard let size = try entry.size("size") else { throw .invalidRequest(entry.fieldPath("size"), "is required") }
                paths.append(try ValueReader.indexPath(p, path: entry.fieldPath("indexPath")))
                items.append(SectionData.Item(size: size))
            }
            rect = try o.rect("rect")
            anchor = try ContentOffsetAnchor.read(o[ContentOffsetAnchor.key])
        }
    }

    /// The state with the reported sizes, and the elements they changed (also the log's replay).
    func preferredSizesStep(
        _ request: PreferredSizesRequest, _ state: SessionState
    ) throws(APIError) -> (SessionState, (changed: [ElementKey], offset: OffsetSettlement)) {
        try requireIdle(state)
        guard Self.estimatedItemSize(of: state.layout) != nil || Self.hasEstimatedDimension(state.layout, state.dataSource) else {
            throw .conflict(
                "the session's layout has no estimatedItemSize or estimated dimension; preferred sizes apply to self-sizing flow and line layouts and compositional layouts with estimated dimensions"
            )
        }
        // A reload keeps every item in place and replaces its data: the item's own size.
        let update: ValidatedBatchUpdate
        do throws(BatchUpdateError) {
            update = try BatchUpdate([.reloadItems(request.paths, items: request.items)]).validated(against: state.dataSource)
        } catch {
            // The reload is this service's own wording of the request: name the
            // request's fields, not the internal batch.
            let field = error.field.replacingPrefix("updates[0].indexPaths", with: "items") + ".indexPath"
            let message = error.message.replacing(" (also in updates[0])", with: "")
                .replacing("attempt to reload item", with: "item")
            throw .invalidRequest(field, message)
        }
        var next = state
        next.dataSource = update.newDataSource
        next.prepared = try relayout(state, update)
        // The items keep their index paths: the anchor is itself.
        let offset = try settle(request.anchor, from: state, to: &next, correspondence: IdentityCorrespondence())
        let area = request.rect ?? state.view.boundsRect
        var before: [ElementKey: LayoutAttributes] = [:]
        for a in try elements(of: state.prepared, in: area, view: state.view) { before[a.key] = a }
        var changed: [ElementKey] = []
        var seen = Set<ElementKey>()
        for a in try elements(of: next.prepared, in: area, view: next.view) {
            seen.insert(a.key)
            if before[a.key] != a { changed.append(a.key) }
        }
        changed.append(contentsOf: before.keys.filter { !seen.contains($0) }.sorted())
        return (next, (changed, offset))
    }

    /// A compositional layout self-sizes when a section's group has an estimated dimension
    /// (docs/compositional.md C15); measured sizes count on estimated axes only.
    static func hasEstimatedDimension(_ layout: any CollectionLayout, _ dataSource: DataSource) -> Bool {
        guard let compositional = Self.undirected(layout) as? CompositionalLayout else { return false }
        return compositional.selfSizes(dataSource)
    }

    static func estimatedItemSize(of layout: any CollectionLayout) -> Size? {
        let layout = undirected(layout)
        if let flow = layout as? FlowLayout { return flow.parameters.estimatedItemSize }
        if let line = layout as? LineLayout { return line.parameters.flow.estimatedItemSize }
        return nil
    }

    /// The layout a `DirectedLayout` wraps (every decoded layout is one).
    static func undirected(_ layout: any CollectionLayout) -> any CollectionLayout {
        (layout as? DirectedLayout)?.base ?? layout
    }
}

extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
