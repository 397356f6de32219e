import ArgumentParser
import LayoutService
import Rendering

/// `tessera layout [FILE|-]`: the answer of POST /v1/layout, without a server.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out a collection view once and print the answer (as POST /v1/layout).",
        discussion: """
            The file holds the body of POST /v1/layout: layout, dataSource, view and an optional \
            rect. Prints {contentSize, info, elements} as JSON; an invalid body prints the \
            server's error (field: message) on standard error and exits 1.
            """)

    @Argument(help: ArgumentHelp("The request body, or - for standard input.", valueName: "file"))
    var file = "-"

    @OptionGroup var bodyLimit: BodyLimitOption

    func run() throws {
        try InputFile.finish(CommandLineTool.oneShot.layout(try InputFile.read(file, limit: bodyLimit.limit())))
    }
}

/// `tessera render [FILE|-] [--rect x,y,w,h] > out.svg`: the picture of POST /v1/render.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Lay out a collection view once and print it as an SVG picture (as POST /v1/render).",
        discussion: "Example: tessera render grid.json --rect 0,0,390,844 --scale 2 > grid.svg")

    @Argument(help: ArgumentHelp("The request body, or - for standard input.", valueName: "file"))
    var file = "-"

    @OptionGroup var bodyLimit: BodyLimitOption

    @Option(
        help: ArgumentHelp(
            "Draw only the elements in this rect, and frame the picture to it (replaces the body's rect).",
            valueName: "x,y,width,height"))
    var rect: String?

    @Flag(inversion: .prefixedNo, help: "Index-path labels on the elements.")
    var labels = true

    @Option(help: ArgumentHelp("Output pixels per layout point, 0.01 to 64.", valueName: "factor"))
    var scale: Double = 1

    @Option(help: ArgumentHelp("light or dark.", valueName: "theme"))
    var theme: String = "light"

    func validate() throws {
        let range = SVGRenderOptions.scaleRange
        guard scale.isFinite, range.contains(scale) else {
            throw ValidationError("--scale must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        guard SVGRenderOptions.Theme(rawValue: theme) != nil else { throw ValidationError("--theme must be light or dark") }
    }

    func run() throws {
        let options = SVGRenderOptions(labels: labels, scale: scale, theme: SVGRenderOptions.Theme(rawValue: theme) ?? .light)
        try InputFile.finish(CommandLineTool.oneShot.render(try InputFile.read(file, limit: bodyLimit.limit()), rect: rect, options: options))
    }
}

/// `tessera validate FILE`: every error with its JSON path.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a request body and print every error with its JSON path.",
        discussion: """
            Checks each part of the body on its own, with the server's own decoders and \
            messages: every unknown top-level key; layout, view and rect (the first error \
            of each); every section of dataSource (the first error of each); then, when all \
            of that reads, the layout itself. Prints one line per error (FILE: PATH: \
            MESSAGE) and exits 1, or prints "FILE: valid" and exits 0.
            """)

    @Argument(help: ArgumentHelp("The request body, or - for standard input.", valueName: "file"))
    var file: String

    @OptionGroup var bodyLimit: BodyLimitOption

    func run() throws {
        let name = file == "-" ? "stdin" : file
        try InputFile.finish(CommandLineTool.validate(try InputFile.read(file, limit: bodyLimit.limit()), name: name))
    }
}

extension CommandLineTool {
    /// The one-shot commands keep no session: their service's store is in memory.
    static var oneShot: CommandLineTool { CommandLineTool(service: TesseraService(store: .inMemory())) }
}
