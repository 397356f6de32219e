import Foundation
import SessionStorage
import StorageTestSupport
import LayoutService

/// A service on a SQLite database: two of these on one file behave like two replicas.
func sqliteService(_ path: String, _ configure: (inout SessionStore.Configuration) -> Void = { _ in }) throws -> TesseraService {
    var c = SessionStore.Configuration()
    configure(&c)
    return TesseraService(store: SessionStore(configuration: c, storage: try SQLiteSessionStorage(path: path)))
}

/// What a session answers, without the parts that name the replica or the request.
func observed(_ service: TesseraService, _ id: String, rect: String = "0,0,2000,4000") -> String {
    let session = service.getSession(id: id)
    let elements = service.elements(id: id, query: "rect=\(rect)")
    return "\(session.status) \(String(decoding: session.body, as: UTF8.self))\n\(elements.status) \(String(decoding: elements.body, as: UTF8.self))"
}

/// A flow session with explicit sizes, per-section overrides and self-sizing.
let richFlowBody = #"""
    {"layout":{"type":"flow","estimatedItemSize":[40,30],"minimumLineSpacing":4},
     "dataSource":{"sections":[
       {"items":[{"size":[50,20]},{"size":[60,30]},{"size":[70,40]},{"size":[30,30]}],"layout":{"minimumLineSpacing":9,"sectionInset":{"top":1,"left":2,"bottom":3,"right":4}}},
       {"itemCount":5},
       {"items":[{"size":[20,20]},{},{"size":[80,10]}]}]},
     "view":{"bounds":[320,480]}}
    """#
