import LayoutEngine

extension LayoutRegistry {
    /// docs/compositional.md §1: the layout-wide keys; a data-source section's `layout` is a
    /// whole SECTION that replaces `section` for that section.
    static let compositional = LayoutKind(
        type: "compositional", needsBounds: true,
        parameterKeys: ["scrollDirection", "interSectionSpacing", "section", "boundarySupplementaryItems"],
        sectionKeys: [:],
        make: { o throws(APIError) -> any CollectionLayout in
            CompositionalLayout(try CompositionalDecoder.configuration(o))
        },
        decodeSection: { o throws(APIError) -> SectionOverrides in
            SectionOverrides([CompositionalLayout.sectionOverrideKey: .compositionalSection(try CompositionalDecoder.section(o))])
        })
}

/// Reads the compositional layout's JSON (docs/compositional.md §1) into the engine's values;
/// every error names its JSON path (`layout.section.group.subitems[1].size.width`).
enum CompositionalDecoder {
    static func configuration(_ o: ObjectReader) throws(APIError) -> CompositionalLayout.Configuration {
        let direction = try ParameterReader<ScrollDirection>.scrollDirection.read(o, "scrollDirection") ?? .vertical
        guard let sectionObject = try o.object("section") else {
            throw .invalidRequest(o.fieldPath("section"), "is required: the section every data-source section without its own layout uses")
        }
        return CompositionalLayout.Configuration(
            scrollDirection: direction,
            interSectionSpacing: try nonNegative(o, "interSectionSpacing") ?? 0,
            section: try section(sectionObject),
            boundarySupplementaryItems: try list(o, "boundarySupplementaryItems", boundaryItem))
    }

    /// A number that must be finite and not negative (non-finite ones never parse).
    static func nonNegative(_ o: ObjectReader, _ key: String) throws(APIError) -> Double? {
        try o.nonNegativeNumber(key)
    }

    /// An optional array of objects, each read by `read` at `key[i]`.
    static func list<T>(
        _ o: ObjectReader, _ key: String,
        _ read: (ObjectReader) throws(APIError) -> T
    ) throws(APIError) -> [T] {
        guard let v = o[key], !v.isNull else { return [] }
        guard let elements = v.arrayElements else {
            throw .invalidRequest(o.fieldPath(key), "must be an array, not \(v.typeName)")
        }
        var out: [T] = []
        for (i, element) in elements.enumerated() {
            out.append(try read(try ObjectReader(element, path: "\(o.fieldPath(key))[\(i)]")))
        }
        return out
    }

    static func required<T>(_ value: T?, _ o: ObjectReader, _ key: String) throws(APIError) -> T {
        guard let value else { throw .invalidRequest(o.fieldPath(key), "is required") }
        return value
    }
}
