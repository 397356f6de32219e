import Testing
import LayoutEngine
@testable import LayoutService

/// Compositional tests write the layout as the JSON of COMPOSITIONAL.md §1 and check the
/// engine's answers directly (no session needed for geometry).
enum Comp {
    /// Decodes a whole request body and prepares its layout.
    static func prepare(_ json: String) throws -> (PreparedCompositionalLayout, ViewContext) {
        let request = try LayoutRequest.decode(Array(json.utf8), maxItems: 10_000_000, allowRect: true)
        let prepared = try request.layout.prepare(request.dataSource, view: request.view)
        return (try #require(prepared as? PreparedCompositionalLayout), request.view)
    }

    /// A body with one layout-level section and item counts per section.
    static func body(section: String, counts: [Int], width: Double = 390, height: Double = 844, scale: Double = 0,
                     extra: String = "", sectionLayouts: [Int: String] = [:], view: String = "") -> String {
        let sections = counts.enumerated().map { s, n in
            sectionLayouts[s].map { "{\"itemCount\":\(n),\"layout\":\($0)}" } ?? "{\"itemCount\":\(n)}"
        }.joined(separator: ",")
        return """
        {"layout":{"type":"compositional","section":\(section)\(extra)},
         "dataSource":{"sections":[\(sections)]},
         "view":{"bounds":[\(width),\(height)],"scale":\(scale)\(view)}}
        """
    }

    static func item(_ w: String, _ h: String, extra: String = "") -> String {
        "{\"size\":{\"width\":\(w),\"height\":\(h)}\(extra)}"
    }

    static func abs(_ v: Double) -> String { "{\"absolute\":\(v)}" }
    static func fw(_ v: Double) -> String { "{\"fractionalWidth\":\(v)}" }
    static func fh(_ v: Double) -> String { "{\"fractionalHeight\":\(v)}" }
    static func est(_ v: Double) -> String { "{\"estimated\":\(v)}" }

    /// The frame of item [s, i].
    static func frame(_ p: PreparedCompositionalLayout, _ view: ViewContext, _ s: Int, _ i: Int) -> Rect? {
        p.attributesForItem(at: IndexPath(section: s, item: i), view: view)?.frame
    }
}

/// Frames equal to 1e-9 (hand-worked sums may associate differently from the engine's).
func close(_ r: Rect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
           sourceLocation: SourceLocation = #_sourceLocation) {
    guard let r else {
        Issue.record("no frame", sourceLocation: sourceLocation)
        return
    }
    let ok = Swift.abs(r.minX - x) < 1e-9 && Swift.abs(r.minY - y) < 1e-9
        && Swift.abs(r.width - w) < 1e-9 && Swift.abs(r.height - h) < 1e-9
    #expect(ok, "\(r) ≠ (\(x), \(y), \(w), \(h))", sourceLocation: sourceLocation)
}

/// C14 by hand: the nearest multiple of 1/3, halves away from zero.
func third(_ v: Double) -> Double { (v * 3).rounded(.toNearestOrAwayFromZero) / 3 }
