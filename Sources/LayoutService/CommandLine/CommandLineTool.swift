import TesseraSupport
import LayoutEngine
import Rendering
import TesseraJSON

/// What a `tessera` subcommand prints and how it exits. The executable reads the input
/// (a file or standard input) and writes these out; everything else is here, testable
/// without a process.
public struct CommandOutcome: Sendable {
    public var exitCode: Int32
    public var standardOutput: [UInt8]
    public var standardError: String

    public init(exitCode: Int32, standardOutput: [UInt8] = [], standardError: String = "") {
        self.exitCode = exitCode
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

/// `tessera layout`, `tessera render` and `tessera validate`: the one-shot endpoints without
/// a server, with the server's limits and messages, answered by the service the caller gives.
public struct CommandLineTool: Sendable {
    public let service: TesseraService

    public init(service: TesseraService) {
        self.service = service
    }

    /// `tessera layout`: the `POST /v1/layout` answer, or its error.
    public func layout(_ input: [UInt8]) -> CommandOutcome {
        Self.outcome(service.oneShotLayout(body: input), trailingNewline: true)
    }

    /// `tessera render`: the `POST /v1/render` picture. `rect` (x,y,w,h) replaces the body's.
    public func render(_ input: [UInt8], rect: String?, options: SVGRenderOptions) -> CommandOutcome {
        let response = Reply.handling { () throws(APIError) -> Reply in
            var request = try service.layoutRequest(input, allowRect: true)
            if let rect { request.rect = try QueryParameters.rect(rect) }
            let prepared = try service.prepare(request.layout, request.dataSource, request.view)
            let svg = try service.picture(
                of: prepared, rect: request.rect, view: request.view,
                visualWidth: TesseraService.visualWidth(request.layout, request.view, prepared), options: options)
            return Reply(status: 200, body: svg)
        }
        return Self.outcome(response, trailingNewline: false)
    }

    /// `tessera validate`: every error with its JSON path, one per line, exit 1; or a line
    /// saying the body is valid, exit 0.
    public static func validate(_ input: [UInt8], name: String) -> CommandOutcome {
        let errors = RequestValidator.validate(input)
        guard !errors.isEmpty else {
            return CommandOutcome(exitCode: 0, standardOutput: Array("\(name): valid\n".utf8))
        }
        var lines = errors.map { "\(name): \($0.field ?? "(body)"): \($0.message)" }
        lines.append("\(name): \(errors.count) error\(errors.count == 1 ? "" : "s")")
        return CommandOutcome(exitCode: 1, standardOutput: Array((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// A 200 goes to standard output, anything else to standard error as `field: message`.
    static func outcome(_ response: Reply, trailingNewline: Bool) -> CommandOutcome {
        if response.status == 200 {
            return CommandOutcome(exitCode: 0, standardOutput: response.body + (trailingNewline ? [10] : []))
        }
        let (field, message) = errorParts(response.body)
        return CommandOutcome(exitCode: 1, standardError: "tessera: \(field.map { "\($0): " } ?? "")\(message)\n")
    }

    /// The `field` and `message` of an APIError body.
    static func errorParts(_ body: [UInt8]) -> (String?, String) {
        guard let tape = try? JSONTape.parse(body), let error = tape.root["error"] else {
            return (nil, String(decoding: body, as: UTF8.self))
        }
        return (error["field"]?.string, error["message"]?.string ?? "")
    }
}
