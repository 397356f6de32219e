/// One file of the playground page, as served.
public struct PlaygroundAsset: Sendable {
    public let name: String
    public let contentType: String
    public let body: [UInt8]

    init(name: String, contentType: String, text: String) {
        self.name = name
        self.contentType = contentType
        self.body = Array(text.utf8)
    }
}

/// The playground served at `/`: plain HTML, CSS and JavaScript modules from Assets/,
/// embedded by scripts/embed-playground.py (no npm, no build step, no files on disk). The same
/// script embeds the <tessera-view> bundle (clients/typescript/bundle/tessera-view.js), which
/// the demo page at `/demo` uses.
public enum PlaygroundAssets {
    /// The page itself, `GET /`.
    public static let pageName = "index.html"

    /// The <tessera-view> demo, `GET /demo` (its bundle is `viewBundle`, `GET /tessera-view.js`).
    public static let demoPageName = "demo.html"

    private static let byName: [String: PlaygroundAsset] = {
        var table: [String: PlaygroundAsset] = [:]
        for file in files { table[file.name] = file }
        return table
    }()

    /// `GET /playground/{name}`; nil for a name that is not one of the files.
    public static func asset(named name: String) -> PlaygroundAsset? { byName[name] }

    public static var names: [String] { files.map(\.name) }
}
