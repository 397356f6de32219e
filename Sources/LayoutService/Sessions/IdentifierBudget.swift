import LayoutEngine

extension SessionStore.Configuration {
    /// The identifier bytes of a session's new snapshot, refused past
    /// `maxIdentifierBytesPerSession` (400 naming `field`). They count against
    /// `--max-total-items` too, `StoredCounts.identifierBytesPerUnit` bytes a unit.
    func checkedIdentifierBytes(_ snapshot: PackedSnapshot?, field: String) throws(APIError) -> Int {
        let bytes = snapshot?.identifierBytes ?? 0
        guard bytes <= maxIdentifierBytesPerSession else {
            throw .invalidRequest(
                field,
                "the identifiers take \(bytes) bytes; a session holds at most \(maxIdentifierBytesPerSession) bytes of identifiers (--max-identifier-bytes-per-session)"
            )
        }
        return bytes
    }
}
