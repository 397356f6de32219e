import LayoutEngine
import TesseraJSON

/// A session image: a session's source of truth in stored form, layout (as its JSON), view,
/// data source, version, and an interactive transition or movement under way. Everything
/// derived (prepared layouts, indexes, reply caches) is rebuilt from it on load. (Not the
/// diffable data source's snapshot, `PackedSnapshot`, which an image may hold. Images were
/// called snapshots before issue 36; the stored bytes did not change, their magic `TSN…` keeps
/// that old name's letters.)
struct SessionImage: Sendable {
    var version: Int
    var layoutJSON: [UInt8]
    var view: ViewContext
    var dataSource: DataSource
    var transitionLayoutJSON: [UInt8]?
    var movement: (origin: IndexPath, target: IndexPath, position: Point)?
    /// The sections' and items' identifiers (docs/snapshots.md), if the session has them.
    var identifiers: PackedSnapshot?

    /// `TSN7`: columns packed (`packedColumn`), the identifiers' packed columns after the
    /// movement, then the view's layout direction (one byte: 0 left-to-right, 1
    /// right-to-left), its orthogonal sections' offsets (a count, then section and offset
    /// pairs in section order) and what list sections read (a byte saying whether the view
    /// has layout margins of its own, and then them; the safe area; a wide-margins byte), the
    /// whole ending in its XXH64 (`Checksum`), verified before anything is decoded. Earlier
    /// Tesseras' images still load: `TSN6`, the same without the list inputs (none: system
    /// margins, no safe area), `TSN5`, the same without the
    /// orthogonal offsets (which TSN5 lost: they load as none), `TSN4`, without the direction
    /// either (left-to-right), `TSN3`, without identifiers either, `TSN2`, packed without a
    /// checksum, and `TSN1`, raw columns.
    static let magic: [UInt8] = Array("TSN7".utf8)
    static let withoutListInputsMagic: [UInt8] = Array("TSN6".utf8)
    static let withoutOrthogonalOffsetsMagic: [UInt8] = Array("TSN5".utf8)
    static let withoutDirectionMagic: [UInt8] = Array("TSN4".utf8)
    static let withoutIdentifiersMagic: [UInt8] = Array("TSN3".utf8)
    static let uncheckedMagic: [UInt8] = Array("TSN2".utf8)
    static let rawColumnsMagic: [UInt8] = Array("TSN1".utf8)
    /// The JSON of a section's own decoded section (compositional), kept beside it in the
    /// overrides so an image can store it as text and decode it again.
    static let sectionJSONKey = "tessera.sectionJSON"
    /// Where that JSON was in its request (the decoded section names it in its errors).
    static let sectionPathKey = "tessera.sectionPath"

    /// A new session's image (no transition or movement yet).
    init(version: Int, layoutJSON: [UInt8], view: ViewContext, dataSource: DataSource, identifiers: PackedSnapshot? = nil) {
        self.version = version
        self.layoutJSON = layoutJSON
        self.view = view
        self.dataSource = dataSource
        self.identifiers = identifiers
        transitionLayoutJSON = nil
        movement = nil
    }

    init(_ state: SessionState) {
        version = state.version
        layoutJSON = state.layoutJSON
        view = state.view
        dataSource = state.dataSource
        transitionLayoutJSON = state.transition?.layoutJSON
        movement = state.movement.map { ($0.origin, $0.target, $0.position) }
        identifiers = state.identifiers
    }

