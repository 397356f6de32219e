import LayoutEngine
import TesseraJSON

// Entry points for the test suites, and for nothing else (issue 36). What a suite needs of
// LayoutService's internals is gathered here, as swift-collections' `Deque+Testing.swift`
// gathers Deque's, so that the suite imports the module plainly rather than through
// `@testable import`. The hooks are `package`: users of the module never see them, and the
// members they forward to stay internal. Each is the internal member's name with a leading
// underscore.

extension TesseraService {
    /// `entityTag`: a version as an entity tag, `"7"`.
    package static func _entityTag(_ version: Int) -> String { entityTag(version) }

    /// `versionHeader`: the `ETag` header of a version.
    package static func _versionHeader(_ version: Int) -> [(name: String, value: String)] { versionHeader(version) }

    /// `SessionID.isWellFormed`: whether `id` is what `SessionID.make` makes (32 lowercase
    /// hex digits).
    package static func _isWellFormedSessionID(_ id: String) -> Bool { SessionID.isWellFormed(id) }
}

extension JSONWriter {
    /// `indexPath`: `[section,item]` in one reservation.
    package mutating func _indexPath(_ p: IndexPath) { indexPath(p) }

    /// `updates`: a batch's operations as an array, in the reservations of the batch writer.
    package mutating func _updates(_ operations: [BatchUpdateOperation]) { updates(operations) }
}
