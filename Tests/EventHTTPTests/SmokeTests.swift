import Testing
@testable import EventHTTP

@Suite struct SmokeTests {
    @Test func servesARoute() throws {
        var router = Router()
        router.add(.GET, "/hello/{name}") { request in
            .json(200, jsonObject([("name", request.pathParameters["name"] ?? "")]))
        }
        try withServer(router: router) { _, port in
            let client = try RawHTTPClient(port: port)
            let response = try client.request("GET /hello/world HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(response.status == 200)
            #expect(response.text == #"{"name":"world"}"#)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        }
    }
}