    var encoded: [UInt8] {
        let explicitBytes = dataSource.sections.reduce(0) { $0 + ($1.hasItemData ? $1.itemCount * 24 : 0) }
        let identifierBytes = identifiers.map { $0.sectionIDs.byteCount + $0.itemIDs.byteCount + 4 * ($0.sectionIDs.count + $0.itemCount) } ?? 0
        var w = ByteWriter(capacity: 256 + layoutJSON.count + explicitBytes + identifierBytes)
        for b in Self.magic { w.u8(b) }
        w.int(version)
        w.data(layoutJSON)
        for v in [
            view.bounds.width, view.bounds.height, view.contentOffset.x, view.contentOffset.y,
            view.contentInset.top, view.contentInset.left, view.contentInset.bottom, view.contentInset.right, view.scale
        ] {
            w.double(v)
        }
        w.int(dataSource.sections.count)
        for section in dataSource.sections { Self.write(section, to: &w) }
        if let t = transitionLayoutJSON {
            w.u8(1)
            w.data(t)
        } else {
            w.u8(0)
        }
        if let m = movement {
            w.u8(1)
            for v in [m.origin.section, m.origin.item, m.target.section, m.target.item] { w.int(v) }
            w.double(m.position.x)
            w.double(m.position.y)
        } else {
            w.u8(0)
        }
        if let identifiers {
            w.u8(1)
            for column in [identifiers.sectionIDs, identifiers.itemIDs] {
                w.data(column.bytes)
                w.column(column.ends)
            }
        } else {
            w.u8(0)
        }
        w.u8(view.layoutDirection == .rightToLeft ? 1 : 0)
        let offsets = view.orthogonalOffsets.sorted { $0.key < $1.key }
        w.int(offsets.count)
        for (section, offset) in offsets {
            w.int(section)
            w.double(offset)
        }
        if let margins = view.layoutMargins {
            w.u8(1)
            for v in [margins.top, margins.left, margins.bottom, margins.right] { w.double(v) }
        } else {
            w.u8(0)
        }
        let safe = view.safeAreaInsets
        for v in [safe.top, safe.left, safe.bottom, safe.right] { w.double(v) }
        w.u8(view.wantsWideMargins ? 1 : 0)
        w.checksum()
        return w.bytes
    }

    private static func write(_ section: SectionData, to w: inout ByteWriter) {
        w.int(section.itemCount)
        let overrides = section.overrides.values.sorted { $0.key < $1.key }
        w.int(overrides.count)
        for (key, value) in overrides {
            w.string(key)
            switch value {
            case .number(let n):
                w.u8(1)
                w.double(n)
            case .size(let s):
                w.u8(2)
                w.double(s.width)
                w.double(s.height)
            case .insets(let i):
                w.u8(3)
                w.double(i.top)
                w.double(i.left)
                w.double(i.bottom)
                w.double(i.right)
            case .bool(let b):
                w.u8(4)
                w.u8(b ? 1 : 0)
            case .string(let s):
                w.u8(5)
                w.string(s)
            // Stored as its JSON (the sectionJSONKey entry), decoded again on load.
            case .compositionalSection: w.u8(6)
            }
        }
        let flags: UInt8 =
            (section.sizes != nil ? 1 : 0) | (section.heights != nil ? 2 : 0)
            | (section.aspectRatios != nil ? 4 : 0) | (section.children != nil ? 8 : 0)
        w.u8(flags)
        if let sizes = section.sizes { w.packedColumn(sizes) }
        if let heights = section.heights { w.packedColumn(heights) }
        if let ratios = section.aspectRatios { w.packedColumn(ratios) }
        if let children = section.children {
            for list in children {
                w.int(list.count)
                for c in list { w.int(c) }
            }
        }
    }

