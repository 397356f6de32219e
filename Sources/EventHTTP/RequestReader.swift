import CLibevent
import Glibc

struct ParsedRequest {
    /// The handler's request, its `pathParameters` filled when a route matched.
    var request: HTTPRequest
    var resolution: RouteTable.Resolution
}

/// Copies what a handler needs out of an evhttp request into plain Swift values, so the
/// request can go to a worker thread and evhttp's memory stays on the loop.
enum RequestReader {
    /// - Parameter memo: the loop's routing of recent paths (`TargetMemo`, the fast path).
    static func read(_ request: UnsafeMutablePointer<evhttp_request>, routes: RouteTable,
                     memo: inout TargetMemo) throws(RequestTarget.Invalid) -> ParsedRequest {
        // The validator lets only the seven routed methods through.
        guard let method = HTTPMethod(command: evhttp_request_get_command(request)),
              let uri = evhttp_request_get_uri(request) else {
            throw RequestTarget.Invalid(message: "unsupported request")
        }
        // Thrown, not a Result: a Result's payload was copied out and destroyed again
        // (~1,700 instructions of retains and releases per request).
        let routed = try memo.route(method, target: UnsafeRawBufferPointer(start: uri, count: strlen(uri)), routes: routes)
        var parameters: [String: String] = [:]
        if case .route(_, let values) = routed.resolution { parameters = values }
        let handlerRequest = HTTPRequest(method: method, path: routed.path, query: routed.query,
                                         headerBlock: headers(request), body: body(request), pathParameters: parameters)
        return ParsedRequest(request: handlerRequest, resolution: routed.resolution)
    }

    /// evhttp keeps headers in a TAILQ of evkeyval, walked through the struct fields
    /// because the TAILQ macros do not import into Swift: once to size the block, once to
    /// fill it (see `HeaderBlock` for why no Strings are made here).
    private static func headers(_ request: UnsafeMutablePointer<evhttp_request>) -> HeaderBlock {
        let first = evhttp_request_get_input_headers(request)?.pointee.tqh_first
        var byteCount = 0
        var entry = first
        while let current = entry {
            byteCount += HeaderBlock.Writer.size(nameLength: strlen(current.pointee.key), valueLength: strlen(current.pointee.value))
            entry = current.pointee.next.tqe_next
        }
        guard byteCount > 0 else { return HeaderBlock() }
        return HeaderBlock(byteCount: byteCount) { writer in
            var entry = first
            while let current = entry {
                let name = current.pointee.key!, value = current.pointee.value!
                writer.append(name: name, nameLength: strlen(name), value: value, valueLength: strlen(value))
                entry = current.pointee.next.tqe_next
            }
        }
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
