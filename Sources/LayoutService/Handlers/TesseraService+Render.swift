import TesseraSupport
import TesseraJSON
import LayoutEngine
import Rendering

extension TesseraService {
    static let svgContentType = "image/svg+xml"
    /// Query parameters that shape the picture, accepted by both render endpoints.
    static let renderOptionKeys: Set<String> = ["labels", "scale", "theme"]

    /// GET /v1/sessions/{id}/render.svg?rect=x,y,w,h&progress=p&labels=&scale=&theme=: the
    /// `elements` answer for the same rect and progress, drawn. Cached per version and query.
    public func renderSession(id: String, query: String?) -> Reply {
        .handling { () throws(APIError) -> Reply in
            let s = try session(id)
            let q = try QueryParameters(query)
            try q.rejectUnknown(Self.renderOptionKeys.union(["rect", "progress"]))
            let options = try q.renderOptions()
            let rect = try q.rect()
            let progress = q["progress"].flatMap { Double($0) }
            let state = s.current
            // Keyed by what the picture depends on, never answered by an `elements` reply.
            let key = s.replyKey(
                .picture(
                    rect: rect, progress: progress, labels: options.labels, scale: options.scale,
                    dark: options.theme == .dark),
                version: state.version)
            let cacheable = q["progress"] == nil || progress?.isFinite == true
            var admitted = false
            if cacheable {
                switch s.cachedReply(key) {
                case .hit(let cached): return Reply(status: 200, headers: cached.headers, body: cached.body)
                case .miss(let admits): admitted = admits
                }
            }
            let headers = TesseraService.versionHeader(state.version) + [("Content-Type", Self.svgContentType)]
            // The direction is part of the view, so a change of it is a new version: the key holds.
            let svg: [UInt8]
            if let progress = q["progress"] {
                let (transition, target) = try transitionLayout(state, progress: progress)
                let current = state.axisDrawing, next = target.axisDrawing(in: state.view)
                // Drawn as a query at this progress answers `visualFrame`: each element between
                // its two layouts' drawings when either flips (docs/layout-direction.md).
                let drawing =
                    current.flipsAxis || next.flipsAxis
                    ? { (a: LayoutAttributes) in transition.drawnFrame(of: a.key, current: current, next: next) ?? a.frame } : nil
                svg = try picture(
                    of: transition, rect: rect, view: state.view, visualWidth: current.mirrorWidth, drawnFrame: drawing, options: options)
            } else {
                svg = try picture(
                    of: state.prepared, rect: rect, view: state.view, visualWidth: state.axisDrawing.mirrorWidth, options: options)
            }
            if admitted { s.cacheReply(key, svg, headers: headers) }
            return Reply(status: 200, headers: headers, body: svg)
        }
    }

    /// POST /v1/render: the one-shot body (layout, dataSource, view, optional rect), drawn;
    /// keeps nothing. Picture options come in the query, as for a session's render.svg.
    public func renderOneShot(body: [UInt8], query: String?) -> Reply {
        .handling { () throws(APIError) -> Reply in
            let q = try QueryParameters(query)
            try q.rejectUnknown(Self.renderOptionKeys)
            let options = try q.renderOptions()
            let request = try LayoutRequest.decode(
                body, maxItems: store.configuration.maxItemsPerSession,
                maxSections: store.configuration.maxSectionsPerSession, allowRect: true)
            let prepared = try prepare(request.layout, request.dataSource, request.view)
            let svg = try picture(
                of: prepared, rect: request.rect, view: request.view,
                visualWidth: Self.visualWidth(request.layout, request.view, prepared), options: options)
            return Reply(status: 200, headers: [("Content-Type", Self.svgContentType)], body: svg)
        }
    }

    /// The picture of `rect` (everything when nil). A picture is refused, like an `elements`
    /// reply, when it would hold more elements than one reply carries; the query stops at
    /// the limit, so a refusal costs at most that many elements (listing five million cells
    /// first raised the peak memory by over 1 GB per refused request). `rect` is in the
    /// layout's space, as for `elements`; with `visualWidth` (a flipped axis) the picture
    /// shows what the screen does, everything mirrored across it.
    /// `drawnFrame`, when given, places each element (a transition's drawing); `visualWidth`
    /// still places the outlines.
    func picture(
        of layout: any PreparedLayout, rect: Rect?, view: ViewContext, visualWidth: Double?,
        drawnFrame: ((LayoutAttributes) -> Rect)? = nil, options: SVGRenderOptions
    ) throws(APIError) -> [UInt8] {
        let elements = try self.elements(of: layout, in: rect, view: view, listing: "the picture")
        let visible = view.bounds == .zero ? nil : view.boundsRect
        let scene = RenderScene(
            contentSize: layout.contentSize, elements: elements, rect: rect, visibleBounds: visible, visualWidth: visualWidth,
            drawnFrames: drawnFrame.map { elements.map($0) })
        return SVGRenderer.render(scene, options: options)
    }
}

extension QueryParameters {
    /// `labels=true|false|1|0`, `scale=` a number in SVGRenderOptions.scaleRange,
    /// `theme=light|dark`; each absent one keeps its default.
    func renderOptions() throws(APIError) -> SVGRenderOptions {
        var options = SVGRenderOptions()
        if let text = self["labels"] {
            switch text {
            case "true", "1": options.labels = true
            case "false", "0": options.labels = false
            default: throw .invalidRequest("labels", "must be true or false (got \(ClientText.quoted(text)))")
            }
        }
        if let text = self["scale"] {
            let range = SVGRenderOptions.scaleRange
            guard let v = Double(text.trimmingSpaces), v.isFinite, range.contains(v) else {
                throw .invalidRequest("scale", "must be a number from \(range.lowerBound) to \(range.upperBound) (got \(ClientText.quoted(text)))")
            }
            options.scale = v
        }
        if let text = self["theme"] {
            guard let theme = SVGRenderOptions.Theme(rawValue: text) else {
                throw .invalidRequest("theme", "must be light or dark (got \(ClientText.quoted(text)))")
            }
            options.theme = theme
        }
        return options
    }
}
