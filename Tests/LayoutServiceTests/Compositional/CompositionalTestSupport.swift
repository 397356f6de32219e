import Testing
import LayoutEngine
@testable import LayoutService

/// The service's compositional tests write the layout as the JSON of docs/compositional.md §1:
/// sessions, decoding and what decoding keeps (paths). Geometry by hand is LayoutEngineTests'
/// (Compositional*RuleTests), on the engine's model.
enum Comp {
    /// Decodes a whole request body and prepares its layout.
    static func prepare(_ json: String) throws -> (PreparedCompositionalLayout, ViewContext) {
        let request = try LayoutRequest.decode(Array(json.utf8), maxItems: 10_000_000, allowRect: true)
        let prepared = try request.layout.prepare(request.dataSource, view: request.view)
        return (try #require(prepared as? PreparedCompositionalLayout), request.view)
    }

    /// A body with one layout-level section and item counts per section.
    static func body(
        section: String, counts: [Int], width: Double = 390, height: Double = 844, scale: Double = 0,
        extra: String = "", sectionLayouts: [Int: String] = [:], view: String = ""
    ) -> String {
        let sections = counts.enumerated().map { s, n in
            sectionLayouts[s].map { "{\"itemCount\":\(n),\"layout\":\($0)}" } ?? "{\"itemCount\":\(n)}"
        }.joined(separator: ",")
        return """
            {"layout":{"type":"compositional","section":\(section)\(extra)},
             "dataSource":{"sections":[\(sections)]},
             "view":{"bounds":[\(width),\(height)],"scale":\(scale)\(view)}}
            """
    }
}