    init(decoding bytes: [UInt8]) throws(SessionImageError) {
        let magic = Array(bytes.prefix(Self.magic.count))
        let known = [
            Self.magic, Self.withoutListInputsMagic, Self.withoutOrthogonalOffsetsMagic, Self.withoutDirectionMagic, Self.withoutIdentifiersMagic,
            Self.uncheckedMagic, Self.rawColumnsMagic
        ]
        guard known.contains(magic) else { throw SessionImageError("not a Tessera session image (bad magic)") }
        let hasOffsets = magic == Self.magic || magic == Self.withoutListInputsMagic
        let hasDirection = hasOffsets || magic == Self.withoutOrthogonalOffsetsMagic
        let checked = hasDirection || magic == Self.withoutDirectionMagic || magic == Self.withoutIdentifiersMagic
        let end = checked ? try Checksum.verifiedLength(bytes, "the session image") : bytes.count
        var r = ByteReader(bytes, offset: magic.count, end: end)
        let packed = magic != Self.rawColumnsMagic
        version = try r.count("version", max: Int.max)
        layoutJSON = try r.data("layout")
        var v: [Double] = []
        for name in [
            "bounds.width", "bounds.height", "contentOffset.x", "contentOffset.y", "contentInset.top",
            "contentInset.left", "contentInset.bottom", "contentInset.right", "scale"
        ] {
            v.append(try r.number("view.\(name)"))
        }
        view = ViewContext(
            bounds: Size(width: v[0], height: v[1]), contentOffset: Point(x: v[2], y: v[3]),
            contentInset: EdgeInsets(top: v[4], left: v[5], bottom: v[6], right: v[7]), scale: v[8])
        let sectionCount = try r.count("section count", max: end)
        var sections: [SectionData] = []
        sections.reserveCapacity(sectionCount)
        for s in 0..<sectionCount { sections.append(try Self.readSection(&r, index: s, limit: end, packed: packed)) }
        dataSource = DataSource(sections: sections)
        transitionLayoutJSON = try r.u8("transition flag") == 1 ? try r.data("transition layout") : nil
        if try r.u8("movement flag") == 1 {
            var n: [Int] = []
            for name in ["origin.section", "origin.item", "target.section", "target.item"] { n.append(try r.int("movement.\(name)")) }
            let position = Point(x: try r.number("movement.position.x"), y: try r.number("movement.position.y"))
            movement = (IndexPath(section: n[0], item: n[1]), IndexPath(section: n[2], item: n[3]), position)
        } else {
            movement = nil
        }
        identifiers = nil
        if hasDirection || magic == Self.withoutDirectionMagic, try r.u8("identifiers flag") == 1 {
            identifiers = try Self.readIdentifiers(&r, dataSource)
        }
        if hasDirection {
            switch try r.u8("layout direction") {
            case 0: view.layoutDirection = .leftToRight
            case 1: view.layoutDirection = .rightToLeft
            default: throw SessionImageError("the layout direction is damaged")
            }
        }
        if hasOffsets {
            // Sections a request named, which need not exist any more (a section deleted
            // after its offset was set keeps it, as the view does).
            let count = try r.count("orthogonal offset count", max: end)
            for _ in 0..<count {
                let section = try r.count("orthogonal offset section", max: Int.max)
                view.orthogonalOffsets[section] = try r.number("orthogonal offset")
            }
        }
        if magic == Self.magic {
            switch try r.u8("layout margins flag") {
            case 0: view.layoutMargins = nil
            case 1: view.layoutMargins = try Self.readInsets(&r, "layout margins")
            default: throw SessionImageError("the layout margins are damaged")
            }
            view.safeAreaInsets = try Self.readInsets(&r, "safe area")
            switch try r.u8("wide margins") {
            case 0: view.wantsWideMargins = false
            case 1: view.wantsWideMargins = true
            default: throw SessionImageError("the wide-margins flag is damaged")
            }
        }
        guard r.isAtEnd else { throw SessionImageError("trailing bytes after the session image") }
    }

    private static func readInsets(_ r: inout ByteReader, _ name: String) throws(SessionImageError) -> EdgeInsets {
        EdgeInsets(
            top: try r.number("\(name).top"), left: try r.number("\(name).left"),
            bottom: try r.number("\(name).bottom"), right: try r.number("\(name).right"))
    }

    /// The identifier columns, checked against the data source they name.
    private static func readIdentifiers(_ r: inout ByteReader, _ dataSource: DataSource) throws(SessionImageError) -> PackedSnapshot {
        var columns: [IdentifierColumn] = []
        for (name, count) in [("section identifiers", dataSource.sections.count), ("item identifiers", dataSource.totalItemCount)] {
            let bytes = try r.data(name)
            let ends = try r.column(UInt32.self, count: count, name)
            guard let column = IdentifierColumn(bytes: bytes, ends: ends) else {
                throw SessionImageError("\(name) are damaged")
            }
            columns.append(column)
        }
        return PackedSnapshot(sectionIDs: columns[0], itemIDs: columns[1], itemCounts: dataSource.sections.map(\.itemCount))
    }

