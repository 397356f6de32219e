import CLibevent
import Glibc

/// The minimum body rate (`minBodyBytesPerSecond`), kept by the once-a-second sweep
/// (`ConnectionState.bodyIsTooSlow` decides).
///
/// A body holds only the bytes it has sent (`ByteBudget`), but a client sending a byte every
/// few seconds would still hold its connection, and what it sent, for as long as the idle
/// timeout let it (when bodies reserved their declared size, four such clients held the
/// whole default budget). Each body is watched from the first sweep that sees it arriving:
/// after `bodyRateGraceSeconds` it must have brought `minBodyBytesPerSecond` for every
/// second past the grace (as Apache's mod_reqtimeout MinRate), or it is refused. The clock
/// stops while an earlier request of the connection is being answered: the server does not
/// read meanwhile, so the client cannot send.
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
