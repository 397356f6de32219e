import LayoutEngine
import TesseraJSON

extension CompositionalDecoder {
    static let listKeys: Set<String> = [
        "appearance", "headerMode", "footerMode", "headerTopPadding", "showsSeparators", "separatorConfiguration",
        "rowHeight"
    ]

    /// A list section, `{"list": LIST}` in a SECTION's place (docs/compositional.md §6): UIKit's
    /// `UICollectionLayoutListConfiguration` names and defaults.
    static func listSection(_ o: ObjectReader) throws(APIError) -> CompositionalLayout.Section {
        for key in o.keys where key != "list" {
            throw .invalidRequest(
                o.fieldPath(key), "a list section takes only \"list\": its insets, headers and separators come from the list configuration")
        }
        let l = try required(try o.object("list"), o, "list")
        try l.rejectUnknownKeys(listKeys)
        var configuration = ListConfiguration(
            appearance: try named(l, "appearance") ?? .plain, headerMode: try named(l, "headerMode") ?? .none,
            footerMode: try named(l, "footerMode") ?? .none)
        configuration.headerTopPadding = try l.nonNegativeNumber("headerTopPadding")
        configuration.showsSeparators = try l.bool("showsSeparators")
        if let rowHeight = try l.number("rowHeight") {
            guard rowHeight > 0 else {
                throw .invalidRequest(l.fieldPath("rowHeight"), "must be greater than 0 (got \(number: rowHeight))")
            }
            configuration.rowHeight = rowHeight
        }
        if let s = try l.object("separatorConfiguration") {
            try s.rejectUnknownKeys(["topSeparatorVisibility", "bottomSeparatorVisibility", "topSeparatorInsets", "bottomSeparatorInsets"])
            configuration.separatorConfiguration = SeparatorConfiguration(
                topSeparatorVisibility: try named(s, "topSeparatorVisibility") ?? .automatic,
                bottomSeparatorVisibility: try named(s, "bottomSeparatorVisibility") ?? .automatic,
                topSeparatorInsets: try separatorInsets(s, "topSeparatorInsets"),
                bottomSeparatorInsets: try separatorInsets(s, "bottomSeparatorInsets"))
        }
        return .list(configuration, path: o.path)
    }

    /// A value of one of `E`'s names.
    static func named<E: RawRepresentable & CaseIterable>(_ o: ObjectReader, _ key: String) throws(APIError) -> E?
    where E.RawValue == String {
        guard let name = try o.string(key) else { return nil }
        guard let value = E(rawValue: name) else {
            let names = E.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidRequest(o.fieldPath(key), "must be one of \(names) (got \(ClientText.quoted(name)))")
        }
        return value
    }

    /// `{"leading", "trailing"}` (missing = 0), or null / absent: UIKit's automatic insets.
    static func separatorInsets(_ o: ObjectReader, _ key: String) throws(APIError) -> ListSectionMetrics.Margins? {
        guard let i = try o.object(key) else { return nil }
        try i.rejectUnknownKeys(["leading", "trailing"])
        return ListSectionMetrics.Margins(
            leading: try i.nonNegativeNumber("leading") ?? 0, trailing: try i.nonNegativeNumber("trailing") ?? 0)
    }
}
