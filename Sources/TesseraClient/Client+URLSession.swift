public import Foundation
import OpenAPIURLSession

extension Client {
    /// A client of the Tessera server at `serverURL` (e.g. `http://127.0.0.1:8080`) over
    /// URLSession, the transport every platform Swift runs on has (FoundationNetworking on
    /// Linux). Use `init(serverURL:transport:)` for another transport or for middlewares.
    public init(serverURL: URL) {
        self.init(serverURL: serverURL, transport: URLSessionTransport())
    }
}
