import LayoutEngine

/// Layout attributes → an SVG picture. Pure: the same scene and options give the same bytes.
///
/// What it draws, bottom to top: the background, the content area (0, 0, contentSize),
/// every element that is not hidden in zIndex order (ties keep the layout's order, as
/// UICollectionView adds views in the order the layout answers them), then the view's
/// visible bounds (dotted) and the requested rect (dashed). List sections' separators are
/// hairlines and their inset groups rounded, each group's rows and separators clipped to it
/// (`ListDecoration`). The picture is framed to the requested rect when there is one, else to
/// everything drawn. With a flipped axis
/// (`RenderScene.visualWidth`) each of them is drawn where the screen shows it, mirrored;
/// labels are placed there and read left to right, as text in a mirrored view does.
public enum SVGRenderer {
    /// Empty space around the framed area, in output pixels.
    static let marginPixels = 8.0
    /// Label sizes in output pixels: smaller is not legible (the label is left out), larger
    /// only hides the element.
    static let minimumLabelPixels = 5.0
    static let maximumLabelPixels = 28.0

    public static func render(_ scene: RenderScene, options: SVGRenderOptions = SVGRenderOptions()) -> [UInt8] {
        let palette = SVGPalette.of(options.theme)
        let unit = 1 / options.scale // one output pixel, in layout points
        let drawn = drawOrder(scene.elements, visualWidth: scene.visualWidth, drawnFrames: scene.drawnFrames)
        let frame = framedArea(scene, drawn: drawn).inset(by: -marginPixels * unit)
        let styles = StyleTable(drawn.map(\.attributes))

        var w = SVGWriter(capacity: 1024 + drawn.count * 200)
        w.raw(#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1""#)
        w.attribute("width", frame.width * options.scale)
        w.attribute("height", frame.height * options.scale)
        w.raw(" viewBox=\"")
        w.numbers(frame.minX, frame.minY, frame.width, frame.height)
        w.raw("\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\">\n")
        writeStyle(&w, palette: palette, styles: styles, unit: unit)
        w.raw("<rect class=\"background\"")
        rectAttributes(&w, frame)
        w.raw("/>\n")
        w.raw("<rect class=\"content\"")
        rectAttributes(&w, Rect(origin: .zero, size: scene.contentSize).visual(scene.visualWidth))
        w.raw("/>\n")
        // Inset groups' rows and separators are clipped to the group's rounded rect, as UIKit
        // clips the group's first and last cells. One <clipPath> per group, referenced by a
        // clip-path attribute on each clipped element's own <g>: wrapping a section's elements
        // in one clipped <g> would draw them together, out of zIndex order with the elements
        // of other sections (a pinned header, a neighbour's separators) that interleave with
        // them. Nothing is written when no group is drawn, so other pictures keep their bytes.
        let clips = ListDecoration.groupClips(drawn)
        if !clips.isEmpty { writeClipPaths(&w, clips) }
        w.raw("<g class=\"elements\">\n")
        for element in drawn {
            let a = element.attributes
            let clip =
                !clips.isEmpty && clips[a.indexPath.section] != nil && ListDecoration.isClippedToGroup(a)
                ? a.indexPath.section : nil
            writeElement(&w, element, styleClass: styles.className(a), clipSection: clip, options: options)
        }
        w.raw("</g>\n")
        if let visible = scene.visibleBounds {
            w.raw("<rect class=\"visible-bounds\"")
            rectAttributes(&w, visible.visual(scene.visualWidth))
            w.raw("/>\n")
        }
        if let rect = scene.rect {
            w.raw("<rect class=\"requested-rect\"")
            rectAttributes(&w, rect.visual(scene.visualWidth))
            w.raw("/>\n")
        }
        w.raw("</svg>\n")
        return w.bytes
    }

    /// An element as the screen shows it: `frame` is where its untransformed frame is drawn
    /// (its visual frame when the axis is flipped).
    struct DrawnElement {
        var attributes: LayoutAttributes
        var frame: Rect
        var quad: Quad
    }

    /// Visible elements, projected, in zIndex order; a stable sort, so ties keep the
    /// layout's order. Hidden ones, fully transparent ones and ones behind the eye are out.
    /// With a flipped axis the transform acts about the visual frame's centre as it is: UIKit
    /// does not adjust transforms (docs/layout-direction.md, L5).
    /// `drawnFrames`, when given, says where each element is drawn instead.
    static func drawOrder(_ elements: [LayoutAttributes], visualWidth: Double? = nil, drawnFrames: [Rect]? = nil) -> [DrawnElement] {
        var out: [(order: Int, element: DrawnElement)] = []
        out.reserveCapacity(elements.count)
        for (i, a) in elements.enumerated() where !a.isHidden && a.alpha > 0 {
            let frame = drawnFrames?[i] ?? a.frame.visual(visualWidth)
            guard let quad = Projection.quad(frame: frame, transform: a.transform) else { continue }
            out.append((i, DrawnElement(attributes: a, frame: frame, quad: quad)))
        }
        out.sort { ($0.element.attributes.zIndex, $0.order) < ($1.element.attributes.zIndex, $1.order) }
        return out.map(\.element)
    }

    /// The requested rect, else the union of the content, the visible bounds and every
    /// drawn element (a cover-flow cell may reach past the content).
    static func framedArea(_ scene: RenderScene, drawn: [DrawnElement]) -> Rect {
        if let rect = scene.rect { return rect.visual(scene.visualWidth) }
        var area = Rect(origin: .zero, size: scene.contentSize).visual(scene.visualWidth)
        if let visible = scene.visibleBounds { area = area.union(visible.visual(scene.visualWidth)) }
        for element in drawn { area = area.union(element.quad.bounds) }
        return area
    }

    static func rectAttributes(_ w: inout SVGWriter, _ r: Rect) {
        w.attribute("x", r.minX)
        w.attribute("y", r.minY)
        w.attribute("width", r.width)
        w.attribute("height", r.height)
    }

    static func writeStyle(_ w: inout SVGWriter, palette: SVGPalette, styles: StyleTable, unit: Double) {
        w.raw("<style>\n")
        w.raw(".background{fill:\(palette.background)}\n")
        w.raw(".content{fill:\(palette.content.fill);stroke:\(palette.content.stroke);stroke-width:")
        w.number(unit)
        w.raw("}\n")
        w.raw(".elements rect,.elements polygon{stroke-width:")
        w.number(unit)
        w.raw("}\n")
        w.raw(".cell{fill:\(palette.cell.fill);stroke:\(palette.cell.stroke)}\n")
        for (category, kind, name) in styles.entries {
            let paint = palette.paint(category, kind: kind)
            w.raw(".\(name){fill:\(paint.fill);stroke:\(paint.stroke)}\n")
        }
        w.raw(".label{fill:\(palette.text);stroke:\(palette.halo);paint-order:stroke;text-anchor:middle}\n")
        w.raw(".visible-bounds,.requested-rect{fill:none;stroke-width:")
        w.number(1.5 * unit)
        w.raw("}\n")
        w.raw(".visible-bounds{stroke:\(palette.visibleBounds);stroke-dasharray:")
        w.numbers(2 * unit, 3 * unit)
        w.raw("}\n")
        w.raw(".requested-rect{stroke:\(palette.requestedRect);stroke-dasharray:")
        w.numbers(8 * unit, 4 * unit)
        w.raw("}\n")
        w.raw("</style>\n")
    }

    /// `<defs>` with one `<clipPath>` per inset group, in section order: the group's drawn
    /// rect with its corner radius, in layout points as the background itself.
    static func writeClipPaths(_ w: inout SVGWriter, _ clips: [Int: Rect]) {
        w.raw("<defs>\n")
        for (section, rect) in clips.sorted(by: { $0.key < $1.key }) {
            w.literal("<clipPath")
            w.attribute("id", ListDecoration.clipID(section))
            w.literal("><rect")
            rectAttributes(&w, rect)
            w.attribute("rx", ListDecoration.cornerRadius)
            w.attribute("ry", ListDecoration.cornerRadius)
            w.literal("/></clipPath>\n")
        }
        w.raw("</defs>\n")
    }

    /// `clipSection`: the section whose group's `<clipPath>` clips the element, if any.
    static func writeElement(
        _ w: inout SVGWriter, _ element: DrawnElement, styleClass: String, clipSection: Int? = nil,
        options: SVGRenderOptions
    ) {
        let a = element.attributes
        w.literal("<g class=\"")
        w.raw(styleClass)
        w.literal("\"")
        if !a.kind.isEmpty { w.attribute("data-kind", a.kind) }
        w.literal(" data-index-path=\"")
        w.indexPath(a.indexPath)
        w.literal("\"")
        if let clipSection { w.attribute("clip-path", "url(#\(ListDecoration.clipID(clipSection)))") }
        if a.alpha < 1 { w.attribute("opacity", a.alpha) }
        w.literal(">")
        let shape = ListDecoration.shape(a)
        if a.transform.isIdentity {
            w.literal("<rect")
            rectAttributes(&w, element.frame)
            if shape == .roundedGroup {
                // In layout points, as the rest of the drawing: the viewBox scales it to pixels.
                w.attribute("rx", ListDecoration.cornerRadius)
                w.attribute("ry", ListDecoration.cornerRadius)
            }
            w.literal("/>")
        } else {
            w.literal("<polygon points=\"")
            w.points(element.quad)
            w.literal("\"/>")
        }
        if options.labels, shape != .hairline, let label = ElementLabel.fitting(a, in: element.quad.bounds, scale: options.scale) {
            let at = element.quad.centroid
            w.literal("<text class=\"label\"")
            w.attribute("x", at.x)
            w.attribute("y", at.y)
            w.literal(" dy=\".35em\"")
            w.attribute("font-size", label.fontSize)
            w.attribute("stroke-width", label.fontSize * 0.2)
            w.literal(">")
            label.write(a, to: &w)
            w.literal("</text>")
        }
        w.literal("</g>\n")
    }
}

extension Rect {
    /// Grown (negative inset) or shrunk by `d` on every side.
    func inset(by d: Double) -> Rect {
        Rect(x: minX + d, y: minY + d, width: max(0, width - 2 * d), height: max(0, height - 2 * d))
    }

    /// Where the screen shows this layout-space rect: mirrored across `visualWidth` when the
    /// axis is flipped, itself when not (nil).
    func visual(_ visualWidth: Double?) -> Rect {
        guard let visualWidth else { return self }
        return Rect(x: visualWidth - minX - width, y: minY, width: width, height: height)
    }
}
