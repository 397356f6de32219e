import LayoutEngine

extension TesseraService {
    /// Applies a change to a session: computes the next state from the current one and swaps
    /// it in only if nothing else changed the session meanwhile (else recomputes from the newer
    /// state). `If-Match` pins the version the client saw: a moved-on session answers 412.
    /// Nothing is changed when `change` throws.
    func mutate<Result>(_ s: Session, ifMatch: String?,
                        _ change: (SessionState) throws(APIError) -> (SessionState, Result)) throws(APIError) -> (SessionState, Result) {
        for _ in 0..<8 {
            let state = s.current
            try checkIfMatch(ifMatch, current: state.version)
            var (next, result) = try change(state)
            next.version = state.version + 1
            if s.replace(expectedVersion: state.version, with: next) { return (next, result) }
        }
        throw .conflict("the session kept changing under this request; retry")
    }

    /// 409 while an interactive transition or movement is under way: other changes would
    /// pull the data or the layout from under it.
    func requireIdle(_ state: SessionState) throws(APIError) {
        if state.transition != nil {
            throw .conflict("an interactive transition is in progress; finish or cancel it first")
        }
        if state.movement != nil {
            throw .conflict("an interactive movement is in progress; end or cancel it first")
        }
    }

    static func versionHeader(_ version: Int) -> [(String, String)] { [("ETag", "\"\(version)\"")] }
}
