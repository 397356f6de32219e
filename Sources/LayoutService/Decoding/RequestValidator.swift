import LayoutEngine
import TesseraJSON

/// Every error a one-shot body holds that can be found, for `tessera validate`.
///
/// The request decoder stops at the first error, which is right for a server (the request is
/// refused either way) but slow for a person fixing a file. This checks the parts of a body
/// independently, each with the same decoders the server uses, so each message and path is
/// the one the server would answer:
///  1. not JSON, or not an object: that one error, nothing else can be read;
///  2. every unknown top-level key;
///  3. `layout` (its first error), `view` (its first error), `rect`;
///  4. `dataSource`: every section on its own (each section's first error), once the layout
///     type is known (sections are read per layout type; an unknown type leaves them unchecked),
///     then, when they all decode, their identifiers together (all or none, no repeats);
///  5. when all of that decoded, the layout itself: the engine's first rejection.
public enum RequestValidator {
    public static func validate(
        _ bytes: [UInt8], maxItems: Int = SessionStore.Configuration().maxItemsPerSession,
        maxSections: Int = SessionStore.Configuration().maxSectionsPerSession
    ) -> [APIError] {
        let body: ObjectReader
        do throws(APIError) {
            body = try ObjectReader(try JSONTape.parseBody(bytes).root, path: "")
        } catch {
            return [error]
        }
        var errors: [APIError] = []
        func check<T>(_ step: () throws(APIError) -> T) -> T? {
            do throws(APIError) { return try step() } catch {
                errors.append(error)
                return nil
            }
        }
        let allowed = LayoutRequest.bodyKeys.union(["rect"])
        for key in body.keys where !allowed.contains(key) {
            errors.append(
                .invalidRequest(
                    ClientText.fieldName(key), "unknown field \(ClientText.quoted(key)); expected one of: \(allowed.sorted().joined(separator: ", "))"
                ))
        }
        var kind: LayoutKind?
        var layout: (any CollectionLayout)?
        if let layoutValue = body["layout"] {
            layout = check { () throws(APIError) in try LayoutRequest.decodeLayout(layoutValue, path: "layout").1 }
            // A wrong parameter still names a known type: the sections can be read for it.
            kind = (try? ObjectReader(layoutValue, path: "layout"))?["type"]?.string.flatMap(LayoutRegistry.kind(named:))
        } else {
            errors.append(.invalidRequest("layout", "is required"))
        }
        let view = check { () throws(APIError) in try ViewDecoder.decode(body["view"], maxSections: maxSections) }
        if let kind, kind.needsBounds, body["view"].flatMap({ $0["bounds"] }) == nil {
            errors.append(.invalidRequest("view.bounds", "is required by the \(kind.type) layout"))
        }
        _ = check { () throws(APIError) in try body.rect("rect") }
        var dataSource: DataSource?
        if let dataSourceValue = body["dataSource"] {
            if let kind { dataSource = sections(dataSourceValue, kind: kind, maxItems: maxItems, maxSections: maxSections, errors: &errors) }
        } else {
            errors.append(.invalidRequest("dataSource", "is required"))
        }
        if errors.isEmpty, let layout, let dataSource, let view {
            do throws(LayoutError) {
                _ = try layout.prepare(dataSource, view: view)
            } catch {
                errors.append(.layout(error))
            }
        }
        return errors
    }

    /// The data source section by section; nil when any part is wrong.
    static func sections(
        _ value: JSONValue, kind: LayoutKind, maxItems: Int, maxSections: Int,
        errors: inout [APIError]
    ) -> DataSource? {
        let decoder = DataSourceDecoder(kind: kind, maxItems: maxItems, maxSections: maxSections)
        let before = errors.count
        let o: ObjectReader
        do throws(APIError) {
            o = try ObjectReader(value, path: "dataSource")
            try o.rejectUnknownKeys(["sections", "identifiers"])
        } catch {
            errors.append(error)
            return nil
        }
        guard let sectionsValue = o["sections"] else {
            errors.append(.invalidRequest("dataSource.sections", "is required"))
            return nil
        }
        guard let elements = sectionsValue.arrayElements else {
            errors.append(.invalidRequest("dataSource.sections", "must be an array of sections"))
            return nil
        }
        guard sectionsValue.count <= maxSections else {
            errors.append(.invalidRequest("dataSource.sections", "has \(sectionsValue.count) sections; a session holds at most \(maxSections)"))
            return nil
        }
        var sections: [SectionData] = []
        var total = 0
        for (s, sectionValue) in elements.enumerated() {
            do throws(APIError) {
                let section = try decoder.decodeSection(sectionValue, path: "dataSource.sections[\(s)]", remaining: maxItems - total)
                total += section.itemCount
                sections.append(section)
            } catch {
                errors.append(error)
            }
        }
        guard errors.count == before else { return nil }
        // Sections that each decode may still disagree on identifiers (all or none, no
        // repeats): the whole data source says so, as the server would.
        do throws(APIError) {
            _ = try decoder.decodeIdentified(value)
        } catch {
            errors.append(error)
            return nil
        }
        return DataSource(sections: sections)
    }
}
