/// Every message a rejected batch can carry, in one place. The wording follows UIKit's
/// NSInternalInconsistencyException reasons where UIKit has one; index paths are written
/// `[section, item]`, as in the API.
enum UpdateMessages {
    /// What a request does, as its message words it.
    enum Verb: String, Sendable {
        case delete, reload, move, insert

        /// Order within "delete and reload", "reload and move", whichever came first.
        var rank: Int {
            switch self {
            case .delete: 0
            case .reload: 1
            case .move: 2
            case .insert: 3
            }
        }
    }

    static func path(_ p: IndexPath) -> String { "[\(p.section), \(p.item)]" }

    // MARK: Shape

    static func negative(_ p: IndexPath) -> String {
        "index path \(path(p)) has a negative index"
    }

    static func negative(section: Int) -> String {
        "section \(section) is negative"
    }

    /// `insertItems: items has 2 entries but indexPaths has 1`: the data array must give one
    /// entry per index path or section.
    static func countMismatch(_ operation: String, dataKey: String, given: Int, listKey: String, listed: Int) -> String {
        "\(operation): \(dataKey) has \(given) entries but \(listKey) has \(listed)"
    }

    // MARK: Range, before and after the update

    static func noSectionBefore(_ verb: Verb, _ p: IndexPath, sections: Int) -> String {
        "attempt to \(verb.rawValue) item \(path(p)), but there are only \(sections) sections before the update"
    }

    static func noItemBefore(_ verb: Verb, _ p: IndexPath, items: Int) -> String {
        "attempt to \(verb.rawValue) item \(path(p)), but section \(p.section) only contains \(items) items before the update"
    }

    static func noSectionBefore(_ verb: Verb, section: Int, sections: Int) -> String {
        "attempt to \(verb.rawValue) section \(section), but there are only \(sections) sections before the update"
    }

    static func noSectionAfter(insertingItem p: IndexPath, sections: Int) -> String {
        "attempt to insert item \(path(p)), but there are only \(sections) sections after the update"
    }

    static func noSectionAfter(moving from: IndexPath, to p: IndexPath, sections: Int) -> String {
        "attempt to move item \(path(from)) to \(path(p)), but there are only \(sections) sections after the update"
    }

    static func noItemAfter(insertingItem p: IndexPath, items: Int) -> String {
        "attempt to insert item \(path(p)), but there are only \(items) items in section \(p.section) after the update"
    }

    static func noItemAfter(moving from: IndexPath, to p: IndexPath, items: Int) -> String {
        "attempt to move item \(path(from)) to \(path(p)), but there are only \(items) items in section \(p.section) after the update"
    }

    static func noSectionAfter(insertingSection section: Int, sections: Int) -> String {
        "attempt to insert section \(section), but there are only \(sections) sections after the update"
    }

    static func noSectionAfter(movingSection from: Int, to section: Int, sections: Int) -> String {
        "attempt to move section \(from) to \(section), but there are only \(sections) sections after the update"
    }

    // MARK: One index path or section named twice

    /// An index path or a section, as these messages name it.
    struct Twice {
        /// `item [0, 1]`, `section 1`.
        let named: String
        /// After "the same": `index path [0, 1]`, `section (1)`.
        let same: String
        /// After "move two": `items to the same index path [0, 1]`, `sections to section 1`.
        let movedOnto: String

        static func item(_ p: IndexPath) -> Twice {
            let path = UpdateMessages.path(p)
            return Twice(named: "item \(path)", same: "index path \(path)", movedOnto: "items to the same index path \(path)")
        }

        static func section(_ s: Int) -> Twice {
            Twice(named: "section \(s)", same: "section (\(s))", movedOnto: "sections to section \(s)")
        }
    }

    /// Named twice before the update: by `earlier`, and again by a request that does `second`.
    static func twiceBefore<Position, Role: RequestRole>(_ place: Twice, earlier: UpdateRequest<Position, Role>, second: Verb) -> String {
        let first = earlier.role.verb
        let what =
            first == second
            ? "attempt to \(first.rawValue) \(place.named) twice"
            : "attempt to \(pair(first, second)) the same \(place.same)"
        return "\(what) (also in updates[\(earlier.location.operation)])"
    }

    /// Named twice after the update, by inserts and moves: by `earlier`, and again by a
    /// request that does `second`.
    static func twiceAfter<Position, Role: RequestRole>(_ place: Twice, earlier: UpdateRequest<Position, Role>, second: Verb) -> String {
        let what: String
        switch (earlier.role.verb, second) {
        case (.insert, .insert): what = "attempt to insert \(place.named) twice"
        case (.move, .move): what = "attempt to move two \(place.movedOnto)"
        default: what = "attempt to insert and move to the same \(place.same)"
        }
        return "\(what) (also in updates[\(earlier.location.operation)])"
    }

    /// "delete and reload", in a fixed order whichever came first.
    private static func pair(_ a: Verb, _ b: Verb) -> String {
        let (x, y) = a.rank <= b.rank ? (a, b) : (b, a)
        return "\(x.rawValue) and \(y.rawValue)"
    }

    // MARK: Items in sections that are themselves deleted, reloaded or inserted

    /// `fate` is "deleted" or "reloaded".
    static func itemInChangedSectionBefore(_ verb: Verb, _ p: IndexPath, fate: String) -> String {
        switch verb {
        case .delete: "attempt to delete item \(path(p)) from section \(p.section), which is being \(fate)"
        case .move: "attempt to move item \(path(p)) out of section \(p.section), which is being \(fate)"
        default: "attempt to \(verb.rawValue) item \(path(p)) in section \(p.section), which is being \(fate)"
        }
    }

    /// `fate` is "inserted" or "reloaded": the section's data lists all of its items.
    static func insertIntoChangedSection(_ p: IndexPath, fate: String) -> String {
        "attempt to insert item \(path(p)) into section \(p.section), which is being \(fate) (its data lists all of its items)"
    }

    static func moveIntoChangedSection(from: IndexPath, to p: IndexPath, fate: String) -> String {
        "attempt to move item \(path(from)) into section \(p.section), which is being \(fate)"
    }
}
