import ArgumentParser

/// `tessera`: the root of the command tree. Each subcommand is a declarative struct whose
/// `validate()` checks its options and whose `run()` does the work.
struct TesseraCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "A headless collection-view layout engine, served over HTTP.",
        version: "0.1.0",
        subcommands: [ServeCommand.self, LayoutCommand.self, RenderCommand.self, ValidateCommand.self, SettingsCommand.self])
}
