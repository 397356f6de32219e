import LayoutEngine

// Entry points for the test suites, and for nothing else (issue 36). What a suite needs of
// Rendering's internals is gathered here, as swift-collections' `Deque+Testing.swift`
// gathers Deque's, so that the suite imports the module plainly rather than through
// `@testable import`. The hooks are `package`: users of the module never see them, and the
// members they forward to stay internal. Each is the internal member's name with a leading
// underscore.

extension SVGRenderer {
    /// `Projection.quad(frame:transform:)`'s corners: where Core Animation would draw the
    /// frame's corners under the transform, nil when one is at or behind the eye.
    package static func _projectedQuad(frame: Rect, transform: Transform3D) -> [Point]? {
        Projection.quad(frame: frame, transform: transform)?.points
    }

    /// `SVGNumber.string`: a number as the pictures write it.
    package static func _svgNumber(_ value: Double) -> String { SVGNumber.string(value) }
}
