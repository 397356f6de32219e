/// The settings table as Markdown, for docs/configuration.md (`tessera settings --markdown`;
/// scripts/generate-configuration-doc.py puts it in the page and `make check-docs` fails when
/// the page holds another). Made from the same rows and words as `--help`, with the same
/// default, so the page shows the default in force.
extension ServeSettings {
    private static let markdownHeader = "| flag | environment | default | what |\n|---|---|---|---|\n"

    /// One row a setting, in `all`'s order: the flag, its variable, its default ("none" where
    /// there is none) and its summary followed by its details.
    static func markdownTable(defaults: ServeOptions = ServeOptions()) -> String {
        var table = markdownHeader
        for setting in all {
            let value = setting.defaultText(defaultInWords: defaultsInWords[setting.flag], defaults: defaults) ?? "none"
            let what = [summary(setting.flag) + ".", details[setting.flag]].compactMap { $0 }.joined(separator: " ")
            table += "| `\(setting.flag)` | `\(setting.variable)` | \(cell(value)) | \(cell(what)) |\n"
        }
        return table
    }

    /// A cell's text: a `|` would end the cell, and a line break the row.
    private static func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|").replacing("\n", with: " ")
    }
}
