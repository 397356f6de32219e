import Foundation
import LoopbackHTTP
import Testing

/// The playground's files through a live server: the page at /, its modules under
/// /playground/, each with its content type; anything else a JSON 404.
@Suite("Playground over HTTP")
struct PlaygroundHTTPTests {
    @Test func pageAndModulesAreServed() throws {
        let c = try TesseraServer.shared.client()
        let page = try c.request("GET", "/")
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.text.contains(#"<script type="module" src="/playground/app.js"></script>"#))
        #expect(page.header("Content-Security-Policy")?.hasPrefix("default-src 'self'") == true)
        let files = Tests.folder.appendingPathComponent("Sources/Playground/Assets")
        for (name, type) in [
            ("app.js", "text/javascript; charset=utf-8"), ("playground.css", "text/css; charset=utf-8"),
            ("examples.json", "application/json; charset=utf-8"), ("favicon.svg", "image/svg+xml")
        ] {
            let r = try c.request("GET", "/playground/\(name)")
            #expect(r.status == 200)
            #expect(r.header("Content-Type") == type)
            let served = r.body == Array(try Data(contentsOf: files.appendingPathComponent(name)))
            #expect(served, "\(name) is not served as it is on disk: run `make playground`")
        }
        let missing = try c.request("GET", "/playground/secret.txt")
        #expect(missing.status == 404)
        #expect(try errorField(missing).field == "file")
    }

    /// `<tessera-view>`'s bundle as committed, and its demo page that loads it.
    @Test func theElementAndItsDemoAreServed() throws {
        let c = try TesseraServer.shared.client()
        let bundle = try c.request("GET", "/tessera-view.js")
        #expect(bundle.status == 200)
        #expect(bundle.header("Content-Type") == "text/javascript; charset=utf-8")
        let committed = try Data(contentsOf: Tests.folder.appendingPathComponent("clients/typescript/bundle/tessera-view.js"))
        #expect(bundle.body == Array(committed), "the bundle served is not the one committed: run `make tessera-view`")
        let demo = try c.request("GET", "/demo")
        #expect(demo.status == 200)
        #expect(demo.header("Content-Type") == "text/html; charset=utf-8")
        #expect(demo.text.contains(#"<script type="module" src="/playground/demo.js"></script>"#))
        #expect(demo.header("Content-Security-Policy")?.hasPrefix("default-src 'self'") == true)
    }
}

private enum Tests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
