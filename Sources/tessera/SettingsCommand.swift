import ArgumentParser

/// `tessera settings --markdown`: `tessera serve`'s settings table as Markdown, for
/// docs/configuration.md. Hidden: it is for the script that writes that page, not for users
/// (`tessera serve --help` is theirs).
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Print the settings of tessera serve as a Markdown table (for docs/configuration.md).",
        shouldDisplay: false)

    @Flag(help: "Write the table as Markdown, the one format there is.")
    var markdown = false

    func validate() throws {
        guard markdown else { throw ValidationError("give --markdown: the table is written as Markdown only") }
    }

    func run() throws {
        Output.emit(ServeSettings.markdownTable(), to: Output.standardOutput)
    }
}
