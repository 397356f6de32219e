import CLibevent
import Glibc

/// The minimum body rate (`minBodyBytesPerSecond`), kept by the once-a-second sweep.
///
/// A body holds only the bytes it has sent (`ByteBudget`), but a client sending a byte every
/// few seconds would still hold its connection, and what it sent, for as long as the idle
/// timeout let it (when bodies reserved their declared size, four such clients held the
/// whole default budget). Each body is watched from the first sweep that sees it arriving:
/// after `bodyRateGraceSeconds` it must have brought `minBodyBytesPerSecond` for every
/// second past the grace (as Apache's mod_reqtimeout MinRate), or it is refused. The clock stops while an earlier request of the connection
/// is being answered: the server does not read meanwhile, so the client cannot send.
struct BodyWatch: Equatable {
    /// Where the watched request starts in the connection's stream.
    var request: Int
    var since: UInt64
    /// Bytes of the stream received when the watch began.
    var position: Int
}

extension Connection {
    /// Whether the body under way has fallen behind the minimum rate at `now`.
    func bodyIsTooSlow(now: UInt64, bytesPerSecond: Int, graceSeconds: Int) -> Bool {
        guard parser.isReadingBody, wantsToRead else {
            bodyWatch = nil
            return false
        }
        let request = parser.requestStart
        guard let watch = bodyWatch, watch.request == request else {
            bodyWatch = BodyWatch(request: request, since: now, position: receivedBytes)
            return false
        }
        let grace = UInt64(max(0, graceSeconds)) * 1_000_000_000
        let elapsed = now &- watch.since
        guard elapsed > grace else { return false }
        let owed = Double(bytesPerSecond) * Double(elapsed - grace) / 1e9
        return Double(receivedBytes - watch.position) < owed
    }
}

extension EventLoop {
    /// Refuses a body that arrives too slowly: its reservation leaves the budget, the client
    /// gets a 408, and the connection closes with the lingering read every refusal gets.
    func refuseSlowBody(_ connection: Connection) {
        guard let rejection = connection.parser.expireBody() else { return }
        refuse(rejection, on: connection)
        connection.serve()
        connection.finishTurn()
    }
}
