import CLibevent
import Glibc

struct ParsedRequest {
    var request: HTTPRequest
    var segments: [String]
}

/// Copies what a handler needs out of an evhttp request into plain Swift values, so the
/// request can go to a worker thread and evhttp's memory stays on the loop.
enum RequestReader {
    static func read(_ request: UnsafeMutablePointer<evhttp_request>) -> Result<ParsedRequest, RequestTarget.Invalid> {
        // The validator lets only the seven routed methods through.
        guard let method = HTTPMethod(command: evhttp_request_get_command(request)),
              let uri = evhttp_request_get_uri(request) else {
            return .failure(RequestTarget.Invalid(message: "unsupported request"))
        }
        let target: RequestTarget
        switch RequestTarget.parse(UnsafeRawBufferPointer(start: uri, count: strlen(uri))) {
        case .success(let value): target = value
        case .failure(let invalid): return .failure(invalid)
        }
        let handlerRequest = HTTPRequest(method: method, path: target.path, query: target.query,
                                         headers: headers(request), body: body(request))
        return .success(ParsedRequest(request: handlerRequest, segments: target.segments))
    }

    /// evhttp keeps headers in a TAILQ of evkeyval; walked through the struct fields
    /// because the TAILQ macros do not import into Swift.
    private static func headers(_ request: UnsafeMutablePointer<evhttp_request>) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        result.reserveCapacity(8)  // one allocation for a typical request's fields
        var entry = evhttp_request_get_input_headers(request)?.pointee.tqh_first
        while let current = entry {
            result.append((String(cString: current.pointee.key), String(cString: current.pointee.value)))
            entry = current.pointee.next.tqe_next
        }
        return result
    }

    /// One copy, straight from the evbuffer chains into the array's storage.
    private static func body(_ request: UnsafeMutablePointer<evhttp_request>) -> [UInt8] {
        guard let buffer = evhttp_request_get_input_buffer(request) else { return [] }
        let length = evbuffer_get_length(buffer)
        guard length > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: length) { storage, initialized in
            initialized = max(0, Int(evbuffer_remove(buffer, storage.baseAddress, length)))
        }
    }
}
