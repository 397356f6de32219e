import TesseraSupport

extension TesseraService {
    /// GET /openapi.yaml: the contract, embedded at build time.
    public func openAPIDocument() -> Reply {
        Reply(
            status: 200, headers: [("Content-Type", "application/yaml; charset=utf-8")],
            body: Array(OpenAPIDocument.yaml.utf8))
    }
}