    /// A compositional section from the JSON stored beside it.
    private static func decodedSection(json: ParameterValue?, path: ParameterValue?, _ where_: String) throws(SessionImageError) -> ParameterValue {
        guard case .string(let text)? = json, case .string(let path)? = path else {
            throw SessionImageError("\(where_): a compositional section without its JSON")
        }
        do throws(APIError) {
            return .compositionalSection(
                try CompositionalDecoder.section(try ObjectReader(try JSONTape.parseBody(Array(text.utf8)).root, path: path)))
        } catch {
            throw SessionImageError("\(where_).layout no longer decodes: \(error.message)")
        }
    }

    /// Whether every number of a column (of doubles or structs of them) is one a request
    /// could have given: within ±1e15, or NaN (an item without that value). One branch-free
    /// pass, a few hundred microseconds for a million sizes.
    private static func plausible<T>(_ column: [T]) -> Bool {
        column.withUnsafeBytes { raw in
            var ok = true
            // NaN compares false: allowed; infinities and damaged exponents are not.
            for v in raw.bindMemory(to: Double.self) { ok = ok && !(v.magnitude > ValueReader.maxMagnitude) }
            return ok
        }
    }

    private static func readSection(_ r: inout ByteReader, index s: Int, limit: Int, packed: Bool) throws(SessionImageError) -> SectionData {
        let where_ = "sections[\(s)]"
        let itemCount = try r.count("\(where_).itemCount", max: Int(Int32.max))
        var values: [String: ParameterValue] = [:]
        var decodedLater: [String] = []
        for _ in 0..<(try r.count("\(where_).layout count", max: limit)) {
            let key = try r.string("\(where_).layout key")
            switch try r.u8("\(where_).layout.\(key)") {
            case 1: values[key] = .number(try r.number(key))
            case 2: values[key] = .size(Size(width: try r.number(key), height: try r.number(key)))
            case 3:
                values[key] = .insets(
                    EdgeInsets(top: try r.number(key), left: try r.number(key), bottom: try r.number(key), right: try r.number(key)))
            case 4: values[key] = .bool(try r.u8(key) == 1)
            case 5: values[key] = .string(try r.string(key))
            case 6: decodedLater.append(key)
            case let tag: throw SessionImageError("\(where_).layout.\(key) has unknown type \(tag)")
            }
        }
        // The JSON may come after the section's key: decode once every key is read.
        for key in decodedLater { values[key] = try decodedSection(json: values[sectionJSONKey], path: values[sectionPathKey], where_) }
        let flags = try r.u8("\(where_) columns")
        func column<T>(_ flag: UInt8, _ type: T.Type, _ name: String) throws(SessionImageError) -> [T]? {
            guard flags & flag != 0 else { return nil }
            let values =
                packed ? try r.packedColumn(type, count: itemCount, "\(where_).\(name)") : try r.column(type, count: itemCount, "\(where_).\(name)")
            guard Self.plausible(values) else { throw SessionImageError("\(where_).\(name) holds a number that is infinite or beyond ±1e15") }
            return values
        }
        let sizes = try column(1, Size.self, "sizes")
        let heights = try column(2, Double.self, "heights")
        let ratios = try column(4, Double.self, "aspectRatios")
        var children: [[Int]]?
        if flags & 8 != 0 {
            var lists: [[Int]] = []
            lists.reserveCapacity(itemCount)
            for _ in 0..<itemCount {
                var list: [Int] = []
                for _ in 0..<(try r.count("\(where_).children", max: limit)) { list.append(try r.int("\(where_).children")) }
                lists.append(list)
            }
            children = lists
        }
        return SectionData(
            itemCount: itemCount, sizes: sizes, heights: heights, aspectRatios: ratios,
            children: children, overrides: SectionOverrides(values))
    }
}
